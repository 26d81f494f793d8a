#include "ossa/visualization/meshcat_message.h"

#define MSGPACK_NO_BOOST
#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <msgpack.hpp>

namespace ossa::geometry::internal {
namespace {

using Packer = msgpack::packer<msgpack::sbuffer>;

template <typename T>
std::string RawBytes(const std::vector<T>& values) {
  std::string bytes(values.size() * sizeof(T), '\0');
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

}  // namespace

MsgValue MsgValue::Bin(std::string bytes) {
  MsgValue v(Kind::kBin);
  v.bytes_ = std::move(bytes);
  return v;
}

MsgValue MsgValue::Ext(int8_t type, std::string bytes) {
  MsgValue v(Kind::kExt);
  v.ext_type_ = type;
  v.bytes_ = std::move(bytes);
  return v;
}

MsgValue MsgValue::Float32Array(const std::vector<float>& values) {
  return Ext(0x17, RawBytes(values));
}

MsgValue MsgValue::Uint32Array(const std::vector<uint32_t>& values) {
  return Ext(0x16, RawBytes(values));
}

MsgValue MsgValue::DoubleArray(const std::vector<double>& values) {
  MsgValue v = Array();
  for (double x : values) v.Push(x);
  return v;
}

MsgValue& MsgValue::Set(std::string key, MsgValue value) {
  map_.emplace_back(std::move(key), std::move(value));
  return *this;
}

MsgValue& MsgValue::Push(MsgValue value) {
  array_.push_back(std::move(value));
  return *this;
}

void MsgValue::PackInto(void* packer_ptr) const {
  Packer& p = *static_cast<Packer*>(packer_ptr);
  switch (kind_) {
    case Kind::kNil:
      p.pack_nil();
      break;
    case Kind::kBool:
      int_ ? p.pack_true() : p.pack_false();
      break;
    case Kind::kInt:
      p.pack_int64(int_);
      break;
    case Kind::kDouble:
      p.pack_double(double_);
      break;
    case Kind::kString:
      p.pack_str(static_cast<uint32_t>(bytes_.size()));
      p.pack_str_body(bytes_.data(), static_cast<uint32_t>(bytes_.size()));
      break;
    case Kind::kBin:
      p.pack_bin(static_cast<uint32_t>(bytes_.size()));
      p.pack_bin_body(bytes_.data(), static_cast<uint32_t>(bytes_.size()));
      break;
    case Kind::kExt:
      p.pack_ext(bytes_.size(), ext_type_);
      p.pack_ext_body(bytes_.data(), static_cast<uint32_t>(bytes_.size()));
      break;
    case Kind::kArray:
      p.pack_array(static_cast<uint32_t>(array_.size()));
      for (const MsgValue& v : array_) v.PackInto(&p);
      break;
    case Kind::kMap:
      p.pack_map(static_cast<uint32_t>(map_.size()));
      for (const auto& [key, v] : map_) {
        p.pack(key);
        v.PackInto(&p);
      }
      break;
  }
}

std::string MsgValue::Pack() const {
  msgpack::sbuffer buffer;
  Packer packer(buffer);
  PackInto(&packer);
  return std::string(buffer.data(), buffer.size());
}

std::shared_ptr<const std::string> PackShared(const MsgValue& value) {
  return std::make_shared<const std::string>(value.Pack());
}

std::string NewUuid() {
  static std::atomic<uint64_t> counter{0};
  const uint64_t n = ++counter;
  return fmt::format("0055a000-0000-4000-8000-{:012x}", n);
}

std::string PackSetTransform(const std::string& path, const double* matrix16) {
  msgpack::sbuffer buffer(64 + path.size() + 64);
  Packer p(buffer);
  p.pack_map(3);
  p.pack(std::string_view("type"));
  p.pack(std::string_view("set_transform"));
  p.pack(std::string_view("path"));
  p.pack(std::string_view(path));
  p.pack(std::string_view("matrix"));
  float m[16];
  for (int i = 0; i < 16; ++i) m[i] = static_cast<float>(matrix16[i]);
  p.pack_ext(sizeof(m), 0x17);
  p.pack_ext_body(reinterpret_cast<const char*>(m), sizeof(m));
  return std::string(buffer.data(), buffer.size());
}

ControlEvent DecodeControlEvent(const std::string& bytes) {
  ControlEvent event;
  try {
    // Limits keep a hostile message from allocating without bound.
    const msgpack::unpack_limit limit(16, 16, 1024, 1024, 16, 8);
    msgpack::object_handle handle =
        msgpack::unpack(bytes.data(), bytes.size(), nullptr, nullptr, limit);
    const msgpack::object& root = handle.get();
    if (root.type != msgpack::type::MAP) return {};
    for (uint32_t i = 0; i < root.via.map.size; ++i) {
      const msgpack::object_kv& kv = root.via.map.ptr[i];
      if (kv.key.type != msgpack::type::STR) continue;
      const std::string key(kv.key.via.str.ptr, kv.key.via.str.size);
      const msgpack::object& v = kv.val;
      if ((key == "type" || key == "name") && v.type == msgpack::type::STR) {
        (key == "type" ? event.type : event.name)
            .assign(v.via.str.ptr, v.via.str.size);
      } else if (key == "value") {
        switch (v.type) {
          case msgpack::type::FLOAT32:
          case msgpack::type::FLOAT64:
            event.value = v.via.f64;
            event.has_value = true;
            break;
          case msgpack::type::POSITIVE_INTEGER:
            event.value = static_cast<double>(v.via.u64);
            event.has_value = true;
            break;
          case msgpack::type::NEGATIVE_INTEGER:
            event.value = static_cast<double>(v.via.i64);
            event.has_value = true;
            break;
          default:
            break;
        }
      }
    }
  } catch (...) {
    return {};
  }
  return event;
}

std::string JsStringLiteral(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '<':
        out += "\\u003c";
        break;
      case '>':
        out += "\\u003e";
        break;
      case '&':
        out += "\\u0026";
        break;
      default:
        if (c < 0x20) {
          out += fmt::format("\\u{:04x}", c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string Base64(const std::string& bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const uint32_t n = (uint8_t(bytes[i]) << 16) |
                       (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += kAlphabet[n & 63];
  }
  if (i < bytes.size()) {
    uint32_t n = uint8_t(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= uint8_t(bytes[i + 1]) << 8;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace ossa::geometry::internal

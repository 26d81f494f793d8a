#pragma once

/// @file
/// Internal: the values of meshcat protocol messages (a small msgpack value
/// tree) and their encoding. Typed arrays travel as msgpack extension types,
/// as the viewer's decoder expects: 0x12 Uint8Array, 0x16 Uint32Array,
/// 0x17 Float32Array.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ossa::geometry::internal {

class MsgValue {
 public:
  enum class Kind {
    kNil,
    kBool,
    kInt,
    kDouble,
    kString,
    kBin,
    kExt,
    kArray,
    kMap
  };

  MsgValue() = default;
  MsgValue(bool value) : kind_(Kind::kBool), int_(value) {}
  MsgValue(int value) : kind_(Kind::kInt), int_(value) {}
  MsgValue(int64_t value) : kind_(Kind::kInt), int_(value) {}
  MsgValue(double value) : kind_(Kind::kDouble), double_(value) {}
  MsgValue(const char* value) : kind_(Kind::kString), bytes_(value) {}
  MsgValue(std::string value)
      : kind_(Kind::kString), bytes_(std::move(value)) {}

  static MsgValue Map() { return MsgValue(Kind::kMap); }
  static MsgValue Array() { return MsgValue(Kind::kArray); }
  static MsgValue Bin(std::string bytes);
  static MsgValue Ext(int8_t type, std::string bytes);
  static MsgValue Float32Array(const std::vector<float>& values);
  static MsgValue Uint32Array(const std::vector<uint32_t>& values);
  static MsgValue DoubleArray(const std::vector<double>& values);

  /// Adds `key: value` to a map (keys keep their order).
  MsgValue& Set(std::string key, MsgValue value);
  /// Appends to an array.
  MsgValue& Push(MsgValue value);
  Kind kind() const { return kind_; }

  /// The msgpack encoding.
  std::string Pack() const;
  void PackInto(void* packer) const;

 private:
  explicit MsgValue(Kind kind) : kind_(kind) {}
  Kind kind_{Kind::kNil};
  int64_t int_{0};
  double double_{0};
  int8_t ext_type_{0};
  std::string bytes_;
  std::vector<std::pair<std::string, MsgValue>> map_;
  std::vector<MsgValue> array_;
};

/// value.Pack(), shared (one message goes to many browsers).
std::shared_ptr<const std::string> PackShared(const MsgValue& value);

/// A fresh identifier in UUID form, unique in the process (three.js keys
/// geometries and materials by uuid).
std::string NewUuid();

/// The msgpack of {type: "set_transform", path, matrix: Float32Array(16)}
/// for a column-major 4×4 matrix, written without an intermediate tree (the
/// per-frame path).
std::string PackSetTransform(const std::string& path, const double* matrix16);

/// A decoded message from a browser: {type, name, value} (the fields the
/// viewer's controls send); empty type if the bytes are not such a map.
struct ControlEvent {
  std::string type;
  std::string name;
  double value{0};
  bool has_value{false};
};
/// Never throws: malformed or hostile bytes give an empty event.
ControlEvent DecodeControlEvent(const std::string& bytes);

/// `text` as a JavaScript string literal (double quotes, escapes, and `<`
/// escaped so that it cannot close a script element).
std::string JsStringLiteral(const std::string& text);

/// Base64 (RFC 4648) of `bytes`.
std::string Base64(const std::string& bytes);

}  // namespace ossa::geometry::internal

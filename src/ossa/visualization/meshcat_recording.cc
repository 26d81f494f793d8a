// Meshcat's recordings (three.js animation clips, one per path, whose key
// times are frame numbers at the clip's fps), the pages it serves and
// StaticHtml().
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ossa/visualization/meshcat_impl.h"

#ifndef OSSA_MESHCAT_JS_PATH
#define OSSA_MESHCAT_JS_PATH ""
#endif

namespace ossa::geometry {

using internal::MsgValue;

void Meshcat::Impl::RecordFrame(const std::string& path, double time,
                                const std::string& track,
                                const std::string& type,
                                std::vector<double> value) {
  const int frame = static_cast<int>(std::lround(time * recording.fps));
  Track& t = recording.tracks[path][track];
  t.type = type;
  t.keys[frame] = std::move(value);
}

MessagePtr Meshcat::Impl::AnimationMessage() const {
  MsgValue animations = MsgValue::Array();
  for (const auto& [path, tracks] : recording.tracks) {
    MsgValue track_list = MsgValue::Array();
    for (const auto& [name, track] : tracks) {
      MsgValue keys = MsgValue::Array();
      for (const auto& [frame, value] : track.keys) {
        MsgValue v = value.size() == 1 && track.type == "number"
                         ? MsgValue(value[0])
                     : value.size() == 1 && track.type == "boolean"
                         ? MsgValue(value[0] != 0)
                         : MsgValue::DoubleArray(value);
        keys.Push(
            MsgValue::Map().Set("time", frame).Set("value", std::move(v)));
      }
      track_list.Push(MsgValue::Map()
                          .Set("name", name)
                          .Set("type", track.type)
                          .Set("keys", std::move(keys)));
    }
    animations.Push(
        MsgValue::Map()
            .Set("path", path)
            .Set("clip", MsgValue::Map()
                             .Set("fps", recording.fps)
                             .Set("name", "default")
                             .Set("tracks", std::move(track_list))));
  }
  return std::make_shared<const std::string>(
      MsgValue::Map()
          .Set("type", "set_animation")
          .Set("animations", std::move(animations))
          .Set("options", MsgValue::Map()
                              .Set("play", true)
                              .Set("repetitions", 1)
                              .Set("clampWhenFinished", true))
          .Pack());
}

void Meshcat::StartRecording(double frames_per_second,
                             bool set_visualizations_while_recording) {
  if (!(frames_per_second > 0) || !std::isfinite(frames_per_second)) {
    throw std::invalid_argument(fmt::format(
        "Meshcat::StartRecording(): frames_per_second must be positive and "
        "finite, not {}.",
        frames_per_second));
  }
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto& r = impl_->recording;
  if (!r.tracks.empty() && r.fps != frames_per_second) r.tracks.clear();
  r.fps = frames_per_second;
  r.set_live = set_visualizations_while_recording;
  r.active = true;
}

void Meshcat::StopRecording() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->recording.active = false;
}

bool Meshcat::is_recording() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->recording.active;
}

void Meshcat::PublishRecording() {
  MessagePtr message;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    message = impl_->AnimationMessage();
    impl_->published_animation = message;
  }
  impl_->Broadcast(std::move(message));
}

void Meshcat::DeleteRecording() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->recording.tracks.clear();
  impl_->published_animation.reset();
}

int Meshcat::recording_num_frames() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::set<int> frames;
  for (const auto& [path, tracks] : impl_->recording.tracks) {
    for (const auto& [name, track] : tracks) {
      for (const auto& [frame, value] : track.keys) frames.insert(frame);
    }
  }
  return static_cast<int>(frames.size());
}

std::string Meshcat::StaticHtml() const {
  std::vector<MessagePtr> messages;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    messages = impl_->SceneMessages(false);
  }
  return internal::MeshcatStaticHtml(messages);
}

namespace {

// CRC-32 of the zip format (IEEE 802.3, reflected polynomial 0xEDB88320).
uint32_t Crc32(const std::string& bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int k = 0; k < 8; ++k) {
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
  }
  return ~crc;
}

void PutLittleEndian(std::string* out, uint32_t value, int num_bytes) {
  for (int k = 0; k < num_bytes; ++k) {
    out->push_back(static_cast<char>((value >> (8 * k)) & 0xFF));
  }
}

}  // namespace

std::string Meshcat::StaticZip() const {
  // One stored entry (method 0): a local file header and the bytes, the
  // central directory's record of it, and the end-of-directory record
  // (PKWARE's APPNOTE, sections 4.3.7, 4.3.12 and 4.3.16).
  const std::string html = StaticHtml();
  if (html.size() >= 0xFFFFFFFFu) {
    throw std::runtime_error(
        "Meshcat::StaticZip(): the page is too large "
        "for a zip archive without Zip64.");
  }
  const std::string name = "index.html";
  const uint32_t crc = Crc32(html);
  const auto size = static_cast<uint32_t>(html.size());
  // Common fields of both headers: version needed 1.0, no flags, stored,
  // time 00:00, date 1980-01-01, crc, sizes, name length, no extra field.
  auto common = [&](std::string* out) {
    PutLittleEndian(out, 10, 2);
    PutLittleEndian(out, 0, 2);
    PutLittleEndian(out, 0, 2);
    PutLittleEndian(out, 0, 2);
    PutLittleEndian(out, (1 << 5) | 1, 2);
    PutLittleEndian(out, crc, 4);
    PutLittleEndian(out, size, 4);
    PutLittleEndian(out, size, 4);
    PutLittleEndian(out, static_cast<uint32_t>(name.size()), 2);
    PutLittleEndian(out, 0, 2);
  };
  std::string zip;
  PutLittleEndian(&zip, 0x04034b50u, 4);
  common(&zip);
  zip += name;
  zip += html;
  const auto directory_offset = static_cast<uint32_t>(zip.size());
  PutLittleEndian(&zip, 0x02014b50u, 4);
  PutLittleEndian(&zip, 20, 2);  // made by: version 2.0
  common(&zip);
  PutLittleEndian(&zip, 0, 2);  // comment length
  PutLittleEndian(&zip, 0, 2);  // disk number
  PutLittleEndian(&zip, 0, 2);  // internal attributes
  PutLittleEndian(&zip, 0, 4);  // external attributes
  PutLittleEndian(&zip, 0, 4);  // offset of the local header
  zip += name;
  const auto directory_size =
      static_cast<uint32_t>(zip.size()) - directory_offset;
  PutLittleEndian(&zip, 0x06054b50u, 4);
  PutLittleEndian(&zip, 0, 2);  // this disk
  PutLittleEndian(&zip, 0, 2);  // the directory's disk
  PutLittleEndian(&zip, 1, 2);  // entries on this disk
  PutLittleEndian(&zip, 1, 2);  // entries in all
  PutLittleEndian(&zip, directory_size, 4);
  PutLittleEndian(&zip, directory_offset, 4);
  PutLittleEndian(&zip, 0, 2);  // comment length
  return zip;
}

namespace internal {
namespace {

constexpr char kPageHead[] = R"(<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>ossa Meshcat</title>
<style>
body { margin: 0; }
#meshcat-pane { width: 100vw; height: 100vh; overflow: hidden; }
</style>
</head>
<body>
<div id="meshcat-pane"></div>
)";

// Run once the page's `viewer` exists. The standard viewer has no
// "modulated_opacity" property (the reference's own viewer has; its
// MeshcatVisualizer's alpha sliders set it): this gives it one. Each
// material's opacity is its own (as first seen) times the value set last
// at its path or above it; an object set later under such a path gets it
// too (a page replaying a scene receives a path's properties before the
// objects below it).
constexpr char kViewerPatch[] = R"(
(function (v) {
  var count = 0;
  function chainAbove(path) {
    var chain = [];
    for (var k = 0; k < path.length; ++k) {
      chain.push(v.scene_tree.find(path.slice(0, k)));
    }
    return chain;
  }
  function apply(node, chain) {
    chain = chain.concat([node]);
    var last = null;
    chain.forEach(function (n) {
      if (n.ossaModulated && (!last || n.ossaModulated.order > last.order)) {
        last = n.ossaModulated;
      }
    });
    var factor = last ? last.value : 1;
    var children = Object.keys(node.children).map(function (k) {
      return node.children[k];
    });
    var owned = new Set(children.map(function (c) { return c.object; }));
    (function visit(o) {
      var list = Array.isArray(o.material) ? o.material :
          (o.material ? [o.material] : []);
      list.forEach(function (m) {
        if (m.userData.ossaOpacity === undefined) {
          m.userData.ossaOpacity = m.opacity;
        }
        m.opacity = m.userData.ossaOpacity * factor;
        m.transparent = m.opacity < 1;
        m.needsUpdate = true;
      });
      o.children.forEach(function (c) { if (!owned.has(c)) visit(c); });
    })(node.object);
    children.forEach(function (c) { apply(c, chain); });
  }
  var setProperty = v.set_property.bind(v);
  v.set_property = function (path, property, value) {
    if (property !== "modulated_opacity") {
      return setProperty(path, property, value);
    }
    var node = v.scene_tree.find(path);
    node.ossaModulated = {value: value, order: ++count};
    apply(node, chainAbove(path));
    v.set_dirty();
  };
  var setObject = v.set_object.bind(v);
  v.set_object = function (path, object) {
    setObject(path, object);
    var full = path.concat(["<object>"]);
    apply(v.scene_tree.find(full), chainAbove(full));
  };
})(viewer);
)";

std::string ReadViewerJs() {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("OSSA_MESHCAT_JS"); env && *env) {
    candidates.push_back(env);
  }
  if (*OSSA_MESHCAT_JS_PATH) candidates.push_back(OSSA_MESHCAT_JS_PATH);
  for (const std::string& path : candidates) {
    std::ifstream in(path, std::ios::binary);
    if (!in) continue;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string looked;
  for (const auto& c : candidates) looked += " '" + c + "'";
  throw std::runtime_error(
      "Meshcat: the viewer's JavaScript (meshcat/viewer/dist/main.min.js of "
      "the `meshcat` PyPI package) was not found (looked at:" +
      (looked.empty() ? std::string(" nothing") : looked) +
      "); pip install meshcat, or set OSSA_MESHCAT_JS to the file.");
}

// Text that would end the script element early, escaped the way JavaScript
// reads it the same.
std::string ScriptSafe(std::string js) {
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"</script", "<\\/script"},
        {"<!--", "\\x3C!--"}}) {
    for (size_t at = js.find(from); at != std::string::npos;
         at = js.find(from, at + to.size())) {
      js.replace(at, from.size(), to);
    }
  }
  return js;
}

}  // namespace

const std::string& MeshcatViewerJs() {
  static std::once_flag once;
  static std::string js;
  static std::string error;
  std::call_once(once, [] {
    try {
      js = ReadViewerJs();
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  if (!error.empty()) throw std::runtime_error(error);
  return js;
}

std::string MeshcatIndexHtml() {
  return std::string(kPageHead) + R"(<script src="meshcat.js"></script>
<script>
var viewer = new MeshCat.Viewer(document.getElementById("meshcat-pane"));
window.viewer = viewer;
)" + std::string(kViewerPatch) + R"(
viewer.connect();
</script>
</body>
</html>
)";
}

std::string MeshcatStaticHtml(const std::vector<MessagePtr>& messages) {
  std::string html = kPageHead;
  html += "<script>\n";
  html += ScriptSafe(MeshcatViewerJs());
  html += "\n</script>\n<script>\n";
  html +=
      "var viewer = new "
      "MeshCat.Viewer(document.getElementById(\"meshcat-pane\"));\n"
      "window.viewer = viewer;\n";
  html += kViewerPatch;
  html += "var commands = [\n";
  for (const MessagePtr& m : messages) {
    html += "\"" + Base64(*m) + "\",\n";
  }
  html +=
      "];\n"
      "for (const c of commands) {\n"
      "  const bytes = Uint8Array.from(atob(c), ch => ch.charCodeAt(0));\n"
      "  viewer.handle_command_bytearray(bytes);\n"
      "}\n"
      "</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace internal
}  // namespace ossa::geometry

#include "ossa/visualization/meshcat.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <future>
#include <stdexcept>

#include "ossa/math/rigid_transform.h"
#include "ossa/visualization/meshcat_impl.h"
#include "ossa/visualization/meshcat_objects.h"

namespace ossa::geometry {

using internal::MsgValue;

namespace {

std::vector<int> PortsToTry(const std::optional<int>& port) {
  if (port.has_value()) {
    if (*port < 0 || *port > 65535) {
      throw std::runtime_error(fmt::format(
          "Meshcat: port {} is not a TCP port (0 to 65535).", *port));
    }
    return {*port};
  }
  std::vector<int> ports;
  for (int p = 7000; p <= 7099; ++p) ports.push_back(p);
  return ports;
}

std::string ListenAddress(const std::string& host) {
  if (host.empty() || host == "localhost") return "127.0.0.1";
  if (host == "*") return "0.0.0.0";
  return host;
}

void Replace(std::string* text, std::string_view from, const std::string& to) {
  for (size_t at = text->find(from); at != std::string::npos;
       at = text->find(from, at + to.size())) {
    text->replace(at, from.size(), to);
  }
}

std::array<double, 16> ToArray(const Eigen::Matrix4d& matrix) {
  std::array<double, 16> out;
  for (int i = 0; i < 16; ++i) out[i] = matrix.data()[i];
  return out;
}

}  // namespace

Meshcat::Impl::Impl(const MeshcatParams& params_in) : params(params_in) {
  internal::WebSocketCallbacks callbacks;
  callbacks.on_http = [](const std::string& resource) {
    internal::HttpResponse response;
    const std::string path = resource.substr(0, resource.find('?'));
    if (path == "/" || path == "/index.html") {
      response = {200, "text/html; charset=utf-8",
                  internal::MeshcatIndexHtml()};
    } else if (path == "/meshcat.js") {
      response = {200, "application/javascript", internal::MeshcatViewerJs()};
    }
    return response;
  };
  callbacks.on_open = [this](int client) {
    std::vector<MessagePtr> messages;
    {
      std::lock_guard<std::mutex> lock(mutex);
      messages = SceneMessages(true);
    }
    for (auto& m : messages) server->Send(client, std::move(m));
  };
  callbacks.on_message = [this](int, const std::string& bytes) {
    OnControlEvent(bytes);
  };
  callbacks.on_resync = [this](int client) { Resync(client); };
  // Straight to stderr, not through ossa::log(): a log sink may take a lock
  // (Python's GIL) that the thread destroying this Meshcat holds while it
  // joins the server thread.
  callbacks.log = [](const std::string& message) {
    std::fprintf(stderr, "[ossa] [warning] %s\n", message.c_str());
  };
  server = std::make_unique<internal::WebSocketServer>(
      ListenAddress(params.host), PortsToTry(params.port),
      std::move(callbacks));
}

Meshcat::Impl::~Impl() {
  // The server thread runs callbacks that use `server` until it stops.
  server->Stop();
}

std::string Meshcat::Impl::FullPath(std::string_view path) {
  std::string full;
  if (path.empty() || path.front() != '/') {
    full = "/drake";
    if (!path.empty()) {
      full += '/';
      full += path;
    }
  } else {
    full = path;
  }
  while (full.size() > 1 && full.back() == '/') full.pop_back();
  return full;
}

bool Meshcat::Impl::IsUnder(const std::string& key, const std::string& path) {
  if (path == "/") return true;
  return key.size() >= path.size() && key.compare(0, path.size(), path) == 0 &&
         (key.size() == path.size() || key[path.size()] == '/');
}

void Meshcat::Impl::Broadcast(MessagePtr message) {
  server->Broadcast(std::move(message));
}

std::vector<MessagePtr> Meshcat::Impl::SceneMessages(
    bool include_controls) const {
  std::vector<MessagePtr> out;
  for (const auto& [path, node] : tree) {
    if (node.object) out.push_back(node.object);
    if (node.has_transform) {
      out.push_back(std::make_shared<const std::string>(
          internal::PackSetTransform(path, node.matrix.data())));
    }
    for (const auto& [name, message] : node.properties) out.push_back(message);
  }
  if (include_controls) {
    for (const Button& b : buttons) out.push_back(ControlMessage(b));
    for (const Slider& s : sliders) out.push_back(ControlMessage(s));
  }
  if (published_animation) out.push_back(published_animation);
  return out;
}

void Meshcat::Impl::QueuePose(Tree::iterator node) {
  if (!node->second.pending) {
    node->second.pending = true;
    pending.push_back(node);
  }
  if (!flush_posted.exchange(true)) {
    server->Post([this] { FlushPoses(); });
  }
}

void Meshcat::Impl::FlushPoses() {
  flush_posted.store(false);
  // Copy under the lock, encode after it: the simulation thread waits for
  // the lock only as long as the copy takes.
  size_t n = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (flush_buffer.size() < pending.size())
      flush_buffer.resize(pending.size());
    for (Tree::iterator node : pending) {
      node->second.pending = false;
      flush_buffer[n].first.assign(node->first);
      flush_buffer[n].second = node->second.matrix;
      ++n;
    }
    pending.clear();
  }
  for (size_t i = 0; i < n; ++i) {
    const auto& [path, matrix] = flush_buffer[i];
    server->Broadcast(std::make_shared<const std::string>(
                          internal::PackSetTransform(path, matrix.data())),
                      /* droppable */ true);
  }
}

void Meshcat::Impl::Resync(int client) {
  std::vector<MessagePtr> messages;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto& [path, node] : tree) {
      if (!node.has_transform) continue;
      messages.push_back(std::make_shared<const std::string>(
          internal::PackSetTransform(path, node.matrix.data())));
    }
  }
  for (auto& m : messages) server->Send(client, std::move(m));
}

Meshcat::Meshcat(const MeshcatParams& params)
    : impl_(std::make_unique<Impl>(params)) {
  for (const auto& p : params.initial_properties) {
    SetProperty(p.path, p.property, p.value);
  }
}

Meshcat::Meshcat(std::optional<int> port)
    : Meshcat([&] {
        MeshcatParams params;
        params.port = port;
        return params;
      }()) {}

Meshcat::~Meshcat() = default;

std::string Meshcat::web_url() const {
  std::string url = impl_->params.web_url_pattern;
  const std::string& host = impl_->params.host;
  Replace(&url, "{host}",
          host == "*" || host.empty() ? std::string("localhost") : host);
  Replace(&url, "{port}", std::to_string(port()));
  return url;
}

std::string Meshcat::ws_url() const {
  std::string url = web_url();
  const size_t scheme = url.find("://");
  return "ws" +
         (scheme == std::string::npos ? "://" + url : url.substr(scheme));
}

int Meshcat::port() const { return impl_->server->port(); }

int Meshcat::GetNumActiveConnections() const {
  return impl_->server->num_connections();
}

void Meshcat::Flush() const {
  auto done = std::make_shared<std::promise<void>>();
  std::future<void> future = done->get_future();
  impl_->server->Post([done] { done->set_value(); });
  future.wait_for(std::chrono::seconds(5));
}

namespace {

void SetObjectMessage(Meshcat::Impl* impl, std::string_view path,
                      MsgValue object) {
  const std::string full = Meshcat::Impl::FullPath(path);
  MessagePtr message =
      internal::PackShared(internal::SetObjectMessage(full, std::move(object)));
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    impl->tree[full].object = message;
  }
  impl->Broadcast(std::move(message));
}

}  // namespace

void Meshcat::SetObject(std::string_view path, const Shape& shape,
                        const Rgba& rgba) {
  SetObjectMessage(impl_.get(), path, internal::ShapeObject(shape, rgba));
}

void Meshcat::SetObject(std::string_view path, const Eigen::Matrix3Xd& points,
                        double point_size, const Rgba& rgba,
                        const Eigen::Matrix3Xd& colors) {
  if (colors.cols() != 0 && colors.cols() != points.cols()) {
    throw std::invalid_argument(
        fmt::format("Meshcat::SetObject('{}'): {} colors for {} points.", path,
                    colors.cols(), points.cols()));
  }
  SetObjectMessage(impl_.get(), path,
                   internal::PointsObject(points, colors, point_size, rgba));
}

void Meshcat::SetLine(std::string_view path, const Eigen::Matrix3Xd& vertices,
                      double line_width, const Rgba& rgba) {
  SetObjectMessage(impl_.get(), path,
                   internal::LineObject(vertices, false, line_width, rgba));
}

void Meshcat::SetLineSegments(std::string_view path,
                              const Eigen::Matrix3Xd& start,
                              const Eigen::Matrix3Xd& end, double line_width,
                              const Rgba& rgba) {
  if (start.cols() != end.cols()) {
    throw std::invalid_argument(fmt::format(
        "Meshcat::SetLineSegments('{}'): {} start points but {} end points.",
        path, start.cols(), end.cols()));
  }
  Eigen::Matrix3Xd vertices(3, 2 * start.cols());
  for (Eigen::Index i = 0; i < start.cols(); ++i) {
    vertices.col(2 * i) = start.col(i);
    vertices.col(2 * i + 1) = end.col(i);
  }
  SetObjectMessage(impl_.get(), path,
                   internal::LineObject(vertices, true, line_width, rgba));
}

void Meshcat::SetTriangleMesh(std::string_view path,
                              const Eigen::Matrix3Xd& vertices,
                              const Eigen::Matrix3Xi& faces, const Rgba& rgba,
                              bool wireframe, double wireframe_line_width,
                              SideOfFaceToRender side) {
  SetObjectMessage(impl_.get(), path,
                   internal::TriangleMeshObject(
                       vertices, faces, rgba, wireframe, wireframe_line_width,
                       static_cast<int>(side), "Meshcat::SetTriangleMesh()"));
}

void Meshcat::SetCameraPose(const Vector3<double>& camera_in_world,
                            const Vector3<double>& target_in_world) {
  // The viewer's camera sits under /Cameras/default/rotated, a frame turned
  // a quarter about x (three.js is y-up): world (x, y, z) is (x, z, -y)
  // there. The orbit target is /Cameras/default's origin.
  Eigen::Matrix4d X = Eigen::Matrix4d::Identity();
  X.block<3, 1>(0, 3) = target_in_world;
  SetTransform("/Cameras/default", X);
  const Vector3<double> d = camera_in_world - target_in_world;
  SetProperty("/Cameras/default/rotated/<object>", "position",
              std::vector<double>{d.x(), d.z(), -d.y()});
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->camera_in_world = camera_in_world;
}

void Meshcat::SetCameraTarget(const Vector3<double>& target_in_world) {
  Vector3<double> camera_in_world;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    camera_in_world = impl_->camera_in_world;
  }
  SetCameraPose(camera_in_world, target_in_world);
}

void Meshcat::SetTransform(std::string_view path,
                           const math::RigidTransform<double>& X_ParentPath,
                           std::optional<double> time_in_recording) {
  SetTransforms({std::string(path)}, {X_ParentPath}, time_in_recording);
}

void Meshcat::SetTransform(std::string_view path,
                           const Eigen::Matrix4d& matrix) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto node = impl_->tree.try_emplace(Impl::FullPath(path)).first;
  node->second.has_transform = true;
  node->second.matrix = ToArray(matrix);
  impl_->QueuePose(node);
}

void Meshcat::SetTransforms(
    const std::vector<std::string>& paths,
    const std::vector<math::RigidTransform<double>>& X_ParentPath,
    std::optional<double> time) {
  if (paths.size() != X_ParentPath.size()) {
    throw std::invalid_argument(
        fmt::format("Meshcat::SetTransforms(): {} paths but {} poses.",
                    paths.size(), X_ParentPath.size()));
  }
  std::lock_guard<std::mutex> lock(impl_->mutex);
  const bool recording = time.has_value() && impl_->recording.active;
  const bool live = !recording || impl_->recording.set_live;
  thread_local std::string full;
  for (size_t i = 0; i < paths.size(); ++i) {
    const std::string& path = paths[i];
    if (path.empty() || path.front() != '/') {
      full.assign("/drake/");
      full.append(path);
    } else {
      full.assign(path);
    }
    while (full.size() > 1 && full.back() == '/') full.pop_back();
    const math::RigidTransform<double>& X = X_ParentPath[i];
    if (recording) {
      const Eigen::Quaterniond q(X.rotation().matrix());
      const Vector3<double>& p = X.translation();
      impl_->RecordFrame(full, *time, ".position", "vector3",
                         {p.x(), p.y(), p.z()});
      impl_->RecordFrame(full, *time, ".quaternion", "quaternion",
                         {q.x(), q.y(), q.z(), q.w()});
    }
    if (!live) continue;
    auto node = impl_->tree.find(full);
    if (node == impl_->tree.end()) node = impl_->tree.try_emplace(full).first;
    Impl::Node& n = node->second;
    n.has_transform = true;
    const auto& R = X.rotation().matrix();
    const auto& p = X.translation();
    double* m = n.matrix.data();
    for (int c = 0; c < 3; ++c) {
      for (int r = 0; r < 3; ++r) m[4 * c + r] = R(r, c);
      m[4 * c + 3] = 0;
    }
    m[12] = p.x();
    m[13] = p.y();
    m[14] = p.z();
    m[15] = 1;
    impl_->QueuePose(node);
  }
}

namespace {

void SetPropertyValue(Meshcat::Impl* impl, std::string_view path,
                      std::string property, MsgValue value,
                      std::optional<double> time, const char* track_type,
                      std::vector<double> track_value) {
  const std::string full = Meshcat::Impl::FullPath(path);
  std::lock_guard<std::mutex> lock(impl->mutex);
  const bool recording = time.has_value() && impl->recording.active;
  if (recording) {
    impl->RecordFrame(full, *time, "." + property, track_type,
                      std::move(track_value));
    if (!impl->recording.set_live) return;
  }
  MessagePtr message =
      internal::PackShared(MsgValue::Map()
                               .Set("type", "set_property")
                               .Set("path", full)
                               .Set("property", property)
                               .Set("value", std::move(value)));
  impl->tree[full].properties[property] = message;
  impl->Broadcast(std::move(message));
}

}  // namespace

void Meshcat::SetProperty(std::string_view path, std::string property,
                          bool value, std::optional<double> time) {
  SetPropertyValue(impl_.get(), path, std::move(property), value, time,
                   "boolean", {value ? 1.0 : 0.0});
}

void Meshcat::SetProperty(std::string_view path, std::string property,
                          double value, std::optional<double> time) {
  SetPropertyValue(impl_.get(), path, std::move(property), value, time,
                   "number", {value});
}

void Meshcat::SetProperty(std::string_view path, std::string property,
                          const std::vector<double>& value,
                          std::optional<double> time) {
  const char* type =
      value.size() == 3 && property == "color" ? "color" : "vector";
  SetPropertyValue(impl_.get(), path, std::move(property),
                   MsgValue::DoubleArray(value), time, type, value);
}

void Meshcat::Delete(std::string_view path) {
  const std::string full = Impl::FullPath(path);
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    auto& pending = impl_->pending;
    std::erase_if(pending, [&](Impl::Tree::iterator node) {
      return Impl::IsUnder(node->first, full);
    });
    std::erase_if(impl_->tree, [&](const auto& kv) {
      return Impl::IsUnder(kv.first, full);
    });
    std::erase_if(impl_->recording.tracks, [&](const auto& kv) {
      return Impl::IsUnder(kv.first, full);
    });
  }
  impl_->Broadcast(internal::PackShared(
      MsgValue::Map().Set("type", "delete").Set("path", full)));
}

std::string Meshcat::GetPackedObject(std::string_view path) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto it = impl_->tree.find(Impl::FullPath(path));
  if (it == impl_->tree.end() || !it->second.object) return {};
  return *it->second.object;
}

std::string Meshcat::GetPackedTransform(std::string_view path) const {
  const std::string full = Impl::FullPath(path);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto it = impl_->tree.find(full);
  if (it == impl_->tree.end() || !it->second.has_transform) return {};
  return internal::PackSetTransform(full, it->second.matrix.data());
}

std::string Meshcat::GetPackedProperty(std::string_view path,
                                       std::string_view property) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto it = impl_->tree.find(Impl::FullPath(path));
  if (it == impl_->tree.end()) return {};
  auto p = it->second.properties.find(std::string(property));
  if (p == it->second.properties.end() || !p->second) return {};
  return *p->second;
}

bool Meshcat::HasPath(std::string_view path) const {
  const std::string full = Impl::FullPath(path);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto it = impl_->tree.lower_bound(full);
  return it != impl_->tree.end() && Impl::IsUnder(it->first, full);
}

}  // namespace ossa::geometry

#pragma once

/// @file
/// Meshcat: a browser visualizer. An HTTP + WebSocket server on its own
/// thread serves the standard meshcat viewer (three.js) and speaks its
/// protocol (msgpack messages set_object, set_transform, set_property,
/// delete, set_animation, set_control, ...). Objects live in a tree of
/// '/'-separated paths; a path that does not start with '/' is under
/// "/drake" (as in the reference). The server keeps the scene so that a
/// browser that connects late sees it whole.
///
/// Every method returns without waiting for a browser: messages are queued
/// for the server thread, and poses (SetTransform) are coalesced, so a slow
/// browser misses intermediate frames, never simulation time. A browser that
/// stops reading is disconnected once its backlog passes 64 MB.
///
/// The viewer's JavaScript comes from the `meshcat` PyPI package
/// (meshcat/viewer/dist/main.min.js), found when ossa is configured or named
/// by the environment variable OSSA_MESHCAT_JS; nothing is fetched from the
/// network.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/rgba.h"

namespace ossa::math {
template <typename T>
class RigidTransform;
}  // namespace ossa::math

namespace ossa::geometry {

class Shape;

/// Construction parameters of Meshcat.
struct MeshcatParams {
  /// A property set on every new scene (SetProperty(path, property, value)).
  struct PropertyTuple {
    std::string path;
    std::string property;
    std::vector<double> value;
  };
  /// The interface to listen on: "localhost" (127.0.0.1, the default), "*"
  /// (every interface; the reference's default) or an IP address.
  std::string host{"localhost"};
  /// The port; unset: the first free port in [7000, 7099]; 0: any free port.
  std::optional<int> port;
  /// web_url(): "{host}" and "{port}" are replaced.
  std::string web_url_pattern{"http://{host}:{port}"};
  std::vector<PropertyTuple> initial_properties;
  /// Accepted for compatibility; the standard viewer has no stats plot.
  bool show_stats_plot{true};
  double realtime_rate_period{0.25};
};

class Meshcat {
 public:
  /// Which faces of a triangle mesh are drawn (three.js side).
  enum SideOfFaceToRender { kFrontSide = 0, kBackSide = 1, kDoubleSide = 2 };

  /// Starts the server.
  /// @throws std::runtime_error if no port can be bound, or the port is
  /// outside [0, 65535] (naming it).
  explicit Meshcat(const MeshcatParams& params = {});
  explicit Meshcat(std::optional<int> port);
  ~Meshcat();
  Meshcat(const Meshcat&) = delete;
  Meshcat& operator=(const Meshcat&) = delete;

  /// "http://localhost:7000" (per web_url_pattern).
  std::string web_url() const;
  /// "ws://localhost:7000".
  std::string ws_url() const;
  int port() const;
  int GetNumActiveConnections() const;
  /// Waits (at most a few seconds) until every message queued so far has
  /// been handed to the sockets.
  void Flush() const;

  /// Sets the object at `path` to a shape (every SceneGraph shape; meshes
  /// from OBJ, STL, DAE, glTF files), colored `rgba`.
  /// @throws std::runtime_error if a mesh file cannot be read.
  void SetObject(std::string_view path, const Shape& shape,
                 const Rgba& rgba = Rgba(0.9, 0.9, 0.9, 1.0));
  /// A point cloud: the columns of `points` (3×n, meters), each drawn
  /// `point_size` wide, colored per point by `colors` (3×n in [0, 1]) or, if
  /// `colors` is empty, by `rgba`.
  /// @throws std::invalid_argument if colors is neither empty nor 3×n.
  void SetObject(std::string_view path, const Eigen::Matrix3Xd& points,
                 double point_size = 0.001,
                 const Rgba& rgba = Rgba(0.9, 0.9, 0.9, 1.0),
                 const Eigen::Matrix3Xd& colors = Eigen::Matrix3Xd());
  /// A polyline through the columns of `vertices`.
  void SetLine(std::string_view path, const Eigen::Matrix3Xd& vertices,
               double line_width = 1.0,
               const Rgba& rgba = Rgba(0.1, 0.1, 0.1, 1.0));
  /// Segments from each column of `start` to the same column of `end`.
  /// @throws std::invalid_argument if their sizes differ.
  void SetLineSegments(std::string_view path, const Eigen::Matrix3Xd& start,
                       const Eigen::Matrix3Xd& end, double line_width = 1.0,
                       const Rgba& rgba = Rgba(0.1, 0.1, 0.1, 1.0));
  /// A triangle mesh: vertices 3×n, faces 3×m (vertex indices, counter-
  /// clockwise seen from the front).
  /// @throws std::invalid_argument for an index outside [0, n).
  void SetTriangleMesh(std::string_view path, const Eigen::Matrix3Xd& vertices,
                       const Eigen::Matrix3Xi& faces,
                       const Rgba& rgba = Rgba(0.1, 0.1, 0.1, 1.0),
                       bool wireframe = false,
                       double wireframe_line_width = 1.0,
                       SideOfFaceToRender side = kDoubleSide);

  /// Places the camera at `camera_in_world` (the frame /Cameras/default at
  /// `target_in_world`, the camera offset from it). The standard viewer's
  /// orbit controls keep looking at the world origin, so the view is aimed
  /// at the origin, not at the target.
  void SetCameraPose(const Vector3<double>& camera_in_world,
                     const Vector3<double>& target_in_world);
  /// Moves the point the camera is aimed at to `target_in_world`, the
  /// camera staying where it is in the world: where the last SetCameraPose()
  /// put it, or the viewer's default place (3, 0, 1) m before any.
  void SetCameraTarget(const Vector3<double>& target_in_world);

  /// Sets the pose of `path` in its parent path. While recording, with a
  /// time, the pose is also a frame of the recording at that time (and
  /// reaches the live scene only if the recording was started with
  /// set_visualizations_while_recording).
  void SetTransform(std::string_view path,
                    const math::RigidTransform<double>& X_ParentPath,
                    std::optional<double> time_in_recording = std::nullopt);
  /// The same with a homogeneous 4×4 matrix (not checked to be rigid).
  void SetTransform(std::string_view path, const Eigen::Matrix4d& matrix);
  /// Several poses under one lock (the visualizers' per-frame path):
  /// `X_ParentPath[i]` for `paths[i]`, each path as SetTransform takes it.
  /// @throws std::invalid_argument if the sizes differ.
  void SetTransforms(
      const std::vector<std::string>& paths,
      const std::vector<math::RigidTransform<double>>& X_ParentPath,
      std::optional<double> time_in_recording = std::nullopt);

  /// Sets a three.js property of the object at `path` ("visible",
  /// "position", "color", ...).
  void SetProperty(std::string_view path, std::string property, bool value,
                   std::optional<double> time_in_recording = std::nullopt);
  void SetProperty(std::string_view path, std::string property, double value,
                   std::optional<double> time_in_recording = std::nullopt);
  void SetProperty(std::string_view path, std::string property,
                   const std::vector<double>& value,
                   std::optional<double> time_in_recording = std::nullopt);

  /// Deletes `path` and everything under it; "" deletes "/drake".
  void Delete(std::string_view path = "");
  /// @name What a browser that connects now receives for one path
  /// The msgpack bytes of the scene's set_object, set_transform or
  /// set_property message of `path` (as SetObject() etc. take it), or an
  /// empty string if there is none. For tests: a message decodes with any
  /// msgpack reader.
  /// @{
  std::string GetPackedObject(std::string_view path) const;
  std::string GetPackedTransform(std::string_view path) const;
  std::string GetPackedProperty(std::string_view path,
                                std::string_view property) const;
  /// @}

  /// Whether `path` has been set (an object, a pose or a property) and not
  /// deleted, or is an ancestor of such a path.
  bool HasPath(std::string_view path) const;

  /// A button in the viewer's control panel; GetButtonClicks counts its
  /// presses. The keycode is accepted for compatibility.
  /// @throws std::logic_error if a button `name` exists.
  void AddButton(std::string name, std::string keycode = "");
  /// @throws std::out_of_range if there is no button `name`.
  int GetButtonClicks(std::string_view name) const;
  std::vector<std::string> GetButtonNames() const;
  /// Returns whether it existed; throws std::out_of_range if not and strict.
  bool DeleteButton(std::string name, bool strict = true);

  /// A slider from min to max in steps of `step`; returns its value (the
  /// given value clamped to [min, max] and rounded to a multiple of step,
  /// as the viewer rounds, then clamped again).
  /// @throws std::logic_error if a slider `name` exists, std::invalid_argument
  /// unless min <= max and step > 0.
  double AddSlider(std::string name, double min, double max, double step,
                   double value, std::string decrement_keycode = "",
                   std::string increment_keycode = "");
  /// Sets the value (clamped and rounded); returns it.
  double SetSliderValue(std::string_view name, double value);
  /// @throws std::out_of_range if there is no slider `name`.
  double GetSliderValue(std::string_view name) const;
  std::vector<std::string> GetSliderNames() const;
  bool DeleteSlider(std::string name, bool strict = true);
  /// Deletes every button and slider.
  void DeleteAddedControls();

  /// Starts recording the poses and properties given a time (see
  /// SetTransform) into an animation of `frames_per_second`.
  void StartRecording(double frames_per_second = 64.0,
                      bool set_visualizations_while_recording = true);
  void StopRecording();
  bool is_recording() const;
  /// Sends the recording to the browsers as an animation (play, pause and
  /// a time scrubber in the viewer) and keeps it for StaticHtml().
  void PublishRecording();
  void DeleteRecording();
  /// The number of recorded frames (distinct frame times).
  int recording_num_frames() const;

  /// One self-contained HTML page: the viewer's JavaScript, the scene and
  /// the published recording; it plays in a browser with no server.
  /// @throws std::runtime_error if the viewer's JavaScript cannot be found.
  std::string StaticHtml() const;
  /// StaticHtml() as a zip archive (stored, not compressed) holding one
  /// file, "index.html"; open it in a browser after unpacking.
  /// @throws std::runtime_error as StaticHtml().
  std::string StaticZip() const;

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

namespace internal {
/// The viewer's JavaScript (read once).
/// @throws std::runtime_error naming the places looked at if it is missing.
const std::string& MeshcatViewerJs();
}  // namespace internal

}  // namespace ossa::geometry

#pragma once

/// @file
/// Internal: Meshcat's state, shared by meshcat.cc (scene and server),
/// meshcat_controls.cc (sliders, buttons) and meshcat_recording.cc
/// (recordings, StaticHtml). Every member is guarded by `mutex` except the
/// server, which is thread-safe itself.

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/meshcat_message.h"
#include "ossa/visualization/websocket_server.h"

namespace ossa::geometry {

using MessagePtr = std::shared_ptr<const std::string>;

class Meshcat::Impl {
 public:
  // One path of the scene tree.
  struct Node {
    MessagePtr object;
    bool has_transform{false};
    bool pending{false};  // a pose not yet handed to the server
    std::array<double, 16> matrix{};
    std::map<std::string, MessagePtr> properties;
  };
  using Tree = std::map<std::string, Node>;

  struct Slider {
    std::string name;
    double min{}, max{}, step{}, value{};
  };
  struct Button {
    std::string name;
    int clicks{0};
  };

  // A recorded track: frame number -> value, and the three.js track type.
  struct Track {
    std::string type;
    std::map<int, std::vector<double>> keys;
  };
  struct Recording {
    double fps{64};
    bool set_live{true};
    bool active{false};
    // path -> (".position" | ".quaternion" | ".<property>") -> track.
    std::map<std::string, std::map<std::string, Track>> tracks;
  };

  explicit Impl(const MeshcatParams& params);
  ~Impl();

  // "/drake/<path>" unless `path` starts with '/'; no trailing '/'.
  static std::string FullPath(std::string_view path);
  // Whether `key` is `path` or below it.
  static bool IsUnder(const std::string& key, const std::string& path);

  // Stores `message` as the node's object / property and sends it.
  void Broadcast(MessagePtr message);
  // Every message a new browser needs, in order (lock held by the caller).
  std::vector<MessagePtr> SceneMessages(bool include_controls) const;
  // Marks a pose of `node` for the server thread and wakes it.
  void QueuePose(Tree::iterator node);
  void RecordFrame(const std::string& path, double time,
                   const std::string& track, const std::string& type,
                   std::vector<double> value);
  MessagePtr AnimationMessage() const;
  MessagePtr ControlMessage(const Slider& slider) const;
  MessagePtr ControlMessage(const Button& button) const;
  void OnControlEvent(const std::string& bytes);

  MeshcatParams params;
  mutable std::mutex mutex;
  Tree tree;
  std::vector<Tree::iterator> pending;
  std::vector<Slider> sliders;
  std::vector<Button> buttons;
  Recording recording;
  MessagePtr published_animation;
  // Where SetCameraPose() put the camera (the viewer's default before).
  Eigen::Vector3d camera_in_world{3.0, 0.0, 1.0};
  std::atomic<bool> flush_posted{false};
  // FlushPoses()'s copy of the pending poses (server thread only).
  std::vector<std::pair<std::string, std::array<double, 16>>> flush_buffer;
  std::unique_ptr<internal::WebSocketServer> server;

 private:
  void FlushPoses();
  void Resync(int client);
};

namespace internal {
/// The page the server serves at "/": the viewer, connected back to it.
std::string MeshcatIndexHtml();
/// A page with the viewer inlined that replays `messages` (no server).
std::string MeshcatStaticHtml(const std::vector<MessagePtr>& messages);
}  // namespace internal

}  // namespace ossa::geometry

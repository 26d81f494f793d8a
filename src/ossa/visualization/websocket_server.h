#pragma once

/// @file
/// Internal: the HTTP + WebSocket server under Meshcat. It runs its own
/// thread; every public method is thread-safe and returns without waiting
/// for any client. Written in C++17 with no project header, because the
/// library under it (websocketpp) is compiled as C++17 (see CMakeLists.txt).

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ossa::geometry::internal {

/// The answer to one HTTP GET.
struct HttpResponse {
  int status{404};
  std::string content_type{"text/plain"};
  std::string body{"not found"};
};

/// What the server calls, always on its own thread. A callback that throws
/// is logged and ignored.
struct WebSocketCallbacks {
  /// Answers a GET of `resource` ("/", "/meshcat.js", ...).
  std::function<HttpResponse(const std::string& resource)> on_http;
  /// A WebSocket client connected: send it the scene with Send().
  std::function<void(int client)> on_open;
  /// A client sent a message (any bytes: it may be hostile).
  std::function<void(int client, const std::string& payload)> on_message;
  /// A client that missed droppable messages (see Broadcast) can take more
  /// again: send it the current state of what it missed.
  std::function<void(int client)> on_resync;
  /// Warnings (a closed slow client, an exception in a callback).
  std::function<void(const std::string&)> log;
};

class WebSocketServer {
 public:
  /// Binds `host` on the first of `ports` that is free (0: a port the
  /// system picks) and starts the server thread.
  /// @throws std::runtime_error naming the host and ports if none binds.
  WebSocketServer(const std::string& host, const std::vector<int>& ports,
                  WebSocketCallbacks callbacks);
  /// Stop() and release.
  ~WebSocketServer();
  WebSocketServer(const WebSocketServer&) = delete;
  WebSocketServer& operator=(const WebSocketServer&) = delete;

  /// Closes every connection and joins the server thread; what is queued
  /// after the stop is dropped. Idempotent. The callbacks may still run
  /// until Stop() returns, never after.
  void Stop();

  int port() const;
  int num_connections() const;

  /// Queues a binary message for every client. A droppable message (a
  /// frame of poses) is skipped for a client whose unsent backlog exceeds
  /// the drop threshold; that client gets on_resync() once it drains. A
  /// client whose backlog exceeds the hard limit is disconnected.
  void Broadcast(std::shared_ptr<const std::string> message,
                 bool droppable = false);
  /// Queues a binary message for one client (a no-op if it left).
  void Send(int client, std::shared_ptr<const std::string> message);
  /// Runs `task` on the server thread, after what is queued before it.
  void Post(std::function<void()> task);

  /// Backlog sizes (bytes) for the drop threshold and the hard limit.
  static constexpr size_t kDropThreshold = size_t{4} << 20;
  static constexpr size_t kHardLimit = size_t{64} << 20;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ossa::geometry::internal

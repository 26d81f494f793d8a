// The server thread of Meshcat on websocketpp over standalone asio. This file
// is compiled as C++17: websocketpp 0.8 declares constructors with
// template-ids, which C++20 rejects.
#include "ossa/visualization/websocket_server.h"

#define ASIO_STANDALONE
#include <atomic>
#include <map>
#include <stdexcept>
#include <thread>
#include <websocketpp/config/asio_no_tls.hpp>
#include <websocketpp/server.hpp>

namespace ossa::geometry::internal {
namespace {

using Server = websocketpp::server<websocketpp::config::asio>;
using websocketpp::connection_hdl;

// Incoming messages are small (a slider value, a button click); anything
// larger is a misbehaving client.
constexpr size_t kMaxIncomingMessage = 64 * 1024;
// Connections beyond this are refused at the handshake.
constexpr int kMaxConnections = 256;

}  // namespace

class WebSocketServer::Impl {
 public:
  Impl(const std::string& host, const std::vector<int>& ports,
       WebSocketCallbacks callbacks)
      : callbacks_(std::move(callbacks)) {
    server_.clear_access_channels(websocketpp::log::alevel::all);
    server_.clear_error_channels(websocketpp::log::elevel::all);
    server_.init_asio();
    server_.set_reuse_addr(true);
    server_.set_max_message_size(kMaxIncomingMessage);
    server_.set_max_http_body_size(kMaxIncomingMessage);
    server_.set_validate_handler([this](connection_hdl) {
      return static_cast<int>(clients_.size()) < kMaxConnections;
    });
    server_.set_http_handler([this](connection_hdl hdl) { OnHttp(hdl); });
    server_.set_open_handler([this](connection_hdl hdl) { OnOpen(hdl); });
    server_.set_close_handler([this](connection_hdl hdl) { OnClose(hdl); });
    server_.set_fail_handler([this](connection_hdl hdl) { OnClose(hdl); });
    server_.set_message_handler([this](connection_hdl hdl,
                                       Server::message_ptr message) {
      auto it = ids_.find(hdl);
      if (it == ids_.end() || !callbacks_.on_message) return;
      Guard("on_message",
            [&] { callbacks_.on_message(it->second, message->get_payload()); });
    });

    asio::error_code ec;
    const asio::ip::address address = asio::ip::make_address(host, ec);
    if (ec) {
      throw std::runtime_error("Meshcat: '" + host +
                               "' is not an IP address to listen on (" +
                               ec.message() + ").");
    }
    std::string tried;
    for (int port : ports) {
      ec.clear();
      server_.listen(asio::ip::tcp::endpoint(address, port), ec);
      if (!ec) break;
      tried += (tried.empty() ? "" : ", ") + std::to_string(port);
    }
    if (ec) {
      throw std::runtime_error("Meshcat: could not listen on " + host +
                               " at any of the ports [" + tried +
                               "]: " + ec.message() + ".");
    }
    server_.start_accept(ec);
    if (ec) throw std::runtime_error("Meshcat: accept failed: " + ec.message());
    port_ = LocalPort();
    thread_ = std::thread([this] { Run(); });
  }

  ~Impl() { Stop(); }

  void Stop() {
    if (!thread_.joinable()) return;
    Post([this] {
      asio::error_code ec;
      server_.stop_listening(ec);
      for (auto& [id, client] : clients_) {
        server_.close(client.hdl, websocketpp::close::status::going_away,
                      "server shutting down", ec);
      }
      // Connections that do not finish the closing handshake promptly are
      // dropped by stop().
      server_.stop();
    });
    if (thread_.joinable()) thread_.join();
  }

  int port() const { return port_; }
  int num_connections() const { return num_connections_.load(); }

  void Broadcast(std::shared_ptr<const std::string> message, bool droppable) {
    Post([this, message = std::move(message), droppable] {
      std::vector<int> ids;
      ids.reserve(clients_.size());
      for (auto& [id, client] : clients_) ids.push_back(id);
      for (int id : ids) {
        auto it = clients_.find(id);
        if (it == clients_.end()) continue;
        Client& client = it->second;
        if (droppable) {
          const size_t backlog = Backlog(client);
          if (backlog > kDropThreshold) {
            client.stale = true;
            continue;
          }
          if (client.stale) {
            client.stale = false;
            if (callbacks_.on_resync) {
              Guard("on_resync", [&] { callbacks_.on_resync(id); });
            }
            continue;  // The resync carried the latest state.
          }
        }
        SendNow(id, *message);
      }
    });
  }

  void Send(int client, std::shared_ptr<const std::string> message) {
    // Send() is called from callbacks on the server thread as well: sending
    // right away keeps the order of a callback's messages.
    if (std::this_thread::get_id() == thread_.get_id()) {
      SendNow(client, *message);
    } else {
      Post([this, client, message = std::move(message)] {
        SendNow(client, *message);
      });
    }
  }

  void Post(std::function<void()> task) {
    asio::post(server_.get_io_service(), std::move(task));
  }

 private:
  struct Client {
    connection_hdl hdl;
    bool stale{false};
  };

  int LocalPort() {
    asio::error_code ec;
    const auto endpoint = server_.get_local_endpoint(ec);
    return ec ? 0 : endpoint.port();
  }

  void Run() {
    for (;;) {
      try {
        server_.run();
        return;
      } catch (const std::exception& e) {
        Log(std::string("Meshcat server: ") + e.what());
      } catch (...) {
        Log("Meshcat server: unknown exception");
      }
    }
  }

  template <typename F>
  void Guard(const char* what, F&& f) {
    try {
      f();
    } catch (const std::exception& e) {
      Log(std::string("Meshcat server: ") + what + ": " + e.what());
    } catch (...) {
      Log(std::string("Meshcat server: ") + what + ": unknown exception");
    }
  }

  void Log(const std::string& message) {
    if (callbacks_.log) {
      try {
        callbacks_.log(message);
      } catch (...) {
      }
    }
  }

  size_t Backlog(const Client& client) {
    asio::error_code ec;
    auto con = server_.get_con_from_hdl(client.hdl, ec);
    return ec ? 0 : con->get_buffered_amount();
  }

  void SendNow(int id, const std::string& message) {
    auto it = clients_.find(id);
    if (it == clients_.end()) return;
    if (Backlog(it->second) > kHardLimit) {
      Log("Meshcat server: client " + std::to_string(id) +
          " stopped reading; closing its connection.");
      asio::error_code ec;
      auto con = server_.get_con_from_hdl(it->second.hdl, ec);
      if (!ec) con->terminate(ec);
      Forget(it->second.hdl);
      return;
    }
    asio::error_code ec;
    server_.send(it->second.hdl, message.data(), message.size(),
                 websocketpp::frame::opcode::binary, ec);
  }

  void OnHttp(connection_hdl hdl) {
    asio::error_code ec;
    auto con = server_.get_con_from_hdl(hdl, ec);
    if (ec) return;
    HttpResponse response;
    if (con->get_request().get_method() != "GET") {
      response = HttpResponse{405, "text/plain", "only GET is served"};
    } else if (callbacks_.on_http) {
      Guard("on_http",
            [&] { response = callbacks_.on_http(con->get_resource()); });
    }
    con->set_status(
        static_cast<websocketpp::http::status_code::value>(response.status));
    con->replace_header("Content-Type", response.content_type);
    con->replace_header("Cache-Control", "no-store");
    con->set_body(std::move(response.body));
  }

  void OnOpen(connection_hdl hdl) {
    const int id = next_id_++;
    ids_[hdl] = id;
    clients_[id] = Client{hdl, false};
    num_connections_.store(static_cast<int>(clients_.size()));
    if (callbacks_.on_open) Guard("on_open", [&] { callbacks_.on_open(id); });
  }

  void OnClose(connection_hdl hdl) { Forget(hdl); }

  void Forget(connection_hdl hdl) {
    auto it = ids_.find(hdl);
    if (it == ids_.end()) return;
    clients_.erase(it->second);
    ids_.erase(it);
    num_connections_.store(static_cast<int>(clients_.size()));
  }

  WebSocketCallbacks callbacks_;
  Server server_;
  std::thread thread_;
  int port_{0};
  std::atomic<int> num_connections_{0};
  // Touched only on the server thread.
  int next_id_{1};
  std::map<connection_hdl, int, std::owner_less<connection_hdl>> ids_;
  std::map<int, Client> clients_;
};

WebSocketServer::WebSocketServer(const std::string& host,
                                 const std::vector<int>& ports,
                                 WebSocketCallbacks callbacks)
    : impl_(std::make_unique<Impl>(host, ports, std::move(callbacks))) {}
WebSocketServer::~WebSocketServer() = default;
void WebSocketServer::Stop() { impl_->Stop(); }
int WebSocketServer::port() const { return impl_->port(); }
int WebSocketServer::num_connections() const {
  return impl_->num_connections();
}
void WebSocketServer::Broadcast(std::shared_ptr<const std::string> message,
                                bool droppable) {
  impl_->Broadcast(std::move(message), droppable);
}
void WebSocketServer::Send(int client,
                           std::shared_ptr<const std::string> message) {
  impl_->Send(client, std::move(message));
}
void WebSocketServer::Post(std::function<void()> task) {
  impl_->Post(std::move(task));
}

}  // namespace ossa::geometry::internal

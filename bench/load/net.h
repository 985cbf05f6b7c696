// The load generator's network clients: one WebSocket connection, one HTTP match creation.
// Thread-safety: none; everything runs on the generator's single io_context thread.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tabuleiro::bench {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

// One client WebSocket (to /ws by default): connect (from an optional source address), handshake, then a
// read loop handing every text message to on_message, with a write queue for sends.
class ws_conn : public std::enable_shared_from_this<ws_conn> {
 public:
  struct callbacks {
    std::function<void()> on_open;                            // handshake done
    std::function<void(std::string_view)> on_message;         // one text frame
    std::function<void(const std::string& reason)> on_close;  // connect failure or close
  };

  // path: the handshake's target (e.g. /ws?code=K7M2QX, so a proxy routes it by match).
  ws_conn(net::io_context& io, tcp::endpoint target, std::optional<net::ip::address> source, callbacks cb,
          std::string path = "/ws");

  // Starts connecting; exactly one of on_open / on_close follows, then messages, then on_close.
  void start();
  // Queues a text message (no-op once closed).
  void send(std::string msg);
  // Closes the TCP connection at once; on_close is not called afterwards.
  void close();
  // True between on_open and on_close/close.
  bool open() const { return open_; }
  // True once closed by close() or by a failure.
  bool closed() const { return closed_; }

 private:
  void on_connect(beast::error_code ec);
  void on_handshake(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t n);
  void do_write();
  void on_write(beast::error_code ec, std::size_t n);
  void fail(beast::error_code ec, const char* what);

  beast::websocket::stream<beast::tcp_stream> ws_;
  tcp::endpoint target_;
  std::optional<net::ip::address> source_;
  callbacks cb_;
  std::string path_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool open_ = false;
  bool closed_ = false;
};

// Result of POST /api/matches: the code and the creator's token, or an error description.
struct created_match {
  std::string code;
  std::string token;
  std::string error;  // empty on success; else "http_429:rate_limited", "connect:…", …
};

// POSTs body (e.g. {"game":"taixu"}) to /api/matches and calls done with the result (once).
void create_match(net::io_context& io, tcp::endpoint target, std::optional<net::ip::address> source,
                  const nlohmann::json& body, std::function<void(created_match)> done);

}  // namespace tabuleiro::bench

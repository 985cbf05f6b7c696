// WebSocket and HTTP clients of the load generator (Beast, single-threaded).
#include "bench/load/net.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/beast/http.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

namespace tabuleiro::bench {

namespace http = beast::http;
namespace websocket = beast::websocket;
using namespace std::chrono_literals;

namespace {

// The Host header naming target: "address:port", an IPv6 address in brackets.
std::string host_header(const tcp::endpoint& target) {
  const auto& ip = target.address();
  return (ip.is_v6() ? "[" + ip.to_string() + "]" : ip.to_string()) + ":" + std::to_string(target.port());
}

// Opens sock for target's protocol and binds it to source (port chosen at connect time, so
// each source address has its own ephemeral-port range per destination).
void bind_source(tcp::socket& sock, const tcp::endpoint& target, const std::optional<net::ip::address>& source,
                 beast::error_code& ec) {
  sock.open(target.protocol(), ec);
  if (ec) return;
  sock.set_option(tcp::no_delay(true), ec);
  if (ec || !source) return;
  int one = 1;
  ::setsockopt(sock.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
  sock.bind(tcp::endpoint(*source, 0), ec);
}

// "what: message" for an error.
std::string describe(const char* what, const beast::error_code& ec) { return std::string(what) + ":" + ec.message(); }

}  // namespace

ws_conn::ws_conn(net::io_context& io, tcp::endpoint target, std::optional<net::ip::address> source, callbacks cb,
                 std::string path)
    : ws_(io), target_(target), source_(std::move(source)), cb_(std::move(cb)), path_(std::move(path)) {}

void ws_conn::start() {
  beast::error_code ec;
  bind_source(beast::get_lowest_layer(ws_).socket(), target_, source_, ec);
  if (ec) return fail(ec, "socket");
  beast::get_lowest_layer(ws_).expires_after(15s);
  beast::get_lowest_layer(ws_).async_connect(target_,
                                             beast::bind_front_handler(&ws_conn::on_connect, shared_from_this()));
}

void ws_conn::on_connect(beast::error_code ec) {
  if (closed_) return;
  if (ec) return fail(ec, "connect");
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(1 << 20);
  ws_.text(true);
  ws_.async_handshake(host_header(target_), path_,
                      beast::bind_front_handler(&ws_conn::on_handshake, shared_from_this()));
}

void ws_conn::on_handshake(beast::error_code ec) {
  if (closed_) return;
  if (ec) return fail(ec, "handshake");
  open_ = true;
  if (cb_.on_open) cb_.on_open();
  do_read();
}

void ws_conn::do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&ws_conn::on_read, shared_from_this())); }

void ws_conn::on_read(beast::error_code ec, std::size_t) {
  if (closed_) return;
  if (ec) return fail(ec, "read");
  const auto data = buffer_.cdata();
  cb_.on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
  buffer_.consume(buffer_.size());
  if (!closed_) do_read();
}

void ws_conn::send(std::string msg) {
  if (closed_ || !open_) return;
  queue_.push_back(std::move(msg));
  if (queue_.size() == 1) do_write();
}

void ws_conn::do_write() {
  ws_.async_write(net::buffer(queue_.front()), beast::bind_front_handler(&ws_conn::on_write, shared_from_this()));
}

void ws_conn::on_write(beast::error_code ec, std::size_t) {
  if (closed_) return;
  if (ec) return fail(ec, "write");
  queue_.pop_front();
  if (!queue_.empty()) do_write();
}

void ws_conn::close() {
  if (closed_) return;
  closed_ = true;
  open_ = false;
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(ws_).close();
}

void ws_conn::fail(beast::error_code ec, const char* what) {
  if (closed_) return;
  std::string reason = describe(what, ec);
  if (ec == websocket::error::closed) reason = "closed:" + std::to_string(ws_.reason().code);
  close();
  if (cb_.on_close) cb_.on_close(reason);
}

namespace {

// One POST /api/matches exchange; keeps itself alive through its handlers.
class create_op : public std::enable_shared_from_this<create_op> {
 public:
  create_op(net::io_context& io, tcp::endpoint target, std::optional<net::ip::address> source,
            const nlohmann::json& body, std::function<void(created_match)> done)
      : stream_(io), target_(target), source_(std::move(source)), done_(std::move(done)) {
    req_.method(http::verb::post);
    req_.target("/api/matches");
    req_.version(11);
    req_.set(http::field::host, host_header(target));
    req_.set(http::field::content_type, "application/json");
    req_.body() = body.dump();
    req_.prepare_payload();
  }

  // Connects, writes, reads; calls done once.
  void run() {
    beast::error_code ec;
    bind_source(stream_.socket(), target_, source_, ec);
    if (ec) return finish(describe("socket", ec));
    stream_.expires_after(15s);
    stream_.async_connect(target_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish(describe("connect", ec));
      http::async_write(self->stream_, self->req_, [self](beast::error_code ec, std::size_t) {
        if (ec) return self->finish(describe("write", ec));
        http::async_read(self->stream_, self->buffer_, self->res_,
                         [self](beast::error_code ec, std::size_t) { self->on_read(ec); });
      });
    });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec) return finish(describe("read", ec));
    const auto body = nlohmann::json::parse(res_.body(), nullptr, false);
    if (res_.result_int() != 201 && res_.result_int() != 200) {
      std::string code = "http_" + std::to_string(res_.result_int());
      if (body.is_object() && body.contains("error") && body["error"].is_object())
        code += ":" + body["error"].value("code", "");
      return finish(code);
    }
    if (!body.is_object() || !body.contains("code") || !body["code"].is_string()) return finish("bad_create_answer");
    created_match m;
    m.code = body["code"].get<std::string>();
    m.token = body.value("token", "");
    beast::error_code ignore;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignore);
    done_(std::move(m));
  }

  void finish(std::string error) {
    created_match m;
    m.error = std::move(error);
    done_(std::move(m));
  }

  beast::tcp_stream stream_;
  tcp::endpoint target_;
  std::optional<net::ip::address> source_;
  std::function<void(created_match)> done_;
  http::request<http::string_body> req_;
  http::response<http::string_body> res_;
  beast::flat_buffer buffer_;
};

}  // namespace

void create_match(net::io_context& io, tcp::endpoint target, std::optional<net::ip::address> source,
                  const nlohmann::json& body, std::function<void(created_match)> done) {
  std::make_shared<create_op>(io, target, std::move(source), body, std::move(done))->run();
}

}  // namespace tabuleiro::bench

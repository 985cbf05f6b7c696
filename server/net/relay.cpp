#include "server/net/relay.h"

#include <array>
#include <sstream>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/basic_resolver.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

#include "server/config/http_policy.h"
#include "server/net/http_query.h"
#include "server/net/net.h"
#include "server/util/secrets.h"

namespace tabuleiro::server {

namespace {

using conn_resolver = net::ip::basic_resolver<tcp, conn_executor>;

// One connection attempt: the resolver, the socket and the deadline, and done until it is called.
struct connect_op {
  conn_resolver resolver;
  conn_socket socket;
  std::shared_ptr<timer> deadline;
  std::function<void(boost::system::error_code, conn_socket)> done;
  bool timed_out = false;
  explicit connect_op(const conn_executor& ex) : resolver(ex), socket(ex) {}

  // Calls done once with ec (or the timeout's error when the deadline passed first).
  void finish(boost::system::error_code ec) {
    if (!done) return;
    if (deadline) deadline->cancel();
    if (timed_out) ec = net::error::timed_out;
    auto d = std::move(done);
    done = nullptr;
    d(ec, std::move(socket));
  }
};

// The bytes of one direction in flight: read into a fixed buffer, written out whole, then read
// again, so that a relay holds at most this much per direction (a slow reader slows its writer).
constexpr std::size_t relay_buffer_bytes = 16 * 1024;

// How long the holder may take to answer a relayed upgrade before the relay gives up.
constexpr std::int64_t relay_answer_ms = 3000;

// A client connection and its upstream, relayed byte for byte.
// Thread-safety: both sockets and all state live on one strand; close posts onto it.
class relay_link : public client, public std::enable_shared_from_this<relay_link> {
 public:
  relay_link(conn_socket client_socket, conn_socket upstream, shared_state& state)
      : sides_{std::move(client_socket), std::move(upstream)}, state_(state), id_(new_client_id()) {}

  std::uint64_t id() const override { return id_; }
  // A relay carries bytes; messages for it are for the holder's connection, never this one.
  void send(shared_text) override {}
  // Ends both connections (a shutdown): the client reconnects and is routed anew.
  void close(std::uint16_t, std::string) override {
    net::post(sides_[0].get_executor(), [self = shared_from_this()] { self->finish(); });
  }

  // Writes head to the upstream, then relays both ways.
  void start(std::string head) {
    state_.connections.track(shared_from_this());
    state_.svc.stats->relays_opened++;
    state_.svc.stats->relays_open++;
    head_ = std::move(head);
    // A holder that takes the connection but never answers (frozen, its listen queue still
    // open) is given up, so that the client comes back and is routed anew.
    answer_deadline_ = state_.svc.time->call_after(
        relay_answer_ms, sides_[0].get_executor(), [self = shared_from_this()] {
          if (self->answered_ || self->finished_) return;
          spdlog::warn("relay: the node holding the match did not answer within {} ms", relay_answer_ms);
          self->finish();
        });
    net::async_write(sides_[1], net::buffer(head_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        fail(ec, "relay write");
        return self->finish();
      }
      self->pump(0);
      self->pump(1);
    });
  }

 private:
  // Reads from side from and writes what came to the other side, until from ends.
  void pump(int from) {
    sides_[from].async_read_some(net::buffer(buffers_[from]),
                                 [self = shared_from_this(), from](beast::error_code ec, std::size_t n) {
                                   if (ec) return self->ended(from, ec);
                                   if (from == 1 && !self->answered_) {
                                     self->answered_ = true;
                                     self->answer_deadline_->cancel();
                                   }
                                   net::async_write(self->sides_[1 - from], net::buffer(self->buffers_[from].data(), n),
                                                    [self, from](beast::error_code ec, std::size_t) {
                                                      if (ec) {
                                                        fail(ec, "relay write");
                                                        return self->finish();
                                                      }
                                                      self->pump(from);
                                                    });
                                 });
  }

  // Side from's reading ended with ec: the client's end of stream is passed to the holder (its
  // sending half shut) and the holder's answer still flows; the holder's end, or any error,
  // closes the relay (what the holder sent is already written to the client).
  void ended(int from, beast::error_code ec) {
    if (ec != net::error::eof) fail(ec, "relay read");
    if (ec != net::error::eof || from == 1) return finish();
    beast::error_code ignored;
    sides_[1].shutdown(tcp::socket::shutdown_send, ignored);
  }

  // Closes both sockets and forgets the relay (once).
  void finish() {
    if (finished_) return;
    finished_ = true;
    beast::error_code ignored;
    for (auto& s : sides_) s.close(ignored);
    if (answer_deadline_) answer_deadline_->cancel();
    state_.connections.forget(id_);
    state_.svc.stats->relays_open--;
  }

  std::array<conn_socket, 2> sides_;                               // [0] the client, [1] the node holding the match
  std::array<std::array<char, relay_buffer_bytes>, 2> buffers_{};  // by the side read from
  shared_state& state_;
  const std::uint64_t id_;
  std::string head_;
  std::shared_ptr<timer> answer_deadline_;  // the holder's first bytes are due by then
  bool answered_ = false;                   // the holder sent its first bytes
  bool finished_ = false;
};

}  // namespace

std::string match_code_of(std::string_view target) {
  const auto q = target.find('?');
  const std::string_view path = target.substr(0, q);
  std::string_view named;
  if (path == "/ws") {
    if (q == std::string_view::npos) return "";
    const std::string code = query_value(target.substr(q + 1), "code");
    return normalize_share_code(code).value_or("");
  }
  for (const std::string_view prefix :
       {std::string_view("/api/matches/"), std::string_view("/api/admin/matches/"), std::string_view("/m/")}) {
    if (path.substr(0, prefix.size()) != prefix) continue;
    named = path.substr(prefix.size());
    named = named.substr(0, named.find('/'));
    break;
  }
  if (named.empty() || named.size() > 16) return "";
  return normalize_share_code(named).value_or("");
}

std::string relayed_code(const http::request<http::string_body>& req, const shared_state& state) {
  if (!state.registry.leasing() || req.find(relay_header) != req.end()) return "";
  return match_code_of({req.target().data(), req.target().size()});
}

void connect_to_node(conn_executor executor, const std::string& address, shared_state& state, std::int64_t timeout_ms,
                     std::function<void(boost::system::error_code, conn_socket)> done) {
  auto op = std::make_shared<connect_op>(executor);
  op->done = std::move(done);
  const auto hp = parse_host(address);
  if (!hp || hp->port.empty()) return net::post(executor, [op] { op->finish(net::error::invalid_argument); });
  std::string host = hp->host;
  if (!host.empty() && host.front() == '[') host = host.substr(1, host.size() - 2);
  op->deadline = state.svc.time->call_after(timeout_ms, executor, [op] {
    if (!op->done) return;
    op->timed_out = true;
    op->resolver.cancel();
    beast::error_code ignored;
    op->socket.close(ignored);
  });
  op->resolver.async_resolve(host, hp->port, [op](beast::error_code ec, conn_resolver::results_type found) {
    if (ec) return op->finish(ec);
    net::async_connect(op->socket, found, [op](beast::error_code ec, const tcp::endpoint&) { op->finish(ec); });
  });
}

void reach_holder(conn_executor executor, shared_state& state, const std::string& code, std::int64_t connect_ms,
                  std::function<void(std::optional<conn_socket>)> done) {
  state.registry.route(code, [executor, &state, connect_ms, done = std::move(done)](std::optional<lease_holder> to) {
    net::post(executor, [executor, &state, connect_ms, done, to = std::move(to)] {
      if (!to) return done(std::nullopt);
      connect_to_node(executor, to->address, state, connect_ms,
                      [&state, done, node = to->node](beast::error_code ec, conn_socket upstream) {
                        if (!ec) return done(std::move(upstream));
                        state.svc.stats->relay_failures++;
                        spdlog::warn("relay to node {} failed ({}); serving the request here", node, ec.message());
                        done(std::nullopt);
                      });
    });
  });
}

void start_relay(conn_socket client_socket, conn_socket upstream, http::request<http::string_body> req,
                 const std::string& client_ip, shared_state& state) {
  const auto forwarded = req.find("X-Forwarded-For");
  const std::string chain = forwarded == req.end() ? client_ip : std::string(forwarded->value()) + ", " + client_ip;
  req.set("X-Forwarded-For", chain);
  req.set(relay_header, state.svc.cfg->node);
  std::ostringstream head;
  head << req;
  std::make_shared<relay_link>(std::move(client_socket), std::move(upstream), state)->start(head.str());
}

}  // namespace tabuleiro::server

#include "server/net/http_session.h"

#include <optional>

#include <spdlog/spdlog.h>

#include "server/config/http_policy.h"
#include "server/net/account_api.h"
#include "server/net/net.h"
#include "server/net/relay.h"
#include "server/net/http_answers.h"
#include "server/net/router.h"
#include "server/net/websocket_session.h"

#ifdef TABULEIRO_TEST_STREAMS
#include <boost/beast/_experimental/test/stream.hpp>
#endif

namespace tabuleiro::server {

namespace {

using request = http::request<http::string_body>;

// How long a relay may take to reach the node holding a match before the connection is served here.
constexpr std::int64_t relay_connect_ms = 2000;

// Whether Stream is the production transport (a TCP socket with timeouts); the other, the
// fuzz targets' in-memory beast::test::stream, has no peer address and no timeouts.
template <class Stream>
constexpr bool is_tcp = std::is_same_v<Stream, conn_stream>;

// One HTTP connection: reads a request, answers it (possibly asynchronously), repeats.
// Thread-safety: runs on its stream's strand; API answers are posted back to it.
template <class Stream>
class http_session : public std::enable_shared_from_this<http_session<Stream>> {
  using std::enable_shared_from_this<http_session<Stream>>::shared_from_this;

 public:
  http_session(Stream&& stream, shared_state& state)
      : stream_(std::move(stream)), state_(state), stats_(state.svc.stats) {
    if constexpr (is_tcp<Stream>) {
      beast::error_code ec;
      peer_ = stream_.socket().remote_endpoint(ec).address();
      if (const auto local = stream_.socket().local_endpoint(ec); !ec)
        local_host_ = host_port(local.address(), local.port());
    }
  }
  ~http_session() { end_request(); }

  // Starts reading on the session's strand.
  // A new connection counts as a request in flight until its first answer (or its close),
  // so that the shutdown does not drop a request that is on its way.
  void run() {
    begin_request();
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->body_limit(large_body_bytes);  // the largest of any route; on_header narrows it
    parser_->header_limit(8 * 1024);
    if constexpr (is_tcp<Stream>)
      stream_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(state_.svc.cfg->handshake_timeout_s)));
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&http_session::on_header, shared_from_this()));
  }

  // A request's header arrived: it is in flight from here on (the shutdown waits for its
  // answer); reads its body.
  void on_header(beast::error_code ec, std::size_t) {
    // A body is held to its route's limit (the parser let the header of a larger one through):
    // a Content-Length over it is refused here, a chunked body as read.
    if (!ec || ec == http::error::body_limit) {
      const auto& head = parser_->get();
      const std::string_view target(head.target().data(), head.target().size());
      body_limit_ = state_.routes.body_limit(head.method(), target.substr(0, target.find('?')));
      const auto length = parser_->content_length();
      if (length && *length > body_limit_) ec = http::error::body_limit;
      else parser_->body_limit(body_limit_);
    }
    if (ec == http::error::body_limit) {  // a Content-Length over the limit
      begin_request();
      return on_read(ec, 0);
    }
    if (ec) end_request();  // closed or timed out between requests: nothing to answer
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) return fail(ec, "http read");
    begin_request();
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&http_session::on_read, shared_from_this()));
  }

  // Counts a request as in flight until its answer is written (the shutdown waits for it), and
  // ends it (if any).
  void begin_request() { stats_->http_in_flight += !std::exchange(answering_, true); }
  void end_request() { stats_->http_in_flight -= std::exchange(answering_, false); }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::body_limit) {
      return send(error_response(http::status::payload_too_large, "too_large",
                                 "request body larger than " + std::to_string(body_limit_ / 1024) + " KiB", 11, false));
    }
    if (ec) {
      end_request();  // the body never came: nobody waits for an answer
      return fail(ec, "http read");
    }
    request req = parser_->release();
    const config& cfg = *state_.svc.cfg;
    address_ = client_address(peer_, req, cfg.proxies);
    if (auto refused = admission_refusal(req, cfg, state_.stopping, cfg.proxies.contains(peer_), local_host_, site_))
      return send(std::move(*refused));
    // /ws, or /ws?code=K7M2QX: the code lets a proxy route every connection of a match to the
    // same node (the join message still names the match).
    const bool upgrade = websocket::is_upgrade(req);
    const std::string_view target(req.target().data(), req.target().size());
    if (upgrade && target.substr(0, target.find('?')) != "/ws")
      return send(error_response(http::status::not_found, "not_found", "WebSocket lives at /ws", req.version(), false));
    if (upgrade && !origin_allowed(req, *state_.svc.cfg, site_))
      return send(error_response(http::status::forbidden, "bad_origin", "requests from this origin are not allowed",
                                 req.version(), false));
    if constexpr (is_tcp<Stream>) {
      if (auto code = relayed_code(req, state_); !code.empty()) return route_request(std::move(req), code, upgrade);
    }
    upgrade ? upgrade_here(std::move(req)) : handle(std::move(req));
  }

  // Relays req (a WebSocket upgrade when upgrade, else one request, whose connection then ends)
  // to the node that holds the lease of code's match, the one req names, when another node does
  // and can be reached (net/relay.h); otherwise serves it here.
  void route_request(request req, const std::string& code, bool upgrade) {
    auto held = std::make_shared<request>(std::move(req));
    reach_holder(stream_.get_executor(), state_, code, relay_connect_ms,
                 [self = shared_from_this(), held, upgrade](std::optional<conn_socket> upstream) {
                   if (!upstream)
                     return upgrade ? self->upgrade_here(std::move(*held)) : self->handle(std::move(*held));
                   self->end_request();  // the relay counts as a connection from here on
                   self->stream_.expires_never();
                   if (!upgrade) held->keep_alive(false);  // one request: the holder ends the connection
                   start_relay(self->stream_.release_socket(), std::move(*upstream), std::move(*held),
                               self->peer_.to_string(), self->state_);
                 });
  }

  // Hands the connection to a WebSocket session (websocket_session.h) on this node.
  void upgrade_here(request req) {
    end_request();  // the WebSocket counts as a connection from here on
    if constexpr (is_tcp<Stream>) {
      stream_.expires_never();
      return serve_websocket(stream_.release_socket(), std::move(req), state_, address_);
    } else {
      return serve_websocket(std::move(stream_), std::move(req), state_, address_);
    }
  }

  // Answers one request through the route table (server/net/router.h).
  void handle(request req) {
    state_.svc.stats->http_requests++;
    const std::string_view target(req.target().data(), req.target().size());
    const auto qmark = target.find('?');
    const std::string path(target.substr(0, qmark));
    spdlog::debug("http {} {} from {}", std::string(req.method_string()), path, address_);
    route_call call{state_,
                    req.method(),
                    path,
                    std::string(qmark == std::string_view::npos ? "" : target.substr(qmark + 1)),
                    std::move(req.body()),
                    {},
                    address_,
                    state_.svc.cfg->sites.link_base(site_),
                    site_.scheme == "https",
                    session_id_of(req),
                    {}};
    state_.routes.serve(std::move(call), req[http::field::content_type], origin_allowed(req, *state_.svc.cfg, site_),
                        csrf_token_of(req), answer_later(req.method(), req.version(), req.keep_alive()));
  }

  // A callback that posts a route's answer back to this session's strand and writes it.
  answer_fn answer_later(http::verb method, unsigned version, bool keep) {
    return [self = shared_from_this(), method, version, keep](api_answer a) {
      net::post(self->stream_.get_executor(), [self, method, version, keep, a = std::move(a)] {
        self->send_file(response_of(a, self->state_.svc.cfg->web, method, version, keep));
      });
    };
  }

  // Sends one of the responses an answer or a file makes.
  void send_file(file_response res) {
    std::visit([this](auto& r) { this->send(std::move(r)); }, res);
  }

  // Writes one response, then reads the next request or closes.
  template <class Body>
  void send(http::response<Body>&& res) {
    auto sp = std::make_shared<http::response<Body>>(std::move(res));
    set_security_headers(*sp, state_.svc.cfg->csp);
    if (state_.stopping) sp->keep_alive(false);  // no further request on this connection
    const bool close = sp->need_eof();
    if constexpr (is_tcp<Stream>) stream_.expires_after(std::chrono::seconds(30));
    http::async_write(stream_, *sp, [self = shared_from_this(), sp, close](beast::error_code ec, std::size_t) {
      self->end_request();
      if (ec) return fail(ec, "http write");
      if (close) return self->do_close();
      self->do_read();
    });
  }

  // Ends the connection after its last answer: stops sending, then reads and drops what the
  // client still sends (a body refused before it was read) for at most 2 s and 1 MiB, so the
  // socket is not closed with unread data, which would reset the connection and could lose
  // the answer before the client reads it (a lingering close, as nginx's).
  void do_close() {
    if constexpr (is_tcp<Stream>) {
      beast::error_code ec;
      stream_.socket().shutdown(conn_socket::shutdown_send, ec);
      stream_.expires_after(std::chrono::seconds(2));
      do_linger(std::size_t{1} << 20);
    } else {
      stream_.close();
    }
  }

  // Reads and drops up to left more bytes; the session ends at the client's end of stream,
  // the timeout or the bound.
  void do_linger(std::size_t left) {
    stream_.async_read_some(buffer_.prepare(std::min<std::size_t>(left, 16 * 1024)),
                            [self = shared_from_this(), left](beast::error_code ec, std::size_t n) {
                              if (ec || n >= left) return;
                              self->do_linger(left - n);
                            });
  }

  Stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  shared_state& state_;
  net::ip::address peer_;                       // the TCP peer
  std::string address_;                         // the client: the peer, or whom a trusted proxy names
  std::string local_host_ = "localhost";        // this end's address:port (the site without a Host)
  request_site site_;                           // where the current request was sent
  metrics* stats_;                              // outlives the session (the I/O context may destroy it after state_)
  bool answering_ = false;                      // a request was read and its answer is not written yet
  std::size_t body_limit_ = max_message_bytes;  // the current request's route's
};

}  // namespace

template <class Stream>
void serve_http(Stream&& stream, shared_state& state) {
  std::make_shared<http_session<Stream>>(std::move(stream), state)->run();
}

template void serve_http(conn_stream&&, shared_state&);
#ifdef TABULEIRO_TEST_STREAMS
template void serve_http(beast::test::stream&&, shared_state&);
#endif

}  // namespace tabuleiro::server

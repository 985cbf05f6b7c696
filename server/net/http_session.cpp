#include "server/net/http_session.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "server/config/http_policy.h"
#include "server/net/account_api.h"
#include "server/net/admin_api.h"
#include "server/net/http_query.h"
#include "server/net/rating_api.h"
#include "server/net/relay.h"
#include "server/net/match_routes.h"
#include "server/net/net.h"
#include "server/net/preview_routes.h"
#include "server/net/push_api.h"
#include "server/net/webhook_api.h"
#include "server/net/websocket_session.h"

#ifdef TABULEIRO_TEST_STREAMS
#include <boost/beast/_experimental/test/stream.hpp>
#endif

namespace tabuleiro::server {

namespace {

namespace fs = std::filesystem;
using request = http::request<http::string_body>;

// The MIME type of a file name's extension.
std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  static const std::pair<std::string_view, std::string_view> types[] = {
      {".html", "text/html; charset=utf-8"}, {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".json", "application/json"},
      {".map", "application/json"},          {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},             {".png", "image/png"},
      {".jpg", "image/jpeg"},                {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},                 {".webp", "image/webp"},
      {".ico", "image/vnd.microsoft.icon"},  {".woff", "font/woff"},
      {".woff2", "font/woff2"},              {".wasm", "application/wasm"},
      {".webmanifest", "application/manifest+json"}};
  for (const auto& [e, t] : types)
    if (beast::iequals(ext, e)) return t;
  return "application/octet-stream";
}

// The Cache-Control of a file under --web: the browser engine's content-hashed files
// (/engine/tabuleiro-engine.<16 hex digits>.js or .wasm, wasm/publish.cmake) never change under
// their name, so they are cached for a year; everything else is revalidated on every use.
std::string_view cache_control_of(std::string_view path) {
  constexpr std::string_view prefix = "/engine/tabuleiro-engine.";
  if (path.substr(0, prefix.size()) == prefix) {
    const std::string_view rest = path.substr(prefix.size());
    const auto dot = rest.find('.');
    const bool hashed = dot == 16 && rest.substr(0, 16).find_first_not_of("0123456789abcdef") == std::string_view::npos;
    if (hashed && (rest.substr(dot) == ".js" || rest.substr(dot) == ".wasm")) return "public, max-age=31536000, immutable";
  }
  return "no-cache";
}

// How long a relay may take to reach the node holding a match before the connection is served here.
constexpr std::int64_t relay_connect_ms = 2000;

// The page served for /m/{code} when the web client is absent.
constexpr std::string_view fallback_page =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Tabuleiro</title></head>"
    "<body><h1>Tabuleiro</h1><p>The web client is not installed on this server. Connect a "
    "WebSocket client to <code>/ws</code> and send <code>{\"type\":\"join\",\"code\":\"…\"}</code> "
    "(see protocol/PROTOCOL.md).</p></body></html>";

// Whether req is a publication (POST /api/matches/publish), whose body may be larger.
bool is_publication(const request& req) {
  const std::string_view target(req.target().data(), req.target().size());
  return req.method() == http::verb::post && target.substr(0, target.find('?')) == publish_path;
}

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
      auto ep = stream_.socket().remote_endpoint(ec);
      if (!ec) peer_ = ep.address();
      const auto local = stream_.socket().local_endpoint(ec);
      if (!ec) {
        const auto a = local.address();
        local_host_ = (a.is_v6() ? "[" + a.to_string() + "]" : a.to_string()) + ":" + std::to_string(local.port());
      }
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
    parser_->body_limit(max_publish_bytes);  // the largest of any route; on_header narrows it
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
    // Every body but a publication's is held to max_message_bytes (the parser let the header of
    // a larger one through): a Content-Length over it is refused here, a chunked body as read.
    if (!ec && !is_publication(parser_->get())) {
      const auto length = parser_->content_length();
      if (length && *length > max_message_bytes) ec = http::error::body_limit;
      else parser_->body_limit(max_message_bytes);
    }
    if (ec == http::error::body_limit) {  // a Content-Length over the limit
      begin_request();
      return on_read(ec, 0);
    }
    if (ec) end_request();  // closed or timed out between requests: nothing to answer
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) return fail(ec, "http read");
    begin_request();
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&http_session::on_read, shared_from_this()));
  }

  // Counts a request as in flight until its answer is written (the shutdown waits for it).
  void begin_request() {
    if (answering_) return;
    answering_ = true;
    stats_->http_in_flight++;
  }

  // Ends the request in flight, if any.
  void end_request() {
    if (!answering_) return;
    answering_ = false;
    stats_->http_in_flight--;
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::body_limit) {
      return send(error_response(http::status::payload_too_large, "too_large",
                                 is_publication(parser_->get()) ? "request body larger than 512 KiB"
                                                                : "request body larger than 16 KiB",
                                 11, false));
    }
    if (ec) {
      end_request();  // the body never came: nobody waits for an answer
      return fail(ec, "http read");
    }
    request req = parser_->release();
    const config& cfg = *state_.svc.cfg;
    address_ = client_address(peer_, req, cfg.proxies);
    if (state_.stopping)
      return send(error_response(http::status::service_unavailable, "shutting_down",
                                 "the server is shutting down; try again shortly", req.version(),
                                 false));
    auto site = site_of(req, req.version(), cfg.proxies.contains(peer_), local_host_);
    const std::string refused =
        site ? cfg.sites.refusal(*site) : "the request's Host header is missing or is not a valid host[:port]";
    if (!refused.empty())
      return send(error_response(http::status::bad_request, "bad_host", refused, req.version(), false));
    site_ = std::move(*site);
    if (websocket::is_upgrade(req)) {
      // /ws, or /ws?code=K7M2QX: the code lets a proxy route every connection of a match to
      // the same node (the join message still names the match).
      const std::string_view target(req.target().data(), req.target().size());
      if (target.substr(0, target.find('?')) != "/ws")
        return send(error_response(http::status::not_found, "not_found", "WebSocket lives at /ws",
                                   req.version(), false));
      if (!origin_ok(req)) return send(bad_origin(req.version(), false));
      if constexpr (is_tcp<Stream>) {
        if (auto code = relay_code(req); !code.empty()) return route_request(std::move(req), code, true);
      }
      return upgrade_here(std::move(req));
    }
    if constexpr (is_tcp<Stream>) {
      if (auto code = relay_code(req); !code.empty()) return route_request(std::move(req), code, false);
    }
    handle(std::move(req));
  }

  // The code of the match req names (match_code_of) when, in a cluster, another node may hold it
  // and no node relayed req yet; else "".
  std::string relay_code(const request& req) const {
    if (!state_.registry->leasing() || req.find(relay_header) != req.end()) return "";
    return match_code_of({req.target().data(), req.target().size()});
  }

  // Serves the WebSocket of upgrade request req on this node, once its session is known.
  void upgrade_here(request req) {
    with_session(std::move(req), [](http_session& self, request req, const accounts::auth_result& a) {
      self.do_upgrade(std::move(req), a);
    });
  }

  // Relays req (a WebSocket upgrade when upgrade, else one request, whose connection then ends)
  // to the node that holds the lease of code's match, the one req names, when another node does
  // and can be reached (net/relay.h); otherwise serves it here.
  void route_request(request req, const std::string& code, bool upgrade) {
    auto held = std::make_shared<request>(std::move(req));
    state_.registry->route(code, [self = shared_from_this(), held, upgrade](std::optional<lease_holder> to) {
      net::post(self->stream_.get_executor(), [self, held, upgrade, to = std::move(to)] {
        const auto here = [self, held, upgrade] {
          if (upgrade) return self->upgrade_here(std::move(*held));
          self->handle(std::move(*held));
        };
        if (!to) return here();
        connect_to_node(self->stream_.get_executor(), to->address, self->state_, relay_connect_ms,
                        [self, held, upgrade, here, node = to->node](beast::error_code ec, conn_socket upstream) {
                          if (ec) {
                            self->state_.svc.stats->relay_failures++;
                            spdlog::warn("relay to node {} failed ({}); serving the request here", node, ec.message());
                            return here();
                          }
                          self->end_request();  // the relay counts as a connection from here on
                          self->stream_.expires_never();
                          if (!upgrade) held->keep_alive(false);  // one request: the holder ends the connection
                          start_relay(self->stream_.release_socket(), std::move(upstream), std::move(*held),
                                      self->peer_.to_string(), self->state_);
                        });
      });
    });
  }

  // Hands the connection to a WebSocket session, signed in as a's account if a is signed in.
  void do_upgrade(request req, const accounts::auth_result& a) {
    end_request();  // the WebSocket counts as a connection from here on
    peer_identity who{address_, std::nullopt, ""};
    if (a.state == accounts::auth_result::status::signed_in) {
      who.account = a.s.who;
      who.session_hash = a.s.id_hash;
    }
    if constexpr (is_tcp<Stream>) {
      stream_.expires_never();
      return serve_websocket(stream_.release_socket(), std::move(req), state_, std::move(who));
    } else {
      return serve_websocket(std::move(stream_), std::move(req), state_, std::move(who));
    }
  }

  // Calls then(*this, req, what the request's session cookie is worth) on this session's strand:
  // at once when the request has no session cookie (or the server no accounts), else once the
  // account service answered.
  template <class Then>
  void with_session(request req, Then then) {
    const std::string id = state_.accounts ? session_id_of(req) : std::string();
    if (id.empty()) return then(*this, std::move(req), accounts::auth_result{});
    auto held = std::make_shared<request>(std::move(req));
    state_.accounts->authenticate(id, [self = shared_from_this(), held, then](accounts::auth_result a) {
      net::post(self->stream_.get_executor(), [self, held, then, a = std::move(a)] {
        then(*self, std::move(*held), a);
      });
    });
  }

  // The refusal of a request that makes a match (a creation or a publication), by its session:
  // 503 when accounts cannot be reached, 403 for a signed-in browser without its CSRF token, 401
  // sign_in_required for a guest where only members play; nullopt when it may go on.
  std::optional<http::response<http::string_body>> maker_refusal(const request& req, const accounts::auth_result& a) {
    const unsigned version = req.version();
    const bool keep = req.keep_alive();
    const bool member = a.state == accounts::auth_result::status::signed_in;
    if (a.state == accounts::auth_result::status::unavailable)
      return error_response(http::status::service_unavailable, "unavailable",
                            "accounts cannot be reached right now; try again", version, keep);
    if (member && !csrf_matches(csrf_token_of(req), a.s))
      return error_response(http::status::forbidden, "bad_csrf",
                            "the request lacks this session's CSRF token (X-CSRF-Token)", version, keep);
    if (!member && state_.svc.cfg->access != access_mode::open)
      return error_response(http::status::unauthorized, "sign_in_required",
                            "only signed-in members create matches on this server; sign in first", version, keep);
    return std::nullopt;
  }

  // Creates a match (POST /api/matches), once the request's session is known (maker_refusal).
  void create_match(request req, const accounts::auth_result& a) {
    const unsigned version = req.version();
    const bool keep = req.keep_alive();
    const bool member = a.state == accounts::auth_result::status::signed_in;
    if (auto refused = maker_refusal(req, a)) return send(std::move(*refused));
    std::string why;
    auto body = parse_client_json(req.body(), why);
    if (!body) return send(error_response(http::status::bad_request, "bad_json", why, version, keep));
    if (const auto wait_s = state_.creations->admit(address_); wait_s > 0) {
      auto res = error_response(http::status::too_many_requests, "rate_limited",
                                "too many matches created from this address", version, keep);
      res.set(http::field::retry_after, std::to_string(wait_s));
      return send(std::move(res));
    }
    auto parsed = parse_create_request(*body);
    if (auto* e = std::get_if<request_error>(&parsed))
      return send(error_response(http::status::bad_request, e->code, e->message, version, keep));
    auto& request = std::get<create_request>(parsed);
    if (request.rated && !member)
      return send(error_response(http::status::unauthorized, "sign_in_required",
                                 "only signed-in members play rated matches; sign in first", version, keep));
    if (member) request.account_id = a.s.who.id;  // the creator's seat is the account's
    // A match against the computer takes a place of the node's bot capacity, bound to its code
    // when the code is drawn (freed if the creation stops before).
    if (request.bot_level && state_.svc.bot_matches) {
      auto admitted = state_.svc.bot_matches->admit(address_);
      if (const auto* refusal = std::get_if<bot_refusal>(&admitted)) return send(bot_refused(*refusal, version, keep));
      request.bot_place = std::make_shared<bot_reservation>(std::move(std::get<bot_reservation>(admitted)));
    }
    auto answer = answer_later(version, keep);
    unless_maintenance(state_, answer, [registry = state_.registry, request = std::move(request), answer,
                                        link_base = state_.svc.cfg->sites.link_base(site_)]() mutable {
      registry->create(std::move(request), [answer, link_base](create_result r) { answer(creation_answer(r, link_base)); });
    });
  }

  // The answer to a match against the computer that the node's bot capacity refuses: 503 when
  // every place is taken, 429 when this address holds its share; both say when to try again.
  http::response<http::string_body> bot_refused(bot_refusal why, unsigned version, bool keep) {
    const bot_capacity& places = *state_.svc.bot_matches;
    state_.svc.stats->rejected(why == bot_refusal::busy ? "bots_busy" : "too_many_bot_matches");
    auto res = why == bot_refusal::busy
                   ? error_response(http::status::service_unavailable, "bots_busy",
                                    "the computer is busy with " + std::to_string(places.global_limit()) +
                                        " matches; try again in a minute",
                                    version, keep)
                   : error_response(http::status::too_many_requests, "too_many_bot_matches",
                                    "this address already plays " + std::to_string(places.per_address_limit()) +
                                        " matches against the computer; finish one first",
                                    version, keep);
    res.set(http::field::retry_after, "60");
    return res;
  }

  // Publishes a game played offline (POST /api/matches/publish), once the request's session is
  // known (maker_refusal); a member's account holds the seat it played against the computer.
  void publish_match(request req, const accounts::auth_result& a) {
    if (auto refused = maker_refusal(req, a)) return send(std::move(*refused));
    const bool member = a.state == accounts::auth_result::status::signed_in;
    answer_publish(state_, std::move(req.body()), address_, member ? a.s.who.id : 0,
                   state_.svc.cfg->sites.link_base(site_), answer_later(req.version(), req.keep_alive()));
  }

  // Answers GET /api/matches/{code} (from < 0) or its log from version from. Where only members
  // play, a match whose creator kept guests out is read only by a signed-in browser (401
  // sign_in_required): its summary says so, and is read first.
  void read_match(request req, std::string code, std::int64_t from) {
    const unsigned version = req.version();
    const bool keep = req.keep_alive();
    auto read = [registry = state_.registry, code, from, done = reading(version, keep, match_unreadable)]() {
      if (from < 0) return registry->describe(code, done);
      registry->log(code, from, done);
    };
    if (state_.svc.cfg->access == access_mode::open) return read();
    with_session(std::move(req), [code, read, version, keep](http_session& self, request, const accounts::auth_result& a) {
      const bool member = a.state == accounts::auth_result::status::signed_in;
      self.state_.registry->describe(code, [member, read, answer = self.answer_later(version, keep)](registry_read r) {
        const auto* summary = std::get_if<json>(&r);
        if (summary && !member && !summary->value("guests_watch", true))
          return answer({401, protocol::messages::http_error("sign_in_required",
                                                             "only signed-in members watch this match; sign in first")});
        if (!summary) return answer(read_answer(std::move(r), match_unreadable));
        read();
      });
    });
  }

  // Answers GET /api/matches/{code}/preview.png; where only members play, the session says
  // whether the browser is a member's.
  void read_preview(request req, std::string code) {
    if (!state_.previews)
      return send(error_response(http::status::not_found, "no_preview", "this server draws no previews", req.version(),
                                 req.keep_alive()));
    if (state_.svc.cfg->access == access_mode::open)
      return answer_preview_png(state_, code, true, address_, answer_later(req.version(), req.keep_alive()));
    with_session(std::move(req), [code](http_session& self, request req, const accounts::auth_result& a) {
      answer_preview_png(self.state_, code, a.state == accounts::auth_result::status::signed_in, self.address_,
                         self.answer_later(req.version(), req.keep_alive()));
    });
  }

  // Serves a match page (/m/{code}): index.html with the match's link-preview tags; the plain
  // file when it cannot be read.
  void match_page(std::string code, unsigned version, bool keep) {
    const std::string& root = state_.svc.cfg->web;
    std::ifstream in(root + "/index.html", std::ios::binary);
    std::ostringstream page;
    if (root.empty() || !in || !(page << in.rdbuf()) || code.empty() || code.find('/') != std::string::npos)
      return send_file("/index.html", version, keep, http::verb::get, true);
    answer_match_page(state_, code, state_.svc.cfg->sites.link_base(site_), page.str(), answer_later(version, keep));
  }

  // Routes one request.
  void handle(request req) {
    state_.svc.stats->http_requests++;
    const std::string_view target(req.target().data(), req.target().size());
    const auto qmark = target.find('?');
    const std::string_view path = target.substr(0, qmark);
    const std::string_view query = qmark == std::string_view::npos ? "" : target.substr(qmark + 1);
    const unsigned version = req.version();
    const bool keep = req.keep_alive();
    const auto method = req.method();
    spdlog::debug("http {} {} from {}", std::string(req.method_string()), std::string(path), address_);

    if (path == "/healthz") return send(text(http::status::ok, "ok\n", "text/plain", version, keep));
    if (path == "/readyz")  // readiness, apart from liveness: the database takes writes, the leases hold
      return state_.registry->readiness([answer = answer_later(version, keep)](std::vector<std::string> reasons) {
        answer(reasons.empty() ? api_answer{200, {{"ready", true}}} : api_answer{503, {{"ready", false}, {"reasons", reasons}}});
      });
    if (path == "/metrics")
      return send(text(http::status::ok, state_.svc.stats->render(),
                       "text/plain; version=0.0.4; charset=utf-8", version, keep));
    if (method == http::verb::options && path.starts_with("/api/")) return send(options(path, version, keep));
    if (auto refused = edge_refusal(req, path)) return send(std::move(*refused));
    if (path == "/api/matches" && method == http::verb::post)
      return with_session(std::move(req), [](http_session& self, request req, const accounts::auth_result& a) {
        self.create_match(std::move(req), a);
      });
    if (path == publish_path && method == http::verb::post)
      return with_session(std::move(req), [](http_session& self, request req, const accounts::auth_result& a) {
        self.publish_match(std::move(req), a);
      });
    if (path == "/api/matches" && method == http::verb::get)
    {
      const std::string preview = query_value(query, "preview");
      if (preview != "" && preview != "0" && preview != "1")
        return send(error_response(http::status::bad_request, "bad_request", "preview must be 0 or 1",
                                   version, keep));
      const std::string status = query_value(query, "status");
      if (status != "" && status != "waiting" && status != "live" && status != "finished")
        return send(error_response(http::status::bad_request, "bad_request",
                                   "status must be waiting, live or finished", version, keep));
      return state_.registry->list(status, query_value(query, "game"), preview == "1",
                                   reading(version, keep, "matches cannot be listed right now"));
    }
    if (const auto preview_code = preview_png_code(path); !preview_code.empty() && method == http::verb::get)
      return read_preview(std::move(req), preview_code);
    if (path.starts_with("/api/matches/") && path.ends_with("/log") && method == http::verb::get) {
      const std::string from_text = query_value(query, "from");
      std::int64_t from = 0;
      if (!from_text.empty()) {
        const auto [p, ec] = std::from_chars(from_text.data(), from_text.data() + from_text.size(), from);
        if (ec != std::errc{} || p != from_text.data() + from_text.size() || from < 0)
          return send(error_response(http::status::bad_request, "bad_request",
                                     "from must be a non-negative integer", version, keep));
      }
      return read_match(std::move(req), std::string(path.substr(13, path.size() - 13 - 4)), from);
    }
    if (path.starts_with("/api/matches/") && method == http::verb::get)
      return read_match(std::move(req), std::string(path.substr(13)), -1);
    if (is_account_route(path) && state_.accounts)
      return handle_account_request(
          *state_.accounts, req, path,
          {address_, site_.scheme == "https", access_name(state_.svc.cfg->access),
           [connections = state_.connections](std::int64_t account, std::function<bool(const std::string&)> ended) {
             if (connections) connections->close_sessions(account, ended, session_ended_close, "session ended");
           }},
          answer_later(version, keep));
    if (is_rating_route(path) && state_.ratings)
      return handle_rating_request(*state_.ratings, req, path, query, state_.svc.time->now_ms(), answer_later(version, keep));
    if (is_admin_route(path))
      return handle_admin_request(state_, req, path, query, {address_, state_.svc.cfg->sites.link_base(site_)},
                                  answer_later(version, keep));
    if (is_webhook_route(path) && state_.webhooks)
      return handle_webhook_request({state_.accounts, state_.webhooks}, req, path, answer_later(version, keep));
    if (is_push_route(path) && state_.vapid)
      return handle_push_request({state_.accounts, state_.push, state_.vapid}, req, path, answer_later(version, keep));
    if (path == "/api/test/clock" && method == http::verb::post && state_.manual_clock)
      return send(advance_clock(req.body(), version, keep));
    if (path.starts_with("/api/"))
      return send(error_response(http::status::not_found, "not_found", "no such API route", version, keep));
    if (path == "/ws")
      return send(error_response(http::status::upgrade_required, "upgrade_required",
                                 "/ws expects a WebSocket upgrade", version, keep));
    if (method != http::verb::get && method != http::verb::head)
      return send(error_response(http::status::method_not_allowed, "method_not_allowed",
                                 "only GET and HEAD serve files", version, keep));
    if (path.starts_with("/m/") && method == http::verb::get) return match_page(std::string(path.substr(3)), version, keep);
    if (path.starts_with("/m/") || path.starts_with("/players/") || path == "/signin" || path == "/signup" ||
        path == "/games" || path == "/account" || path == "/reset" || path == "/admin" || path == "/leaderboard" ||
        path == "/lobby")
      return send_file("/index.html", version, keep, method, true);
    send_file(std::string(path), version, keep, method, false);
  }

  // The refusal of a state-changing API request (any method but GET, HEAD and OPTIONS on
  // /api/…, whichever route it names) by its edge, before any route reads it: 403 bad_origin for
  // an Origin the site does not allow ("null" included), then 415 for a POST (the one method
  // whose body a route reads) not sent as application/json; nullopt when it may go on (a method
  // the route does not take is its 405). The one check of every route, so no route can forget it.
  std::optional<http::response<http::string_body>> edge_refusal(const request& req, std::string_view path) {
    const auto method = req.method();
    if (method == http::verb::get || method == http::verb::head || method == http::verb::options ||
        !path.starts_with("/api/"))
      return std::nullopt;
    if (!origin_ok(req)) return bad_origin(req.version(), req.keep_alive());
    if (method == http::verb::post && !is_json_media_type(req[http::field::content_type]))
      return error_response(http::status::unsupported_media_type, "unsupported_media_type",
                            "the body must be sent as Content-Type: application/json", req.version(),
                            req.keep_alive());
    return std::nullopt;
  }

  // Whether a request may change state or open a WebSocket by its Origin: none (not a
  // browser), or one the site policy allows for the site the request was sent to.
  bool origin_ok(const request& req) const {
    const auto it = req.find(http::field::origin);
    return it == req.end() || state_.svc.cfg->sites.allows_origin(it->value(), site_);
  }

  // The 403 answer to a request from a foreign origin.
  http::response<http::string_body> bad_origin(unsigned version, bool keep) {
    return error_response(http::status::forbidden, "bad_origin",
                          "requests from this origin are not allowed", version, keep);
  }

  // OPTIONS on an API route: 204 with the route's methods in Allow, and no CORS grant.
  http::response<http::string_body> options(std::string_view path, unsigned version, bool keep) {
    std::string allow;
    if (path == "/api/matches") allow = "GET, POST, OPTIONS";
    else if (path == publish_path) allow = "POST, OPTIONS";
    else if (path.starts_with("/api/matches/")) allow = "GET, OPTIONS";
    else if (path == "/api/test/clock" && state_.manual_clock) allow = "POST, OPTIONS";
    else if ((path == "/api/account" || path == "/api/account/matches") && state_.accounts) allow = "GET, OPTIONS";
    else if (is_account_route(path) && state_.accounts) allow = "POST, OPTIONS";
    else if (is_admin_route(path) && state_.admin) allow = "GET, POST, OPTIONS";
    else if (is_rating_route(path) && state_.ratings) allow = "GET, OPTIONS";
    else if (is_webhook_route(path) && state_.webhooks) allow = std::string(webhook_route_methods(path)) + ", OPTIONS";
    else if (is_push_route(path) && state_.vapid) allow = push_route_methods(path) == "POST" ? "POST, OPTIONS" : "GET, OPTIONS";
    else return error_response(http::status::not_found, "not_found", "no such API route", version, keep);
    http::response<http::string_body> res{http::status::no_content, version};
    res.set(http::field::allow, allow);
    res.keep_alive(keep);
    return res;
  }

  // A registry read's callback: its read_answer, posted back to this session and sent.
  std::function<void(registry_read)> reading(unsigned version, bool keep, std::string_view unavailable_message) {
    return [answer = answer_later(version, keep), unavailable_message](registry_read r) {
      answer(read_answer(std::move(r), unavailable_message));
    };
  }

  // A callback that posts an API answer back to this session's strand and sends it.
  std::function<void(api_answer)> answer_later(unsigned version, bool keep) {
    return [self = shared_from_this(), version, keep](api_answer a) {
      net::post(self->stream_.get_executor(), [self, version, keep, a = std::move(a)] {
        if (!a.file_path.empty()) return self->send_download(a, version, keep);
        auto res = self->text(static_cast<http::status>(a.status), a.bytes ? *a.bytes : a.body.dump(),
                              "application/json", version, keep);
        for (const auto& [name, value] : a.headers) res.set(name, value);
        self->send(std::move(res));
      });
    };
  }

  // Sends the file a.file_path names as the answer's body with a's headers, then removes its name
  // (the open file stays readable until sent); 503 when it cannot be opened.
  void send_download(const api_answer& a, unsigned version, bool keep) {
    http::file_body::value_type body;
    beast::error_code ec;
    body.open(a.file_path.c_str(), beast::file_mode::scan, ec);
    std::error_code removed;
    fs::remove(a.file_path, removed);
    if (ec)
      return send(error_response(http::status::service_unavailable, "unavailable", "the file could not be read",
                                 version, keep));
    const auto size = body.size();
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(static_cast<http::status>(a.status), version)};
    for (const auto& [name, value] : a.headers) res.set(name, value);
    res.set(http::field::cache_control, "no-store");
    res.content_length(size);
    res.keep_alive(keep);
    send(std::move(res));
  }

  // Serves a file under --web (the fallback page for a missing match page).
  void send_file(std::string path, unsigned version, bool keep, http::verb method, bool match_page) {
    if (path.find("..") != std::string::npos || path.find('\\') != std::string::npos ||
        path.find('\0') != std::string::npos || path.empty() || path[0] != '/')
      return send(error_response(http::status::bad_request, "bad_path", "bad path", version, keep));
    if (path.back() == '/') path += "index.html";
    const std::string& root = state_.svc.cfg->web;
    std::string full = root + path;
    std::error_code fec;
    if (!root.empty() && fs::is_directory(full, fec)) full += "/index.html";
    http::file_body::value_type body;
    beast::error_code ec;
    if (!root.empty()) body.open(full.c_str(), beast::file_mode::scan, ec);
    if (root.empty() || ec) {
      if (match_page || path == "/index.html")
        return send(text(http::status::ok, std::string(fallback_page), "text/html; charset=utf-8",
                         version, keep));
      return send(error_response(http::status::not_found, "not_found", "no such file", version, keep));
    }
    const auto size = body.size();
    if (method == http::verb::head) {
      http::response<http::empty_body> res{http::status::ok, version};
      res.set(http::field::content_type, mime_type(full));
      res.content_length(size);
      res.keep_alive(keep);
      return send(std::move(res));
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, version)};
    res.set(http::field::content_type, mime_type(full));
    res.set(http::field::cache_control, cache_control_of(path));
    res.content_length(size);
    res.keep_alive(keep);
    send(std::move(res));
  }

  http::response<http::string_body> text(http::status status, std::string body,
                                         std::string_view type, unsigned version, bool keep) {
    http::response<http::string_body> res{status, version};
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(keep);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
  }

  // POST /api/test/clock {"advance_ms": N} (only with --clock manual): moves the server's
  // clock forward, firing due timers, and answers {"now_ms": …}.
  http::response<http::string_body> advance_clock(const std::string& body_text, unsigned version,
                                                  bool keep) {
    std::string why;
    auto body = parse_client_json(body_text, why);
    if (!body || !body->is_object() || !(*body)["advance_ms"].is_number_integer() ||
        (*body)["advance_ms"].get<std::int64_t>() < 0)
      return error_response(http::status::bad_request, "bad_request",
                            "the body is {\"advance_ms\": a non-negative integer}", version, keep);
    const auto now = state_.manual_clock->advance((*body)["advance_ms"].get<std::int64_t>());
    return text(http::status::ok, protocol::messages::clock_advanced(now).dump(), "application/json", version, keep);
  }

  http::response<http::string_body> error_response(http::status status, std::string_view code,
                                                   std::string_view message, unsigned version,
                                                   bool keep) {
    return text(status, protocol::messages::http_error(code, message).dump(), "application/json",
                version, keep);
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
  net::ip::address peer_;  // the TCP peer
  std::string address_;    // the client: the peer, or whom a trusted proxy names
  std::string local_host_ = "localhost";  // this end's address:port (the site without a Host)
  request_site site_;      // where the current request was sent
  metrics* stats_;         // outlives the session (the I/O context may destroy it after state_)
  bool answering_ = false; // a request was read and its answer is not written yet
};

}  // namespace

void fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == beast::error::timeout || ec == net::error::eof || ec == net::error::connection_reset ||
      ec == http::error::end_of_stream)
    spdlog::debug("{}: {}", what, ec.message());
  else
    spdlog::warn("{}: {}", what, ec.message());
}

template <class Stream>
void serve_http(Stream&& stream, shared_state& state) {
  std::make_shared<http_session<Stream>>(std::move(stream), state)->run();
}

template void serve_http(conn_stream&&, shared_state&);
#ifdef TABULEIRO_TEST_STREAMS
template void serve_http(beast::test::stream&&, shared_state&);
#endif

}  // namespace tabuleiro::server

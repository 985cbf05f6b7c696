#include "server/net/websocket_session.h"

#include <atomic>
#include <array>
#include <variant>

#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "protocol/core/request.h"
#include "server/net/account_api.h"
#include "server/net/frame_guard.h"
#include "server/net/net.h"
#include "server/net/rtt_meter.h"
#include "server/util/display_name.h"
#include "server/util/rate_limit.h"

#ifdef TABULEIRO_TEST_STREAMS
#include <boost/beast/_experimental/test/stream.hpp>
#endif

namespace tabuleiro::server {

namespace {

// Messages a connection may have waiting to be written before it counts as a slow reader.
constexpr std::size_t write_queue_limit = 256;

// How often a connection's round trip is measured (PROTOCOL.md, lag compensation).
constexpr std::int64_t rtt_ping_every_ms = 5000;

// Seconds as a steady_clock duration.
std::chrono::steady_clock::duration seconds(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
}

// One WebSocket connection speaking the match protocol over NextLayer (a plain conn_socket:
// the WebSocket's own timeouts replace conn_stream's, whose state an idle connection would
// otherwise carry; the fuzz build adds beast::test::stream), read through a frame_guard.
// Thread-safety: all state lives on the stream's strand; send/close post onto it.
template <class NextLayer>
class websocket_session : public client, public std::enable_shared_from_this<websocket_session<NextLayer>> {
  using std::enable_shared_from_this<websocket_session<NextLayer>>::shared_from_this;

 public:
  websocket_session(NextLayer&& stream, shared_state& state, peer_identity who)
      : ws_(std::move(stream),
            frame_scanner(max_message_bytes, static_cast<std::int64_t>(state.svc.cfg->handshake_timeout_s * 1000)),
            *state.svc.time),
        state_(state),
        address_(std::move(who.address)),
        account_(std::move(who.account)),
        session_hash_(std::move(who.session_hash)),
        id_(new_client_id()),
        bucket_(state.svc.cfg->msg_rate, state.svc.cfg->msg_burst, std::chrono::steady_clock::now()) {}

  std::uint64_t id() const override { return id_; }

  std::int64_t rtt_ms() const override { return rtt_.rtt_ms(); }

  bool acks_in_patch() const override { return acks_in_patch_; }

  bool wants_legal() const override { return wants_legal_; }

  std::int64_t account_id() const override { return account_ ? account_->id : 0; }

  std::string account_name() const override { return account_ ? account_->display_name : ""; }

  void send(shared_text msg) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), msg = std::move(msg)] { self->on_send(std::move(msg)); });
  }

  void close(std::uint16_t code, std::string reason) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
      self->on_close_request(code, std::move(reason));
    });
  }

  // Accepts the upgrade with the configured limits and timeouts.
  void run(http::request<http::string_body> req) {
    const config& cfg = *state_.svc.cfg;
    websocket::stream_base::timeout t;
    t.handshake_timeout = seconds(cfg.handshake_timeout_s);
    t.idle_timeout = seconds(cfg.idle_timeout_s);
    t.keep_alive_pings = true;
    ws_.set_option(t);
    // The size limit is ours (see do_read): Beast's own would end the connection by closing the
    // socket under unread data, which resets it instead of completing the close handshake.
    ws_.read_message_max(0);
    // A frame header that announces too much, or a message that takes too long, is refused
    // as soon as its bytes arrive (frame_guard.h).
    ws_.next_layer().on_refusal([weak = std::weak_ptr<websocket_session>(shared_from_this())](frame_refusal r) {
      if (auto self = weak.lock())
        net::post(self->ws_.get_executor(), [self, r = std::move(r)] { self->on_frame_refused(r); });
    });
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "tabuleiro"); }));
    ws_.async_accept(req, beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
  }

 private:
  // A queued outgoing item: a text message, or a close frame with its code.
  struct close_frame {
    std::uint16_t code;
    std::string reason;
  };
  using outgoing = std::variant<shared_text, close_frame>;
  // Where the connection is: upgrading, open, closing (a close frame queued, or dropped as a
  // slow reader; input is drained), closed (its read loop ended).
  enum class phase { handshake, open, closing, closed };

  void on_accept(beast::error_code ec) {
    if (ec) return fail(ec, "ws accept");
    phase_ = phase::open;
    state_.svc.stats->ws_open++;
    state_.svc.stats->ws_total++;
    spdlog::info("ws #{} open from {}", id_, address_);
    state_.connections.track(shared_from_this(), session_hash_);
    // Round trips for lag compensation: our own WebSocket pings, which every client (a
    // browser included) answers by itself with a pong carrying the same payload.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view payload) {
      if (kind == websocket::frame_type::pong)
        rtt_.on_pong(std::string_view(payload.data(), payload.size()), std::chrono::steady_clock::now());
    });
    do_read();
  }

  // Sends one round-trip ping (unless one is being written or the connection closes) and
  // schedules the next. Only for a connection that asked for a seat: spectators have no clock
  // to compensate, and idle watchers then cost no timer and no traffic. Not with the manual
  // clock (tests): no round trip is measured there, so no lag is credited and timed tests
  // stay exact.
  void do_rtt_ping() {
    if (phase_ != phase::open || state_.manual_clock) return;
    if (auto payload = rtt_.start(std::chrono::steady_clock::now()))
      ws_.async_ping(websocket::ping_data(payload->c_str()),
                     [self = shared_from_this()](beast::error_code) { self->rtt_.written(); });
    std::weak_ptr<websocket_session> weak = shared_from_this();
    rtt_.schedule(state_.svc.time->call_after(rtt_ping_every_ms, ws_.get_executor(), [weak] {
      if (auto self = weak.lock()) self->do_rtt_ping();
    }));
  }

  // Reads the next piece of a message into in_.chunk: at most one byte past the size limit while
  // it counts (a message over it is refused whole, its frames counted together). A fixed
  // chunk, not a dynamic buffer, so that an idle connection's pending read holds no heap.
  void do_read() {
    const bool closing = phase_ != phase::open;
    const std::size_t room = closing ? in_.chunk.size()
                                     : std::min(in_.chunk.size(), max_message_bytes + 1 - in_.message.size());
    ws_.async_read_some(net::buffer(in_.chunk.data(), room),
                        beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
  }

  // Closes with the frame guard's refusal (before the frame's payload arrived).
  void on_frame_refused(const frame_refusal& r) {
    if (phase_ != phase::open) return;
    state_.svc.stats->rejected(r.counter);
    spdlog::info("ws #{} refused: {}", id_, r.reason);
    on_close_request(r.code, r.reason);
  }

  // Forgets the message being read, and its memory.
  void drop_message() { std::string().swap(in_.message); }

  // One piece read: drains while closing, refuses an oversized message with 1009 (and keeps
  // reading until the peer answers the close), handles a complete message.
  void on_read(beast::error_code ec, std::size_t n) {
    if (ec) {
      finish(ec);
      return;
    }
    if (phase_ != phase::open) {  // a close is on its way: ignore further input
      drop_message();
      return do_read();
    }
    in_.message.append(in_.chunk.data(), n);
    if (in_.message.size() > max_message_bytes) {
      state_.svc.stats->rejected("too_large");
      on_close_request(1009, "message larger than 16 KiB");
      drop_message();
      return do_read();
    }
    if (!ws_.is_message_done()) return do_read();
    if (!bucket_.take(std::chrono::steady_clock::now())) {
      state_.svc.stats->rejected("rate_limited");
      on_send(share_text(protocol::messages::error("rate_limited", "too many messages")));
      on_close_request(1008, "rate limit");
      drop_message();
      return do_read();
    }
    if (ws_.got_binary()) {
      state_.svc.stats->rejected("binary");
      on_close_request(1003, "binary frames are refused");
      drop_message();
      return do_read();
    }
    const std::string text = std::move(in_.message);
    drop_message();
    handle(text);
    do_read();
  }

  // Dispatches one client message, parsed once into a typed request (protocol/core/request.h).
  void handle(const std::string& text) {
    std::string why;
    auto msg = parse_client_json(text, why);
    if (!msg) return protocol_error("bad_json", why);
    std::visit([&](auto&& r) { this->on_request(std::move(r)); }, protocol::parse_request(*msg));
  }

  // A malformed message: its documented refusal, unless the connection is not where it could
  // send it (a room request before a join: not_joined; a second join: already_joined); a
  // malformed room request goes to the room, whose own refusals may come first.
  void on_request(protocol::request_error e) {
    if (e.for_room) {
      if (!room_) return not_joined(e.id);
      return room_->refuse(shared_from_this(), std::move(e));
    }
    if (e.is_join && join_requested_) return protocol_error("already_joined", "this connection already joined");
    state_.svc.stats->rejected(e.code);
    on_send(share_text(e.as == protocol::request_error::envelope::error
                           ? protocol::messages::error(e.code, e.message, e.id)
                           : protocol::messages::reject(e.id, e.code, e.message)));
  }

  void on_request(protocol::client_request r) {
    std::visit([&](auto&& q) { this->on(std::move(q)); }, std::move(r));
  }

  void on(protocol::ping_request p) { on_send(share_text(protocol::messages::pong(p.t))); }

  void on(protocol::room_request r) {
    if (!room_) return not_joined(protocol::request_id(r));
    room_->request(shared_from_this(), std::move(r));
  }

  // A room request from a connection that joined no match (id echoed when it is one).
  void not_joined(json id) {
    if (!(id.is_string() || id.is_number_integer())) id = nullptr;
    state_.svc.stats->rejected("not_joined");
    on_send(share_text(protocol::messages::error("not_joined", "send join first", id)));
  }

  // Hands a join to the match's room, once per connection.
  void on(protocol::join_request j) {
    if (join_requested_) return protocol_error("already_joined", "this connection already joined");
    if (j.name) j.name = clean_display_name(*j.name);
    if (account_ && (!j.name || j.name->empty())) j.name = account_->display_name;  // a member's seat shows its name
    if (!account_ && state_.svc.cfg->access != access_mode::open) {
      // Only members play here: a guest's seat token is refused, and a guest's join watches.
      if (j.token)
        return protocol_error("sign_in_required", "only signed-in members play on this server; sign in first");
      j.spectator = true;
    }
    join_requested_ = true;
    acks_in_patch_ = j.acks_in_patch;  // before the room hears of this connection
    wants_legal_ = j.legal;
    if (!j.spectator || j.token) do_rtt_ping();
    const std::string code = j.code;
    state_.registry.find(code, [self = shared_from_this(), j = std::move(j)](std::shared_ptr<room> r,
                                                                             rooms::lookup how) mutable {
      net::post(self->ws_.get_executor(), [self, r = std::move(r), how, j = std::move(j)]() mutable {
        if (!r) {
          self->join_requested_ = false;
          if (how == rooms::lookup::absent) return self->protocol_error("unknown_match", "no match has this code");
          if (how == rooms::lookup::elsewhere) {  // the client reconnects, routed anew
            self->state_.svc.stats->rejected("match_elsewhere");
            return send_moved(*self);
          }
          return self->protocol_error("storage_error", "the match cannot be read right now; try again");
        }
        if (self->phase_ == phase::handshake || self->phase_ == phase::closed) return;  // closed meanwhile
        self->room_ = r;
        r->join(self, std::move(j));
      });
    });
  }

  // Subscribes this connection to the match list feed (once per connection).
  void on(protocol::watch_list_request w) {
    state_.list_feed.watch(shared_from_this(), w.preview);
    watching_ = true;
  }

  // Hands a lobby request to the lobby, with this connection's member (a guest may only watch).
  void on(protocol::lobby_request r) {
    std::optional<social::lobby_member> who;
    if (account_) who = social::lobby_member{account_->id, account_->username, account_->display_name};
    lobby_used_ = true;
    state_.lobby.request(shared_from_this(), std::move(who), std::move(r));
  }

  void protocol_error(const std::string& code, const std::string& message) {
    state_.svc.stats->rejected(code);
    on_send(share_text(protocol::messages::error(code, message)));
  }

  void on_send(shared_text msg) {
    if (phase_ != phase::open) return;
    if (queue_.size() >= write_queue_limit) {
      state_.svc.stats->slow_closed++;
      spdlog::warn("ws #{} closed: write queue full (slow reader)", id_);
      phase_ = phase::closing;
      close_transport();
      return;
    }
    queue_.push_back(std::move(msg));
    if (queue_.size() == 1) do_write();
  }

  void on_close_request(std::uint16_t code, std::string reason) {
    if (phase_ != phase::open) return;
    phase_ = phase::closing;
    close_code_ = code;
    queue_.push_back(close_frame{code, std::move(reason)});
    if (queue_.size() == 1) do_write();
  }

  void do_write() {
    if (auto* c = std::get_if<close_frame>(&queue_.front())) {
      websocket::close_reason why;
      why.code = c->code;
      why.reason = c->reason;
      return ws_.async_close(why, [self = shared_from_this()](beast::error_code ec) {
        if (ec) fail(ec, "ws close");
        self->queue_.clear();
      });
    }
    const shared_text& msg = std::get<shared_text>(queue_.front());
    ws_.text(true);
    ws_.async_write(net::buffer(*msg), beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t bytes) {
    if (ec) {
      queue_.clear();
      return fail(ec, "ws write");
    }
    state_.svc.stats->messages_sent++;
    state_.svc.stats->bytes_sent += bytes;
    queue_.erase(queue_.begin());
    if (!queue_.empty()) return do_write();
    std::vector<outgoing>().swap(queue_);
  }

  // Drops the connection at once, with no close handshake.
  void close_transport() {
    if constexpr (std::is_same_v<NextLayer, conn_socket>) {
      beast::error_code ec;
      beast::get_lowest_layer(ws_).close(ec);
    } else {
      beast::get_lowest_layer(ws_).close();
    }
  }

  // The read loop ended: leave the room and forget the connection.
  void finish(beast::error_code ec) {
    if (phase_ == phase::handshake || phase_ == phase::closed) return;
    phase_ = phase::closed;
    state_.svc.stats->ws_open--;
    state_.connections.forget(id_);
    rtt_.cancel();
    if (room_) room_->leave(id_);
    if (watching_) state_.list_feed.unwatch(id_);
    if (lobby_used_) state_.lobby.leave(id_);
    const auto reason = ws_.reason();
    spdlog::info("ws #{} closed: {} (close code {})", id_, ec.message(),
                 close_code_ ? close_code_ : static_cast<int>(reason.code));
  }

  websocket::stream<frame_guard<NextLayer>> ws_;
  struct {
    std::array<char, 128> chunk;  // each read's landing place (an action fits in one)
    std::string message;          // the message read so far
  } in_;
  shared_state& state_;
  std::string address_;
  const std::optional<accounts::account> account_;  // signed in at the upgrade, if at all
  const std::string session_hash_;                  // the session it signed in by (closed when that session ends)
  const std::uint64_t id_;
  std::vector<outgoing> queue_;  // front first; its memory released whenever it empties
  std::shared_ptr<room> room_;
  phase phase_ = phase::handshake;
  bool join_requested_ = false;
  bool watching_ = false;
  bool lobby_used_ = false;     // sent a lobby request: the lobby hears when it closes
  bool acks_in_patch_ = false;  // set by the join, before any room reads it
  bool wants_legal_ = true;     // the same
  int close_code_ = 0;
  token_bucket bucket_;  // the message rate limit
  rtt_meter rtt_;        // the round trip (read by the room)
};

}  // namespace

template <class NextLayer>
void serve_websocket(NextLayer&& stream, http::request<http::string_body> req, shared_state& state,
                     std::string address) {
  const std::string id = session_id_of(req);
  if (id.empty())
    return std::make_shared<websocket_session<NextLayer>>(std::move(stream), state,
                                                          peer_identity{std::move(address), {}, ""})
        ->run(std::move(req));
  struct upgrade {
    NextLayer stream;
    http::request<http::string_body> req;
  };
  auto held = std::make_shared<upgrade>(upgrade{std::move(stream), std::move(req)});
  state.accounts.authenticate(id, [held, &state, address = std::move(address)](accounts::auth_result a) {
    peer_identity who{address, std::nullopt, ""};
    if (a.state == accounts::auth_result::status::signed_in) {
      who.account = a.s.who;
      who.session_hash = a.s.id_hash;
    }
    const auto executor = held->stream.get_executor();
    net::post(executor, [held, &state, who = std::move(who)]() mutable {
      std::make_shared<websocket_session<NextLayer>>(std::move(held->stream), state, std::move(who))
          ->run(std::move(held->req));
    });
  });
}

template void serve_websocket(conn_socket&&, http::request<http::string_body>, shared_state&, std::string);
#ifdef TABULEIRO_TEST_STREAMS
template void serve_websocket(beast::test::stream&&, http::request<http::string_body>, shared_state&, std::string);
#endif

}  // namespace tabuleiro::server

// One hosted match: the connections in it and the parts it drives (seats, draw and rematch
// offers, clock timer, bot seat, listing). Its state changes go through a sequencer (queue →
// check → apply → durable append → publish) and reach the viewers through a match_feed.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "protocol/core/request.h"
#include "server/bots/pool.h"
#include "server/bots/seat.h"
#include "server/config/config.h"
#include "server/room/chat.h"
#include "server/room/client.h"
#include "server/room/clock_timer.h"
#include "server/room/seat_connections.h"
#include "server/room/draw_offers.h"
#include "server/room/feed.h"
#include "server/room/listing.h"
#include "server/room/match_clock.h"
#include "server/room/notices.h"
#include "server/room/rematch_offers.h"
#include "server/room/room_events.h"
#include "server/room/seats.h"
#include "server/room/sequencer.h"
#include "server/room/summary.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

// A rematch as the registry created it: the store's status and, when ok, the new match's
// code and the token of each player by its OLD seat (token[0]: who held seat 1 here, now
// seat 2 there).
struct rematch_result {
  write_status status = write_status::unavailable;
  std::string code;
  std::array<std::string, 2> token;
};

// Creates the rematch of a finished match (row: as stored, current seats and names) and
// calls done once it is durable or refused (the registry: server/registry/create.cpp).
using rematch_maker = std::function<void(const match_row& row, std::function<void(rematch_result)> done)>;

// What every room shares: storage, counters, settings, time, and the hooks into the services
// around it. Built complete by the node (server/node/node.h) and never changed afterwards.
struct room_services {
  store* db = nullptr;
  metrics* stats = nullptr;
  const config* cfg = nullptr;
  time_source* time = nullptr;
  net::any_io_executor blocking;        // where blocking work (store reads, replays, retries) runs
  bot_pool* bots = nullptr;             // where computer players think (null: bot seats stay idle)
  bot_capacity* bot_matches = nullptr;  // the places of matches with a computer player (null: no limit)
  list_sink list_feed;                  // where public rooms post their summaries (empty: nowhere)
  rematch_maker make_rematch;           // the registry's (server/registry/create.cpp)
  // Asks whether new matches are paused (maintenance, set by an administrator); answers on any
  // thread: true, false, or nullopt when the database could not say. Empty: never paused.
  std::function<void(std::function<void(std::optional<bool>)>)> new_matches_paused;
  // Settles a rated match's ratings once its end is durable, or reads back those settled before,
  // and calls shown with them (messages::match_ratings) on any thread; not at all when the
  // database could not say. Empty: ratings are not kept.
  std::function<void(const std::string& code, std::function<void(nlohmann::json)> shown)> settle_ratings;
  // A match's ratings as settled (messages::match_ratings), or null (not settled, unrated, or not
  // known now), for its exported log; blocks on a read (the registry's blocking work). Empty: none.
  std::function<nlohmann::json(const std::string& code)> read_ratings;
  // A room whose lease the fence refused (a cluster) calls it with its code (from its strand)
  // so that the registry forgets the room.
  std::function<void(const std::string& code)> lease_lost;
  // Where the players' notices go (server/notify/: Web Push); empty: nowhere.
  notify::notice_sink notify;
};

// Tells c that its match is served by another node now and closes it with 4001 (it
// reconnects, and is routed to the match's node).
void send_moved(client& c);

// A match being hosted. Every state change happens on the room's strand, and is acknowledged
// and broadcast only after the store has committed it. The room holds the connections in it
// and drives its parts: the seats, the draw and rematch offers, the clock and its timer, the
// computer player's seat and the published listing.
// Thread-safety: public methods may be called from any thread; they post to the strand,
// except summary(), entry() and evictable(), which read the listing's mutex-guarded copy.
class room final : public std::enable_shared_from_this<room>, private sequencer_host {
 public:
  // A room for a stored match whose state (after its logged changes) is m at version, with
  // the clocks replayed from its log (default: the row's clock option, not started).
  room(net::io_context& ioc, room_services services, match_row row, std::unique_ptr<protocol::match> m,
       std::int64_t version, std::optional<engine::outcome> outcome, std::optional<match_clock> clock = std::nullopt);
  ~room() override;

  // Rebuilds a room from its stored row and log by replaying the log through the engine (and
  // the clocks from the log's times); a deadline that passed meanwhile is decided at once.
  // Returns nullptr and sets error when the game is unknown or the log does not replay.
  static std::shared_ptr<room> restore(net::io_context& ioc, room_services services, const match_row& row,
                                       const std::vector<action_row>& log, std::string& error);

  // Handles a client's join (its name already cleaned).
  void join(std::shared_ptr<client> c, protocol::join_request j);
  // Handles a request from a client that joined this room.
  void request(std::shared_ptr<client> c, protocol::room_request r);
  // Refuses a malformed request of a client that joined this room (its place among the
  // room's own refusals kept: e.refused_after).
  void refuse(std::shared_ptr<client> c, protocol::request_error e);
  // Forgets a closed client.
  void leave(std::uint64_t client_id);
  // Housekeeping: records abandonment when seats stayed away too long.
  void tick();
  // Ends the match as aborted by the server's host, with reason (at most 200 bytes) for every
  // viewer to read; done(true) once the change is queued (it is logged and published like any
  // other), done(false) when the match is already over or being aborted. Called from any thread;
  // done runs on the room's strand.
  void abort_by_host(std::string reason, std::function<void(bool)> done);
  // Closes every client with 1001 (server shutting down) and stops the bot's thinking.
  void shutdown();
  // The match is (or is about to be) served by another node: tells every client and closes it
  // with 4001 so that it reconnects (and is routed to the match's node), stops the bot, and
  // writes nothing more. The registry has forgotten the room already.
  void move_away();
  // Fences every append with l, this node's lease of the match (cluster only). Called once,
  // before the room is registered and started.
  void hold(lease l) { seq_.fence(std::move(l)); }
  // Whether any connection (a player's or a spectator's) is in the room now. Any thread.
  bool has_members() const { return member_count_.load() > 0; }
  // Starts the room's own activity once it is registered (after creation or a restore): arms
  // the clock's timer and lets the bot, if it has one, think when its seat may act.
  void start();

  // The public description served by GET /api/matches/{code}.
  summary_ptr summary() const { return listing_.summary(); }
  // The match list's entry now: summary, preview, code and whether the match is over.
  list_entry entry() const { return listing_.entry(); }
  // True when the room may be dropped from memory (finished, nobody here, nothing pending).
  bool evictable() const { return listing_.evictable(); }
  const std::string& code() const { return row_.code; }
  // Whether a connection without an account may watch: everywhere but where only members play
  // and the match's creator said no (its summary, log and list entry are then members' only too).
  bool guests_may_watch() const { return row_.guests_watch || svc_.cfg->access == access_mode::open; }

 private:
  // One connected viewer.
  struct member {
    std::weak_ptr<client> c;
    int seat = 0;                  // 0 = spectator
    bool history_pending = false;  // a history page is being built for it
    bool legal = true;             // it wants the legal fields (client::wants_legal)
  };
  // Where the room is in its life: serving, closing (shutdown), or served by another node.
  enum class phase { open, closing, moved_away };

  // Joining (room.cpp).
  void do_join(const std::shared_ptr<client>& c, const protocol::join_request& j);
  void claim_seat(const std::shared_ptr<client>& c, int seat, std::optional<std::int64_t> version);
  void on_seat_claimed(write_status status, std::weak_ptr<client> weak, int seat, const std::string& hash,
                       const std::string& token, std::optional<std::int64_t> version, std::int64_t at_ms,
                       std::int64_t user_id);
  void replace_holder(int seat, std::uint64_t client_id);
  void admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
             std::optional<std::int64_t> client_version);
  void store_name(int seat, const std::string& name);
  void do_leave(std::uint64_t client_id);
  void do_tick();

  // Requests (requests.cpp): one handler per request type, after do_request found the
  // sender's seat.
  void do_request(const std::shared_ptr<client>& c, protocol::room_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, protocol::act_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::resign_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::draw_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::abort_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::rematch_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::resync_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::history_request& r);
  // The chat (chat.cpp).
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::chat_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::chat_mute_request& r);
  void on_request(const std::shared_ptr<client>& c, int seat, const protocol::chat_report_request& r);
  // Connection c (joined in seat, 0 for a spectator) as the chat sees it: its account, and the
  // seat it reads and writes as: its seat, or, for a spectator signed in to the account that
  // holds a seat, that seat — a player watching their own match on another socket reads the
  // players' chat, not the spectators'.
  chat_reader chat_reader_of(const client& c, int seat) const {
    return {seat != 0 ? seat : seats_.seat_of_user(c.account_id()), c.account_id()};
  }
  // Sends c (in seat) the chat history the chat gives it now (match_chat::history).
  void send_chat_history(const std::shared_ptr<client>& c, int seat, bool always = false);
  void do_refuse(const std::shared_ptr<client>& c, const protocol::request_error& e);
  // The refusal of a change by seat before anything else is checked, if any: a spectator,
  // a match over, or (when needs_start) a match not started.
  std::optional<rule_error> may_change(int seat, bool needs_start) const;
  // Publishes what a part (room_events.h) decided on c's request id (c in seat).
  void publish_events(const std::shared_ptr<client>& c, int seat, const json& id, room_events events);
  // Both agreed on a rematch, and new matches are paused or not (nullopt: unknown): the registry
  // makes it (on_rematch_made follows), or the requester hears why not.
  void on_rematch_allowed(std::optional<bool> paused, std::uint64_t client_id, const json& id);
  void on_rematch_made(const rematch_result& r, std::uint64_t client_id, const json& id);
  void send_history(const std::shared_ptr<client>& c, int seat, const json& id, std::int64_t from);

  // The connection record (seat_connections.h, decided there). Whether seat's connections count
  // now: the match runs, this server is not stopping, and the seat is a person's.
  bool counts_connection(int seat) const {
    return phase_ == phase::open && !seq_.outcome() && seats_.both_taken() && !is_bot(seat);
  }
  // Where the record's totals end: the match's end, or now.
  std::int64_t connections_until_ms() const {
    return seq_.outcome() && listing_.finished_ms() ? listing_.finished_ms() : svc_.time->now_ms();
  }

  // The server's own changes (room.cpp): the clock's flag, the bot's actions.
  void on_clock_due();
  void submit_flag(int seat);
  // Arms the clock's timer, and the notices' watch on the running time (watch_time).
  void arm_clock();
  // Tells the running seat the time thresholds it passed, and looks again at the next one.
  void watch_time();
  void consider_bot();
  void on_bot_action(std::int64_t version, json action);
  bool is_bot(int seat) const { return bot_ && bot_->seat() == seat; }

  // After a commit (room.cpp).
  void update_clock(const change_request& r);
  void publish(const change_request& r, protocol::publication pub);
  // For each viewer class, whether its patches carry the legal fields: unless connections of
  // the class are here and none of them wants them.
  std::array<bool, 3> legal_wanted() const;
  void announce_end();
  // A rated match over: asks for its ratings, which every viewer is sent once they are known.
  void settle_ratings();

  // Messages.
  void reject_to(const std::shared_ptr<client>& c, const json& id, const std::string& code, const std::string& message);
  void send_to_all(const shared_text& msg);
  // Publishes the summary, then sends every member the presence message.
  void broadcast_presence();
  // Sends every member the presence message (the summary already published).
  void send_presence();
  json presence() const;
  // Each seat's presence now (countdowns to abandonment included), and the spectators' count.
  std::array<protocol::messages::seat_presence, 2> seat_presence() const;
  std::size_t spectators() const;
  json outcome_json() const;
  bool over() const { return seq_.outcome().has_value() || phase_ != phase::open; }
  std::shared_ptr<client> member_client(std::uint64_t id) const;
  // Publishes the summary (and hands it to the list feed when it changed; always, when
  // version_moved: the caller committed a change).
  void update_summary(bool version_moved = false);

  // sequencer_host
  std::optional<rule_error> vet(change_request& r) override;
  void on_committed(const change_request& r, protocol::publication pub) override;
  void on_refused(const change_request& r, const rule_error& e) override;
  std::shared_ptr<void> anchor() override { return shared_from_this(); }
  void on_lease_lost() override;

  room_strand strand_;
  room_services svc_;
  match_row row_;  // as created (its rematch code kept current)
  sequencer seq_;
  match_feed feed_;
  std::map<std::uint64_t, member> members_;
  std::atomic<std::size_t> member_count_{0};  // members_.size(), for has_members() from any thread
  seats seats_;
  draw_offers draws_;
  rematch_offers rematches_;
  clock_timer clock_;
  std::unique_ptr<bot_seat> bot_;  // the computer player's seat, if any
  room_listing listing_;
  nlohmann::json ratings_;  // a rated match's ratings once settled (match_ratings), else null
  match_chat chat_;
  match_notices notices_;
  seat_connections connections_;
  const std::int64_t first_version_;     // the match's version when this room was made
  std::shared_ptr<timer> notice_timer_;  // when notices_ looks at the clocks next, or null
  phase phase_ = phase::open;
};

}  // namespace tabuleiro::server

// One hosted match: membership and presence, seats and their tokens, draw offers and
// abandonment. Its state changes go through a sequencer (queue → check → apply → durable
// append → publish) and reach the viewers through a match_feed.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/game.h"
#include "server/bot_player.h"
#include "server/bot_pool.h"
#include "server/client.h"
#include "server/clock.h"
#include "server/config.h"
#include "server/match_clock.h"
#include "server/match_feed.h"
#include "server/match_summary.h"
#include "server/metrics.h"
#include "server/mutex.h"
#include "server/sequencer.h"
#include "server/store.h"
#include "server/wire.h"

namespace tabuleiro::server {

class lobby;

// A rematch as the registry created it: the store's status and, when ok, the new match's
// code and the token of each player by its OLD seat (token[0]: who held seat 1 here, now
// seat 2 there).
struct rematch_result {
  write_status status = write_status::unavailable;
  std::string code;
  std::array<std::string, 2> token;
};

// Creates the rematch of a finished match (row: as stored, current seats and names) and
// calls done once it is durable or refused (server/rematch.cpp).
using rematch_maker = std::function<void(const match_row& row, std::function<void(rematch_result)> done)>;

// What every room shares: storage, counters, settings, time.
struct room_services {
  store* db = nullptr;
  metrics* stats = nullptr;
  const config* cfg = nullptr;
  time_source* time = nullptr;
  net::any_io_executor blocking;  // where blocking work (store reads, replays) runs
  bot_pool* bots = nullptr;       // where computer players think (null: bot seats stay idle)
  lobby* list_feed = nullptr;     // where public rooms post their summaries (null: nowhere)
  rematch_maker make_rematch;     // set by the registry
  // Set by the registry in a cluster: a room whose lease the fence refused calls it with its
  // code (from its strand) so that the registry forgets the room.
  std::function<void(const std::string& code)> lease_lost;
};

// A join message, validated by the session: sit (or resume a seat by token) or watch, and
// the version the client already has (for a catch-up instead of a full view).
struct join_request {
  std::string code;                    // the share code as typed
  bool spectator = false;              // "as": "spectator"
  std::optional<std::string> token;    // a seat token to resume
  std::optional<std::int64_t> version; // the client's version, ≥ 0
  std::optional<std::string> name;     // a cleaned display name ("" = none), when sent
};

// Tells c that its match is served by another node now and closes it with 4001 (it
// reconnects, and is routed to the match's node).
void send_moved(client& c);

// The clock of a stored match's option, not started (no clock when the option is unreadable).
match_clock stored_clock(const match_row& row);

// A match being hosted. Every state change happens on the room's strand, and is acknowledged
// and broadcast only after the store has committed it.
// Thread-safety: public methods may be called from any thread; they post to the strand,
// except summary() and evictable(), which read a mutex-guarded copy.
class room final : public std::enable_shared_from_this<room>, private sequencer_host {
 public:
  // A room for a stored match whose state (after its logged changes) is m at version, with
  // the clocks replayed from its log (default: the row's clock option, not started).
  room(net::io_context& ioc, room_services services, match_row row,
       std::unique_ptr<protocol::match> m, std::int64_t version,
       std::optional<engine::outcome> outcome, std::optional<match_clock> clock = std::nullopt);
  ~room() override;

  // Rebuilds a room from its stored row and log by replaying the log through the engine (and
  // the clocks from the log's times); a deadline that passed meanwhile is decided at once.
  // Returns nullptr and sets error when the game is unknown or the log does not replay.
  static std::shared_ptr<room> restore(net::io_context& ioc, room_services services,
                                       const match_row& row, const std::vector<action_row>& log,
                                       std::string& error);

  // Handles a client's join.
  void join(std::shared_ptr<client> c, join_request j);
  // Handles act / resign / draw / abort / rematch / resync / history from a client that
  // joined this room.
  void request(std::shared_ptr<client> c, json msg);
  // Forgets a closed client.
  void leave(std::uint64_t client_id);
  // Housekeeping: records abandonment when seats stayed away too long.
  void tick();
  // Closes every client with 1001 (server shutting down) and stops the bot's thinking.
  void shutdown();
  // The match is (or is about to be) served by another node: tells every client and closes it
  // with 4001 so that it reconnects (and is routed to the match's node), stops the bot, and
  // writes nothing more. The registry has forgotten the room already.
  void move_away();
  // Fences every append with l, this node's lease of the match (cluster only). Called once,
  // before the room is registered and started.
  void hold(lease l) { seq_.fence(std::move(l)); }
  // Starts the room's own activity once it is registered (after creation or a restore): arms
  // the clock's timer and lets the bot, if it has one, think when its seat may act.
  void start();

  // The public description served by GET /api/matches/{code}.
  summary_ptr summary() const EXCLUDES(summary_mu_);
  // The match list's entry now: summary, preview, code and whether the match is over.
  list_entry entry() const EXCLUDES(summary_mu_);
  // True when the room may be dropped from memory (finished, nobody here, nothing pending).
  bool evictable() const EXCLUDES(summary_mu_);
  const std::string& code() const { return code_; }

 private:
  // One connected viewer.
  struct member {
    std::weak_ptr<client> c;
    int seat = 0;  // 0 = spectator
  };

  void do_join(const std::shared_ptr<client>& c, const join_request& j);
  void do_request(const std::shared_ptr<client>& c, const json& msg);
  void do_tick();
  void claim_seat(const std::shared_ptr<client>& c, int seat, std::optional<std::int64_t> version);
  void on_seat_claimed(write_status status, std::weak_ptr<client> weak, int seat,
                       const std::string& hash, const std::string& token,
                       std::optional<std::int64_t> version, std::int64_t at_ms);
  void admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
             std::optional<std::int64_t> client_version);
  void on_draw(const std::shared_ptr<client>& c, int seat, const json& id, const json& op);
  void on_abort(const std::shared_ptr<client>& c, int seat, const json& id);
  void store_name(int seat, const std::string& name);
  // Rematch (server/rematch.cpp).
  void on_rematch(const std::shared_ptr<client>& c, int seat, const json& id, const json& msg);
  void on_rematch_made(const rematch_result& r, std::uint64_t client_id, const json& id);
  void withdraw_rematch(int seat);
  bool started() const { return !token_hash_[0].empty() && !token_hash_[1].empty(); }
  void send_history(const std::shared_ptr<client>& c, int seat, const json& id, std::int64_t from);
  void reject_to(const std::shared_ptr<client>& c, const json& id, const std::string& code,
                 const std::string& message);
  void send_to_all(const shared_text& msg);
  void broadcast_presence();
  json presence() const;
  // The presence's seats and spectator count now (presence() is their JSON).
  void presence_into(std::array<protocol::messages::seat_presence, 2>& seats, std::size_t& spectators) const;
  json outcome_json() const;
  std::shared_ptr<client> member_client(std::uint64_t id) const;
  // Rebuilds the summary and hands it to the list feed when it changed (always, when
  // version_moved: the caller committed a change).
  void update_summary(bool version_moved = false) EXCLUDES(summary_mu_);
  // summary_ as the strand sees it: the strand is its only writer, so it reads it without the
  // lock. Not checked (NO_THREAD_SAFETY_ANALYSIS): the analysis cannot express "guarded for
  // everyone but the one writer".
  const summary_ptr& strand_summary() const NO_THREAD_SAFETY_ANALYSIS { return summary_; }
  void arm_clock();
  void on_clock_timer();
  void submit_flag(int seat);
  std::string clock_text() const;
  void consider_bot();
  void on_bot_action(std::int64_t version, json action);
  bool is_bot(int seat) const { return bot_ && bot_->seat() == seat; }
  void retry_later(const change_request& r);

  // sequencer_host
  std::optional<rule_error> vet(change_request& r) override;
  void on_committed(const change_request& r, protocol::publication pub) override;
  void on_refused(const change_request& r, const rule_error& e) override;
  std::shared_ptr<void> anchor() override { return shared_from_this(); }
  void on_lease_lost() override;

  room_strand strand_;
  room_services svc_;
  std::string code_, game_, visibility_;
  std::int64_t created_ms_;
  sequencer seq_;
  match_feed feed_;
  std::array<std::string, 2> token_hash_;        // per seat; empty = free
  std::array<bool, 2> seat_pending_{};           // a seat being claimed, not yet durable
  std::map<std::uint64_t, member> members_;
  std::array<std::uint64_t, 2> seat_client_{};   // client id holding each seat, 0 = none
  std::array<std::int64_t, 2> seat_left_ms_{};   // when each seat was last left
  int draw_offer_by_ = 0;
  match_row row_;                                // as created: what a rematch copies
  std::shared_ptr<const json> options_;          // row_.options, shared by every summary
  std::array<std::string, 2> seat_name_;         // display names ("" = none)
  std::array<bool, 2> moved_{};                  // each seat made a game action (abort ends)
  int rematch_offer_by_ = 0;                     // the seat whose rematch offer stands
  bool rematch_pending_ = false;                 // a rematch is being created
  std::string rematch_code_;                     // the rematch's code, once created
  bool closing_ = false;
  bool moved_away_ = false;                      // another node serves the match now
  std::set<std::uint64_t> history_pending_;     // clients with a history page being built
  match_clock clock_;                            // the time control (inert without one)
  std::shared_ptr<timer> clock_timer_;           // fires when the running time may be out
  std::vector<engine::seat> to_act_;             // seats to act in the committed state
  int flag_seat_ = 0;                            // whose time a refused late request found out
  std::unique_ptr<bot_player> bot_;             // the computer player of a bot seat, if any
  std::int64_t bot_sent_version_ = -1;          // the version the bot's last action was made at
  std::shared_ptr<timer> retry_timer_;           // retries a server change the store refused
  static constexpr std::int64_t storage_retry_ms = 1000;

  std::int64_t finished_ms_ = 0;                 // when the match ended, 0 while running

  mutable mutex summary_mu_;
  // Written on the strand only, so the strand reads it without the lock (strand_summary()).
  summary_ptr summary_ GUARDED_BY(summary_mu_) =
      std::make_shared<const protocol::ready_json>(json::object());
  protocol::view_ptr preview_ GUARDED_BY(summary_mu_);
  bool evictable_ GUARDED_BY(summary_mu_) = false;
  bool summary_finished_ GUARDED_BY(summary_mu_) = false;  // summary_'s match is over
};

}  // namespace tabuleiro::server

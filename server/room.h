// One hosted match: its engine state, seats, viewers, versions, patches and durable log.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/game.h"
#include "server/config.h"
#include "server/metrics.h"
#include "server/store.h"
#include "server/wire.h"

namespace tabuleiro::server {

namespace net = boost::asio;
using clock = std::chrono::steady_clock;
using engine::rule_error;

// A connection as a room sees it. Implemented by the WebSocket session.
// Thread-safety: send and close may be called from any thread (they post to the connection).
class client {
 public:
  virtual ~client() = default;
  // A process-unique, never reused id.
  virtual std::uint64_t id() const = 0;
  // Queues msg for writing; a client whose queue is full gets closed instead.
  virtual void send(shared_text msg) = 0;
  // Closes with a WebSocket close code once the already queued messages are written.
  virtual void close(std::uint16_t code, std::string reason) = 0;
};

// What every room shares: storage, counters, settings.
struct room_services {
  store* db = nullptr;
  metrics* stats = nullptr;
  const config* cfg = nullptr;
};

// Unix milliseconds now.
std::int64_t unix_ms();

// ISO 8601 UTC text ("2026-11-29T12:00:00Z") of a Unix millisecond time.
std::string iso_time(std::int64_t ms);

// The public description of a stored match that is not in memory (nobody connected).
json stored_summary(const match_row& row);

// A match being hosted. Every state change happens on the room's strand, and is acknowledged
// and broadcast only after the store has committed it. Patches are computed per viewer class
// (spectator, seat 1, seat 2) from that class's previous view.
// Thread-safety: public methods may be called from any thread; they post to the strand,
// except summary() and evictable(), which read a mutex-guarded copy.
class room : public std::enable_shared_from_this<room> {
 public:
  // A room for a stored match whose state (after its logged changes) is m at version.
  room(net::io_context& ioc, room_services services, match_row row,
       std::unique_ptr<protocol::match> m, std::int64_t version, json outcome);
  ~room();

  // Rebuilds a room from its stored row and log by replaying the log through the engine.
  // Returns nullptr and sets error when the game is unknown or the log does not replay.
  static std::shared_ptr<room> restore(net::io_context& ioc, room_services services,
                                       const match_row& row, const std::vector<action_row>& log,
                                       std::string& error);

  // Handles a client's join message (already checked to be an object with a code).
  void join(std::shared_ptr<client> c, json msg);
  // Handles act / resign / draw / resync from a client that joined this room.
  void request(std::shared_ptr<client> c, json msg);
  // Forgets a closed client.
  void leave(std::uint64_t client_id);
  // Periodic housekeeping: records abandonment when seats stayed away too long.
  void tick();
  // Closes every client with 1001 (server shutting down).
  void shutdown();

  // The public description served by GET /api/matches/{code}.
  json summary() const;
  // True when the room may be dropped from memory (finished, nobody here, nothing pending).
  bool evictable() const;
  const std::string& code() const { return code_; }

 private:
  // A queued state-changing request.
  struct pending {
    std::weak_ptr<client> from;
    json id;
    std::string kind;  // "act" | "resign" | "draw" | "abandon"
    int seat = 0;
    json action;       // act: the game action; abandon: {"winner":...}
  };
  // One connected viewer.
  struct member {
    std::weak_ptr<client> c;
    int seat = 0;  // 0 = spectator
  };

  void do_join(const std::shared_ptr<client>& c, const json& msg);
  void do_request(const std::shared_ptr<client>& c, const json& msg);
  void admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
             const json& client_version);
  void enqueue(pending p);
  void pump();
  void commit(pending p, std::unique_ptr<protocol::match> next, std::vector<json> events,
              json outcome, json log_action);
  void on_committed(write_status status, pending p, std::unique_ptr<protocol::match> next,
                    std::vector<json> events, json outcome, bool room_level);
  void broadcast_change(const std::vector<json>& events, bool room_level);
  void reject(const pending& p, const std::string& code, const std::string& message);
  void reject_to(const std::shared_ptr<client>& c, const json& id, const std::string& code,
                 const std::string& message);
  void send_to_all(const shared_text& msg);
  void broadcast_presence();
  json presence() const;
  json legal_for(int seat) const;
  json view_for(int cls) const;
  json snapshot_for(int seat) const;
  void update_summary();

  net::strand<net::io_context::executor_type> strand_;
  room_services svc_;
  const protocol::game_kind* kind_;
  std::string code_, game_, visibility_;
  std::int64_t created_ms_;
  std::unique_ptr<protocol::match> match_;       // the committed state
  std::int64_t version_;
  json outcome_;                                 // null while running
  std::array<std::string, 2> token_hash_;        // per seat; empty = free
  std::array<bool, 2> seat_pending_{};           // a seat being handed out, not yet durable
  std::map<std::uint64_t, member> members_;
  std::array<std::uint64_t, 2> seat_client_{};   // client id holding each seat, 0 = none
  std::array<clock::time_point, 2> seat_left_;   // when each seat was last left
  std::array<json, 3> views_;                    // last broadcast view per viewer class
  std::array<std::deque<std::pair<std::int64_t, shared_text>>, 3> recent_;  // patch buffer
  int draw_offer_by_ = 0;
  bool busy_ = false;                            // a store write is in flight
  bool closing_ = false;
  std::deque<pending> queue_;

  mutable std::mutex summary_mu_;
  json summary_;                                 // GUARDED_BY(summary_mu_)
  bool evictable_ = false;                       // GUARDED_BY(summary_mu_)
};

}  // namespace tabuleiro::server

// The path of every state change of one match: queue → check → apply → durable append →
// publish. Game actions and typed room-level changes share it, so versions stay contiguous
// and nothing is published before the store has committed it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "protocol/core/room_change.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server {

namespace net = boost::asio;
using json = nlohmann::json;
using engine::rule_error;
using room_strand = net::strand<net::io_context::executor_type>;

// A game action of a seat as its client sent it (in its canonical form once staged).
struct game_action {
  json action;
};

// What a change request changes: the game, by an action, or the room, by a typed change.
using change = std::variant<game_action, protocol::room_change>;

// A state change waiting its turn: a game action of a seat, or a room-level change.
struct change_request {
  std::uint64_t client_id = 0;  // the connection that asked (0: the server itself)
  json id;                      // the client's request id (null for the server)
  engine::seat seat = 0;        // the acting seat (0: the server)
  change what;
  std::int64_t rtt_ms = 0;         // the connection's measured round trip (lag compensation)
  std::int64_t lag_credit_ms = 0;  // the lag credit decided by the host's vet (logged)
  std::int64_t at_ms = 0;          // the logged time: 0 = now (set once appended)

  // The room-level change, or null for a game action.
  const protocol::room_change* room_change() const { return std::get_if<protocol::room_change>(&what); }
  // True for a room-level change of kind k.
  bool is(protocol::room_change_kind k) const {
    const auto* c = room_change();
    return c && c->kind == k;
  }
};

// A change of the server's own (no connection, no request id) by seat (0: the server itself;
// a bot's seat for its actions).
inline change_request server_change(engine::seat seat, change what) {
  change_request r;
  r.seat = seat;
  r.what = std::move(what);
  return r;
}

// The room a sequencer works for. Its methods run on the room's strand.
class sequencer_host {
 public:
  virtual ~sequencer_host() = default;
  // Room-level conditions of r checked when it reaches the head of the queue (e.g. that
  // the draw offer it accepts still stands, that the seat's time has not run out); nullopt to
  // go on. It may set r's lag_credit_ms.
  virtual std::optional<rule_error> vet(change_request& r) = 0;
  // r is durable as version: publish pub (the views and events after it) to the viewers.
  virtual void on_committed(const change_request& r, protocol::publication pub) = 0;
  // r was refused and changed nothing.
  virtual void on_refused(const change_request& r, const rule_error& e) = 0;
  // Keeps the host alive while a write is in flight.
  virtual std::shared_ptr<void> anchor() = 0;
  // The epoch fence refused a write: another node holds the match now (cluster only). The
  // refused change was reported through on_refused first; every later one is refused too.
  virtual void on_lease_lost() = 0;
};

// Holds a match's committed state and serialises its changes, one store write in flight.
// Thread-safety: none; every call runs on the owning room's strand (store completions are
// posted back to it).
class sequencer {
 public:
  // Sequences changes of match code, whose committed state is m at version.
  sequencer(sequencer_host& host, room_strand strand, store& db, time_source& time, std::string code,
            std::unique_ptr<protocol::match> m, std::int64_t version, std::optional<engine::outcome> outcome);

  // Queues r (bounded: "busy" beyond the limit) and starts it when nothing is in flight.
  void submit(change_request r);

  // The committed match state.
  const protocol::match& match() const { return *match_; }
  // The committed version (0 at creation, +1 per change).
  std::int64_t version() const { return version_; }
  // The match's outcome (by its rules or a room-level change), once over.
  const std::optional<engine::outcome>& outcome() const { return outcome_; }
  // True when nothing is queued or being written.
  bool idle() const { return !busy_ && queue_.empty(); }
  // True when a room-level change of kind k is queued or being written.
  bool has_pending(protocol::room_change_kind k) const;
  // Fences every later append with l, this node's lease of the match (cluster only; default:
  // no lease, unfenced).
  void fence(lease l) { fence_ = std::move(l); }

 private:
  // A change that passed its checks, on its way to the store.
  struct staged {
    change_request request;
    std::unique_ptr<protocol::match> next;  // the state after it (null: unchanged)
    protocol::publication pub;
    std::optional<engine::outcome> outcome;
  };

  void pump();
  std::optional<staged> stage(change_request& r, rule_error& refused);
  void do_append(staged s);
  void on_append(write_status status, staged s);

  sequencer_host& host_;
  room_strand strand_;
  store& db_;
  time_source& time_;
  const std::string code_;
  std::unique_ptr<protocol::match> match_;
  std::int64_t version_;
  std::optional<engine::outcome> outcome_;
  std::deque<change_request> queue_;
  std::optional<protocol::room_change_kind> in_flight_change_;  // kind being written, if any
  bool busy_ = false;                                           // a store write is in flight
  lease fence_;                                                 // this node's lease (epoch 0: none)
  bool lost_ = false;                                           // the fence refused a write: nothing more is written
};

}  // namespace tabuleiro::server

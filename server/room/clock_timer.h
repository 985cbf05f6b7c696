// A room's match clock and its timer: the clock moves with the committed changes, the timer
// fires when the running time may be out, and a seat whose time ran out is flagged — by the
// timer, or by its own late request (lichess's round keeps this beside the Drawer and the
// Rematcher).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "server/room/match_clock.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server {

using room_strand = net::strand<net::io_context::executor_type>;

// The clock of a stored match's option, not started (no clock when the option is unreadable).
match_clock stored_clock(const match_row& row);

// One room's clock and timer.
// Thread-safety: none; the owning room's strand (the timer posts to it).
class clock_timer {
 public:
  // A clock as replayed or stored, on time's timers, for a match whose seats to act are to_act.
  clock_timer(match_clock clock, time_source& time, room_strand strand, std::vector<int> to_act);
  // Cancels the timer.
  ~clock_timer();
  clock_timer(const clock_timer&) = delete;
  clock_timer& operator=(const clock_timer&) = delete;

  const clock_options& options() const { return clock_.options(); }
  // The seats to act in the last committed state.
  const std::vector<int>& to_act() const { return to_act_; }
  bool correspondence() const { return clock_.options().type == clock_options::kind::correspondence; }

  // Both seats are taken since at_ms: the clock may start.
  void on_seated(std::int64_t at_ms) { clock_.on_seated(at_ms, to_act_); }
  // A change was committed at at_ms by seat (its lag credit credit_ms): a game action moves
  // the running time; to_act are the seats to act after it; over: the match ended with it.
  void on_committed(std::int64_t at_ms, int seat, bool game_action, std::int64_t credit_ms, std::vector<int> to_act,
                    bool over);

  // Arms the timer for when the running time may be out (replacing the last one; none when
  // over or no time runs): due runs on the strand then.
  void arm(bool over, std::function<void()> due);
  // Arms the timer for storage_retry_ms from now: due runs then (a timeout the store refused).
  void retry(std::function<void()> due);
  // The seat whose time is out now, even with any credit still possible (0: both), else nullopt.
  std::optional<int> timed_out() const { return clock_.timed_out(time_.now_ms()); }

  // A request of seat at the head of the queue now: credit is set to its lag credit (a game
  // action's, for a round trip of rtt_ms; 0 otherwise). True when the running time is out
  // anyway: the request is refused and flagged() says whose time ran out.
  bool late(int seat, bool game_action, std::int64_t rtt_ms, std::int64_t& credit);
  // The seat the last late request found out of time (0: both).
  int flagged() const { return flagged_; }
  // When a timeout happened: the deadline that passed (now when none runs).
  std::int64_t deadline_or_now() const { return clock_.deadline().value_or(time_.now_ms()); }

  // The wire's `"clock":{…}` field now, "" without a clock.
  std::string text() const { return clock_field(clock_, time_.now_ms()); }
  // The clocks' reading now (clock_json), null without a clock.
  nlohmann::json reading() const { return clock_json(clock_, time_.now_ms()); }
  // The clocks as of at_ms.
  clock_reading read(std::int64_t at_ms) const { return clock_.read(at_ms); }

  // How long a timeout the store refused waits before it is written again.
  static constexpr std::int64_t storage_retry_ms = 1000;

 private:
  match_clock clock_;
  time_source& time_;
  room_strand strand_;
  std::vector<int> to_act_;       // seats to act in the committed state
  std::shared_ptr<timer> timer_;  // the armed timer, or null
  int flagged_ = 0;
};

}  // namespace tabuleiro::server

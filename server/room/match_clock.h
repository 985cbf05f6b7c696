// The time control of one match (PROTOCOL.md, "Clocks"): a Fischer clock or a correspondence
// clock per seat, a shared set-up timer for a simultaneous opening phase, and lag compensation
// by a bounded quota per seat (lichess's rule). A pure value driven by the timestamps of the
// match's committed changes, so a room and a replay of its log compute the same clocks.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

// The `clock` option of a match.
struct clock_options {
  enum class kind { none, fischer, correspondence };
  kind type = kind::none;
  std::int64_t initial_ms = 0;    // fischer: each seat's time at the start
  std::int64_t increment_ms = 0;  // fischer: added to a seat when its turn ends
  std::int64_t per_turn_ms = 0;   // correspondence: the time for each turn
  std::int64_t setup_ms = 0;      // the shared timer of a simultaneous set-up (0: none)
  friend bool operator==(const clock_options&, const clock_options&) = default;
};

// Bounds of the option (PROTOCOL.md lists them with the error code `bad_clock`).
inline constexpr std::int64_t max_initial_s = 3 * 3600;
inline constexpr std::int64_t max_increment_s = 180;
inline constexpr std::int64_t max_days_per_turn = 14;
inline constexpr std::int64_t min_setup_s = 10, max_setup_s = 3600, default_setup_s = 300;

// The option parsed from its JSON (null or absent: none); nullopt and error on anything else.
std::optional<clock_options> parse_clock_options(const nlohmann::json& j, std::string& error);

// The option's JSON as stored and echoed: null, {"initial_s","increment_s","setup_s"} or
// {"days_per_turn","setup_s"}.
nlohmann::json clock_options_json(const clock_options& o);

// The lag quota of a seat: each credited action draws at most min(lag, quota, 1 s) from it;
// it refills by gain per charged action, up to max.
struct lag_quota_rule {
  std::int64_t gain_ms = 0;     // refill per action (and the usual credit): 200 ms … 1 s
  std::int64_t initial_ms = 0;  // 3 × gain
  std::int64_t max_ms = 0;      // 7 × gain
};

// The quota rule of o: gain from the estimated game length initial + 40 × increment (≥ 180 s:
// 1 s; ≤ 15 s: 200 ms; between: length/2 + 100 ms); none for correspondence or no clock.
lag_quota_rule lag_rule(const clock_options& o);

// The most credited to one action, whatever the quota.
inline constexpr std::int64_t max_credit_per_action_ms = 1000;

// Slack after a deadline (and any credit still possible) before the room's timer flags.
inline constexpr std::int64_t flag_grace_ms = 250;

// The clocks of a match as of one moment, as the wire carries them.
struct clock_reading {
  std::array<std::int64_t, 2> remaining_ms{};      // per seat
  int running = 0;                                 // the seat whose time runs, 0: none
  std::optional<std::int64_t> setup_remaining_ms;  // while the set-up timer runs
  std::optional<std::int64_t> deadline_ms;         // correspondence: when the running turn ends
};

// One match's clocks.
// Thread-safety: none (a value; a room uses it on its strand).
class match_clock {
 public:
  explicit match_clock(const clock_options& o);

  // The options it runs.
  const clock_options& options() const { return options_; }
  // False for "no clock": then every other method is inert.
  bool enabled() const { return options_.type != clock_options::kind::none; }

  // Both seats are taken as of at_ms, when to_act may act (idempotent): a simultaneous
  // phase (two seats to act) starts the set-up timer.
  void on_seated(std::int64_t at_ms, const std::vector<int>& to_act);

  // seat's game action was committed at at_ms, with to_act before and after it and credit_ms
  // of lag compensation (from credit_for). The running seat is charged its time since its
  // turn (or its last action) began less the credit; its turn ends when to_act changes, and
  // then the increment is added. The clocks start once each seat has ended one turn (a
  // set-up counts): no time runs for the first turn of either seat.
  void on_action(std::int64_t at_ms, int seat, const std::vector<int>& before, const std::vector<int>& after,
                 std::int64_t credit_ms);

  // The match ended at at_ms: the running time is charged and every clock stops.
  void on_end(std::int64_t at_ms);

  // The lag credit an action of seat gets for a measured round trip of lag_ms: min(lag,
  // quota, 1 s) while seat's own time runs (or its set-up is due), else 0.
  std::int64_t credit_for(int seat, std::int64_t lag_ms) const;

  // The seat whose time has run out at at_ms for a request credited credit_ms (0: both seats,
  // a set-up neither finished), or nullopt.
  std::optional<int> flag_at(std::int64_t at_ms, std::int64_t credit_ms) const;

  // The seat whose time has run out at at_ms even with the largest credit still possible.
  std::optional<int> timed_out(std::int64_t at_ms) const;

  // When the time that runs now ends (the set-up's or the running seat's), if any runs.
  std::optional<std::int64_t> deadline() const;

  // When the room's timer should look: the deadline plus the largest possible credit plus
  // flag_grace_ms; nullopt when no time runs.
  std::optional<std::int64_t> timer_at() const;

  // The clocks as of at_ms.
  clock_reading read(std::int64_t at_ms) const;

  // A seat's remaining lag quota (tests and diagnostics).
  std::int64_t quota_ms(int seat) const { return quota_[seat - 1]; }

 private:
  void start_turn(int seat, std::int64_t at_ms);
  bool setup_running() const { return setup_deadline_ != 0; }
  std::int64_t possible_credit() const;

  clock_options options_;
  lag_quota_rule rule_;
  bool seated_ = false;
  bool started_ = false;  // each seat has ended one turn
  bool ended_ = false;
  bool simultaneous_ = false;         // in a simultaneous phase (a set-up)
  std::array<bool, 2> first_done_{};  // each seat's first turn ended
  int running_ = 0;                   // whose time runs (0: none)
  std::int64_t since_ms_ = 0;         // when the running seat's charge began
  std::array<std::int64_t, 2> remaining_{};
  std::int64_t setup_deadline_ = 0;  // 0: no set-up timer runs
  std::array<bool, 2> setup_done_{};
  std::array<std::int64_t, 2> quota_{};
};

// The clocks' reading as of at_ms, or null when the match has no clock: {"kind",
// "remaining_ms":[a,b],"running":s|null,"at":at_ms,"setup_remaining_ms"?,"deadline"?}
// (deadline as ISO 8601 UTC).
nlohmann::json clock_json(const match_clock& c, std::int64_t at_ms);

// The `"clock":{…}` field of joined / patch / snapshot / presence (clock_json), or "" when the
// match has no clock.
std::string clock_field(const match_clock& c, std::int64_t at_ms);

}  // namespace tabuleiro::server

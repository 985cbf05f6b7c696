// The match clock: option parsing, the lag quota rule, the clock value and its wire field.
#include "server/room/match_clock.h"

#include <algorithm>

#include "protocol/core/json_util.h"
#include "server/room/summary.h"

namespace tabuleiro::server {

using json = nlohmann::json;

std::optional<clock_options> parse_clock_options(const json& j, std::string& error) {
  clock_options o;
  if (j.is_null()) return o;
  if (!j.is_object()) {
    error = "clock must be null or an object";
    return std::nullopt;
  }
  const bool fischer = j.contains("initial_s") || j.contains("increment_s");
  const bool corr = j.contains("days_per_turn");
  if (fischer == corr) {
    error = "clock takes either initial_s and increment_s (Fischer) or days_per_turn (correspondence)";
    return std::nullopt;
  }
  if (fischer) {
    if (auto k = protocol::first_unknown_key(j, {"initial_s", "increment_s", "setup_s"})) {
      error = "unknown clock field '" + *k + "'";
      return std::nullopt;
    }
    const auto initial = protocol::int_field(j, "initial_s", 0, max_initial_s);
    const auto increment = protocol::int_field(j, "increment_s", 0, max_increment_s);
    if (!initial || !increment) {
      error = "initial_s must be an integer 0.." + std::to_string(max_initial_s) + " and increment_s 0.." +
              std::to_string(max_increment_s);
      return std::nullopt;
    }
    if (*initial == 0 && *increment == 0) {
      error = "a Fischer clock needs initial_s or increment_s above 0";
      return std::nullopt;
    }
    o.type = clock_options::kind::fischer;
    // 0+M starts each seat with one increment, so the first timed turn is not lost at once.
    o.initial_ms = std::int64_t{*initial > 0 ? *initial : *increment} * 1000;
    o.increment_ms = std::int64_t{*increment} * 1000;
  } else {
    if (auto k = protocol::first_unknown_key(j, {"days_per_turn", "setup_s"})) {
      error = "unknown clock field '" + *k + "'";
      return std::nullopt;
    }
    const auto days = protocol::int_field(j, "days_per_turn", 1, max_days_per_turn);
    if (!days) {
      error = "days_per_turn must be an integer 1.." + std::to_string(max_days_per_turn);
      return std::nullopt;
    }
    o.type = clock_options::kind::correspondence;
    o.per_turn_ms = std::int64_t{*days} * 86'400'000;
  }
  std::int64_t setup_s = default_setup_s;
  if (j.contains("setup_s")) {
    const auto s = protocol::int_field(j, "setup_s", min_setup_s, max_setup_s);
    if (!s) {
      error = "setup_s must be an integer " + std::to_string(min_setup_s) + ".." + std::to_string(max_setup_s);
      return std::nullopt;
    }
    setup_s = *s;
  }
  o.setup_ms = setup_s * 1000;
  return o;
}

json clock_options_json(const clock_options& o) {
  switch (o.type) {
    case clock_options::kind::none: return nullptr;
    case clock_options::kind::fischer:
      return {
          {"initial_s", o.initial_ms / 1000}, {"increment_s", o.increment_ms / 1000}, {"setup_s", o.setup_ms / 1000}};
    case clock_options::kind::correspondence:
      return {{"days_per_turn", o.per_turn_ms / 86'400'000}, {"setup_s", o.setup_ms / 1000}};
  }
  return nullptr;
}

lag_quota_rule lag_rule(const clock_options& o) {
  if (o.type != clock_options::kind::fischer) return {};
  const std::int64_t estimate_s = (o.initial_ms + 40 * o.increment_ms) / 1000;
  std::int64_t gain = estimate_s >= 180 ? 1000 : estimate_s <= 15 ? 200 : estimate_s * 1000 / 2 / 100 + 100;
  gain = std::clamp<std::int64_t>(gain, 200, 1000);
  return {gain, 3 * gain, 7 * gain};
}

match_clock::match_clock(const clock_options& o) : options_(o), rule_(lag_rule(o)) {
  if (o.type == clock_options::kind::fischer) remaining_.fill(o.initial_ms);
  if (o.type == clock_options::kind::correspondence) remaining_.fill(o.per_turn_ms);
  quota_.fill(rule_.initial_ms);
}

void match_clock::on_seated(std::int64_t at_ms, const std::vector<int>& to_act) {
  if (!enabled() || seated_ || ended_) return;
  seated_ = true;
  if (to_act.size() == 2) simultaneous_ = true;
  if (simultaneous_ && options_.setup_ms > 0) setup_deadline_ = at_ms + options_.setup_ms;
}

void match_clock::start_turn(int seat, std::int64_t at_ms) {
  running_ = seat;
  since_ms_ = at_ms;
  if (seat != 0 && options_.type == clock_options::kind::correspondence) remaining_[seat - 1] = options_.per_turn_ms;
}

void match_clock::on_action(std::int64_t at_ms, int seat, const std::vector<int>& before, const std::vector<int>& after,
                            std::int64_t credit_ms) {
  if (!enabled() || ended_ || seat < 1 || seat > 2) return;
  // A simultaneous phase (two seats to act: a set-up) lasts until both seats have acted in
  // it; each seat's action there is its first turn.
  if (before.size() == 2) simultaneous_ = true;
  if (simultaneous_) {
    setup_done_[seat - 1] = true;
    first_done_[seat - 1] = true;
    if (setup_done_[0] && setup_done_[1]) {
      simultaneous_ = false;
      setup_deadline_ = 0;
      started_ = true;
      start_turn(after.size() == 1 ? after[0] : 0, at_ms);
    }
    return;
  }
  if (started_ && running_ == seat) {
    const std::int64_t credit = std::clamp<std::int64_t>(credit_ms, 0, quota_[seat - 1]);
    remaining_[seat - 1] -= std::max<std::int64_t>(0, at_ms - since_ms_ - credit);
    quota_[seat - 1] = std::min(quota_[seat - 1] + rule_.gain_ms - credit, rule_.max_ms);
    since_ms_ = at_ms;
  }
  if (after == before) return;  // the same seat goes on: its turn continues
  const int next = after.size() == 1 ? after[0] : 0;
  if (started_) {
    if (running_ == seat) remaining_[seat - 1] += options_.increment_ms;
    return start_turn(next, at_ms);
  }
  first_done_[seat - 1] = true;
  if (first_done_[0] && first_done_[1]) {
    started_ = true;
    start_turn(next, at_ms);
  }
}

void match_clock::on_end(std::int64_t at_ms) {
  if (!enabled() || ended_) return;
  if (running_ != 0)
    remaining_[running_ - 1] = std::max<std::int64_t>(0, remaining_[running_ - 1] - (at_ms - since_ms_));
  running_ = 0;
  setup_deadline_ = 0;
  ended_ = true;
}

std::int64_t match_clock::credit_for(int seat, std::int64_t lag_ms) const {
  if (!enabled() || ended_ || seat < 1 || seat > 2 || lag_ms <= 0) return 0;
  const bool own_time = (started_ && running_ == seat) || (setup_running() && !setup_done_[seat - 1]);
  if (!own_time) return 0;
  return std::min({lag_ms, quota_[seat - 1], max_credit_per_action_ms});
}

std::optional<int> match_clock::flag_at(std::int64_t at_ms, std::int64_t credit_ms) const {
  if (!enabled() || ended_) return std::nullopt;
  if (setup_running()) {
    if (at_ms - credit_ms <= setup_deadline_) return std::nullopt;
    if (!setup_done_[0] && !setup_done_[1]) return 0;
    return setup_done_[0] ? 2 : 1;
  }
  if (running_ != 0 && at_ms - credit_ms - since_ms_ > remaining_[running_ - 1]) return running_;
  return std::nullopt;
}

std::int64_t match_clock::possible_credit() const {
  if (setup_running()) {
    std::int64_t c = 0;
    for (int s = 0; s < 2; ++s)
      if (!setup_done_[s]) c = std::max(c, std::min(quota_[s], max_credit_per_action_ms));
    return c;
  }
  return running_ == 0 ? 0 : std::min(quota_[running_ - 1], max_credit_per_action_ms);
}

std::optional<int> match_clock::timed_out(std::int64_t at_ms) const { return flag_at(at_ms, possible_credit()); }

std::optional<std::int64_t> match_clock::deadline() const {
  if (!enabled() || ended_) return std::nullopt;
  if (setup_running()) return setup_deadline_;
  if (running_ != 0) return since_ms_ + remaining_[running_ - 1];
  return std::nullopt;
}

std::optional<std::int64_t> match_clock::timer_at() const {
  const auto d = deadline();
  if (!d) return std::nullopt;
  return *d + possible_credit() + flag_grace_ms;
}

clock_reading match_clock::read(std::int64_t at_ms) const {
  clock_reading r;
  r.remaining_ms = remaining_;
  r.running = running_;
  if (running_ != 0)
    r.remaining_ms[running_ - 1] = std::max<std::int64_t>(0, remaining_[running_ - 1] -
                                                                 std::max<std::int64_t>(0, at_ms - since_ms_));
  if (setup_running()) r.setup_remaining_ms = std::max<std::int64_t>(0, setup_deadline_ - at_ms);
  if (options_.type == clock_options::kind::correspondence && running_ != 0) r.deadline_ms = deadline();
  return r;
}

json clock_json(const match_clock& c, std::int64_t at_ms) {
  if (!c.enabled()) return nullptr;
  const clock_reading r = c.read(at_ms);
  json j = {{"kind", c.options().type == clock_options::kind::fischer ? "fischer" : "correspondence"},
            {"remaining_ms", {r.remaining_ms[0], r.remaining_ms[1]}},
            {"running", r.running == 0 ? json() : json(r.running)},
            {"at", at_ms}};
  if (r.setup_remaining_ms) j["setup_remaining_ms"] = *r.setup_remaining_ms;
  if (r.deadline_ms) j["deadline"] = iso_time(*r.deadline_ms);
  return j;
}

std::string clock_field(const match_clock& c, std::int64_t at_ms) {
  return c.enabled() ? "\"clock\":" + clock_json(c, at_ms).dump() : std::string();
}

}  // namespace tabuleiro::server

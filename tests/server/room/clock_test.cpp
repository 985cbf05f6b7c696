// Unit tests of the match clock: options and their bounds, when time runs, per-turn charging
// and the increment, the set-up timer, flags, lag-compensation bounds, the wire field.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/room/match_clock.h"

using namespace tabuleiro::server;
using json = nlohmann::json;

namespace {

const std::vector<int> one{1}, two{2}, both{1, 2}, none{};

clock_options fischer(std::int64_t initial_s, std::int64_t increment_s) {
  std::string error;
  auto o = parse_clock_options(json{{"initial_s", initial_s}, {"increment_s", increment_s}}, error);
  REQUIRE(o);
  return *o;
}

// A Fischer clock whose first two turns (untimed) ended at t = 0 and 1000: seat 1 runs from 1000.
match_clock started(std::int64_t initial_s, std::int64_t increment_s) {
  match_clock c(fischer(initial_s, increment_s));
  c.on_seated(0, one);
  c.on_action(0, 1, one, two, 0);
  c.on_action(1000, 2, two, one, 0);
  return c;
}

}  // namespace

TEST_CASE("clock options: shapes, defaults and bounds") {
  std::string error;
  auto none_opt = parse_clock_options(json(), error);
  REQUIRE(none_opt);
  CHECK(none_opt->type == clock_options::kind::none);
  auto f = parse_clock_options(json{{"initial_s", 300}, {"increment_s", 2}}, error);
  REQUIRE(f);
  CHECK(f->type == clock_options::kind::fischer);
  CHECK(f->initial_ms == 300'000);
  CHECK(f->increment_ms == 2000);
  CHECK(f->setup_ms == default_setup_s * 1000);
  CHECK(clock_options_json(*f) == json{{"initial_s", 300}, {"increment_s", 2}, {"setup_s", 300}});
  auto c = parse_clock_options(json{{"days_per_turn", 3}, {"setup_s", 60}}, error);
  REQUIRE(c);
  CHECK(c->type == clock_options::kind::correspondence);
  CHECK(c->per_turn_ms == 3 * 86'400'000LL);
  CHECK(c->setup_ms == 60'000);
  for (const json& bad :
       {json("5+3"), json(5), json::object(), json{{"initial_s", 60}},
        json{{"initial_s", 60}, {"increment_s", 0}, {"days_per_turn", 1}}, json{{"initial_s", -1}, {"increment_s", 0}},
        json{{"initial_s", 10801}, {"increment_s", 0}}, json{{"initial_s", 60}, {"increment_s", 181}},
        json{{"initial_s", 0}, {"increment_s", 0}}, json{{"initial_s", 1.5}, {"increment_s", 0}},
        json{{"initial_s", "60"}, {"increment_s", 0}}, json{{"initial_s", 60}, {"increment_s", 0}, {"extra", 1}},
        json{{"days_per_turn", 0}}, json{{"days_per_turn", 15}}, json{{"days_per_turn", 1}, {"initial_s", 60}},
        json{{"days_per_turn", 1}, {"setup_s", 9}}, json{{"days_per_turn", 1}, {"setup_s", 3601}}}) {
    INFO(bad.dump());
    error.clear();
    CHECK_FALSE(parse_clock_options(bad, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("clock: no time runs before each seat has ended its first turn") {
  match_clock c(fischer(60, 0));
  c.on_seated(0, one);
  CHECK_FALSE(c.deadline());
  c.on_action(50'000, 1, one, two, 0);  // seat 1's first turn: free
  CHECK(c.read(50'000).running == 0);
  CHECK_FALSE(c.flag_at(10'000'000, 0));
  c.on_action(200'000, 2, two, one, 0);  // seat 2's first turn: free; seat 1's time starts
  CHECK(c.read(200'000).running == 1);
  CHECK(c.read(200'000).remaining_ms == std::array<std::int64_t, 2>{60'000, 60'000});
  CHECK(c.deadline() == 260'000);
}

TEST_CASE("clock: a turn of several actions is charged as one, the increment added once at its end") {
  match_clock c = started(60, 5);
  // Seat 1 acts three times in one turn (to_act stays [1]), then ends it.
  c.on_action(3000, 1, one, one, 0);
  c.on_action(6000, 1, one, one, 0);
  CHECK(c.read(6000).remaining_ms[0] == 55'000);  // 5 s charged, no increment yet
  c.on_action(11'000, 1, one, two, 0);
  const auto r = c.read(11'000);
  CHECK(r.remaining_ms[0] == 60'000 - 10'000 + 5000);
  CHECK(r.running == 2);
  CHECK(r.remaining_ms[1] == 60'000);
  CHECK(c.read(21'000).remaining_ms[1] == 50'000);
}

TEST_CASE("clock: the flag falls after the remaining time, and the timer waits for credit and grace") {
  match_clock c = started(10, 0);
  CHECK(c.deadline() == 11'000);
  CHECK_FALSE(c.flag_at(11'000, 0));
  CHECK(c.flag_at(11'001, 0) == 1);
  CHECK_FALSE(c.flag_at(11'500, 600));  // a credited late arrival still counts
  const auto possible = std::min(c.quota_ms(1), max_credit_per_action_ms);
  CHECK(c.timer_at() == 11'000 + possible + flag_grace_ms);
  CHECK_FALSE(c.timed_out(11'000 + possible));
  CHECK(c.timed_out(11'001 + possible) == 1);
  c.on_end(12'000);
  CHECK(c.read(12'000).remaining_ms[0] == 0);
  CHECK(c.read(12'000).running == 0);
  CHECK_FALSE(c.deadline());
  CHECK_FALSE(c.flag_at(99'000'000, 0));
}

TEST_CASE("clock: a simultaneous set-up runs one shared timer, and the set-up counts as the first turn") {
  clock_options o = fischer(60, 0);
  o.setup_ms = 120'000;
  match_clock c(o);
  c.on_action(0, 1, both, both, 0);  // before both seats are taken no timer runs
  CHECK_FALSE(c.deadline());
  match_clock d(o);
  d.on_seated(1000, both);
  CHECK(d.deadline() == 121'000);
  CHECK(d.read(31'000).setup_remaining_ms == 90'000);
  CHECK(d.flag_at(121'001, 0) == 0);  // neither set up: both out of time
  // The engine lists only the seats still to set up: [1] after seat 2's set-up, and [1]
  // again (to move) after seat 1's.
  d.on_action(50'000, 2, both, one, 0);
  CHECK(d.flag_at(121'001, 0) == 1);  // only seat 1 still owes its set-up
  CHECK(d.credit_for(2, 500) == 0);
  CHECK(d.credit_for(1, 500) == 500);
  CHECK_FALSE(d.read(60'000).running);
  d.on_action(100'000, 1, one, one, 0);  // both in: play starts, seat 1's time runs at once
  match_clock& e = d;
  CHECK_FALSE(e.read(100'000).setup_remaining_ms);
  CHECK(e.read(100'000).running == 1);
  CHECK(e.deadline() == 160'000);
}

TEST_CASE("clock: correspondence gives each turn the same time and shows the deadline") {
  std::string error;
  auto o = parse_clock_options(json{{"days_per_turn", 2}}, error);
  REQUIRE(o);
  match_clock c(*o);
  c.on_seated(0, one);
  c.on_action(0, 1, one, two, 0);
  c.on_action(1000, 2, two, one, 0);
  const std::int64_t day = 86'400'000;
  CHECK(c.deadline() == 1000 + 2 * day);
  CHECK(c.read(1000).deadline_ms == 1000 + 2 * day);
  c.on_action(1000 + day, 1, one, two, 0);
  CHECK(c.read(1000 + day).remaining_ms[0] == day);  // what was left of seat 1's turn
  CHECK(c.deadline() == 1000 + 3 * day);             // seat 2 gets the full two days
  CHECK(c.credit_for(2, 800) == 0);                  // no lag compensation by the day
  const std::string field = clock_field(c, 1000 + day);
  CHECK(field.rfind("\"clock\":", 0) == 0);
  const json j = json::parse(field.substr(8));
  CHECK(j["kind"] == "correspondence");
  CHECK(j["running"] == 2);
  CHECK(j["deadline"].get<std::string>().size() == 20);
}

TEST_CASE("lag compensation: at most 1 s per action, bounded by a quota that refills by its gain") {
  CHECK(lag_rule(fischer(300, 0)).gain_ms == 1000);
  CHECK(lag_rule(fischer(10, 0)).gain_ms == 200);
  CHECK(lag_rule(fischer(60, 0)).gain_ms == 400);  // 60 s: 30 cs + 10 cs
  CHECK(lag_rule(fischer(60, 0)).max_ms == 2800);
  std::string error;
  CHECK(lag_rule(*parse_clock_options(json{{"days_per_turn", 1}}, error)).gain_ms == 0);

  match_clock c = started(60, 0);  // gain 400 ms, quota 1200 ms, max 2800 ms
  REQUIRE(c.quota_ms(1) == 1200);
  CHECK(c.credit_for(1, 5000) == 1000);  // never more than 1 s for one action
  CHECK(c.credit_for(2, 300) == 0);      // not seat 2's time
  CHECK(c.credit_for(1, 300) == 300);    // never more than the measured lag
  // A seat that keeps lagging 1 s per action drains its quota: 1200 → 600 → 0, then only
  // the 400 ms refill is credited.
  std::int64_t t = 1000;
  std::vector<std::int64_t> credited;
  for (int i = 0; i < 4; ++i) {
    const auto credit = c.credit_for(1, 1000);
    credited.push_back(credit);
    t += 2000;
    c.on_action(t, 1, one, one, credit);
  }
  CHECK(credited == std::vector<std::int64_t>{1000, 600, 400, 400});
  CHECK(c.read(t).remaining_ms[0] == 60'000 - 8000 + 2400);
  // Quiet actions refill it, never above 7 × gain.
  for (int i = 0; i < 20; ++i) c.on_action(t += 10, 1, one, one, 0);
  CHECK(c.quota_ms(1) == 2800);
  // A credit the quota cannot cover is cut to it when charged.
  match_clock d = started(60, 0);
  d.on_action(3000, 1, one, one, 99'000);
  CHECK(d.read(3000).remaining_ms[0] == 60'000 - 2000 + 1200);
  CHECK(d.quota_ms(1) == 400);
}

TEST_CASE("clock: none is inert and has no wire field") {
  match_clock c{clock_options{}};
  c.on_seated(0, one);
  c.on_action(0, 1, one, two, 0);
  c.on_action(10, 2, two, one, 0);
  CHECK_FALSE(c.deadline());
  CHECK_FALSE(c.flag_at(1'000'000'000, 0));
  CHECK(clock_field(c, 0).empty());
}

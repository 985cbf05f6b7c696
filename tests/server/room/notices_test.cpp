// What a match tells its players outside its page (server/room/notices): who hears that the
// match started, whose turn notices go out (correspondence only, the seat whose turn began),
// each player's result; a seat without an account hears nothing.
#include <vector>

#include <catch2/catch.hpp>

#include "server/notify/push_sql.h"
#include "server/room/notices.h"

using namespace tabuleiro::server;
using tabuleiro::server::notify::match_notice;

namespace {

constexpr std::int64_t ana = 11, bia = 22;

// Seats held by the accounts users ({0: a guest or a computer}), named Ana and Bia.
seats held(std::array<std::int64_t, 2> users) { return seats({"h1", "h2"}, {"Ana", "Bia"}, users, 0); }

// The notices run returns from a new match_notices (correspondence or not).
template <class F>
std::vector<match_notice> heard(bool correspondence, F run) {
  match_notices n("K7M2QX", "taixu", correspondence);
  return run(n);
}

// Appends the notices of a look at the clocks to out; returns when to look next.
std::optional<std::int64_t> look(std::vector<match_notice>& out, time_notices t) {
  out.insert(out.end(), t.notices.begin(), t.notices.end());
  return t.next;
}

}  // namespace

TEST_CASE("notices: the player who waited hears that the match started, with the opponent's name") {
  const auto s = held({ana, bia});
  const auto out = heard(false, [&](match_notices& n) { return n.started(s, 2, "bia"); });
  REQUIRE(out.size() == 1);
  CHECK(out[0].user_id == ana);
  CHECK(out[0].kind == notify::notify_started);
  CHECK(out[0].code == "K7M2QX");
  CHECK(out[0].game == "taixu");
  CHECK(out[0].opponent == "Bia");
  // Seat 1 took the last seat: seat 2 waited.
  const auto other = heard(false, [&](match_notices& n) { return n.started(s, 1, "ana"); });
  REQUIRE(other.size() == 1);
  CHECK(other[0].user_id == bia);
  CHECK(other[0].opponent == "Ana");
  // A seat whose name is not stored yet is named by the joining account.
  const seats unnamed({"h1", "h2"}, {"Ana", ""}, {ana, bia}, 0);
  CHECK(heard(false, [&](match_notices& n) { return n.started(unnamed, 2, "bia"); })[0].opponent == "bia");
}

TEST_CASE("notices: your turn goes to the seat whose turn began, in correspondence matches only") {
  const auto s = held({ana, bia});
  auto out = heard(true, [&](match_notices& n) { return n.turns(s, {1}, {2}); });
  REQUIRE(out.size() == 1);
  CHECK(out[0].user_id == bia);
  CHECK(out[0].kind == notify::notify_turn);
  // A seat that acts again (its turn goes on) is not told again; a simultaneous phase tells both.
  CHECK(heard(true, [&](match_notices& n) { return n.turns(s, {1}, {1}); }).empty());
  CHECK(heard(true, [&](match_notices& n) { return n.turns(s, {}, {1, 2}); }).size() == 2);
  CHECK(heard(true, [&](match_notices& n) { return n.turns(s, {1, 2}, {2}); }).empty());
  // A live match (no days per turn) tells no turn.
  CHECK(heard(false, [&](match_notices& n) { return n.turns(s, {1}, {2}); }).empty());
}

TEST_CASE("notices: each player hears their own result") {
  const auto s = held({ana, bia});
  auto out = heard(false, [&](match_notices& n) { return n.ended(s, {2, "checkmate"}); });
  REQUIRE(out.size() == 2);
  CHECK(out[0].user_id == ana);
  CHECK(out[0].outcome == "lost");
  CHECK(out[1].user_id == bia);
  CHECK(out[1].outcome == "won");
  CHECK(out[0].kind == notify::notify_result);
  CHECK(heard(false, [&](match_notices& n) { return n.ended(s, {std::nullopt, "agreement"}); })[0].outcome == "drawn");
  for (const char* reason : {"aborted", "aborted_by_host", "abandoned", "timeout"})
    CHECK(heard(false, [&](match_notices& n) { return n.ended(s, {std::nullopt, reason}); })[1].outcome == "ended");
}

TEST_CASE("notices: a seat without an account (a guest's, the computer's) hears nothing") {
  const auto s = held({ana, 0});
  CHECK(heard(true, [&](match_notices& n) { return n.turns(s, {1}, {2}); }).empty());
  CHECK(heard(false, [&](match_notices& n) { return n.started(s, 1, "ana"); }).empty());
  const auto out = heard(false, [&](match_notices& n) { return n.ended(s, {1, "resign"}); });
  REQUIRE(out.size() == 1);
  CHECK(out[0].user_id == ana);
}

namespace {

constexpr std::int64_t hour = 3'600'000, day = 24 * hour;

// The clocks with seat running and left_ms on its clock.
clock_reading running(int seat, std::int64_t left_ms) {
  clock_reading c;
  c.running = seat;
  c.remaining_ms[seat - 1] = left_ms;
  return c;
}

clock_options correspondence(std::int64_t per_turn_ms) {
  clock_options o;
  o.type = clock_options::kind::correspondence;
  o.per_turn_ms = per_turn_ms;
  return o;
}

}  // namespace

TEST_CASE(
    "notices: a correspondence turn's reminder 24 hours before its end, then low time an hour before, once each per turn") {
  const auto s = held({ana, bia});
  const auto o = correspondence(3 * day);
  std::vector<match_notice> out;
  match_notices n("K7M2QX", "taixu", true);
  out = n.turns(s, {1}, {2});  // bia's turn began: told at once
  REQUIRE(out.size() == 1);
  // Three days left: the next look is when 24 hours are left.
  CHECK(look(out, n.watch_time(s, o, running(2, 3 * day), 0, day, false)) == 2 * day);
  CHECK(out.size() == 1);
  // 24 hours left: the reminder, with the time left; the next look an hour before the end.
  CHECK(look(out, n.watch_time(s, o, running(2, day), 2 * day, day, false)) == 3 * day - hour);
  REQUIRE(out.size() == 2);
  CHECK(out[1].user_id == bia);
  CHECK(out[1].kind == notify::notify_turn);
  CHECK(out[1].reminder);
  CHECK(out[1].left_s == 24 * 3600);
  // Looking again tells nothing new.
  CHECK(look(out, n.watch_time(s, o, running(2, day - 1000), 2 * day + 1000, day, false)) == 3 * day - hour);
  CHECK(out.size() == 2);
  // An hour left: low time; nothing more to look for in this turn.
  CHECK_FALSE(look(out, n.watch_time(s, o, running(2, hour - 5000), 3 * day - hour + 5000, day, false)));
  REQUIRE(out.size() == 3);
  CHECK(out[2].kind == notify::notify_low_time);
  CHECK_FALSE(out[2].reminder);
  // Her next turn starts the count again.
  CHECK(n.turns(s, {1}, {2}).size() == 1);
  CHECK(look(out, n.watch_time(s, o, running(2, 3 * day), 0, day, false)) == 2 * day);
}

TEST_CASE(
    "notices: turns as short as the reminder's window get no reminder, and a finished match or a stopped clock needs no look") {
  const auto s = held({ana, bia});
  std::vector<match_notice> out;
  match_notices n("K7M2QX", "taixu", true);
  // One day per turn, reminded 24 hours before: only the low time, an hour before the end.
  CHECK(look(out, n.watch_time(s, correspondence(day), running(1, day), 0, day, false)) == day - hour);
  CHECK(out.empty());
  CHECK_FALSE(look(out, n.watch_time(s, correspondence(3 * day), running(1, 3 * day), 0, day, true)));
  CHECK_FALSE(look(out, n.watch_time(s, correspondence(3 * day), clock_reading{}, 0, day, false)));
  CHECK_FALSE(look(out, n.watch_time(s, clock_options{}, running(1, 3 * day), 0, day, false)));
}

TEST_CASE("notices: a Fischer clock's low time under a tenth of the initial time, once a match") {
  const auto s = held({ana, bia});
  clock_options o;
  o.type = clock_options::kind::fischer;
  o.initial_ms = 600'000;
  o.increment_ms = 5'000;
  std::vector<match_notice> out;
  match_notices n("K7M2QX", "taixu", false);
  CHECK(look(out, n.watch_time(s, o, running(1, 300'000), 1'000, day, false)) == 1'000 + 240'000);
  CHECK_FALSE(look(out, n.watch_time(s, o, running(1, 59'000), 242'000, day, false)));
  REQUIRE(out.size() == 1);
  CHECK(out[0].user_id == ana);
  CHECK(out[0].kind == notify::notify_low_time);
  CHECK(out[0].left_s == 59);
  // Back over the line by increments and under it again: not told twice.
  CHECK_FALSE(look(out, n.watch_time(s, o, running(1, 50'000), 300'000, day, false)));
  CHECK(out.size() == 1);
  // The other seat has its own.
  CHECK(look(out, n.watch_time(s, o, running(2, 120'000), 300'000, day, false)) == 300'000 + 60'000);
}

TEST_CASE("notices: the room sends a decision's notices to its sink in order, and to nowhere without one") {
  const auto s = held({ana, bia});
  match_notices n("K7M2QX", "taixu", false);
  std::vector<match_notice> sent;
  notify::send([&](match_notice m) { sent.push_back(std::move(m)); }, n.ended(s, {1, "resign"}));
  REQUIRE(sent.size() == 2);
  CHECK(sent[0].user_id == ana);
  CHECK(sent[1].user_id == bia);
  CHECK_NOTHROW(notify::send(nullptr, n.ended(s, {1, "resign"})));  // no sink: nothing is called
}

// Settling rated matches (server/social/rating_sql) on SQLite and PostgreSQL: every way a match
// can end, the matches that do not count, settling once, two nodes at once, and the reads.
#include <array>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "server/accounts/admin_sql.h"
#include "server/social/rating_sql.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::social;
using namespace tabuleiro::server::test;

namespace {

constexpr std::int64_t day_ms = 86'400'000;

// How a test match is played and ended.
struct ending {
  json change;   // the last logged change: a room-level change ({"type":"resign","seat":2}), or null: seat 1's action
  json outcome;  // {"winner":1|2|null,"reason":"..."}
  bool both_act = true;  // seat 2 acts too before the end
};

// A finished match of users a and b (0: a guest) in seats 1 and 2, ended as e at end_ms.
std::string finished_match(store& s, std::int64_t a, std::int64_t b, const ending& e, std::int64_t end_ms,
                           bool rated = true, json clock = {{"initial_s", 300}, {"increment_s", 2}}) {
  match_row m = sample_match("taixu", "public", end_ms - 60'000);
  m.rated = rated;
  m.clock = std::move(clock);
  m.token_hash[1] = token_hash(new_seat_token());
  m.seat_user = {a, b};
  std::vector<result> rs(4);
  s.insert_match(m, rs[0].done());
  s.append_action(m.code, game_action(1, 1, {{"type", "end_turn"}}, end_ms - 50'000), rs[1].done());
  std::int64_t version = 2;
  if (e.both_act)
    s.append_action(m.code, game_action(version++, 2, {{"type", "end_turn"}}, end_ms - 40'000), rs[2].done());
  else rs[2].p.set_value(write_status::ok);
  const action_row last = e.change.is_null() ? game_action(version, 1, {{"type", "end_turn"}}, end_ms)
                                             : room_change(version, 0, e.change, end_ms);
  s.append_and_finish(m.code, last, e.outcome, rs[3].done());
  for (auto& r : rs) REQUIRE(r.get() == write_status::ok);
  return m.code;
}

// Settles code on s; the write's status and what it did.
std::pair<write_status, settlement> settle(store& s, const std::string& code) {
  auto out = std::make_shared<settlement>();
  result r;
  s.queue_write(settle_work(code, out), r.done());
  const write_status st = r.get();
  return {st, *out};
}

// The expected ratings after a game between two players at before[0] and before[1].
std::array<rating, 2> expected_after(const std::array<rating, 2>& before, double score_1) {
  const game_result g1{before[1], score_1}, g2{before[0], 1 - score_1};
  return {rate(before[0], std::span<const game_result>(&g1, 1)), rate(before[1], std::span<const game_result>(&g2, 1))};
}

// Runs work on a fresh read of the store.
template <class F>
read_status read(store& s, F&& work) {
  return s.run_read("test", [&](sql_connection& db, std::string& error) { return work(db, error); });
}

}  // namespace

TEST_CASE(
    "ratings: every way a rated match ends moves both ratings by Glicko-2, and aborts and unacted seats do not count") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const std::int64_t ana = add_user(db, "ana"), bruno = add_user(db, "bruno");
  struct way {
    const char* name;
    ending e;
    double score_1;  // seat 1's score; < 0: does not count
    const char* why = "";
  };
  const std::vector<way> ways = {
      {"resignation", {{{"type", "resign"}, {"seat", 2}}, {{"winner", 1}, {"reason", "resign"}}}, 1},
      {"agreed draw", {{{"type", "draw_agreed"}}, {{"winner", nullptr}, {"reason", "draw_agreed"}}}, 0.5},
      {"abandonment (a loss)", {{{"type", "abandoned"}, {"winner", 2}}, {{"winner", 2}, {"reason", "abandoned"}}}, 0},
      {"time (a loss)", {{{"type", "timeout"}, {"seat", 1}}, {{"winner", 2}, {"reason", "timeout"}}}, 0},
      {"the game's own end", {nullptr, {{"winner", 2}, {"reason", "singularity"}}}, 0},
      {"abort by a player",
       {{{"type", "aborted"}, {"seat", 1}}, {{"winner", nullptr}, {"reason", "aborted"}}},
       -1,
       "aborted"},
      {"abort by the host",
       {{{"type", "aborted_by_host"}, {"reason", "maintenance"}}, {{"winner", nullptr}, {"reason", "aborted_by_host"}}},
       -1,
       "aborted"},
      {"a seat that never acted",
       {{{"type", "resign"}, {"seat", 1}}, {{"winner", 2}, {"reason", "resign"}}, false},
       -1,
       "not_both_acted"},
  };
  std::array<rating, 2> now{initial_rating(), initial_rating()};
  std::int64_t end_ms = t0;
  int counted = 0;
  for (const way& w : ways) {
    CAPTURE(w.name);
    end_ms += 3'600'000;
    const std::string code = finished_match(*s, ana, bruno, w.e, end_ms);
    const auto [st, out] = settle(*s, code);
    REQUIRE(st == write_status::ok);
    CHECK(db.scalar("SELECT COUNT(*) FROM matches WHERE ratings_settled IS NULL") == 0);
    if (w.score_1 < 0) {
      CHECK_FALSE(out.counted);
      CHECK(out.not_counted == w.why);
      CHECK(db.scalar("SELECT COUNT(*) FROM rating_changes") == 2 * counted);
      continue;
    }
    ++counted;
    REQUIRE(out.counted);
    CHECK(out.speed == speed::live);
    CHECK(out.changes[0].score == w.score_1);
    CHECK(out.changes[1].score == 1 - w.score_1);
    // The idle hour between games grows the deviation a little first.
    const double idle_days = counted == 1 ? 0 : static_cast<double>(3'600'000) / day_ms;
    std::array<rating, 2> before = now;
    if (counted > 1) before = {after_idle(now[0], idle_days), after_idle(now[1], idle_days)};
    const auto after = expected_after(before, w.score_1);
    for (std::size_t i = 0; i < 2; ++i) {
      CHECK(out.changes[i].before.value == Approx(before[i].value));
      CHECK(out.changes[i].before.deviation == Approx(before[i].deviation));
      CHECK(out.changes[i].after.value == Approx(after[i].value));
      CHECK(out.changes[i].after.deviation == Approx(after[i].deviation));
      CHECK(out.changes[i].user_id == (i == 0 ? ana : bruno));
    }
    now = after;
    settlement stored;
    std::string error;
    REQUIRE(read(*s, [&](sql_connection& c, std::string& e) { return read_match_changes(c, code, stored, e); }) ==
            read_status::found);
    CHECK(stored.changes[0].after.value == Approx(after[0].value));
    CHECK(stored.changes[1].score == 1 - w.score_1);
  }
  CHECK(counted == 5);
  std::vector<rating_row> rows;
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) { return read_user_ratings(c, ana, rows, e); }) ==
          read_status::found);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].games == 5);
  CHECK(rows[0].wins == 1);
  CHECK(rows[0].draws == 1);
  CHECK(rows[0].losses == 3);
  CHECK(rows[0].current.value == Approx(now[0].value));
  std::vector<rating_point> history;
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) {
            return read_rating_history(c, ana, "taixu", speed::live, 100, history, e);
          }) == read_status::found);
  REQUIRE(history.size() == 5);
  CHECK(history.front().at_ms < history.back().at_ms);
  CHECK(history.back().value == Approx(now[0].value));
  CHECK(history.back().opponent == "bruno D");
}

TEST_CASE("ratings: a match settles once, and guests, one account in both seats and unrated matches do not count") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const std::int64_t ana = add_user(db, "ana"), bruno = add_user(db, "bruno");
  const ending resign{{{"type", "resign"}, {"seat", 2}}, {{"winner", 1}, {"reason", "resign"}}};
  const std::string code = finished_match(*s, ana, bruno, resign, t0, true, {{"days_per_turn", 3}});
  std::vector<std::string> unsettled;
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) { return read_unsettled(c, 10, unsettled, e); }) ==
          read_status::found);
  CHECK(unsettled == std::vector<std::string>{code});
  const auto first = settle(*s, code);
  REQUIRE(first.first == write_status::ok);
  REQUIRE(first.second.counted);
  CHECK(first.second.speed == speed::correspondence);
  const auto again = settle(*s, code);
  REQUIRE(again.first == write_status::ok);
  REQUIRE(again.second.counted);
  CHECK(again.second.changes[0].after.value == Approx(first.second.changes[0].after.value));
  CHECK(db.scalar("SELECT COUNT(*) FROM rating_changes") == 2);
  CHECK(db.scalar("SELECT games FROM ratings WHERE user_id = " + std::to_string(ana)) == 1);
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) { return read_unsettled(c, 10, unsettled, e); }) ==
          read_status::found);
  CHECK(unsettled.empty());

  const auto guest = settle(*s, finished_match(*s, ana, 0, resign, t0 + 1000));
  CHECK(guest.first == write_status::ok);
  CHECK(guest.second.not_counted == "guest");
  const auto self = settle(*s, finished_match(*s, ana, ana, resign, t0 + 2000));
  CHECK(self.second.not_counted == "same_account");
  CHECK(settle(*s, finished_match(*s, ana, bruno, resign, t0 + 3000, false)).first == write_status::conflict);
  CHECK(settle(*s, "ZZZZZZ").first == write_status::conflict);
  CHECK(db.scalar("SELECT COUNT(*) FROM rating_changes") == 2);
  // An administrator deleting the settled match takes its changes along; the ratings stay.
  result deleted;
  s->queue_write(accounts::delete_match_work(code, "", 0, std::make_shared<accounts::match_deletion>()),
                 deleted.done());
  CHECK(deleted.get() == write_status::ok);
  CHECK(db.scalar("SELECT COUNT(*) FROM rating_changes") == 0);
  CHECK(db.scalar("SELECT games FROM ratings WHERE user_id = " + std::to_string(ana)) == 1);
}

TEST_CASE("ratings: two nodes settling at once: one match settles once, one player's two matches one after the other") {
  test_db db(backend::postgres);
  auto node_a = open_store(db.target), node_b = open_store(db.target);
  const std::int64_t ana = add_user(db, "ana"), bruno = add_user(db, "bruno"), carla = add_user(db, "carla");
  const ending resign{{{"type", "resign"}, {"seat", 2}}, {{"winner", 1}, {"reason", "resign"}}};
  for (int round = 0; round < 5; ++round) {
    CAPTURE(round);
    // The same match from both nodes at once.
    const std::string same = finished_match(*node_a, ana, bruno, resign, t0 + round * 10'000);
    auto one = std::async(std::launch::async, [&] { return settle(*node_a, same); });
    auto two = std::async(std::launch::async, [&] { return settle(*node_b, same); });
    const auto r1 = one.get(), r2 = two.get();
    CHECK((r1.first == write_status::ok || r2.first == write_status::ok));
    CHECK(db.scalar("SELECT COUNT(*) FROM rating_changes WHERE match_id = (SELECT id FROM matches WHERE code = '" +
                    same + "')") == 2);
    // Ana's two matches, against Bruno on one node and Carla on the other, at once.
    const std::string vs_bruno = finished_match(*node_a, ana, bruno, resign, t0 + round * 10'000 + 1000);
    const std::string vs_carla = finished_match(*node_b, carla, ana, resign, t0 + round * 10'000 + 1000);
    auto x = std::async(std::launch::async, [&] { return settle(*node_a, vs_bruno); });
    auto y = std::async(std::launch::async, [&] { return settle(*node_b, vs_carla); });
    const auto rx = x.get(), ry = y.get();
    REQUIRE(rx.first == write_status::ok);
    REQUIRE(ry.first == write_status::ok);
    // Whichever went second started from the first one's result for Ana.
    const rating_change& ana_x = rx.second.changes[0];
    const rating_change& ana_y = ry.second.changes[1];
    const bool x_first = ana_y.before.value == Approx(ana_x.after.value);
    const bool y_first = ana_x.before.value == Approx(ana_y.after.value);
    CHECK(x_first != y_first);
  }
  CHECK(db.scalar("SELECT games FROM ratings WHERE user_id = " + std::to_string(ana)) == 15);
}

TEST_CASE("ratings: the leaderboard leaves out provisional, inactive and disabled accounts") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const auto put = [&](const std::string& name, double value, double rd, std::int64_t updated_ms,
                       bool disabled = false) {
    const std::int64_t id = add_user(db, name);
    if (disabled) REQUIRE(db.run("UPDATE users SET disabled = 1 WHERE id = " + std::to_string(id)) == write_status::ok);
    REQUIRE(
        db.run("INSERT INTO ratings (user_id, game, speed, value, deviation, volatility, games, updated_ms) VALUES (" +
               std::to_string(id) + ", 'taixu', 'live', " + std::to_string(value) + ", " + std::to_string(rd) +
               ", 0.06, 12, " + std::to_string(updated_ms) + ")") == write_status::ok);
  };
  const std::int64_t now = t0 + 40 * day_ms;
  put("settled", 1700, 60, now - day_ms);
  put("better", 1800, 80, now - 2 * day_ms);
  put("unsure", 1900, 150, now - day_ms);     // provisional
  put("away", 2000, 50, now - 31 * day_ms);   // inactive for more than 30 days
  put("gone", 2100, 50, now - day_ms, true);  // disabled
  put("edge", 1600, 110, now - 30 * day_ms);  // RD 110 is not provisional; 30 days is active
  std::vector<board_line> board;
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) {
            return read_leaderboard(c, "taixu", speed::live, now - 30 * day_ms, 50, board, e);
          }) == read_status::found);
  REQUIRE(board.size() == 3);
  CHECK(board[0].username == "better");
  CHECK(board[1].username == "settled");
  CHECK(board[2].username == "edge");
  REQUIRE(read(*s, [&](sql_connection& c, std::string& e) {
            return read_leaderboard(c, "taixu", speed::correspondence, 0, 50, board, e);
          }) == read_status::found);
  CHECK(board.empty());
}

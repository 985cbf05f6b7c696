// The lobby's rows (server/social/lobby_sql) on SQLite and PostgreSQL: posting and its limits,
// withdrawing and declining, expiry, the read every node repeats, and two nodes taking one
// challenge at once.
#include <future>
#include <memory>

#include <catch2/catch.hpp>

#include "server/social/lobby_sql.h"
#include "server/store/sql.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::social;
using namespace tabuleiro::server::test;

namespace {

// A challenge of author (kind open unless said) posted at at_ms on node "n1".
challenge_row challenge(const std::string& id, std::int64_t author, std::int64_t at_ms,
                        const std::string& kind = "open", std::int64_t target = 0) {
  challenge_row c;
  c.id = id;
  c.kind = kind;
  c.author_id = author;
  c.target_id = target;
  c.game = "taixu";
  c.request = R"({"game":"taixu","options":{},"clock":null,"rated":false})";
  c.node = "n1";
  c.created_ms = at_ms;
  c.expires_ms = at_ms + 1'800'000;
  return c;
}

// Queues work on s and waits for its status.

std::vector<challenge_row> read_all(store& s, std::int64_t since) {
  std::vector<challenge_row> rows;
  REQUIRE(s.run_read("test", [&](sql_connection& db, std::string& error) {
    return read_challenges(db, since, 100, rows, error);
  }) == read_status::found);
  return rows;
}

}  // namespace

TEST_CASE("lobby: challenges are posted within their limits, withdrawn, declined and expired") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  auto s = open_store(db.target);
  const std::int64_t ana = add_user(db, "ana"), bruno = add_user(db, "bruno");
  auto why = std::make_shared<std::string>();
  for (int i = 0; i < 3; ++i)
    CHECK(run_write(*s, post_challenge_work(challenge("open" + std::to_string(i), ana, t0), 3, why)) ==
          write_status::ok);
  CHECK(run_write(*s, post_challenge_work(challenge("open3", ana, t0), 3, why)) == write_status::conflict);
  CHECK(*why == "too_many_challenges");
  CHECK(run_write(*s, post_challenge_work(challenge("d1", bruno, t0, "direct", ana), 3, why)) == write_status::ok);
  CHECK(run_write(*s, post_challenge_work(challenge("d2", bruno, t0, "direct", ana), 3, why)) ==
        write_status::conflict);
  CHECK(*why == "already_challenged");
  // A member's second seek replaces the first.
  CHECK(run_write(*s, post_challenge_work(challenge("s1", bruno, t0, "seek"), 3, why)) == write_status::ok);
  CHECK(run_write(*s, post_challenge_work(challenge("s2", bruno, t0 + 1, "seek"), 3, why)) == write_status::ok);
  auto rows = read_all(*s, t0);
  std::map<std::string, challenge_row> by_id;
  for (auto& r : rows) by_id[r.id] = r;
  CHECK(by_id.at("s1").status == "cancelled");
  CHECK(by_id.at("s2").status == "open");
  CHECK(by_id.at("d1").target_name == "ana");
  CHECK(by_id.at("d1").author_display == "bruno D");
  // Only the author withdraws, only the target declines, and only while open.
  CHECK(run_write(*s, end_challenge_work("open0", bruno, "cancelled", t0 + 5)) == write_status::conflict);
  CHECK(run_write(*s, end_challenge_work("open0", ana, "cancelled", t0 + 5)) == write_status::ok);
  CHECK(run_write(*s, end_challenge_work("open0", ana, "cancelled", t0 + 6)) == write_status::conflict);
  CHECK(run_write(*s, end_challenge_work("d1", bruno, "declined", t0 + 5)) == write_status::conflict);
  CHECK(run_write(*s, end_challenge_work("d1", ana, "declined", t0 + 5)) == write_status::ok);
  // Not seen for long (its node stopped) or past its time: expired; the read's window keeps recent changes only.
  CHECK(run_write(*s, renew_held_work({ana}, "n1", t0 + 40'000)) == write_status::ok);
  CHECK(run_write(*s, expire_work(t0 + 50'000, t0 + 30'000)) == write_status::ok);
  rows = read_all(*s, t0 + 45'000);
  by_id.clear();
  for (auto& r : rows) by_id[r.id] = r;
  CHECK(by_id.at("open1").status == "open");  // renewed at t0 + 40 s
  CHECK(by_id.at("s2").status == "expired");  // bruno's node never renewed it
  CHECK(by_id.count("open0") == 0);           // withdrawn before the window
  CHECK(run_write(*s, expire_work(t0 + 1'800'000, 0)) == write_status::ok);
  for (const auto& r : read_all(*s, 0)) CHECK(r.status != "open");
  // A member's challenges held by a node end when they leave it.
  CHECK(run_write(*s, post_challenge_work(challenge("late", ana, t0 + 2'000'000), 3, why)) == write_status::ok);
  CHECK(run_write(*s, cancel_held_work(ana, "n2", "", t0 + 2'000'001)) == write_status::ok);
  CHECK(db.scalar("SELECT COUNT(*) FROM challenges WHERE status = 'open'") == 1);
  CHECK(run_write(*s, cancel_held_work(ana, "n1", "", t0 + 2'000'001)) == write_status::ok);
  CHECK(db.scalar("SELECT COUNT(*) FROM challenges WHERE status = 'open'") == 0);
}

TEST_CASE("lobby: two nodes taking one challenge at once make one match, and the players' other challenges end") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  auto node_a = open_store(db.target), node_b = open_store(db.target);
  const std::int64_t ana = add_user(db, "ana"), bruno = add_user(db, "bruno"), carla = add_user(db, "carla");
  auto why = std::make_shared<std::string>();
  for (int round = 0; round < 10; ++round) {
    CAPTURE(round);
    const std::string id = "c" + std::to_string(round);
    const std::int64_t now = t0 + round * 1000;
    REQUIRE(run_write(*node_a, post_challenge_work(challenge(id, ana, now), 3, why)) == write_status::ok);
    REQUIRE(run_write(*node_a, post_challenge_work(challenge(id + "s", bruno, now, "seek"), 3, why)) ==
            write_status::ok);
    // Each node makes its own match row; only the one whose claim holds is stored.
    auto take = [&](store& s, std::int64_t by) {
      match_row m = sample_match("taixu", "public", now);
      m.token_hash[1] = token_hash(new_seat_token());
      m.seat_user = {ana, by};
      write_work work = [id, by, ana, now, m, insert = insert_match_work(m)](sql_connection& c, std::string& error) {
        const write_status st = take_challenges(c, {id}, by, {ana, by}, m.code, now + 1, error);
        return st == write_status::ok ? insert(c, error) : st;
      };
      return std::make_pair(run_write(s, std::move(work)), m.code);
    };
    auto one = std::async(std::launch::async, [&] { return take(*node_a, bruno); });
    auto two = std::async(std::launch::async, [&] { return take(*node_b, carla); });
    const auto r1 = one.get(), r2 = two.get();
    CHECK(int(r1.first == write_status::ok) + int(r2.first == write_status::ok) == 1);
    CHECK((r1.first == write_status::conflict || r2.first == write_status::conflict));
    const std::string winner = r1.first == write_status::ok ? r1.second : r2.second;
    CHECK(db.scalar("SELECT COUNT(*) FROM matches WHERE code IN ('" + r1.second + "', '" + r2.second + "')") == 1);
    challenge_row row;
    REQUIRE(node_a->run_read("test", [&](sql_connection& c, std::string& error) {
      return read_challenge(c, id, row, error);
    }) == read_status::found);
    CHECK(row.status == "accepted");
    CHECK(row.match_code == winner);
    // Bruno's seek ended if he won the race (he is playing now).
    const bool bruno_won = r1.first == write_status::ok;
    CHECK(db.scalar("SELECT COUNT(*) FROM challenges WHERE id = '" + id + "s' AND status = 'open'") ==
          (bruno_won ? 0 : 1));
    run_write(*node_a, cancel_held_work(bruno, "n1", "", now + 2));
  }
}

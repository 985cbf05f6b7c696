// The connection record's rows (server/room/connection_sql) on SQLite and PostgreSQL: changes
// numbered per match and read back in order, an unknown match refused, the read bounded, and a
// deleted match taking its record along; and the room's record (server/room/seat_connections):
// what it records, stores and gives the room to send.
#include <memory>

#include <catch2/catch.hpp>

#include "server/accounts/admin_sql.h"
#include "server/room/connection_sql.h"
#include "server/room/seat_connections.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {}

TEST_CASE("connection rows: numbered per match, read back in order, bounded, deleted with their match") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row m = sample_match("taixu", "public", t0);
  match_row other = sample_match("taixu", "public", t0);
  for (auto* row : {&m, &other}) {
    result r;
    s->insert_match(*row, r.done());
    REQUIRE(r.get() == write_status::ok);
  }
  REQUIRE(run_write(*s, insert_connection_work(m.code, {2, false, t0 + 10, 3})) == write_status::ok);
  REQUIRE(run_write(*s, insert_connection_work(other.code, {1, false, t0 + 11, 0})) == write_status::ok);
  REQUIRE(run_write(*s, insert_connection_work(m.code, {2, true, t0 + 20, 5})) == write_status::ok);
  // An earlier time stored later still reads back after: the order is the order stored.
  REQUIRE(run_write(*s, insert_connection_work(m.code, {1, false, t0 + 5, 0})) == write_status::ok);
  CHECK(run_write(*s, insert_connection_work("NOSUCH", {1, false, t0})) == write_status::conflict);

  std::vector<connection_change> changes;
  auto read = [&](const std::string& code) {
    REQUIRE(s->run_read("test", [&](sql_connection& c, std::string& e) {
      return read_connections(c, code, changes, e);
    }) == read_status::found);
  };
  read(m.code);
  CHECK(changes ==
        std::vector<connection_change>{{2, false, t0 + 10, 3}, {2, true, t0 + 20, 5}, {1, false, t0 + 5, 0}});
  CHECK(db.scalar("SELECT MAX(n) FROM seat_connections s JOIN matches m ON m.id = s.match_id WHERE m.code = '" +
                  m.code + "'") == 3);
  read("NOSUCH");
  CHECK(changes.empty());

  // A record read back holds at most one change past the bound, so that it reads as incomplete.
  for (std::int64_t n = 2; n <= static_cast<std::int64_t>(connection_log::max_changes) + 5; ++n)
    REQUIRE(run_write(*s, insert_connection_work(other.code, {1, n % 2 == 0, t0 + n, n})) == write_status::ok);
  read(other.code);
  CHECK(changes.size() == connection_log::max_changes + 1);
  connection_log log;
  log.restore(changes);
  CHECK(log.record(t0)["complete"] == false);

  result end;
  s->append_and_finish(m.code, room_change(1, 0, {{"type", "resign"}, {"seat", 1}}, t0 + 40),
                       {{"winner", 2}, {"reason", "resign"}}, end.done());
  REQUIRE(end.get() == write_status::ok);
  auto deleted = std::make_shared<accounts::match_deletion>();
  REQUIRE(run_write(*s, accounts::delete_match_work(m.code, "", 0, deleted)) == write_status::ok);
  CHECK(db.scalar("SELECT COUNT(*) FROM seat_connections") ==
        static_cast<std::int64_t>(connection_log::max_changes) + 5);
}

TEST_CASE(
    "a room's connection record: only counted changes, coming back only after an absence, the end's absences, each one stored and its message returned") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match("taixu", "public", t0);
  store_match(*s, m);
  seat_connections record(*s, m.code);
  const auto stored = [&] {
    s->flush();
    return db.scalar("SELECT COUNT(*) FROM seat_connections");
  };

  CHECK_FALSE(record.record(t0));                           // nothing yet: no message
  CHECK_FALSE(record.changed(1, false, false, t0 + 1, 1));  // not counted (not started, a bot's, stopping)
  CHECK_FALSE(record.changed(1, true, true, t0 + 2, 1));    // arriving is no news
  CHECK(stored() == 0);

  const auto away = record.changed(2, false, true, t0 + 10'000, 3);
  REQUIRE(away);
  json j = json::parse(*away);
  CHECK(j["type"] == "connections");
  CHECK(j.dump().find("\"disconnections\":1") != std::string::npos);
  CHECK(stored() == 1);
  const auto back = record.changed(2, true, true, t0 + 25'000, 4);
  REQUIRE(back);
  CHECK(stored() == 2);
  CHECK(record.record(t0 + 30'000) == record.record(t0 + 30'000));  // a viewer's copy, nothing stored
  CHECK(stored() == 2);

  // The end: seat 1 away since t0 + 40 s and never recorded offline is recorded now; seat 2,
  // recorded offline again before, is not recorded twice.
  REQUIRE(record.changed(2, false, true, t0 + 45'000, 5));
  const auto last = record.ended({t0 + 40'000, t0 + 45'000}, 0, t0 + 60'000);
  REQUIRE(last);
  CHECK(stored() == 4);
  std::vector<connection_change> changes;
  REQUIRE(s->run_read("test", [&](sql_connection& c, std::string& e) {
    return read_connections(c, m.code, changes, e);
  }) == read_status::found);
  CHECK(changes.back() == connection_change{1, false, t0 + 40'000, 0});
  j = json::parse(*last);
  CHECK(j["type"] == "connections");
}

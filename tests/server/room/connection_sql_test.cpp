// The connection record's rows (server/room/connection_sql) on SQLite and PostgreSQL: changes
// numbered per match and read back in order, an unknown match refused, the read bounded, and a
// deleted match taking its record along.
#include <memory>

#include <catch2/catch.hpp>

#include "server/accounts/admin_sql.h"
#include "server/room/connection_sql.h"
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

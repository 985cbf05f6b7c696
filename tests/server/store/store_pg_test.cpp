// The store on PostgreSQL where it differs from SQLite: the schema both dialects reach, the
// append-only rules in PostgreSQL's triggers, SQLSTATE classes, and a server that stops
// mid-run and comes back. The contract tests shared with SQLite run on both (GENERATE).
#include <map>
#include <set>
#include <thread>

#include "server/store/schema.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

using columns = std::map<std::string, std::set<std::string>>;  // table -> its column names

// Every column of every table of the database, read through a new connection.
columns schema_of(const test_db& db) {
  const char* sql =
      db.kind == backend::sqlite
          ? "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c"
            " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"
          : "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'";
  columns out;
  std::string error;
  INFO(error);
  REQUIRE(db.connect()->query(
      sql, {}, [&](const sql_row& row) { out[row.text(0)].insert(row.text(1)); }, error));
  return out;
}

}  // namespace

TEST_CASE("both dialects' migrations end with the same tables and columns", "[store][postgres]") {
  test_db lite(backend::sqlite), pg(backend::postgres);
  open_store(lite.target)->close();
  open_store(pg.target)->close();
  const columns a = schema_of(lite), b = schema_of(pg);
  CHECK(a == b);
  for (const char* table :
       {"matches", "seats", "actions", "bot_seats", "leases", "users", "sessions", "invitations", "schema_version"})
    CHECK(b.count(table) == 1);
  CHECK(b.at("actions").count("change") == 1);
  CHECK(b.at("matches").count("rematch") == 1);
  // Both record every migration of the one numbered list.
  CHECK(pg.scalar("SELECT COUNT(*) FROM schema_version") == static_cast<std::int64_t>(embedded_pg_migrations().size()));
  CHECK(pg.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
}

TEST_CASE("the PostgreSQL migrations are the numbered list of schema/, with variants where the SQL differs",
          "[store][postgres]") {
  const auto lite = embedded_migrations(), pg = embedded_pg_migrations();
  REQUIRE(lite.size() == pg.size());
  for (std::size_t i = 0; i < lite.size(); ++i) {
    CHECK(lite[i].name == pg[i].name);
    const auto variant = std::filesystem::path(TABULEIRO_SOURCE_DIR) / "schema" / "postgres" / std::string(pg[i].name);
    if (!std::filesystem::exists(variant)) CHECK(lite[i].sql == pg[i].sql);  // shared text
    else CHECK(lite[i].sql != pg[i].sql);
  }
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(TABULEIRO_SOURCE_DIR) / "schema" / "postgres"))
    CHECK(std::filesystem::exists(std::filesystem::path(TABULEIRO_SOURCE_DIR) / "schema" / entry.path().filename()));
}

TEST_CASE("PostgreSQL refuses updates, deletes and truncation of the log, and changes of a bot seat",
          "[store][postgres]") {
  test_db db(backend::postgres);
  auto s = open_store(db.target);
  match_row m = sample_match();
  m.token_hash[1] = token_hash("bot");
  m.bot = bot_seat_row{2, "easy", "7"};
  store_match(*s, m);
  result a;
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), a.done());
  REQUIRE(a.get() == ok);
  CHECK(db.run("UPDATE actions SET at_ms = 5") == conflict);
  CHECK(db.run("DELETE FROM actions") == conflict);
  CHECK(db.run("TRUNCATE actions CASCADE") == conflict);
  CHECK(db.run("UPDATE bot_seats SET seed = '8'") == conflict);
  CHECK(db.run("UPDATE matches SET game = game") == ok);  // the control: other tables may change
  CHECK(db.scalar("SELECT COUNT(*) FROM actions") == 1);
  CHECK(s->load_match(m.code).value.bot->seed == "7");
  // Reopening migrates nothing again.
  s->close();
  s = open_store(db.target);
  CHECK(s->load_actions(m.code).value.size() == 1);
  CHECK(db.scalar("SELECT COUNT(*) FROM schema_version") == static_cast<std::int64_t>(embedded_pg_migrations().size()));
}

TEST_CASE("stores opened together on a new PostgreSQL database migrate it once, one after another",
          "[store][postgres]") {
  test_db db(backend::postgres);
  constexpr int servers = 4;
  std::vector<std::unique_ptr<store>> opened(servers);
  std::vector<std::string> errors(servers);
  std::vector<std::thread> starts;
  for (int i = 0; i < servers; ++i) starts.emplace_back([&, i] { opened[i] = store::open(db.target, errors[i]); });
  for (auto& t : starts) t.join();
  for (int i = 0; i < servers; ++i) {
    INFO(errors[i]);
    CHECK(opened[i] != nullptr);
  }
  CHECK(db.scalar("SELECT COUNT(*) FROM schema_version") == static_cast<std::int64_t>(embedded_pg_migrations().size()));
}

TEST_CASE("SQLSTATE classes 22 and 23 are conflicts, everything else is unavailable", "[store][postgres]") {
  CHECK(pg_write_status_of("23505") == conflict);     // unique_violation
  CHECK(pg_write_status_of("23502") == conflict);     // not_null_violation
  CHECK(pg_write_status_of("23001") == conflict);     // restrict_violation (the append-only triggers)
  CHECK(pg_write_status_of("22021") == conflict);     // character_not_in_repertoire
  CHECK(pg_write_status_of("08006") == unavailable);  // connection_failure
  CHECK(pg_write_status_of("57P01") == unavailable);  // admin_shutdown
  CHECK(pg_write_status_of("53100") == unavailable);  // disk_full
  CHECK(pg_write_status_of("40001") == unavailable);  // serialization_failure
  CHECK(pg_write_status_of("") == unavailable);       // no result: the link broke
  CHECK(is_postgres_url("postgres://h/db"));
  CHECK(is_postgres_url("postgresql://h/db"));
  CHECK_FALSE(is_postgres_url("./data/postgres://x"));
}

TEST_CASE("an unreachable PostgreSQL server is refused at open with a message", "[store][postgres]") {
  std::string error;
  // Port 1 on loopback: nothing listens there.
  CHECK(store::open("postgresql://tabuleiro@127.0.0.1:1/none?connect_timeout=2", error) == nullptr);
  CHECK(error.find("PostgreSQL") != std::string::npos);
}

TEST_CASE("while the PostgreSQL server is down writes and reads are unavailable, and both work again once it is back",
          "[store][postgres]") {
  tabuleiro::test::pg_cluster cluster;  // its own: stopping it must not disturb other tests
  const std::string url = cluster.create_database();
  auto s = open_store(url);
  const match_row m = sample_match();
  store_match(*s, m);
  result first;
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), first.done());
  REQUIRE(first.get() == ok);

  // Several writes queued while the writer is held, then the server dies (no checkpoint).
  writer_gate gate;
  s->insert_match(sample_match(), gate.hold());
  gate.wait_entered();
  cluster.stop("immediate");
  result during, other, claim;
  s->append_action(m.code, game_action(2, 1, {{"type", "y"}}, 2), during.done());
  s->insert_match(sample_match(), other.done());
  s->claim_seat(m.code, 2, token_hash("two"), claim.done());
  gate.open();
  CHECK(during.get() == unavailable);
  CHECK(other.get() == unavailable);
  CHECK(claim.get() == unavailable);
  CHECK(s->load_match(m.code).status == read_status::unavailable);  // not absent
  CHECK(s->load_actions(m.code).status == read_status::unavailable);

  cluster.start();
  const auto row = s->load_match(m.code);  // the reader reconnects by itself
  REQUIRE(row.found());
  CHECK(row.value.version == 1);  // nothing of the refused writes took effect
  result again;
  s->append_action(m.code, game_action(2, 1, {{"type", "y"}}, 2), again.done());
  CHECK(again.get() == ok);  // the writer reconnects on its next batch
  CHECK(s->load_actions(m.code).value.size() == 2);
  s->close();
  auto reopened = open_store(url);
  CHECK(reopened->load_match(m.code).value.version == 2);
}

TEST_CASE("a PostgreSQL URL is logged without its password", "[store][postgres]") {
  CHECK(loggable_db_target("postgres://ana:s3cret@db.example:5432/tab") == "postgres://ana:***@db.example:5432/tab");
  CHECK(loggable_db_target("postgresql://ana@h/tab?sslmode=require&password=s3cret&x=1") ==
        "postgresql://ana@h/tab?sslmode=require&password=***&x=1");
  CHECK(loggable_db_target("postgresql://h/tab?password=s3cret") == "postgresql://h/tab?password=***");
  CHECK(loggable_db_target("postgresql://h:5432/tab") == "postgresql://h:5432/tab");  // a port is not a password
  CHECK(loggable_db_target("./data/a:b@c.db") == "./data/a:b@c.db");                  // paths are as given
}

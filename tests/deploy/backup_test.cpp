// `tabuleiro backup`: a consistent copy of a WAL database that another connection keeps open,
// and of a PostgreSQL database (pg_dump) that pg_restore brings back.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <random>
#include <string>

#include "pg_cluster.h"
#include "server/cli/commands.h"
#include "server/store/store.h"

namespace {

namespace fs = std::filesystem;

// A fresh temporary directory, removed with its contents at the end of the test.
struct temp_dir {
  fs::path path = fs::temp_directory_path() / ("tabuleiro-backup-test-" + std::to_string(std::random_device{}()));
  temp_dir() { fs::create_directories(path); }
  ~temp_dir() { fs::remove_all(path); }
};

// An open SQLite connection; runs statements and reads one integer. Not thread-safe.
struct connection {
  sqlite3* db = nullptr;
  explicit connection(const fs::path& p) { REQUIRE(sqlite3_open(p.c_str(), &db) == SQLITE_OK); }
  ~connection() { sqlite3_close(db); }
  void exec(const std::string& sql) { REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK); }
  long long scalar(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    const long long v = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return v;
  }
};

}  // namespace

TEST_CASE("backup copies committed rows still in the WAL while the writer stays open") {
  temp_dir dir;
  const fs::path db = dir.path / "tabuleiro.db";
  const fs::path copy = dir.path / "copy.db";
  connection writer(db);
  writer.exec("PRAGMA journal_mode = WAL");
  writer.exec("PRAGMA wal_autocheckpoint = 0");  // keep every row in the WAL file
  writer.exec("CREATE TABLE actions (version INTEGER PRIMARY KEY, action TEXT)");
  for (int v = 1; v <= 50; ++v) writer.exec("INSERT INTO actions VALUES (" + std::to_string(v) + ", 'move')");
  REQUIRE(fs::file_size(dir.path / "tabuleiro.db-wal") > 0);

  REQUIRE(tabuleiro::run_backup({"--db", db.string(), copy.string()}) == 0);
  writer.exec("INSERT INTO actions VALUES (51, 'after the backup')");

  connection restored(copy);
  CHECK(restored.scalar("SELECT count(*) FROM actions") == 50);
  CHECK(restored.scalar("SELECT max(version) FROM actions") == 50);
  CHECK(restored.scalar("SELECT count(*) FROM pragma_quick_check WHERE quick_check = 'ok'") == 1);
}

TEST_CASE("backup refuses to overwrite and needs an existing database") {
  temp_dir dir;
  const fs::path db = dir.path / "tabuleiro.db";
  {
    connection c(db);
    c.exec("CREATE TABLE t (x)");
  }
  const fs::path taken = dir.path / "taken.db";
  {
    connection c(taken);
    c.exec("CREATE TABLE keep (x)");
  }
  CHECK(tabuleiro::run_backup({"--db", db.string(), taken.string()}) == 1);
  {
    connection c(taken);
    CHECK(c.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'keep'") == 1);
  }
  CHECK(tabuleiro::run_backup({"--db", (dir.path / "missing.db").string(), (dir.path / "out.db").string()}) == 1);
  CHECK_FALSE(fs::exists(dir.path / "missing.db"));
  CHECK(tabuleiro::run_backup({"--db", db.string()}) == 2);
}

TEST_CASE("backup of a PostgreSQL database is a pg_dump archive that pg_restore brings back whole") {
  using namespace tabuleiro::server;
  auto& cluster = tabuleiro::test::shared_pg_cluster();
  const std::string url = cluster.create_database(), restored_url = cluster.create_database();
  match_row m;
  m.code = "BKP7QX";
  m.game = "taixu";
  m.options = json::object();
  m.seed = "42";
  m.visibility = "public";
  m.status = "waiting";
  m.created_ms = 1000;
  m.token_hash[0] = std::string(64, 'a');
  {
    std::string error;
    auto s = store::open(url, error);
    INFO(error);
    REQUIRE(s);
    s->insert_match(m, {});
    for (int v = 1; v <= 20; ++v) s->append_action(m.code, action_row{v, 1 + v % 2, {{"n", v}}, nullptr, 1000 + v}, {});
    s->flush();
    temp_dir dir;
    const fs::path dump = dir.path / "tabuleiro.pgdump";
    REQUIRE(tabuleiro::run_backup({"--db", url, dump.string()}) == 0);  // while the store stays open
    REQUIRE(fs::file_size(dump) > 0);
    CHECK(tabuleiro::run_backup({"--db", url, dump.string()}) == 1);  // never overwritten
    const std::string restore = "pg_restore --no-owner --exit-on-error --dbname='" + restored_url + "' '" +
                                dump.string() + "'";
    REQUIRE(std::system(restore.c_str()) == 0);
  }
  std::string error;
  auto s = store::open(restored_url, error);  // already at the latest schema version: migrates nothing
  INFO(error);
  REQUIRE(s);
  const auto row = s->load_match(m.code);
  REQUIRE(row.found());
  CHECK(row.value.version == 20);
  CHECK(row.value.token_hash[0] == m.token_hash[0]);
  const auto log = s->load_actions(m.code);
  REQUIRE(log.value.size() == 20);
  CHECK(log.value.back().action == json{{"n", 20}});
  std::promise<write_status> next;
  s->append_action(m.code, action_row{21, 2, {{"n", 21}}, nullptr, 2000},
                   [&next](write_status st) { next.set_value(st); });
  CHECK(next.get_future().get() == write_status::ok);  // the restored log takes the next version
}

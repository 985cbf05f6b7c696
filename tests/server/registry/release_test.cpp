// The server on a database written by release 0.1.0 (tests/server/store/data): it migrates it, and
// every match's summary and spectator view equal what that release served (old logs replay
// identically). Also: a store that cannot be read answers storage_error, not unknown_match.
#include <sqlite3.h>

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

namespace {

// A file of tests/server/store/data as text.
std::string fixture(const std::string& name) {
  std::ifstream in(std::string(TABULEIRO_SOURCE_DIR) + "/tests/server/store/data/" + name, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs sql on the database file path with the sqlite3 API (creating it); REQUIREs success.
void sql_on(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) == SQLITE_OK);
  sqlite3_busy_timeout(db, 5000);
  char* msg = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg);
  const std::string error = msg != nullptr ? msg : "";
  sqlite3_free(msg);
  sqlite3_close(db);
  INFO(sql.substr(0, 80) << ": " << error);
  REQUIRE(rc == SQLITE_OK);
}

// The schema version recorded in the database at path.
int schema_version(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  int v = -1;
  if (sqlite3_prepare_v2(db, "SELECT MAX(version) FROM schema_version", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    v = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

// REQUIREs that the server on port serves each recorded match as the release did.
void check_as_recorded(unsigned short port, const json& expected) {
  for (const auto& match : expected.at("matches")) {
    const std::string code = match.at("code");
    INFO(match.at("name").get<std::string>() << " " << code);
    const auto got = http_call(port, "GET", "/api/matches/" + code);
    REQUIRE(got.status == 200);
    const json summary = got.json_body();
    const json& recorded = match.at("summary");
    for (const char* key : {"code", "game", "status", "version", "outcome", "visibility", "created"})
      CHECK(summary.at(key) == recorded.at(key));
    for (int s = 0; s < 2; ++s) CHECK(summary["seats"][s]["taken"] == recorded["seats"][s]["taken"]);

    ws_client spectator(port);
    tracked_view t;
    const json joined = join(spectator, t, code, {{"as", "spectator"}});
    CHECK(joined.at("version") == match.at("spectator").at("version"));
    CHECK(joined.at("view") == match.at("spectator").at("view"));
    CHECK(joined.at("outcome") == recorded.at("outcome"));
  }
}

}  // namespace

TEST_CASE("release: a 0.1.0 database migrates and replays to the views that release served") {
  temp_dir dir;
  const std::string db = dir.path + "/release.db";
  sql_on(db, fixture("release-0.1.0.sql"));
  REQUIRE(schema_version(db) == 2);
  const json expected = json::parse(fixture("release-0.1.0.expected.json"));
  REQUIRE(expected.at("matches").size() == 5);
  {
    server_process srv(db);  // migrates on start
    check_as_recorded(srv.port(), expected);
    CHECK(srv.terminate() == 0);
  }
  CHECK(schema_version(db) >= 3);
  server_process again(db);  // already migrated: the same again
  check_as_recorded(again.port(), expected);
}

TEST_CASE("storage: a store that cannot be read answers storage_error (503), not unknown_match") {
  temp_dir dir;
  const std::string db = dir.path + "/release.db";
  sql_on(db, fixture("release-0.1.0.sql"));
  const json expected = json::parse(fixture("release-0.1.0.expected.json"));
  const std::string code = expected["matches"][0]["code"];  // finished: not loaded by the idle sweep
  server_process srv(db);
  sql_on(db, "ALTER TABLE matches RENAME TO matches_away");
  auto error_code = [](const http_answer& a) { return a.json_body()["error"]["code"].get<std::string>(); };

  const auto one = http_call(srv.port(), "GET", "/api/matches/" + code);
  CHECK(one.status == 503);
  CHECK(error_code(one) == "storage_error");
  const auto list = http_call(srv.port(), "GET", "/api/matches");
  CHECK(list.status == 503);
  CHECK(error_code(list) == "storage_error");
  ws_client c(srv.port());
  c.send({{"type", "join"}, {"code", code}, {"as", "spectator"}});
  const json err = c.expect("error");
  CHECK(err["code"] == "storage_error");

  sql_on(db, "ALTER TABLE matches_away RENAME TO matches");
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + code).status == 200);  // try again: it works
  c.send({{"type", "join"}, {"code", code}, {"as", "spectator"}});            // the join may be retried
  CHECK(c.expect("joined")["version"] == expected["matches"][0]["summary"]["version"]);
  CHECK(http_call(srv.port(), "GET", "/api/matches/ZZZZZZ").status == 404);
}

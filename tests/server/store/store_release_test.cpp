// A database written by release 0.1.0 (tests/server/store/data/release-0.1.0.sql, schema version 2)
// is migrated in place: room-level rows move to the change column, game rows stay as they
// were, versions stay contiguous, and the log stays append-only.
#include <fstream>
#include <sstream>

#include "server/store/schema.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

using table = std::vector<std::vector<std::string>>;

// A file of tests/server/store/data as text.
std::string fixture(const std::string& name) {
  std::ifstream in(std::filesystem::path(TABULEIRO_SOURCE_DIR) / "tests" / "server" / "store" / "data" / name,
                   std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Creates the database file path from an SQL dump, with the sqlite3 API alone.
void load_dump(const std::string& path, const std::string& dump) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) == SQLITE_OK);
  char* msg = nullptr;
  const int rc = sqlite3_exec(db, dump.c_str(), nullptr, nullptr, &msg);
  const std::string error = msg != nullptr ? msg : "";
  sqlite3_free(msg);
  sqlite3_close(db);
  INFO(error);
  REQUIRE(rc == SQLITE_OK);
}

// Every row of sql, each column as text ("<null>" for NULL).
table rows(const raw_db& raw, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw.db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
  table out;
  while (sqlite3_step(st) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int c = 0; c < sqlite3_column_count(st); ++c) {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
      row.emplace_back(p != nullptr ? p : "<null>");
    }
    out.push_back(std::move(row));
  }
  sqlite3_finalize(st);
  return out;
}

bool room_level_type(const std::string& type) {
  return type == "resign" || type == "draw_agreed" || type == "abandoned";
}

}  // namespace

TEST_CASE("a release-0.1.0 database migrates: room-level rows become changes, game rows stay", "[store]") {
  temp_dir dir;
  const std::string dump = fixture("release-0.1.0.sql");
  const json expected = json::parse(fixture("release-0.1.0.expected.json"));
  const std::string original = (dir.path / "original.db").string();
  load_dump(original, dump);
  load_dump(dir.db(), dump);
  {
    raw_db old(dir.db());
    REQUIRE(old.scalar("SELECT MAX(version) FROM schema_version") == 2);
  }
  auto s = open_store(dir.db());  // migrates
  raw_db before(original), after(dir.db());
  CHECK(after.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
  CHECK(after.text("PRAGMA integrity_check") == "ok");
  CHECK(after.scalar("SELECT COUNT(*) FROM pragma_foreign_key_check") == 0);

  // Matches and seats are untouched (their columns of 0.1.0; later ones start NULL).
  const char* match_cols = "SELECT id, code, game, options, seed, start_position, visibility, status, outcome,"
                           " created_ms, updated_ms, finished_ms, last_version FROM matches ORDER BY id";
  CHECK(rows(after, match_cols) == rows(before, match_cols));
  CHECK(rows(after, "SELECT match_id, seat, token_hash FROM seats ORDER BY match_id, seat") ==
        rows(before, "SELECT * FROM seats ORDER BY match_id, seat"));
  CHECK(after.scalar("SELECT COUNT(*) FROM matches WHERE rematch IS NOT NULL") == 0);
  CHECK(after.scalar("SELECT COUNT(*) FROM seats WHERE name IS NOT NULL") == 0);
  CHECK(after.scalar("SELECT COUNT(*) FROM matches WHERE clock IS NOT NULL") == 0);
  CHECK(after.scalar("SELECT COUNT(*) FROM seats WHERE claimed_ms <> 0") == 0);
  CHECK(after.scalar("SELECT COUNT(*) FROM actions WHERE lag_ms <> 0") == 0);

  // Row by row: a room-level change moved to `change`, every game action kept as it was.
  const table old_log = rows(before, "SELECT match_id, version, seat, action, at_ms FROM actions ORDER BY 1, 2");
  const table new_log = rows(after, "SELECT match_id, version, seat, action, change, at_ms FROM actions ORDER BY 1, 2");
  REQUIRE(old_log.size() == 29);
  REQUIRE(new_log.size() == old_log.size());
  int changes = 0;
  for (std::size_t i = 0; i < old_log.size(); ++i) {
    const auto& o = old_log[i];
    const auto& n = new_log[i];
    INFO("match " << o[0] << " version " << o[1] << ": " << o[3]);
    CHECK(n[0] == o[0]);
    CHECK(n[1] == o[1]);
    CHECK(n[2] == o[2]);
    CHECK(n[5] == o[4]);
    if (room_level_type(json::parse(o[3]).value("type", ""))) {
      ++changes;
      CHECK(n[3] == "<null>");
      CHECK(n[4] == o[3]);
    } else {
      CHECK(n[3] == o[3]);
      CHECK(n[4] == "<null>");
    }
  }
  CHECK(changes == 3);  // resigned, drawn, abandoned

  // Through the store: each log is 1..N with N the match's version; only a finished match
  // may end with a room-level change, and nothing follows one.
  for (const auto& match : expected["matches"]) {
    const std::string code = match["code"];
    INFO(match["name"].get<std::string>() << " " << code);
    const auto row = s->load_match(code);
    REQUIRE(row.found());
    CHECK(row.value.version == match["summary"]["version"].get<std::int64_t>());
    CHECK(row.value.status == match["summary"]["status"].get<std::string>());
    const auto log = s->load_actions(code);
    REQUIRE(log.found());
    REQUIRE(static_cast<std::int64_t>(log.value.size()) == row.value.version);
    for (std::size_t i = 0; i < log.value.size(); ++i) {
      const action_row& a = log.value[i];
      CHECK(a.version == static_cast<std::int64_t>(i + 1));
      CHECK(a.action.is_null() != a.change.is_null());
      if (!a.change.is_null()) {
        CHECK(i + 1 == log.value.size());
        CHECK(row.value.status == "finished");
        CHECK(room_level_type(a.change.value("type", "")));
      } else {
        CHECK_FALSE(room_level_type(a.action.value("type", "")));
      }
    }
  }

  // The rebuilt table keeps its key, WITHOUT ROWID and the append-only triggers.
  CHECK(after.text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'actions'").find("WITHOUT ROWID") !=
        std::string::npos);
  CHECK(after.scalar("SELECT COUNT(*) FROM pragma_table_info('actions') WHERE pk > 0") == 2);
  {
    raw_db writer(dir.db(), false);
    CHECK(writer.exec("UPDATE actions SET seat = seat") == SQLITE_CONSTRAINT);
    CHECK(writer.exec("DELETE FROM actions") == SQLITE_CONSTRAINT);
    CHECK(writer.exec("INSERT INTO actions (match_id, version, seat, action, change, at_ms)"
                      " VALUES (4, 100, 1, NULL, NULL, 1)") == SQLITE_CONSTRAINT);
  }
  CHECK(after.scalar("SELECT COUNT(*) FROM actions") == 29);

  // The migrated log takes the running match's next version, and fences the old ones.
  std::string running;
  for (const auto& match : expected["matches"])
    if (match["name"] == "running") running = match["code"];
  const std::int64_t next = s->load_match(running).value.version + 1;
  result stale, end;
  s->append_action(running, game_action(next - 1, 1, {{"type", "summon"}, {"to", "a1"}}, 1), stale.done());
  CHECK(stale.get() == conflict);
  s->append_and_finish(running, room_change(next, 1, {{"type", "resign"}, {"seat", 1}}, 2),
                       {{"winner", 2}, {"reason", "resign"}}, end.done());
  CHECK(end.get() == ok);
  CHECK(s->load_actions(running).value.back().change == json{{"type", "resign"}, {"seat", 1}});
}

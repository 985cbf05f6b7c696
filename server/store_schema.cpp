// Applies the embedded schema/*.sql migrations (see store_schema.h).
#include "server/store_schema.h"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <chrono>

#include "server/store_sqlite.h"

namespace tabuleiro::server {
namespace {

// The version a migration file name starts with ("001_init.sql" -> 1), or -1 if none.
int version_of(std::string_view name) {
  int v = -1;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), v);
  if (ec != std::errc() || end == name.data() || end == name.data() + name.size() || *end != '_') return -1;
  return v;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int latest_schema_version() {
  int latest = 0;
  for (const auto& m : embedded_migrations()) latest = std::max(latest, version_of(m.name));
  return latest;
}

bool migrate(sqlite_connection& db, std::string& error) {
  if (!db.exec("CREATE TABLE IF NOT EXISTS schema_version ("
               " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms INTEGER NOT NULL)",
               error)) {
    error = "schema_version table: " + error;
    return false;
  }
  const auto current_text = db.query_text("SELECT COALESCE(MAX(version), 0) FROM schema_version", error);
  if (!current_text) return false;
  const int current = std::stoi(*current_text);
  if (current > latest_schema_version()) {
    error = "database schema version " + std::to_string(current) +
            " is newer than this build knows (" + std::to_string(latest_schema_version()) + ")";
    return false;
  }
  int previous = 0;
  for (const auto& m : embedded_migrations()) {
    const int v = version_of(m.name);
    if (v <= previous) {
      error = "migration file names must start with increasing numbers: " + std::string(m.name);
      return false;
    }
    previous = v;
    if (v <= current) continue;
    std::string ignored;
    if (!db.exec("BEGIN IMMEDIATE", error) || !db.exec(m.sql, error)) {
      db.exec("ROLLBACK", ignored);
      error = "migration " + std::string(m.name) + ": " + error;
      return false;
    }
    bool recorded = false;
    {
      auto st = db.statement("INSERT INTO schema_version (version, name, applied_ms) VALUES (?, ?, ?)", error);
      if (st) {
        const int rc = st->bind(1, std::int64_t{v}).bind(2, m.name).bind(3, now_ms()).run();
        recorded = rc == SQLITE_DONE;
        if (!recorded) error = db.error_for(rc);
      }
    }
    if (!recorded) {
      db.exec("ROLLBACK", ignored);
      error = "migration " + std::string(m.name) + ": " + error;
      return false;
    }
    if (!db.exec("COMMIT", error)) {
      db.exec("ROLLBACK", ignored);
      error = "migration " + std::string(m.name) + ": " + error;
      return false;
    }
  }
  return true;
}

}  // namespace tabuleiro::server

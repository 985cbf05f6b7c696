// Applies the embedded schema/*.sql migrations (see store_schema.h).
#include "server/store/schema.h"

#include <algorithm>
#include <charconv>
#include <chrono>

#include "server/store/connection.h"

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

bool migrate(sql_connection& db, std::span<const embedded_sql> migrations, std::string& error) {
  if (!db.exec("CREATE TABLE IF NOT EXISTS schema_version ("
               " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)",
               error)) {
    error = "schema_version table: " + error;
    return false;
  }
  std::int64_t current = 0;
  if (!db.query("SELECT COALESCE(MAX(version), 0) FROM schema_version", {},
                [&](const sql_row& row) { current = row.int64(0); }, error))
    return false;
  if (current > latest_schema_version()) {
    error = "database schema version " + std::to_string(current) +
            " is newer than this build knows (" + std::to_string(latest_schema_version()) + ")";
    return false;
  }
  int previous = 0;
  for (const auto& m : migrations) {
    const int v = version_of(m.name);
    if (v <= previous) {
      error = "migration file names must start with increasing numbers: " + std::string(m.name);
      return false;
    }
    previous = v;
    if (v <= current) continue;
    std::string ignored;
    const bool applied =
        db.begin(error) && db.exec(m.sql, error) &&
        db.run("INSERT INTO schema_version (version, name, applied_ms) VALUES (?1, ?2, ?3)",
               {std::int64_t{v}, std::string(m.name), now_ms()}, error) == write_status::ok &&
        db.exec("COMMIT", error);
    if (!applied) {
      if (db.in_transaction()) db.exec("ROLLBACK", ignored);
      error = "migration " + std::string(m.name) + ": " + error;
      return false;
    }
  }
  return true;
}

}  // namespace tabuleiro::server

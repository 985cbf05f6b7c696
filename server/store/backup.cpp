// Online, consistent copies of a database (server/store/backup.h).
#include "server/store/backup.h"

#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <cstring>
#include <filesystem>
#include <vector>

#include "server/store/pg.h"

extern char** environ;

namespace tabuleiro::server {

namespace {

// Copies the database at `src` into the new file `dest`; false with `error` on failure.
bool vacuum_into(const std::string& src, const std::string& dest, std::string& error) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(src.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
  sqlite3_stmt* stmt = nullptr;
  if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(db, 10000);
  if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(db, "VACUUM INTO ?1", -1, &stmt, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_bind_text(stmt, 1, dest.c_str(), -1, SQLITE_TRANSIENT);
  if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
  const bool ok = rc == SQLITE_DONE;
  if (!ok) error = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return ok;
}

// Dumps the PostgreSQL database url into the new file dest with pg_dump (one snapshot, custom
// format); false with error on failure. Arguments go to pg_dump directly, not through a shell.
bool pg_dump_into(const std::string& url, const std::string& dest, std::string& error) {
  std::vector<std::string> args = {"pg_dump", "--format=custom", "--no-owner", "--file=" + dest,
                                   "--dbname=" + url};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (const int rc = posix_spawnp(&pid, "pg_dump", nullptr, nullptr, argv.data(), environ); rc != 0) {
    error = std::string("cannot run pg_dump (install postgresql-client, or run pg_dump yourself): ") +
            std::strerror(rc);
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    error = "pg_dump failed (its message is above)";
    std::error_code ec;
    std::filesystem::remove(dest, ec);
    return false;
  }
  return true;
}

}  // namespace

bool backup_database(const std::string& db, const std::string& dest, std::string& error) {
  return is_postgres_url(db) ? pg_dump_into(db, dest, error) : vacuum_into(db, dest, error);
}

}  // namespace tabuleiro::server

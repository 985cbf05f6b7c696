// `tabuleiro backup DEST`: an online, consistent copy of the database (SQLite VACUUM INTO, or
// pg_dump for a PostgreSQL URL), safe while `tabuleiro serve` keeps writing; used by
// deploy/README.md's backup commands.
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "server/cli/commands.h"
#include "server/store/pg.h"
#include "server/store/store.h"

extern char** environ;

namespace tabuleiro {

namespace {

constexpr std::string_view backup_usage =
    "usage: tabuleiro backup [--db PATH] DEST\n"
    "\n"
    "Writes a consistent copy of the database to DEST (a new file) with SQLite's VACUUM INTO,\n"
    "while the server keeps running. Restore: stop the server, replace the database file with\n"
    "the copy (and remove its -wal and -shm files), start the server.\n"
    "\n"
    "With a PostgreSQL URL as --db, runs pg_dump (Debian's postgresql-client) instead: DEST is a\n"
    "custom-format archive of one consistent snapshot; restore it with pg_restore (see\n"
    "deploy/README.md).\n"
    "\n"
    "  --db PATH    database file or postgres:// URL (env TABULEIRO_DB; default ./data/tabuleiro.db)\n";

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

int run_backup(const args& a) {
  std::string db = "./data/tabuleiro.db";
  if (const char* env = std::getenv("TABULEIRO_DB"); env && *env) db = env;
  std::string dest;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << backup_usage;
      return 0;
    }
    if (a[i] == "--db" && i + 1 < a.size()) {
      db = a[++i];
    } else if (dest.empty() && !a[i].starts_with("-")) {
      dest = a[i];
    } else {
      std::cerr << "tabuleiro backup: unexpected argument '" << a[i] << "'\n" << backup_usage;
      return 2;
    }
  }
  if (dest.empty()) {
    std::cerr << backup_usage;
    return 2;
  }
  std::error_code ec;
  const bool postgres = server::is_postgres_url(db);
  if (!postgres && !std::filesystem::is_regular_file(db, ec)) {
    std::cerr << "tabuleiro backup: no database at " << db << "\n";
    return 1;
  }
  if (std::filesystem::exists(dest, ec)) {
    std::cerr << "tabuleiro backup: " << dest << " already exists\n";
    return 1;
  }
  std::string error;
  if (!(postgres ? pg_dump_into(db, dest, error) : vacuum_into(db, dest, error))) {
    std::cerr << "tabuleiro backup: " << error << "\n";
    return 1;
  }
  std::cout << "backed up " << server::loggable_db_target(db) << " to " << dest << " ("
            << std::filesystem::file_size(dest, ec) << " bytes)\n";
  return 0;
}

}  // namespace tabuleiro

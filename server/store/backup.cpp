// Online, consistent copies of a database (server/store/backup.h).
#include "server/store/backup.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "server/store/db_file.h"
#include "server/store/pg.h"

extern char** environ;

namespace tabuleiro::server {

namespace {

// VACUUM INTO the empty file dest; false with error.
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
  if (!ok) return false;
  std::string detail;
  if (quick_check_file(dest, true, 0, detail) == check_result::ok) return true;
  error = "the copy does not pass quick_check (" + detail + ")";
  return false;
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
    return false;
  }
  return true;
}

}  // namespace

bool backup_database(const std::string& db, const std::string& dest, std::string& error) {
  // The copy holds password hashes and secrets: made first, owner-only (0600), and never over a
  // file that exists (VACUUM INTO takes an empty file; pg_dump writes into it).
  const int fd = ::open(dest.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot create " + dest + ": " + std::strerror(errno);
    return false;
  }
  ::close(fd);
  if (is_postgres_url(db) ? pg_dump_into(db, dest, error) : vacuum_into(db, dest, error)) return true;
  std::error_code ec;
  std::filesystem::remove(dest, ec);  // a failed copy (a full disk) leaves no partial file
  return false;
}

}  // namespace tabuleiro::server

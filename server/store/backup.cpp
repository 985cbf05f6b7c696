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

// Runs the program args[0] (found on PATH) with args, its standard output to /dev/null when
// quiet; false with error when it cannot run or does not exit 0.
bool run_program(std::vector<std::string> args, bool quiet, std::string& error) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    error = "cannot run " + args[0] + " (install postgresql-client, or run pg_dump yourself): " + std::strerror(rc);
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    error = args[0] + " failed (its message is above)";
    return false;
  }
  return true;
}

// Dumps the PostgreSQL database url into the new file dest with pg_dump (one snapshot, custom
// format), then reads the archive back with pg_restore --list (a truncated or damaged archive
// fails it); false with error on failure. Arguments go to the programs directly, not through a
// shell.
bool pg_dump_into(const std::string& url, const std::string& dest, std::string& error) {
  if (!run_program({"pg_dump", "--format=custom", "--no-owner", "--file=" + dest, "--dbname=" + url}, false, error))
    return false;
  if (run_program({"pg_restore", "--list", dest}, true, error)) return true;
  error = "the archive does not read back: " + error;
  return false;
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

// A SQLite database file as the operator's commands meet it: one server per file (a lock held
// for the server's life), the checks made before a file is opened (missing, empty, a journal
// without its database, a database replaced under a stale journal), its permissions (owner
// only), SQLite's quick_check, and a restore that leaves nothing stale behind.
// deploy/README.md "Backup and restore" and docs/ARCHITECTURE.md "The database file" describe
// the rules; `tabuleiro serve`, `admin`, `backup` and `restore` apply them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;

namespace tabuleiro::server {

// The lock file beside a database file: PATH.lock.
std::string lock_path_of(const std::string& db_path);

// An exclusive hold on a database file: an flock(2) on its lock file (created 0600, kept after
// release: it also tells later starts that a server used this path), which names the holder
// (pid, host, command, since when). Released on destruction or when the process ends, however
// it ends. Thread-safety: immutable once taken.
class db_lock {
 public:
  // Takes db_path's lock for `command` (e.g. "tabuleiro serve"), trying for about a second;
  // nullptr with error naming the holder (as its lock file says) when another process holds it.
  static std::unique_ptr<db_lock> take(const std::string& db_path, std::string_view command, std::string& error);
  ~db_lock();
  db_lock(const db_lock&) = delete;
  db_lock& operator=(const db_lock&) = delete;

 private:
  explicit db_lock(int fd) : fd_(fd) {}
  int fd_;
};

// Who holds db_path's lock now, as the lock file names them; nullopt when nobody does (or there
// is no lock file). A probe only: it takes nothing.
std::optional<std::string> db_lock_holder(const std::string& db_path);

// What a command does when its database file is not there.
enum class if_missing {
  create,  // serve: a new server, unless a server used this path before (its lock file is there)
  refuse,  // admin, backup, restore's target check: never invent a database
};

// Checks db_path before it is opened (a postgres:// URL always passes): the file exists (or
// may be created: *created is then set), is not empty, and is not older than a -wal left beside
// it; no -wal/-shm lies beside a missing file. False with an error that says what to do.
bool check_db_file(const std::string& db_path, if_missing missing, std::string& error, bool* created = nullptr);

// Makes a new, empty database file at db_path readable by its owner only (0600), creating its
// directory, so that SQLite's -wal and -shm (which take the file's mode) are made so too. False
// with error.
bool create_private_db_file(const std::string& db_path, std::string& error);

// Restricts db_path, its -wal and -shm to their owner (0600) where they allow more; returns
// what it changed, for the log ("" when nothing).
std::string restrict_db_files(const std::string& db_path);

// How SQLite's quick_check of a file ended.
enum class check_result { ok, damaged, timed_out, unreadable };

// Runs PRAGMA quick_check on the SQLite file at path (opened read-only; immutable when
// `immutable`, for a closed copy), giving up after max_ms (0: no limit); detail receives the
// first problems found (damaged), or the reason the file could not be read.
check_result quick_check_file(const std::string& path, bool immutable, int max_ms, std::string& detail);

// The same check on a connection already open (the server's writer, before it migrates).
check_result quick_check_db(sqlite3* db, int max_ms, std::string& detail);

// What an operator should do about a database file SQLite calls damaged or not a database;
// "" for other errors. Appended to such errors.
std::string damaged_db_advice(std::string_view sqlite_error);

// Replaces the database at db_path by the copy at backup (see deploy/README.md "Restore"):
// the copy must pass quick_check; db_path must be free (no server holds its lock); the file
// replaced, with its -wal, is kept beside it as db_path.replaced-<time> (named in *kept), the
// stale -shm removed; the new file is 0600 and, when the command runs as root, owned by the
// owner of its directory (a systemd StateDirectory's dynamic user, a container's volume).
// False with error on failure, leaving the old database as it was.
bool restore_db_file(const std::string& backup, const std::string& db_path, std::string& kept, std::string& error);

}  // namespace tabuleiro::server

// The database file's lock, checks, permissions, quick_check and restore (db_file.h).
#include "server/store/db_file.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/ip/host_name.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <thread>

#include "server/store/pg.h"

namespace tabuleiro::server {

namespace fs = std::filesystem;

namespace {

// path as an operator reads it: absolute, so that a relative default names where it was looked for.
std::string shown(const std::string& path) {
  std::error_code ec;
  const auto abs = fs::absolute(path, ec);
  return ec ? path : abs.lexically_normal().string();
}

// strerror(errno) as a string.
std::string errno_text() { return std::strerror(errno); }

// The whole (small) content of the file open at fd, from its start, without a trailing newline.
std::string read_all(int fd) {
  std::string out;
  char buf[512];
  off_t at = 0;
  for (;;) {
    const ssize_t n = ::pread(fd, buf, sizeof buf, at);
    if (n <= 0 || out.size() > 4096) break;
    out.append(buf, static_cast<std::size_t>(n));
    at += n;
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The current UTC time as 2026-12-06T18:20:00Z (iso) or 20261206-182000 (compact).
std::string utc_now(bool iso) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, iso ? "%Y-%m-%dT%H:%M:%SZ" : "%Y%m%d-%H%M%S", &tm);
  return buf;
}

// st's modification time in nanoseconds.
std::int64_t mtime_ns(const struct stat& st) {
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

// A path's percent-encoding for an SQLite file: URI (the characters a URI gives a meaning).
std::string uri_path(const std::string& path) {
  std::string out;
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

// Syncs the directory holding path, so that a rename in it is durable.
void sync_dir_of(const std::string& path) {
  const auto dir = fs::path(path).parent_path();
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

std::string lock_path_of(const std::string& db_path) { return db_path + ".lock"; }

std::unique_ptr<db_lock> db_lock::take(const std::string& db_path, std::string_view command, std::string& error) {
  const std::string path = lock_path_of(db_path);
  if (const auto parent = fs::path(db_path).parent_path(); !parent.empty()) {  // a new server's folder
    std::error_code ec;
    fs::create_directories(parent, ec);
  }
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot open the lock file " + shown(path) + ": " + errno_text();
    return nullptr;
  }
  // Taken as root (a restore, a shell command) in a service's folder, the lock file stays the
  // service user's to open, as the database does.
  struct stat dir {};
  const auto parent = fs::path(db_path).parent_path();
  if (::geteuid() == 0 && ::stat(parent.empty() ? "." : parent.c_str(), &dir) == 0 && dir.st_uid != 0 &&
      ::fchown(fd, dir.st_uid, dir.st_gid) != 0) {
    // Left as it is: the server then says it cannot open the lock file, naming it.
  }
  // A tool's probe (db_lock_holder) holds a shared lock for an instant: try for about a second.
  for (int attempt = 0;; ++attempt) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) break;
    if (errno != EWOULDBLOCK || attempt == 10) {
      const std::string holder = errno == EWOULDBLOCK ? read_all(fd) : "";
      error = errno != EWOULDBLOCK
                  ? "cannot lock " + shown(path) + ": " + errno_text()
                  : "the database " + shown(db_path) + " is in use by " +
                        (holder.empty() ? std::string("another process") : holder) + " (it holds " + shown(path) +
                        "). One server per database file: stop that one first, or give this one a database of its own";
      ::close(fd);
      return nullptr;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  boost::system::error_code ec;
  const std::string host = boost::asio::ip::host_name(ec);
  const std::string line = std::string(command) + ", pid " + std::to_string(::getpid()) + " on host " +
                           (ec ? std::string("?") : host) + ", since " + utc_now(true) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size())) {
    // The lock is held all the same; only its description is missing.
  }
  return std::unique_ptr<db_lock>(new db_lock(fd));
}

db_lock::~db_lock() { ::close(fd_); }  // closing the descriptor releases the flock

std::optional<std::string> db_lock_holder(const std::string& db_path) {
  const int fd = ::open(lock_path_of(db_path).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::optional<std::string> holder;
  if (::flock(fd, LOCK_SH | LOCK_NB) == 0) {
    ::flock(fd, LOCK_UN);
  } else if (errno == EWOULDBLOCK) {
    holder = read_all(fd);
    if (holder->empty()) holder = "another process";
  }
  ::close(fd);
  return holder;
}

bool check_db_file(const std::string& db_path, if_missing missing, std::string& error, bool* created) {
  if (created) *created = false;
  if (is_postgres_url(db_path)) return true;
  const std::string wal = db_path + "-wal", shm = db_path + "-shm";
  struct stat st {};
  if (::stat(db_path.c_str(), &st) != 0) {
    if (errno != ENOENT) {
      error = "cannot read " + shown(db_path) + ": " + errno_text();
      return false;
    }
    std::error_code ec;
    if (fs::exists(wal, ec) || fs::exists(shm, ec)) {
      error = "no database at " + shown(db_path) + ", but its journal " + shown(fs::exists(wal, ec) ? wal : shm) +
              " is there: the database file was moved or deleted and its journal stayed. Restore the database "
              "from a backup (deploy/README.md, \"Backup and restore\"); to start a new, empty server here "
              "instead, move the -wal and -shm files away first";
      return false;
    }
    if (missing == if_missing::refuse) {
      error = "no database at " + shown(db_path) +
              "; pass --db (or TABULEIRO_DB) with the server's database file, as its --db or TABULEIRO_DB names it";
      return false;
    }
    if (fs::exists(lock_path_of(db_path), ec)) {
      error = "no database at " + shown(db_path) + ", but a server used it before (" + shown(lock_path_of(db_path)) +
              " is there): the database was moved or deleted. Restore it from a backup (deploy/README.md, \"Backup "
              "and restore\"), or check --db; to start a new, empty server here instead, remove " +
              shown(lock_path_of(db_path)) + " first";
      return false;
    }
    if (created) *created = true;
    return true;
  }
  if (!S_ISREG(st.st_mode)) {
    error = shown(db_path) + " is not a file";
    return false;
  }
  if (st.st_size == 0) {
    error = shown(db_path) +
            " is empty (0 bytes), so it is not a Tabuleiro database. If you restored it, the "
            "copy failed: restore again (deploy/README.md, \"Backup and restore\"); for a new, empty server, delete it";
    return false;
  }
  struct stat wst {};
  // In WAL mode only a checkpoint writes the database file, and a checkpoint follows a write to
  // the -wal within moments: a database much newer than its -wal was replaced under it (a copy
  // restored while the -wal of a server that did not stop cleanly stayed), and SQLite would
  // replay that stale journal onto it.
  if (::stat(wal.c_str(), &wst) == 0 && wst.st_size > 0 && mtime_ns(st) > mtime_ns(wst) + 2'000'000'000) {
    error = "the database " + shown(db_path) + " was replaced after its journal " + shown(wal) +
            " was last written (a copy restored over it while the journal of a server that did not stop "
            "cleanly stayed): SQLite would replay that old journal onto it. Use `tabuleiro restore BACKUP "
            "--db " +
            db_path + "`, which removes it, or move " + wal + " and " + shm + " away yourself";
    return false;
  }
  return true;
}

bool create_private_db_file(const std::string& db_path, std::string& error) {
  const auto parent = fs::path(db_path).parent_path();
  std::error_code ec;
  if (!parent.empty()) fs::create_directories(parent, ec);
  if (ec) {
    error = "cannot create directory " + shown(parent.string()) + ": " + ec.message();
    return false;
  }
  const int fd = ::open(db_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot create " + shown(db_path) + ": " + errno_text();
    return false;
  }
  ::close(fd);
  return true;
}

std::string restrict_db_files(const std::string& db_path) {
  std::string changed;
  for (const std::string& p : {db_path, db_path + "-wal", db_path + "-shm"}) {
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0 || (st.st_mode & 077) == 0) continue;
    if (::chmod(p.c_str(), 0600) == 0) {
      char was[8];
      std::snprintf(was, sizeof was, "%04o", static_cast<unsigned>(st.st_mode & 07777));
      changed += (changed.empty() ? "" : ", ") + p + " (was " + was + ")";
    }
  }
  return changed;
}

namespace {

// Runs quick_check on an open connection within max_ms (0: no limit).
check_result quick_check_open(sqlite3* db, int max_ms, std::string& detail) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + std::chrono::milliseconds(max_ms);
  if (max_ms > 0)
    sqlite3_progress_handler(
        db, 10000, [](void* p) { return clock::now() > *static_cast<clock::time_point*>(p) ? 1 : 0; },
        const_cast<clock::time_point*>(&deadline));
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(10)", -1, &stmt, nullptr);
  std::string found;
  bool ok = false;
  while (rc == SQLITE_OK || rc == SQLITE_ROW) {
    rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) break;
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    const std::string row = text ? text : "";
    if (row == "ok") ok = true;
    else found += (found.empty() ? "" : "; ") + row;
  }
  const int ext = sqlite3_extended_errcode(db);
  const std::string message = sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  sqlite3_progress_handler(db, 0, nullptr, nullptr);
  if (rc == SQLITE_INTERRUPT) {
    detail = "quick_check did not finish within " + std::to_string(max_ms) + " ms";
    return check_result::timed_out;
  }
  if (rc != SQLITE_DONE) {
    detail = std::string(sqlite3_errstr(ext)) + ": " + message;
    return (ext & 0xff) == SQLITE_CORRUPT || (ext & 0xff) == SQLITE_NOTADB ? check_result::damaged
                                                                           : check_result::unreadable;
  }
  if (ok && found.empty()) return check_result::ok;
  detail = found.empty() ? "quick_check gave no answer" : found;
  return check_result::damaged;
}

}  // namespace

check_result quick_check_file(const std::string& path, bool immutable, int max_ms, std::string& detail) {
  sqlite3* db = nullptr;
  const std::string uri = "file:" + uri_path(path) + (immutable ? "?mode=ro&immutable=1" : "?mode=ro");
  const int rc = sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  if (rc != SQLITE_OK) {
    detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return check_result::unreadable;
  }
  const check_result r = quick_check_open(db, max_ms, detail);
  sqlite3_close(db);
  return r;
}

check_result quick_check_db(sqlite3* db, int max_ms, std::string& detail) {
  return quick_check_open(db, max_ms, detail);
}

std::string damaged_db_advice(std::string_view sqlite_error) {
  const bool damaged = sqlite_error.find("malformed") != std::string_view::npos ||
                       sqlite_error.find("not a database") != std::string_view::npos ||
                       sqlite_error.find("quick_check") != std::string_view::npos;
  if (!damaged) return "";
  return " — the database file is damaged. Stop here and restore the newest backup that passes its check "
         "(deploy/README.md, \"Backup and restore\": `tabuleiro restore BACKUP --db PATH`); keep the damaged "
         "file for a later look";
}

namespace {

// Whether the closed SQLite file at path is a Tabuleiro database that passes quick_check; error
// says why not.
bool valid_backup(const std::string& path, std::string& error) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
    error = "no backup at " + shown(path) + (::stat(path.c_str(), &st) == 0 ? " (empty or not a file)" : "");
    return false;
  }
  std::string detail;
  const check_result r = quick_check_file(path, true, 0, detail);
  if (r != check_result::ok) {
    error = "the backup " + shown(path) + " does not pass quick_check (" + detail + "): try an older one";
    return false;
  }
  sqlite3* db = nullptr;
  bool tabuleiro = false;
  const std::string uri = "file:" + uri_path(path) + "?mode=ro&immutable=1";
  if (sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema WHERE name IN ('matches', 'actions')", -1, &stmt,
                           nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
      tabuleiro = sqlite3_column_int(stmt, 0) == 2;
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db);
  if (!tabuleiro)
    error = shown(path) + " is a SQLite file but not a Tabuleiro database (no matches and actions tables)";
  return tabuleiro;
}

// Copies src into the new file dest (0600; owned by owner when uid is not -1), synced; false
// with error, and dest removed, on failure.
bool copy_private(const std::string& src, const std::string& dest, uid_t uid, gid_t gid, std::string& error) {
  const int in = ::open(src.c_str(), O_RDONLY | O_CLOEXEC);
  const int out = in < 0 ? -1 : ::open(dest.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  bool ok = in >= 0 && out >= 0;
  if (!ok) error = "cannot copy " + src + " to " + dest + ": " + errno_text();
  char buf[1 << 16];
  while (ok) {
    const ssize_t n = ::read(in, buf, sizeof buf);
    if (n == 0) break;
    ok = n > 0 && ::write(out, buf, static_cast<std::size_t>(n)) == n;
    if (!ok) error = "cannot copy " + src + " to " + dest + ": " + errno_text();
  }
  if (ok && uid != static_cast<uid_t>(-1) && ::fchown(out, uid, gid) != 0) {
    ok = false;
    error = "cannot give " + dest + " to its directory's owner: " + errno_text();
  }
  if (ok && ::fsync(out) != 0) {
    ok = false;
    error = "cannot sync " + dest + ": " + errno_text();
  }
  if (in >= 0) ::close(in);
  if (out >= 0 && ::close(out) != 0 && ok) {
    ok = false;
    error = "cannot write " + dest + ": " + errno_text();
  }
  if (!ok) ::unlink(dest.c_str());
  return ok;
}

}  // namespace

bool restore_db_file(const std::string& backup, const std::string& db_path, std::string& kept, std::string& error) {
  kept.clear();
  if (!valid_backup(backup, error)) return false;
  auto lock = db_lock::take(db_path, "tabuleiro restore", error);
  if (!lock) {
    error += ". Stop the server before a restore (systemctl stop tabuleiro, docker stop tabuleiro)";
    return false;
  }
  // As root (a systemd host, an operator's shell), the copy goes to whoever owns the directory:
  // the unit's dynamic user or the container's user must open it.
  uid_t uid = static_cast<uid_t>(-1);
  gid_t gid = static_cast<gid_t>(-1);
  const auto dir = fs::path(db_path).parent_path();
  struct stat dst {};
  if (::geteuid() == 0 && ::stat(dir.empty() ? "." : dir.c_str(), &dst) == 0) {
    uid = dst.st_uid;
    gid = dst.st_gid;
  }
  const std::string next = db_path + ".restoring";
  if (!copy_private(backup, next, uid, gid, error)) return false;
  std::error_code ec;
  const std::string wal = db_path + "-wal", shm = db_path + "-shm";
  if (fs::exists(db_path, ec) || fs::exists(wal, ec)) {
    kept = db_path + ".replaced-" + utc_now(false);
    if ((fs::exists(db_path, ec) && ::rename(db_path.c_str(), kept.c_str()) != 0) ||
        (fs::exists(wal, ec) && ::rename(wal.c_str(), (kept + "-wal").c_str()) != 0)) {
      error = "cannot move the old database aside to " + kept + ": " + errno_text();
      if (fs::exists(kept, ec)) ::rename(kept.c_str(), db_path.c_str());
      ::unlink(next.c_str());
      kept.clear();
      return false;
    }
  }
  fs::remove(shm, ec);  // the old server's shared memory index: stale for any other file
  if (::rename(next.c_str(), db_path.c_str()) != 0) {
    error = "cannot put the copy in place at " + db_path + ": " + errno_text();
    // The old database goes back where it was (with its -wal), as the contract says.
    if (!kept.empty()) {
      ::rename(kept.c_str(), db_path.c_str());
      if (fs::exists(kept + "-wal", ec)) ::rename((kept + "-wal").c_str(), wal.c_str());
      kept.clear();
    }
    ::unlink(next.c_str());
    return false;
  }
  sync_dir_of(db_path);
  return true;
}

}  // namespace tabuleiro::server

// Scheduled backups (`--backup-dir`, `--backup-every`, `--backup-keep`; deploy/README.md
// "Scheduled backups"): a copy of the database written into a folder every interval and on an
// administrator's request, each checked after it is written (SQLite: opened and quick_check'ed;
// PostgreSQL: pg_dump's archive read back by pg_restore --list), the newest `keep` kept, and
// what happened told to the admin page and to /metrics.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/util/clock.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// What the schedule is told at start.
struct backup_schedule_options {
  std::string dir;            // the folder the copies go to (made 0700 when missing)
  std::int64_t every_ms = 0;  // the interval between scheduled copies
  int keep = 7;               // the newest copies kept; older ones of this schedule are deleted
};

// One copy, written or attempted.
struct backup_record {
  std::string file;  // its name in the folder (tabuleiro-YYYYMMDDTHHMMSSZ[-N].db or .pgdump)
  std::int64_t at_ms = 0;
  std::int64_t bytes = 0;
  bool ok = false;
  std::string error;  // why it failed (ok == false)
  std::string by;     // "schedule", "start" (found in the folder at start) or the administrator's name
};

// What the admin page and /metrics read.
struct backup_status {
  std::string dir;
  std::int64_t every_ms = 0;
  int keep = 0;
  bool running = false;
  std::int64_t next_ms = 0;           // when the next scheduled copy is due
  std::int64_t last_success_ms = 0;   // 0: none yet
  std::int64_t failures = 0;          // failed copies since the server started
  std::vector<backup_record> recent;  // newest first: the copies in the folder, then failures
};

// Writes the database's copies on a thread of its own (a copy takes seconds on a large file:
// never on an I/O thread), at the schedule's times (read from the injected clock) and when
// asked; keeps the newest `keep` files of the form it writes and deletes older ones.
// Thread-safety: every public method may be called from any thread.
class scheduled_backups {
 public:
  // Ready to start() on db (a SQLite path or a postgres:// URL); dir must exist or be creatable.
  scheduled_backups(std::string db, backup_schedule_options options, const time_source& time);
  ~scheduled_backups();
  scheduled_backups(const scheduled_backups&) = delete;
  scheduled_backups& operator=(const scheduled_backups&) = delete;

  // Makes the folder (0700) if missing and checks a file can be written there; reads the copies
  // already in it. False with error (the server refuses to start).
  bool prepare(std::string& error) EXCLUDES(mu_);
  // Starts the schedule's thread: the first copy is due `every` after the newest one found in
  // the folder (now, when there is none or it is older).
  void start() EXCLUDES(mu_);
  // Ends the thread after the copy it may be writing.
  void stop() EXCLUDES(mu_);
  // Writes a copy now for `by`; done(record) runs on the schedule's thread when it is written
  // or failed, or at once with nullopt when a copy is already being written.
  void back_up_now(std::string by, std::function<void(std::optional<backup_record>)> done) EXCLUDES(mu_);
  // The schedule's settings, its last copies and results.
  backup_status status() const EXCLUDES(mu_);
  // Prometheus lines: tabuleiro_backup_* (deploy/README.md "Monitoring").
  std::string metrics_text() const EXCLUDES(mu_);

  // The name the nth copy made within the second of at_ms gets: tabuleiro-20261206T213000Z.db,
  // then tabuleiro-20261206T213000Z-2.db; pg: .pgdump.
  static std::string file_name(std::int64_t at_ms, bool pg, int n = 1);

 private:
  struct request {
    std::string by;
    std::function<void(std::optional<backup_record>)> done;
  };
  void run() EXCLUDES(mu_);
  backup_record write_copy(const std::string& by);
  void remove_old() EXCLUDES(mu_);

  const std::string db_;
  const backup_schedule_options options_;
  const time_source& time_;
  const bool pg_;
  mutable mutex mu_;
  std::condition_variable wake_;
  bool stopping_ GUARDED_BY(mu_) = false;
  bool running_ GUARDED_BY(mu_) = false;
  std::int64_t next_ms_ GUARDED_BY(mu_) = 0;
  std::int64_t last_success_ms_ GUARDED_BY(mu_) = 0;
  std::int64_t failures_ GUARDED_BY(mu_) = 0;
  std::int64_t last_bytes_ GUARDED_BY(mu_) = 0;
  bool last_failed_ GUARDED_BY(mu_) = false;
  std::deque<request> asked_ GUARDED_BY(mu_);
  std::vector<backup_record> recent_ GUARDED_BY(mu_);  // newest first, at most keep + 10
  std::thread thread_;
};

}  // namespace tabuleiro::server

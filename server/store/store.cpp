// The store over any sql_connection (SQLite or PostgreSQL): one writer thread with group
// commit, one read connection; store::open picks the database from its argument.
#include "server/store/store.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <string_view>
#include <thread>

#include "server/store/pg.h"
#include "server/store/sql.h"
#include "server/store/sqlite.h"
#include "server/util/mutex.h"
#include "server/util/thread_name.h"

namespace tabuleiro::server {
namespace {

using steady = std::chrono::steady_clock;

// A queued write: its SQL work, its completion, and when it was queued.
struct pending_write {
  write_work work;
  store::done done;
  steady::time_point queued;
};

// Calls d(status), logging (never propagating) an exception it throws.
void call_done(const store::done& d, write_status status) noexcept {
  if (!d) return;
  try {
    d(status);
  } catch (const std::exception& e) {
    spdlog::error("store: write completion threw: {}", e.what());
  } catch (...) {
    spdlog::error("store: write completion threw a non-standard exception");
  }
}

// The store (see store.h) over two connections of one database. The writer thread alone
// uses writer_db_; readers share reader_db_ under reader_mu_; the queue and counters live
// under mu_. Nothing here depends on the database: its connections do (connection.h).
// Thread-safety: as store (every method from any thread; flush/close not from a completion).
class sql_store final : public store {
 public:
  sql_store(std::unique_ptr<sql_connection> writer_db, std::unique_ptr<sql_connection> reader_db,
            commit_observer observer, const store_options& options, std::string file)
      : options_(options),
        file_(std::move(file)),
        observer_(std::move(observer)),
        writer_db_(std::move(writer_db)),
        reader_db_(std::move(reader_db)),
        writer_([this] {
          name_this_thread("tab-store");
          writer_loop();
        }) {}

  ~sql_store() override { close(); }

  void insert_match(const match_row& m, done d) override { enqueue(insert_match_work(m), std::move(d)); }

  void claim_seat(const std::string& code, int seat, const std::string& hash, done d, std::int64_t at_ms,
                  std::int64_t user_id) override {
    enqueue(claim_seat_work(code, seat, hash, at_ms, user_id), std::move(d));
  }

  void set_seat_name(const std::string& code, int seat, const std::string& name, done d) override {
    enqueue(set_seat_name_work(code, seat, name), std::move(d));
  }

  void insert_finished_match(const match_row& m, const std::vector<action_row>& log, done d) override {
    enqueue(insert_finished_match_work(m, log), std::move(d));
  }

  void insert_rematch(const match_row& next, const std::string& old_code, done d) override {
    enqueue(insert_rematch_work(next, old_code), std::move(d));
  }

  void append_action(const std::string& code, const action_row& a, done d, const lease& fence) override {
    enqueue(append_action_work(code, a, fence), std::move(d));
  }

  void append_and_finish(const std::string& code, const action_row& a, const json& outcome, done d,
                         const lease& fence) override {
    enqueue(append_and_finish_work(code, a, outcome, fence), std::move(d));
  }

  void claim_lease(const std::string& code, const std::string& node, std::int64_t now_ms, std::int64_t expires_ms,
                   bool ask, lease_done d) override {
    auto out = std::make_shared<lease>();
    enqueue(claim_lease_work(code, node, now_ms, expires_ms, ask, out),
            [out, d = std::move(d)](write_status s) { d(s, s == write_status::ok ? *out : lease{}); });
  }

  void renew_leases(const std::string& node, std::int64_t expires_ms,
                    std::function<void(write_status, std::vector<held_lease>)> d) override {
    auto out = std::make_shared<std::vector<held_lease>>();
    enqueue(renew_leases_work(node, expires_ms, out), [out, d = std::move(d)](write_status s) {
      d(s, s == write_status::ok ? std::move(*out) : std::vector<held_lease>{});
    });
  }

  void release_lease(const std::string& code, const lease& l, done d) override {
    enqueue(release_lease_work(code, l), std::move(d));
  }

  read_result<match_row> load_match(const std::string& code) override {
    return read<match_row>("reading match", code, [&](sql_connection& db, match_row& out, std::string& error) {
      return read_match(db, code, out, error);
    });
  }

  read_result<std::vector<action_row>> load_actions(const std::string& code) override {
    using rows = std::vector<action_row>;
    return read<rows>("reading the log of match", code, [&](sql_connection& db, rows& out, std::string& error) {
      return read_actions(db, code, out, error);
    });
  }

  read_result<std::vector<match_row>> list_public(const std::string& status, const std::string& game,
                                                  std::size_t limit) override {
    using rows = std::vector<match_row>;
    return read<rows>("listing public matches", "", [&](sql_connection& db, rows& out, std::string& error) {
      return read_public(db, status, game, limit, out, error);
    });
  }

  read_result<std::vector<match_row>> list_idle(std::int64_t before_ms, std::size_t limit) override {
    using rows = std::vector<match_row>;
    return read<rows>("listing idle matches", "", [&](sql_connection& db, rows& out, std::string& error) {
      return read_idle(db, before_ms, limit, out, error);
    });
  }

  void queue_write(write_work work, done d) override { enqueue(std::move(work), std::move(d)); }

  read_status run_read(std::string_view what, const read_work& work) override {
    struct nothing {};
    return read<nothing>(what, "", [&](sql_connection& db, nothing&, std::string& error) { return work(db, error); })
        .status;
  }

  store_health health() const EXCLUDES(health_mu_) override {
    store_health h;
    {
      mutex_lock lock(health_mu_);
      h = health_;
    }
    if (!file_.empty()) {
      std::error_code ec;
      const auto size = std::filesystem::file_size(file_, ec);
      h.file_bytes = ec ? -1 : static_cast<std::int64_t>(size);
      const auto wal = std::filesystem::file_size(file_ + "-wal", ec);
      h.wal_bytes = ec ? 0 : static_cast<std::int64_t>(wal);
    }
    return h;
  }

  void flush() EXCLUDES(mu_) override {
    if (std::this_thread::get_id() == writer_.get_id()) {
      spdlog::error("store: flush() called from a write completion; not waiting");
      return;
    }
    unique_mutex_lock lock(mu_);
    const std::uint64_t target = queued_;
    while (completed_ < target) lock.wait(done_cv_);
  }

  void close() EXCLUDES(close_mu_, mu_) override {
    mutex_lock close_lock(close_mu_);
    {
      mutex_lock lock(mu_);
      stopping_ = true;
    }
    work_cv_.notify_one();
    if (!writer_.joinable()) return;
    if (std::this_thread::get_id() == writer_.get_id()) {
      spdlog::error("store: close() called from a write completion; not joining the writer");
      return;
    }
    writer_.join();
    writer_db_->after_writes();  // the writer has stopped, so its connection is free
  }

 private:
  // Runs one read (run_read(connection, out, error)) on the read connection, re-opened first
  // if its link broke (and once more if the link broke during the read); an unavailable
  // result is logged with what and subject.
  template <class T, class Read>
  read_result<T> read(std::string_view what, std::string_view subject, const Read& run_read) EXCLUDES(reader_mu_) {
    read_result<T> out;
    std::string error;
    {
      mutex_lock lock(reader_mu_);
      for (int attempt = 0; attempt < 2; ++attempt) {
        out.status = reader_db_->reopen(error) ? run_read(*reader_db_, out.value, error) : read_status::unavailable;
        if (out.status != read_status::unavailable || !reader_db_->broken()) break;
      }
    }
    if (out.status == read_status::unavailable) {
      spdlog::error("store: {}{}{} failed: {}", what, subject.empty() ? "" : " ", subject, error);
      note_failure(error, false);
    }
    return out;
  }

  // Queues one write, or completes it at once with unavailable after close().
  void enqueue(write_work work, done d) EXCLUDES(mu_) {
    {
      mutex_lock lock(mu_);
      if (!stopping_) {
        queue_.push_back(pending_write{std::move(work), std::move(d), steady::now()});
        ++queued_;
        work_cv_.notify_one();
        return;
      }
    }
    spdlog::warn("store: write after close refused");
    call_done(d, write_status::unavailable);
  }

  // The writer thread: takes every queued write (up to max_batch), commits, completes.
  void writer_loop() noexcept EXCLUDES(mu_) {
    const std::size_t max_batch = std::max<std::size_t>(options_.max_batch, 1);
    for (;;) {
      std::vector<pending_write> batch;
      {
        unique_mutex_lock lock(mu_);
        while (!stopping_ && queue_.empty()) lock.wait(work_cv_);
        if (queue_.empty()) return;  // stopping, and every queued write is done
        const std::size_t n = std::min(queue_.size(), max_batch);
        batch.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
          batch.push_back(std::move(queue_.front()));
          queue_.pop_front();
        }
      }
      // status[i] becomes ok only once write i is committed, so whatever happens below no
      // completion reports a write that is not durable; a write never tried is unavailable.
      std::vector<write_status> status(batch.size(), write_status::unavailable);
      try {
        if (batch.size() == 1) {
          commit_alone(batch.front(), status.front());
        } else if (commit_together(batch, status) == tx::aborted) {
          // One write may have ended the transaction (or COMMIT failed): retry each alone.
          // Stop at the first that cannot even begin (a lock or I/O error): the rest stay
          // unavailable.
          for (std::size_t i = 0; i < batch.size(); ++i)
            if (commit_alone(batch[i], status[i]) == tx::not_started) break;
        }
      } catch (...) {  // allocation failure; the SQL paths do not throw
        spdlog::error("store: write batch aborted by an exception");
        abandon_transaction();
      }
      for (std::size_t i = 0; i < batch.size(); ++i) call_done(batch[i].done, status[i]);
      {
        mutex_lock lock(mu_);
        completed_ += batch.size();
      }
      done_cv_.notify_all();
    }
  }

  // How a transaction ended: committed, never begun, or rolled back after beginning.
  enum class tx { committed, not_started, aborted };

  // Runs every write of batch in one transaction and commits it; status receives each write's
  // result. A write that is refused (conflict) is left out and the transaction run again
  // without it: the writes before it leave the same state each time, so it is refused exactly
  // as it would be in a savepoint of its own, and the others commit together. Writes carry no
  // savepoint: refusals are rare, and two statements more per write would be paid on every
  // write for them. A write that fails (unavailable), or a COMMIT that fails, ends the attempt
  // (aborted, nothing took effect) and the caller retries each write alone.
  tx commit_together(std::vector<pending_write>& batch, std::vector<write_status>& status) {
    std::vector<bool> left_out(batch.size(), false);
    for (;;) {  // one more pass per write left out: at most batch.size() + 1
      std::string error;
      if (!writer_db_->begin(error)) {
        spdlog::error("store: cannot begin a batch of {} writes: {}", batch.size(), error);
        note_failure(error, true);
        return tx::not_started;
      }
      bool again = false;
      for (std::size_t i = 0; i < batch.size() && !again; ++i) {
        if (left_out[i]) continue;
        const write_status s = run_work(batch[i], error);
        if (s == write_status::ok && writer_db_->in_transaction()) continue;
        abandon_transaction();
        if (s != write_status::conflict) {
          spdlog::error("store: a write of a batch of {} failed: {}; retrying them one by one", batch.size(), error);
          note_failure(error, true);
          return tx::aborted;
        }
        spdlog::warn("store: write refused: {}", error);
        status[i] = write_status::conflict;
        left_out[i] = true;
        again = true;
      }
      if (again) continue;
      if (!writer_db_->exec("COMMIT", error)) {
        spdlog::error("store: commit of {} writes failed: {}; retrying one by one", batch.size(), error);
        note_failure(error, true);
        abandon_transaction();
        return tx::aborted;
      }
      for (std::size_t i = 0; i < batch.size(); ++i)
        if (!left_out[i]) status[i] = write_status::ok;
      note_commit();
      observe(batch.size(), batch.front().queued);
      return tx::committed;
    }
  }

  // Runs one write in a transaction of its own; status becomes ok only once it committed,
  // else the write's own refusal or failure (unavailable if the commit failed).
  tx commit_alone(pending_write& w, write_status& status) {
    std::string error;
    if (!writer_db_->begin(error)) {
      spdlog::error("store: cannot begin a write: {}", error);
      note_failure(error, true);
      return tx::not_started;
    }
    const write_status applied = run_work(w, error);
    if (applied != write_status::ok || !writer_db_->in_transaction()) {
      if (applied == write_status::conflict) spdlog::warn("store: write refused: {}", error);
      else if (applied == write_status::ok) spdlog::error("store: write ended its transaction; not committed");
      else spdlog::error("store: write failed: {}", error);
      if (applied == write_status::unavailable) note_failure(error, true);
      abandon_transaction();
      status = applied == write_status::ok ? write_status::unavailable : applied;
      return tx::aborted;
    }
    if (!writer_db_->exec("COMMIT", error)) {
      spdlog::error("store: commit of a write failed: {}", error);
      note_failure(error, true);
      abandon_transaction();
      status = write_status::unavailable;
      return tx::aborted;
    }
    status = write_status::ok;
    note_commit();
    observe(1, w.queued);
    return tx::committed;
  }

  // Runs w's work in the open transaction; an exception it throws is a failure (unavailable).
  write_status run_work(pending_write& w, std::string& error) {
    try {
      return w.work(*writer_db_, error);
    } catch (const std::exception& e) {
      error = e.what();
    } catch (...) {
      error = "non-standard exception";
    }
    return write_status::unavailable;
  }

  // Rolls back the open transaction, if any.
  void abandon_transaction() {
    std::string ignored;
    if (writer_db_->in_transaction()) writer_db_->exec("ROLLBACK", ignored);
  }

  // Records a commit: the database takes writes.
  void note_commit() EXCLUDES(health_mu_) {
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    mutex_lock lock(health_mu_);
    health_.last_commit_ms = now;
    health_.failing = false;
  }

  // Records a failed write (or read) with its message.
  void note_failure(const std::string& error, bool write) EXCLUDES(health_mu_) {
    const std::string kind = failure_kind(error);
    mutex_lock lock(health_mu_);
    if (write) health_.failing = true;
    if (kind == "damaged") health_.damaged = true;
    health_.last_failure = error;
    health_.last_failure_kind = kind;
    ++health_.failures[kind];
  }

  // Reports a committed batch to the observer (which must not throw past here).
  void observe(std::size_t writes, steady::time_point oldest) noexcept {
    if (!observer_) return;
    try {
      observer_(writes, std::chrono::duration<double>(steady::now() - oldest).count());
    } catch (...) {
      spdlog::error("store: commit observer threw");
    }
  }

  const store_options options_;
  const std::string file_;  // SQLite: the database file (for its size); "" on PostgreSQL
  const commit_observer observer_;
  mutable mutex health_mu_;
  store_health health_ GUARDED_BY(health_mu_);
  std::unique_ptr<sql_connection> writer_db_;  // only the writer thread (or close after join)
  mutex reader_mu_;
  std::unique_ptr<sql_connection> reader_db_ GUARDED_BY(reader_mu_);

  mutex mu_;
  std::condition_variable work_cv_;  // the writer waits here for writes or stop
  std::condition_variable done_cv_;  // flush() waits here for completed_
  std::deque<pending_write> queue_ GUARDED_BY(mu_);
  std::uint64_t queued_ GUARDED_BY(mu_) = 0;     // writes ever queued
  std::uint64_t completed_ GUARDED_BY(mu_) = 0;  // writes whose completion has run
  bool stopping_ GUARDED_BY(mu_) = false;
  mutex close_mu_;      // serialises close()
  std::thread writer_;  // last: starts once everything above exists
};

}  // namespace

std::string health_metrics(const store_health& h) {
  std::string o;
  const auto sample = [&o](const char* name, const char* help, const char* type, const std::string& value) {
    o += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " + value +
         "\n";
  };
  sample("tabuleiro_database_last_commit_timestamp_seconds",
         "Unix time of the database's latest commit (0: none since start).", "gauge",
         std::to_string(h.last_commit_ms / 1000));
  sample("tabuleiro_database_write_failing", "1 while the latest write failed and nothing committed since.", "gauge",
         h.failing ? "1" : "0");
  sample("tabuleiro_database_damaged", "1 once a read or write found the database damaged (restore a backup).", "gauge",
         h.damaged ? "1" : "0");
  o += "# HELP tabuleiro_database_errors_total Failed database writes and reads, by kind.\n"
       "# TYPE tabuleiro_database_errors_total counter\n";
  for (const char* kind : {"full", "damaged", "io", "read_only", "locked", "unreachable", "other"}) {
    const auto it = h.failures.find(kind);
    o += std::string("tabuleiro_database_errors_total{kind=\"") + kind + "\"} " +
         std::to_string(it == h.failures.end() ? 0 : it->second) + "\n";
  }
  if (h.file_bytes >= 0) {
    sample("tabuleiro_database_bytes", "Size of the SQLite database file.", "gauge", std::to_string(h.file_bytes));
    sample("tabuleiro_database_wal_bytes", "Size of the SQLite -wal file.", "gauge", std::to_string(h.wal_bytes));
  }
  return o;
}

std::string failure_kind(std::string_view e) {
  const auto has = [e](std::string_view part) { return e.find(part) != std::string_view::npos; };
  // SQLite's sqlite3_errstr texts, then PostgreSQL's (SQLSTATE classes 53, XX, 08 and libpq's own).
  if (has("database or disk is full") || has("No space left") || has("could not extend file") || has("disk full"))
    return "full";
  if (has("malformed") || has("not a database") || has("data corrupted") || has("invalid page") || has("corrupt"))
    return "damaged";
  if (has("readonly database") || has("read-only")) return "read_only";
  if (has("database is locked") || has("database table is locked") || has("lock timeout") ||
      has("canceling statement due to lock"))
    return "locked";
  if (has("disk I/O error") || has("I/O error")) return "io";
  if (has("unable to open") || has("connection") || has("could not connect") || has("server closed") ||
      has("store closed") || has("terminating"))
    return "unreachable";
  return "other";
}

const char* write_status_name(write_status s) {
  switch (s) {
    case write_status::ok: return "ok";
    case write_status::conflict: return "conflict";
    case write_status::unavailable: return "unavailable";
  }
  return "unknown";
}

std::unique_ptr<store> store::open(const std::string& path, std::string& error, commit_observer observer) {
  return open(path, error, std::move(observer), store_options{});
}

std::unique_ptr<store> store::open(const std::string& path, std::string& error, commit_observer observer,
                                   const store_options& options) {
  std::unique_ptr<sql_connection> writer, reader;
  if (is_postgres_url(path)) {
    writer = pg_connection::open_for_store(path, true, options, error);
    if (writer) reader = pg_connection::open_for_store(path, false, options, error);
  } else {
    const auto parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) {
      error = "cannot create directory " + parent.string() + ": " + ec.message();
      return nullptr;
    }
    writer = sqlite_connection::open_for_store(path, true, options, error);
    if (writer) reader = sqlite_connection::open_for_store(path, false, options, error);
  }
  if (!writer || !reader) return nullptr;
  return std::make_unique<sql_store>(std::move(writer), std::move(reader), std::move(observer), options,
                                     is_postgres_url(path) ? std::string() : path);
}

}  // namespace tabuleiro::server

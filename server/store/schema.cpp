// Applies the embedded schema/*.sql migrations (see schema.h).
#include "server/store/schema.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <string>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/store/connection.h"
#include "server/util/mutex.h"
#include "server/util/service_notify.h"

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
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// While it lives (the migrations of one start): every 10 s, logs which migration still runs and
// for how long, and extends the service manager's start timeout by a minute, so that systemd
// does not kill a long migration (deploy/tabuleiro.service is Type=notify).
// Thread-safety: applying() may be called from any thread.
class migration_heartbeat {
 public:
  migration_heartbeat() : thread_([this] { run(); }) {}
  ~migration_heartbeat() {
    {
      mutex_lock lock(mu_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  migration_heartbeat(const migration_heartbeat&) = delete;
  migration_heartbeat& operator=(const migration_heartbeat&) = delete;

  // The migration now running.
  void applying(std::string name) EXCLUDES(mu_) {
    mutex_lock lock(mu_);
    name_ = std::move(name);
    since_ = std::chrono::steady_clock::now();
  }

 private:
  void run() EXCLUDES(mu_) {
    unique_mutex_lock lock(mu_);
    for (;;) {
      const auto next = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (!done_ && std::chrono::steady_clock::now() < next) lock.wait_for(wake_, 1000);
      if (done_) return;
      const auto s =
          std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - since_).count();
      spdlog::info("store: migration {} still running after {} s (the server starts when it is done)", name_, s);
      notify_service("EXTEND_TIMEOUT_USEC=60000000\nSTATUS=migrating the database: " + name_ + ", " +
                     std::to_string(s) + " s");
    }
  }

  mutex mu_;
  std::condition_variable wake_;
  bool done_ GUARDED_BY(mu_) = false;
  std::string name_ GUARDED_BY(mu_);
  std::chrono::steady_clock::time_point since_ GUARDED_BY(mu_) = std::chrono::steady_clock::now();
  std::thread thread_;  // last: starts once the members above exist
};

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
  if (!db.query(
          "SELECT COALESCE(MAX(version), 0) FROM schema_version", {},
          [&](const sql_row& row) { current = row.int64(0); }, error))
    return false;
  if (current > latest_schema_version()) {
    error = "database schema version " + std::to_string(current) + " is newer than this build knows (" +
            std::to_string(latest_schema_version()) + ")";
    return false;
  }
  int previous = 0;
  int pending = 0;
  for (const auto& m : migrations) {
    const int v = version_of(m.name);
    if (v <= previous) {
      error = "migration file names must start with increasing numbers: " + std::string(m.name);
      return false;
    }
    previous = v;
    if (v > current) ++pending;
  }
  if (pending == 0) return true;
  spdlog::info("store: {} migration{} to apply (the database is at version {})", pending, pending == 1 ? "" : "s",
               current);
  migration_heartbeat heartbeat;
  int done = 0;
  for (const auto& m : migrations) {
    const int v = version_of(m.name);
    if (v <= current) continue;
    heartbeat.applying(std::string(m.name));
    notify_service("EXTEND_TIMEOUT_USEC=60000000\nSTATUS=migrating the database: " + std::string(m.name));
    const auto started = std::chrono::steady_clock::now();
    std::string ignored;
    const bool applied = db.begin(error) && db.exec(m.sql, error) &&
                         db.run("INSERT INTO schema_version (version, name, applied_ms) VALUES (?1, ?2, ?3)",
                                {std::int64_t{v}, std::string(m.name), now_ms()}, error) == write_status::ok &&
                         db.exec("COMMIT", error);
    if (!applied) {
      if (db.in_transaction()) db.exec("ROLLBACK", ignored);
      error = "migration " + std::string(m.name) + ": " + error;
      return false;
    }
    spdlog::info(
        "store: migration {} applied in {} ms ({} of {})", m.name,
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count(),
        ++done, pending);
  }
  return true;
}

}  // namespace tabuleiro::server

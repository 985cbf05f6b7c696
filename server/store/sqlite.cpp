// SQLite connection and statement wrappers (see sqlite.h).
#include "server/store/sqlite.h"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <type_traits>
#include <variant>

#include "server/store/db_file.h"
#include "server/store/schema.h"

namespace tabuleiro::server {

sqlite_statement::~sqlite_statement() {
  if (stmt_ == nullptr) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

sqlite_statement& sqlite_statement::bind(int i, std::int64_t v) {
  const int rc = sqlite3_bind_int64(stmt_, i, v);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  return *this;
}

sqlite_statement& sqlite_statement::bind(int i, std::string_view v) {
  if (v.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    if (bind_error_ == 0) bind_error_ = SQLITE_TOOBIG;
    return *this;
  }
  const int rc = sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  return *this;
}

sqlite_statement& sqlite_statement::bind(int i, double v) {
  const int rc = sqlite3_bind_double(stmt_, i, v);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  return *this;
}

sqlite_statement& sqlite_statement::bind_null(int i) {
  const int rc = sqlite3_bind_null(stmt_, i);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  return *this;
}

sqlite_statement& sqlite_statement::bind_optional(int i, const std::optional<std::string>& v) {
  return v ? bind(i, std::string_view(*v)) : bind_null(i);
}

sqlite_statement& sqlite_statement::bind_all(const sql_params& params) {
  for (std::size_t k = 0; k < params.size(); ++k) {
    const int i = static_cast<int>(k + 1);
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::nullptr_t>) bind_null(i);
          else if constexpr (std::is_same_v<T, std::string>) bind(i, std::string_view(v));
          else bind(i, v);
        },
        params[k]);
  }
  return *this;
}

int sqlite_statement::step() {
  if (bind_error_ != 0) return bind_error_;
  return sqlite3_step(stmt_);
}

int sqlite_statement::run() {
  int rc;
  do rc = step();
  while (rc == SQLITE_ROW);
  return rc;
}

std::int64_t sqlite_statement::int64(int col) const { return sqlite3_column_int64(stmt_, col); }

double sqlite_statement::real(int col) const { return sqlite3_column_double(stmt_, col); }

std::string sqlite_statement::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
}

bool sqlite_statement::is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

namespace {

// SQLite's process-wide settings, made once before its first connection: no memory statistics,
// which would take a global mutex around every allocation SQLite makes (nothing reads them).
// After SQLite has started (a connection opened elsewhere first), its defaults stay.
void configure_sqlite_once() {
  static const int result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)result;
}

}  // namespace

std::unique_ptr<sqlite_connection> sqlite_connection::open(const std::string& path, bool read_only,
                                                           std::string& error) {
  configure_sqlite_once();
  sqlite3* db = nullptr;
  const int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                    SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    error = "cannot open database " + path + ": " + (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);  // harmless on nullptr
    return nullptr;
  }
  sqlite3_extended_result_codes(db, 1);
  return std::unique_ptr<sqlite_connection>(new sqlite_connection(db));
}

sqlite_connection::~sqlite_connection() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  sqlite3_close(db_);  // every statement is finalised, so this cannot report SQLITE_BUSY
}

bool sqlite_connection::exec(std::string_view sql, std::string& error) {
  const std::string text(sql);
  if (text.find(';') == std::string::npos) {  // one statement (BEGIN, SAVEPOINT, COMMIT…): kept prepared
    auto st = statement(text.c_str(), error);
    if (!st) return false;
    int rc;
    while ((rc = st->step()) == SQLITE_ROW) {
    }
    if (rc == SQLITE_DONE) return true;
    error = error_for(rc);
    return false;
  }
  char* msg = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &msg);
  if (rc == SQLITE_OK) return true;
  error = std::string(sqlite3_errstr(rc)) + ": " + (msg != nullptr ? msg : "");
  sqlite3_free(msg);
  return false;
}

std::optional<std::string> sqlite_connection::query_text(const char* sql, std::string& error) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) {
    error = last_error();
    return std::nullopt;
  }
  std::optional<std::string> out;
  const int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    out = p != nullptr ? std::string(p) : std::string();
  } else {
    error = rc == SQLITE_DONE ? std::string("no result row") : last_error();
  }
  sqlite3_finalize(stmt);
  return out;
}

std::optional<sqlite_statement> sqlite_connection::statement(const char* sql, std::string& error) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
      error = last_error();
      return std::nullopt;
    }
    it = cache_.emplace(sql, stmt).first;
  }
  return std::optional<sqlite_statement>(std::in_place, it->second);
}

std::string sqlite_connection::last_error() const {
  return std::string(sqlite3_errstr(sqlite3_extended_errcode(db_))) + ": " + sqlite3_errmsg(db_);
}

std::string sqlite_connection::error_for(int rc) const {
  return std::string(sqlite3_errstr(rc)) + ": " + sqlite3_errmsg(db_);
}

std::int64_t sqlite_connection::changes() const { return sqlite3_changes64(db_); }

write_status sqlite_connection::run(const char* sql, const sql_params& params, std::string& error) {
  auto st = statement(sql, error);
  if (!st) return write_status::unavailable;  // cannot prepare: no such table, no memory, ...
  const int rc = st->bind_all(params).run();
  if (rc == SQLITE_DONE) return write_status::ok;
  error = error_for(rc);
  return write_status_of(rc);
}

bool sqlite_connection::query(const char* sql, const sql_params& params,
                              const std::function<void(const sql_row&)>& on_row, std::string& error) {
  auto st = statement(sql, error);
  if (!st) return false;
  st->bind_all(params);
  int rc;
  while ((rc = st->step()) == SQLITE_ROW) on_row(*st);
  if (rc == SQLITE_DONE) return true;
  error = error_for(rc);
  return false;
}

bool sqlite_connection::begin(std::string& error) { return exec("BEGIN IMMEDIATE", error); }

void sqlite_connection::after_writes() {
  std::string error;
  if (!exec("PRAGMA wal_checkpoint(TRUNCATE)", error)) spdlog::warn("store: checkpoint on close failed: {}", error);
}

write_status write_status_of(int rc) {
  switch (rc & 0xff) {       // the primary result code
    case SQLITE_CONSTRAINT:  // UNIQUE, PRIMARY KEY, NOT NULL, CHECK, FOREIGN KEY, RAISE()
    case SQLITE_TOOBIG:
    case SQLITE_MISMATCH:
    case SQLITE_RANGE: return write_status::conflict;
    default:  // SQLITE_IOERR, _FULL, _READONLY, _BUSY, _LOCKED, _NOMEM, _CORRUPT, _ERROR, ...
      return write_status::unavailable;
  }
}

namespace {

// Applies the store's settings to the writer (or reader) connection; false + error on failure.
bool configure(sqlite_connection& db, bool writer, const store_options& options, std::string& error) {
  if (!db.exec("PRAGMA busy_timeout = " + std::to_string(std::max(options.busy_timeout_ms, 0)), error)) return false;
  if (!writer) return db.exec("PRAGMA query_only = ON", error);
  const auto mode = db.query_text("PRAGMA journal_mode = WAL", error);
  if (!mode) return false;
  if (*mode != "wal") {
    error = "cannot enable WAL mode (journal_mode is " + *mode + ")";
    return false;
  }
  if (!db.exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", error)) return false;
  const auto sync = db.query_text("PRAGMA synchronous", error);
  if (!sync) return false;
  if (*sync != "2") {
    error = "cannot set synchronous=FULL (it is " + *sync + ")";
    return false;
  }
  return true;
}

}  // namespace

std::unique_ptr<sqlite_connection> sqlite_connection::open_for_store(const std::string& path, bool writer,
                                                                     const store_options& options, std::string& error) {
  auto db = open(path, !writer, error);  // its error names the path
  if (!db) return nullptr;
  if (!configure(*db, writer, options, error)) {
    error = path + ": " + error;
    return nullptr;
  }
  if (writer && options.quick_check_ms >= 0) {  // before a migration writes to a damaged file
    const auto started = std::chrono::steady_clock::now();
    std::string detail;
    const check_result r = quick_check_db(db->db_, options.quick_check_ms, detail);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    if (r == check_result::damaged || r == check_result::unreadable) {
      error = path + ": quick_check found damage (" + detail + ")";
      return nullptr;
    }
    if (r == check_result::timed_out)
      spdlog::warn("store: {}; the server starts without it (a large database: see --quick-check-seconds)", detail);
    else spdlog::info("store: quick_check of {} ok in {} ms", path, ms);
  }
  if (writer && !migrate(*db, embedded_migrations(), error)) {
    error = path + ": " + error;
    return nullptr;
  }
  return db;
}

bool sqlite_connection::autocommit() const { return sqlite3_get_autocommit(db_) != 0; }

}  // namespace tabuleiro::server

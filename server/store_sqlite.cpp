// SQLite connection and statement wrappers (see store_sqlite.h).
#include "server/store_sqlite.h"

#include <sqlite3.h>

#include <limits>

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

sqlite_statement& sqlite_statement::bind_null(int i) {
  const int rc = sqlite3_bind_null(stmt_, i);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  return *this;
}

sqlite_statement& sqlite_statement::bind_optional(int i, const std::optional<std::string>& v) {
  return v ? bind(i, std::string_view(*v)) : bind_null(i);
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

std::string sqlite_statement::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
}

bool sqlite_statement::is_null(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}

std::unique_ptr<sqlite_connection> sqlite_connection::open(const std::string& path,
                                                           bool read_only, std::string& error) {
  sqlite3* db = nullptr;
  const int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                    SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    error = "cannot open database " + path + ": " +
            (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
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

std::int64_t sqlite_connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

bool sqlite_connection::autocommit() const { return sqlite3_get_autocommit(db_) != 0; }

}  // namespace tabuleiro::server

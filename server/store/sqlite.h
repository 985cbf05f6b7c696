// Thin RAII layer over SQLite used by the store: one connection with a prepared-statement
// cache (the store's sql_connection), and a borrowed statement that records the first
// binding error.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/store/connection.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tabuleiro::server {

// A prepared statement borrowed from a connection's cache; reset and unbound on destruction.
// Binding errors are remembered and reported by step(), so one check covers every call.
// Thread-safety: none; used by the thread that holds its connection.
class sqlite_statement final : public sql_row {
 public:
  explicit sqlite_statement(sqlite3_stmt* s) : stmt_(s) {}
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;
  sqlite_statement(sqlite_statement&& o) noexcept : stmt_(o.stmt_), bind_error_(o.bind_error_) { o.stmt_ = nullptr; }
  sqlite_statement& operator=(sqlite_statement&&) = delete;
  ~sqlite_statement();

  // Binds parameter i (1-based); the text is copied by SQLite.
  sqlite_statement& bind(int i, std::int64_t v);
  sqlite_statement& bind(int i, double v);
  sqlite_statement& bind(int i, std::string_view v);
  sqlite_statement& bind_null(int i);
  // Binds v, or NULL when v is empty.
  sqlite_statement& bind_optional(int i, const std::optional<std::string>& v);
  // Binds params[k] to parameter k + 1.
  sqlite_statement& bind_all(const sql_params& params);

  // Runs one step: SQLITE_ROW, SQLITE_DONE, or an error code (including a binding error).
  int step();
  // Steps until done; returns SQLITE_DONE or an error code.
  int run();

  // Column accessors for the current row (0-based).
  std::int64_t int64(int col) const override;
  double real(int col) const override;
  std::string text(int col) const override;
  bool is_null(int col) const override;

 private:
  sqlite3_stmt* stmt_;
  int bind_error_ = 0;  // first failed sqlite3_bind_* result, 0 if none
};

// The status of a write whose statement failed with SQLite result code rc: conflict for a
// constraint violation (or a value SQLite refuses: too big, wrong type), else unavailable.
write_status write_status_of(int rc);

// One SQLite connection and its cache of prepared statements (keyed by SQL text).
// Thread-safety: none; the owner serialises use (one thread, or a mutex).
class sqlite_connection final : public sql_connection {
 public:
  // Opens path (read-write-create, or read-only); returns nullptr and sets error on failure.
  static std::unique_ptr<sqlite_connection> open(const std::string& path, bool read_only, std::string& error);
  // Opens path as the store's writer (created, WAL, synchronous=FULL, foreign keys, migrated)
  // or reader (read-only); nullptr + error naming path on failure.
  static std::unique_ptr<sqlite_connection> open_for_store(const std::string& path, bool writer,
                                                           const store_options& options, std::string& error);
  ~sqlite_connection() override;
  sqlite_connection(const sqlite_connection&) = delete;
  sqlite_connection& operator=(const sqlite_connection&) = delete;

  // sql_connection (see connection.h); begin() is BEGIN IMMEDIATE, after_writes()
  // folds the WAL into the database.
  write_status run(const char* sql, const sql_params& params, std::string& error) override;
  bool query(const char* sql, const sql_params& params, const std::function<void(const sql_row&)>& on_row,
             std::string& error) override;
  bool exec(std::string_view sql, std::string& error) override;
  bool begin(std::string& error) override;
  bool in_transaction() const override { return !autocommit(); }
  void after_writes() override;

  // Runs a single-row query (e.g. a PRAGMA) and returns its first column as text.
  std::optional<std::string> query_text(const char* sql, std::string& error);
  // Returns the cached prepared statement for sql (preparing it once); nullopt + error on failure.
  std::optional<sqlite_statement> statement(const char* sql, std::string& error);

  // The connection's latest error message, prefixed with the extended result code name.
  std::string last_error() const;
  // Describes result code rc of a failed step or bind, with the connection's message.
  std::string error_for(int rc) const;
  // Rows changed by the latest INSERT/UPDATE/DELETE.
  std::int64_t changes() const override;
  // True when no transaction is open (SQLite rolls back by itself on some errors).
  bool autocommit() const;

 private:
  explicit sqlite_connection(sqlite3* db) : db_(db) {}
  sqlite3* db_;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

}  // namespace tabuleiro::server

// Thin RAII layer over SQLite used by the store: one connection with a prepared-statement
// cache, and a borrowed statement that records the first binding error.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace tabuleiro::server {

// A prepared statement borrowed from a connection's cache; reset and unbound on destruction.
// Binding errors are remembered and reported by step(), so one check covers every call.
// Thread-safety: none; used by the thread that holds its connection.
class sqlite_statement {
 public:
  explicit sqlite_statement(sqlite3_stmt* s) : stmt_(s) {}
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;
  sqlite_statement(sqlite_statement&& o) noexcept : stmt_(o.stmt_), bind_error_(o.bind_error_) {
    o.stmt_ = nullptr;
  }
  sqlite_statement& operator=(sqlite_statement&&) = delete;
  ~sqlite_statement();

  // Binds parameter i (1-based); the text is copied by SQLite.
  sqlite_statement& bind(int i, std::int64_t v);
  sqlite_statement& bind(int i, std::string_view v);
  sqlite_statement& bind_null(int i);
  // Binds v, or NULL when v is empty.
  sqlite_statement& bind_optional(int i, const std::optional<std::string>& v);

  // Runs one step: SQLITE_ROW, SQLITE_DONE, or an error code (including a binding error).
  int step();
  // Steps until done; returns SQLITE_DONE or an error code.
  int run();

  // Column accessors for the current row (0-based).
  std::int64_t int64(int col) const;
  std::string text(int col) const;
  bool is_null(int col) const;

 private:
  sqlite3_stmt* stmt_;
  int bind_error_ = 0;  // first failed sqlite3_bind_* result, 0 if none
};

// One SQLite connection and its cache of prepared statements (keyed by SQL text).
// Thread-safety: none; the owner serialises use (one thread, or a mutex).
class sqlite_connection {
 public:
  // Opens path (read-write-create, or read-only); returns nullptr and sets error on failure.
  static std::unique_ptr<sqlite_connection> open(const std::string& path, bool read_only,
                                                 std::string& error);
  ~sqlite_connection();
  sqlite_connection(const sqlite_connection&) = delete;
  sqlite_connection& operator=(const sqlite_connection&) = delete;

  // Runs SQL text holding any number of statements without result rows; false + error on failure.
  bool exec(std::string_view sql, std::string& error);
  // Runs a single-row query (e.g. a PRAGMA) and returns its first column as text.
  std::optional<std::string> query_text(const char* sql, std::string& error);
  // Returns the cached prepared statement for sql (preparing it once); nullopt + error on failure.
  std::optional<sqlite_statement> statement(const char* sql, std::string& error);

  // The connection's latest error message, prefixed with the extended result code name.
  std::string last_error() const;
  // Describes result code rc of a failed step or bind, with the connection's message.
  std::string error_for(int rc) const;
  // Rows changed by the latest INSERT/UPDATE/DELETE.
  std::int64_t changes() const;
  // Rowid of the latest successful INSERT.
  std::int64_t last_insert_rowid() const;
  // True when no transaction is open (SQLite rolls back by itself on some errors).
  bool autocommit() const;

 private:
  explicit sqlite_connection(sqlite3* db) : db_(db) {}
  sqlite3* db_;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
};

}  // namespace tabuleiro::server

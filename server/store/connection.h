// The database connection the store's SQL runs on, whatever the database: parameterised
// statements with typed failures, and transaction control. Implemented for SQLite
// (sqlite.h) and PostgreSQL (pg.h); internal to the store.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/store/store.h"

namespace tabuleiro::server {

// One statement parameter: NULL, an integer, a real number or a text.
using sql_value = std::variant<std::nullptr_t, std::int64_t, double, std::string>;
// A statement's parameters; params[i] binds the numbered placeholder ?<i+1>.
using sql_params = std::vector<sql_value>;

// A row id parameter: NULL when id is 0 (none).
inline sql_value id_or_null(std::int64_t id) {
  if (id == 0) return nullptr;
  return id;
}

// limit as an SQL LIMIT parameter (a size_t beyond int64 reads as no limit at all).
inline std::int64_t sql_limit(std::size_t limit) {
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(std::min(limit, max));
}

// One row of a query's result (columns 0-based), valid during the row callback only.
class sql_row {
 public:
  virtual std::int64_t int64(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string text(int col) const = 0;
  virtual bool is_null(int col) const = 0;

 protected:
  ~sql_row() = default;
};

// One connection. Statements are written once for every database, with numbered placeholders
// (?1, ?2, ...; a number may repeat) and only SQL both databases accept.
// Thread-safety: none; the owner serialises use (the writer thread, or the read mutex).
class sql_connection {
 public:
  virtual ~sql_connection() = default;

  // Runs one statement, ignoring any rows: ok, or conflict (a constraint or a value the
  // database refuses) / unavailable (the database failed) with error set.
  virtual write_status run(const char* sql, const sql_params& params, std::string& error) = 0;
  // Runs one query, calling on_row for each row (an exception from it propagates); false +
  // error when the database failed.
  virtual bool query(const char* sql, const sql_params& params, const std::function<void(const sql_row&)>& on_row,
                     std::string& error) = 0;
  // Rows changed by the latest run().
  virtual std::int64_t changes() const = 0;
  // Runs SQL text holding any number of statements without parameters or result rows
  // (migrations, savepoints, COMMIT, ROLLBACK); false + error on failure.
  virtual bool exec(std::string_view sql, std::string& error) = 0;
  // Begins a write transaction, first re-opening a connection that broke; false + error.
  virtual bool begin(std::string& error) = 0;
  // True while a transaction is open (false once the database ended it, or the link broke).
  virtual bool in_transaction() const = 0;
  // True when the link to the database is known to be broken (re-opened by reopen()).
  virtual bool broken() const { return false; }
  // Re-opens a broken connection (no-op otherwise); false + error when it cannot.
  virtual bool reopen(std::string& /*error*/) { return true; }
  // Called once on the writer's connection after the writer thread stopped.
  virtual void after_writes() {}
};

// Runs one query as a read (sql_connection::query): found when it ran to its end; unavailable,
// with error set, when the database failed or on_row threw (a row that cannot be read).
inline read_status read_rows(sql_connection& db, const char* sql, const sql_params& params,
                             const std::function<void(const sql_row&)>& on_row, std::string& error) {
  try {
    return db.query(sql, params, on_row, error) ? read_status::found : read_status::unavailable;
  } catch (const std::exception& e) {
    error = e.what();
    return read_status::unavailable;
  }
}

}  // namespace tabuleiro::server

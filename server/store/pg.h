// PostgreSQL connection for the store (libpq): the store's sql_connection over one PGconn,
// with prepared statements cached per connection.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/store/connection.h"

struct pg_conn;
struct pg_result;

namespace tabuleiro::server {

// True when target names a PostgreSQL database (postgres:// or postgresql:// URL).
bool is_postgres_url(std::string_view target);

// The status of a failed statement from its SQLSTATE: conflict for class 23 (integrity
// constraint: unique, not null, check, foreign key, the schema's append-only triggers) and
// class 22 (a value the database refuses), else unavailable (connection, I/O, resources,
// shutdown, missing table, or no SQLSTATE at all because the link broke).
write_status pg_write_status_of(std::string_view sqlstate);

// One libpq connection. Statements are written with ?N placeholders (connection.h) and
// sent as $N; parameters travel as text with their types (bigint, text) declared.
// Thread-safety: none; the owner serialises use (one thread, or a mutex).
class pg_connection final : public sql_connection {
 public:
  // Connects to url (postgres://...); nullptr + error on failure. Every session sets
  // synchronous_commit = on (a COMMIT returns once its WAL is flushed), UTF-8, lock_timeout
  // (lock_timeout_ms, 0 = none), and with read_only, read-only transactions. Unless the URL
  // says otherwise, connecting gives up after 10 s and a request the server does not
  // acknowledge within 30 s (tcp_user_timeout) breaks the link.
  static std::unique_ptr<pg_connection> open(const std::string& url, std::string& error, bool read_only = false,
                                             int lock_timeout_ms = 0);
  // Connects as the store's writer (and migrates the database, holding an advisory lock so
  // that servers starting together migrate one after another) or reader (read-only), with
  // options.busy_timeout_ms as lock_timeout; nullptr + error naming the database on failure.
  static std::unique_ptr<pg_connection> open_for_store(const std::string& url, bool writer,
                                                       const store_options& options, std::string& error);
  ~pg_connection() override;
  pg_connection(const pg_connection&) = delete;
  pg_connection& operator=(const pg_connection&) = delete;

  // sql_connection (see connection.h). begin() re-opens a broken link first, and once
  // more when BEGIN itself finds the link broken (nothing was done yet).
  write_status run(const char* sql, const sql_params& params, std::string& error) override;
  bool query(const char* sql, const sql_params& params, const std::function<void(const sql_row&)>& on_row,
             std::string& error) override;
  std::int64_t changes() const override { return changes_; }
  bool exec(std::string_view sql, std::string& error) override;
  bool begin(std::string& error) override;
  bool in_transaction() const override;
  bool broken() const override;
  bool reopen(std::string& error) override;

 private:
  pg_connection(pg_conn* conn, bool read_only, int lock_timeout_ms)
      : conn_(conn), read_only_(read_only), lock_timeout_ms_(lock_timeout_ms) {}
  // Applies the session settings (after connecting and after every reset); false + error.
  bool configure(std::string& error);
  // Migrates the database (the writer, at start), waiting — told in the log and to the service
  // manager, at most an hour — while another server holds the migration lock or another session
  // (a pg_dump) holds a table a migration changes; false + error.
  bool migrate_waiting(std::string& error);
  // The sessions holding locks on this schema's tables: "held by pid N pg_dump active, …".
  std::string lock_holders();
  // The name of sql's prepared statement, preparing it once for params' types; "" + error.
  std::string prepared(const char* sql, const sql_params& params, std::string& error);
  // Runs sql's prepared statement with params: its result (the caller frees it), or nullptr
  // with error and failure (conflict or unavailable) set.
  pg_result* execute(const char* sql, const sql_params& params, std::string& error, write_status& failure);

  pg_conn* conn_;
  bool read_only_;
  int lock_timeout_ms_;
  std::int64_t changes_ = 0;
  std::unordered_map<std::string, std::string> prepared_;  // SQL text -> statement name
};

}  // namespace tabuleiro::server

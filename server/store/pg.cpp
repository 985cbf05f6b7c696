// PostgreSQL connection for the store (see pg.h).
#include "server/store/pg.h"

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <memory>
#include <thread>
#include <stdexcept>
#include <variant>
#include <vector>

#include "server/store/schema.h"
#include "server/util/service_notify.h"

namespace tabuleiro::server {
namespace {

constexpr Oid int8_oid = 20;     // pg_type: bigint
constexpr Oid text_oid = 25;     // pg_type: text
constexpr Oid float8_oid = 701;  // pg_type: double precision

// Owns one PGresult.
using result_ptr = std::unique_ptr<PGresult, decltype(&PQclear)>;

// The connection's last error message, without libpq's trailing newline.
std::string message_of(const PGconn* conn, const PGresult* res) {
  std::string m = res != nullptr ? PQresultErrorMessage(res) : PQerrorMessage(conn);
  if (m.empty()) m = PQerrorMessage(conn);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m.empty() ? "unknown PostgreSQL error" : m;
}

// sql with each ?N placeholder written as PostgreSQL's $N.
std::string dollar_placeholders(const char* sql) {
  std::string out(sql);
  for (std::size_t i = 0; i + 1 < out.size(); ++i)
    if (out[i] == '?' && out[i + 1] >= '0' && out[i + 1] <= '9') out[i] = '$';
  return out;
}

// One row of a PGresult as the store's sql_row.
class pg_row final : public sql_row {
 public:
  pg_row(const PGresult* res, int row) : res_(res), row_(row) {}
  std::int64_t int64(int col) const override {
    const char* p = PQgetvalue(res_, row_, col);
    const char* end = p + PQgetlength(res_, row_, col);
    std::int64_t v = 0;
    const auto [stop, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || stop != end) throw std::runtime_error("not an integer: " + std::string(p, end));
    return v;
  }
  double real(int col) const override {
    const char* p = PQgetvalue(res_, row_, col);
    const char* end = p + PQgetlength(res_, row_, col);
    double v = 0;
    const auto [stop, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || stop != end) throw std::runtime_error("not a number: " + std::string(p, end));
    return v;
  }
  std::string text(int col) const override {
    return std::string(PQgetvalue(res_, row_, col), static_cast<std::size_t>(PQgetlength(res_, row_, col)));
  }
  bool is_null(int col) const override { return PQgetisnull(res_, row_, col) != 0; }

 private:
  const PGresult* res_;
  int row_;
};

// Logs a server notice (e.g. the warning sent before an immediate shutdown) instead of
// libpq's default of printing it on stderr.
void log_notice(void* /*unused*/, const char* message) {
  std::string m = message != nullptr ? message : "";
  while (!m.empty() && m.back() == '\n') m.pop_back();
  spdlog::warn("store: PostgreSQL says: {}", m);
}

}  // namespace

bool is_postgres_url(std::string_view target) {
  return target.starts_with("postgres://") || target.starts_with("postgresql://");
}

std::string loggable_db_target(const std::string& target) {
  if (!is_postgres_url(target)) return target;
  std::string out = target;
  const std::size_t start = out.find("://") + 3;
  const std::size_t at = out.find('@', start);
  const std::size_t slash = out.find('/', start);
  if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
    const std::size_t colon = out.find(':', start);
    if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
  }
  for (std::size_t p = out.find("password=", start); p != std::string::npos; p = out.find("password=", p + 1)) {
    if (out[p - 1] != '?' && out[p - 1] != '&') continue;
    const std::size_t value = p + 9, end = out.find('&', value);
    out.replace(value, (end == std::string::npos ? out.size() : end) - value, "***");
  }
  return out;
}

write_status pg_write_status_of(std::string_view sqlstate) {
  if (sqlstate.starts_with("23") || sqlstate.starts_with("22")) return write_status::conflict;
  return write_status::unavailable;
}

std::unique_ptr<pg_connection> pg_connection::open(const std::string& url, std::string& error, bool read_only,
                                                   int lock_timeout_ms) {
  // Keywords after dbname (the URL) would override it; these come first so that a URL's own
  // values win.
  const char* keys[] = {"connect_timeout",
                        "tcp_user_timeout",
                        "keepalives_idle",
                        "client_encoding",
                        "application_name",
                        "dbname",
                        nullptr};
  const char* values[] = {"10", "30000", "30", "UTF8", "tabuleiro", url.c_str(), nullptr};
  PGconn* conn = PQconnectdbParams(keys, values, /*expand_dbname=*/1);
  if (conn == nullptr) {
    error = "cannot connect to PostgreSQL: out of memory";
    return nullptr;
  }
  if (PQstatus(conn) != CONNECTION_OK) {
    error = "cannot connect to PostgreSQL: " + message_of(conn, nullptr);
    PQfinish(conn);
    return nullptr;
  }
  PQsetNoticeProcessor(conn, log_notice, nullptr);
  auto db = std::unique_ptr<pg_connection>(new pg_connection(conn, read_only, std::max(lock_timeout_ms, 0)));
  if (!db->configure(error)) return nullptr;
  return db;
}

std::unique_ptr<pg_connection> pg_connection::open_for_store(const std::string& url, bool writer,
                                                             const store_options& options, std::string& error) {
  auto db = open(url, error, !writer, options.busy_timeout_ms);
  if (!db) return nullptr;
  const char* where = PQdb(db->conn_);
  const std::string name = std::string("PostgreSQL database ") + (where != nullptr ? where : "?");
  if (!writer) return db;
  if (!db->migrate_waiting(error)) {
    error = name + ": " + error;
    return nullptr;
  }
  return db;
}

bool pg_connection::migrate_waiting(std::string& error) {
  using clock = std::chrono::steady_clock;
  const auto give_up = clock::now() + std::chrono::hours(1);
  const auto wait = [&](int attempt, const std::string& why) {
    const int seconds = std::min(10, 1 << std::min(attempt, 4));
    spdlog::warn("store: {}; trying again in {} s", why, seconds);
    notify_service("EXTEND_TIMEOUT_USEC=" + std::to_string((seconds + 60) * 1'000'000LL) + "\nSTATUS=" + why);
    std::this_thread::sleep_for(std::chrono::seconds(seconds));
  };
  // A session advisory lock (the store's fixed key) serialises the migrations of servers that
  // start together on one database; it ends with the unlock, or with the session. Tried, not
  // waited for inside PostgreSQL, so that the wait is told and bounded.
  for (int attempt = 0;; ++attempt) {
    bool taken = false;
    if (!query(
            "SELECT pg_try_advisory_lock(7461627573)", {}, [&](const sql_row& r) { taken = r.text(0) == "t"; }, error))
      return false;
    if (taken) break;
    if (clock::now() > give_up) {
      error = "another server kept the migration lock for an hour (stuck? see pg_stat_activity)";
      return false;
    }
    wait(attempt, "another server is migrating the database (it holds the migration lock)");
  }
  // A migration waits at most 200 ms for a table's lock: a longer wait in PostgreSQL's lock
  // queue would hold up every other node's queries of that table behind it. A table another
  // session holds (pg_dump reads every table for its whole run) makes it wait here instead.
  std::string ignored;
  bool migrated = false;
  if (exec("SET lock_timeout = '200ms'", error)) {
    for (int attempt = 0;; ++attempt) {
      if ((migrated = migrate(*this, embedded_pg_migrations(), error))) break;
      if (error.find("lock timeout") == std::string::npos) break;
      if (clock::now() > give_up) {
        error = "a migration waited an hour for a table another session holds (" + lock_holders() + ")";
        break;
      }
      wait(attempt, "a migration waits for a table another session holds (" + lock_holders() +
                        "; a pg_dump backup holds every table until it ends)");
    }
  }
  exec("SELECT set_config('lock_timeout', '" + std::to_string(lock_timeout_ms_) + "', false)", ignored);
  exec("SELECT pg_advisory_unlock(7461627573)", ignored);
  return migrated;
}

std::string pg_connection::lock_holders() {
  std::string out, error;
  query(
      "SELECT DISTINCT a.pid, COALESCE(NULLIF(a.application_name, ''), a.backend_type), a.state "
      "FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid JOIN pg_class c ON c.oid = l.relation "
      "WHERE l.granted AND a.pid <> pg_backend_pid() AND c.relnamespace = to_regnamespace(current_schema()) "
      "ORDER BY 1 LIMIT 5",
      {},
      [&](const sql_row& r) {
        out += (out.empty() ? "" : ", ") + ("pid " + r.text(0) + " " + r.text(1) + " " + r.text(2));
      },
      error);
  return out.empty() ? "held by a session that is gone now" : "held by " + out;
}

pg_connection::~pg_connection() { PQfinish(conn_); }

bool pg_connection::configure(std::string& error) {
  std::string settings = "SET synchronous_commit = on; SET client_min_messages = warning";
  if (read_only_) settings += "; SET default_transaction_read_only = on";
  if (!exec(settings, error)) return false;
  if (!query(
          "SELECT set_config('lock_timeout', ?1, false)", {std::to_string(lock_timeout_ms_)}, [](const sql_row&) {},
          error))
    return false;
  std::string value;
  if (!query(
          "SELECT current_setting('synchronous_commit')", {}, [&](const sql_row& row) { value = row.text(0); }, error))
    return false;
  if (value != "on") {
    error = "cannot set synchronous_commit = on (it is " + value + ")";
    return false;
  }
  return true;
}

std::string pg_connection::prepared(const char* sql, const sql_params& params, std::string& error) {
  if (const auto it = prepared_.find(sql); it != prepared_.end()) return it->second;
  std::vector<Oid> types;
  for (const auto& p : params)
    types.push_back(std::holds_alternative<std::int64_t>(p)  ? int8_oid
                    : std::holds_alternative<double>(p)      ? float8_oid
                    : std::holds_alternative<std::string>(p) ? text_oid
                                                             : 0);  // NULL: the column's type
  std::string name = "s" + std::to_string(prepared_.size());
  const std::string text = dollar_placeholders(sql);
  const result_ptr res(PQprepare(conn_, name.c_str(), text.c_str(), static_cast<int>(types.size()), types.data()),
                       &PQclear);
  if (!res || PQresultStatus(res.get()) != PGRES_COMMAND_OK) {
    error = message_of(conn_, res.get());
    return {};
  }
  prepared_.emplace(sql, name);
  return name;
}

PGresult* pg_connection::execute(const char* sql, const sql_params& params, std::string& error, write_status& failure) {
  failure = write_status::unavailable;
  std::vector<std::string> numbers;  // the text of each number parameter
  numbers.reserve(params.size());
  std::vector<const char*> values;
  for (const auto& p : params) {
    if (const auto* i = std::get_if<std::int64_t>(&p)) {
      values.push_back(numbers.emplace_back(std::to_string(*i)).c_str());
    } else if (const auto* d = std::get_if<double>(&p)) {
      char text[32];  // the shortest text that reads back as the same double
      const auto end = std::to_chars(text, text + sizeof text, *d).ptr;
      values.push_back(numbers.emplace_back(text, end).c_str());
    } else if (const auto* s = std::get_if<std::string>(&p)) {
      if (s->find('\0') != std::string::npos) {  // PostgreSQL text cannot hold it
        error = "a text parameter holds a NUL byte";
        failure = write_status::conflict;
        return nullptr;
      }
      values.push_back(s->c_str());
    } else {
      values.push_back(nullptr);
    }
  }
  const std::string name = prepared(sql, params, error);
  if (name.empty()) return nullptr;  // no such table, broken link, ... (unavailable)
  result_ptr res(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr,
                                0),
                 &PQclear);
  const auto status = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return res.release();
  error = message_of(conn_, res.get());
  const char* state = res ? PQresultErrorField(res.get(), PG_DIAG_SQLSTATE) : nullptr;
  failure = pg_write_status_of(state != nullptr ? state : "");
  return nullptr;
}

write_status pg_connection::run(const char* sql, const sql_params& params, std::string& error) {
  changes_ = 0;
  write_status failure;
  const result_ptr res(execute(sql, params, error, failure), &PQclear);
  if (!res) return failure;
  const char* n = PQcmdTuples(res.get());
  changes_ = (n != nullptr && *n != '\0') ? std::stoll(n) : 0;
  return write_status::ok;
}

bool pg_connection::query(const char* sql, const sql_params& params, const std::function<void(const sql_row&)>& on_row,
                          std::string& error) {
  write_status failure;
  const result_ptr res(execute(sql, params, error, failure), &PQclear);
  if (!res) return false;
  for (int r = 0, n = PQntuples(res.get()); r < n; ++r) on_row(pg_row(res.get(), r));
  return true;
}

bool pg_connection::exec(std::string_view sql, std::string& error) {
  const std::string text(sql);
  const result_ptr res(PQexec(conn_, text.c_str()), &PQclear);
  const auto status = res ? PQresultStatus(res.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    error = message_of(conn_, res.get());
    return false;
  }
  // COMMIT of a transaction that a failed statement aborted answers ROLLBACK, not an error.
  if (text == "COMMIT" && std::string_view(PQcmdStatus(res.get())) != "COMMIT") {
    error = "the transaction was aborted; COMMIT rolled it back";
    return false;
  }
  return true;
}

bool pg_connection::begin(std::string& error) {
  if (!reopen(error)) return false;
  if (exec("BEGIN", error)) return true;
  if (!broken()) return false;
  // The link broke while idle (e.g. the server restarted): nothing was done yet, so connect
  // again and begin once more.
  return reopen(error) && exec("BEGIN", error);
}

bool pg_connection::in_transaction() const {
  const auto s = PQtransactionStatus(conn_);
  return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
}

bool pg_connection::broken() const { return PQstatus(conn_) != CONNECTION_OK; }

bool pg_connection::reopen(std::string& error) {
  if (!broken()) return true;
  PQreset(conn_);
  prepared_.clear();  // a new session has no prepared statements
  if (broken()) {
    error = "cannot reconnect to PostgreSQL: " + message_of(conn_, nullptr);
    return false;
  }
  spdlog::warn("store: reconnected to PostgreSQL database {}", PQdb(conn_));
  return configure(error);
}

}  // namespace tabuleiro::server

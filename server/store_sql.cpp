// The store's SQL statements: write work for the writer thread and reads (see store_sql.h).
#include "server/store_sql.h"

#include <sqlite3.h>

#include <algorithm>
#include <limits>

#include "server/store_sqlite.h"

namespace tabuleiro::server {
namespace {

// Runs a prepared statement to completion; false + error unless it finished.
bool run(sqlite_connection& db, const char* sql, std::string& error,
         const std::function<void(sqlite_statement&)>& bind) {
  auto st = db.statement(sql, error);
  if (!st) return false;
  bind(*st);
  const int rc = st->run();
  if (rc != SQLITE_DONE) {
    error = db.error_for(rc);
    return false;
  }
  return true;
}

// JSON as stored: null becomes SQL NULL. May throw on invalid UTF-8 strings.
std::optional<std::string> json_text(const json& j) {
  if (j.is_null()) return std::nullopt;
  return j.dump();
}

// A write that fails with message (used when a value cannot be serialised).
write_work failing_work(std::string message) {
  return [message = std::move(message)](sqlite_connection&, std::string& error) {
    error = message;
    return false;
  };
}

// A JSON column: SQL NULL reads as null. May throw on corrupt text.
json parse_json_column(const sqlite_statement& st, int col) {
  if (st.is_null(col)) return json(nullptr);
  return json::parse(st.text(col));
}

constexpr const char* match_columns =
    "SELECT code, game, options, seed, start_position, visibility, status, outcome,"
    " created_ms, finished_ms, last_version, updated_ms,"
    " (SELECT token_hash FROM seats s WHERE s.match_id = m.id AND s.seat = 1),"
    " (SELECT token_hash FROM seats s WHERE s.match_id = m.id AND s.seat = 2)"
    " FROM matches m ";

// Decodes one row selected with match_columns. May throw on corrupt JSON.
match_row decode_match(const sqlite_statement& st) {
  match_row m;
  m.code = st.text(0);
  m.game = st.text(1);
  m.options = parse_json_column(st, 2);
  m.seed = st.text(3);
  m.start_position = parse_json_column(st, 4);
  m.visibility = st.text(5);
  m.status = st.text(6);
  m.outcome = parse_json_column(st, 7);
  m.created_ms = st.int64(8);
  m.finished_ms = st.int64(9);
  m.version = st.int64(10);
  m.updated_ms = st.int64(11);
  m.token_hash[0] = st.text(12);
  m.token_hash[1] = st.text(13);
  return m;
}

// Steps a match query, appending each decoded row; false + error on failure.
bool collect_matches(sqlite_connection& db, sqlite_statement& st, std::vector<match_row>& out,
                     std::string& error) {
  try {
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) out.push_back(decode_match(st));
    if (rc != SQLITE_DONE) {
      error = db.error_for(rc);
      return false;
    }
  } catch (const std::exception& e) {
    error = std::string("corrupt match row: ") + e.what();
    return false;
  }
  return true;
}

// limit as an SQL LIMIT value.
std::int64_t sql_limit(std::size_t limit) {
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(std::min(limit, max));
}

}  // namespace

write_work insert_match_work(const match_row& m) {
  std::string options;
  std::optional<std::string> start, outcome;
  try {
    options = m.options.dump();
    start = json_text(m.start_position);
    outcome = json_text(m.outcome);
  } catch (const std::exception& e) {
    return failing_work(std::string("match JSON: ") + e.what());
  }
  return [m, options = std::move(options), start = std::move(start),
          outcome = std::move(outcome)](sqlite_connection& db, std::string& error) {
    const bool inserted = run(
        db,
        "INSERT INTO matches (code, game, options, seed, start_position, visibility, status,"
        " outcome, created_ms, updated_ms, finished_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        error, [&](sqlite_statement& st) {
          st.bind(1, m.code).bind(2, m.game).bind(3, options).bind(4, m.seed).bind_optional(5, start);
          st.bind(6, m.visibility).bind(7, m.status).bind_optional(8, outcome).bind(9, m.created_ms);
          st.bind(10, m.created_ms).bind(11, m.finished_ms);
        });
    if (!inserted) return false;
    const std::int64_t id = db.last_insert_rowid();
    for (int seat = 1; seat <= 2; ++seat) {
      const std::string& hash = m.token_hash[static_cast<std::size_t>(seat - 1)];
      if (hash.empty()) continue;
      if (!run(db, "INSERT INTO seats (match_id, seat, token_hash) VALUES (?, ?, ?)", error,
               [&](sqlite_statement& st) { st.bind(1, id).bind(2, std::int64_t{seat}).bind(3, hash); }))
        return false;
    }
    return true;
  };
}

write_work set_seat_token_work(const std::string& code, int seat, const std::string& hash) {
  return [code, seat, hash](sqlite_connection& db, std::string& error) {
    return run(db,
               "INSERT INTO seats (match_id, seat, token_hash)"
               " VALUES ((SELECT id FROM matches WHERE code = ?), ?, ?)"
               " ON CONFLICT (match_id, seat) DO UPDATE SET token_hash = excluded.token_hash",
               error, [&](sqlite_statement& st) {
                 st.bind(1, code).bind(2, std::int64_t{seat}).bind(3, hash);
               });
  };
}

write_work append_action_work(const std::string& code, const action_row& a) {
  std::string action;
  try {
    action = a.action.dump();
  } catch (const std::exception& e) {
    return failing_work(std::string("action JSON: ") + e.what());
  }
  return [code, a = action_row{a.version, a.seat, json(), a.at_ms}, action = std::move(action)](
             sqlite_connection& db, std::string& error) {
    // Advancing last_version only from version - 1 keeps the log contiguous.
    if (!run(db,
             "UPDATE matches SET last_version = ?1, updated_ms = max(updated_ms, ?2),"
             " status = CASE status WHEN 'waiting' THEN 'live' ELSE status END"
             " WHERE code = ?3 AND last_version = ?1 - 1",
             error, [&](sqlite_statement& st) { st.bind(1, a.version).bind(2, a.at_ms).bind(3, code); }))
      return false;
    if (db.changes() != 1) {
      error = "append to " + code + " version " + std::to_string(a.version) +
              ": no such match, or not its next version";
      return false;
    }
    return run(db,
               "INSERT INTO actions (match_id, version, seat, action, at_ms)"
               " VALUES ((SELECT id FROM matches WHERE code = ?), ?, ?, ?, ?)",
               error, [&](sqlite_statement& st) {
                 st.bind(1, code).bind(2, a.version).bind(3, std::int64_t{a.seat});
                 st.bind(4, action).bind(5, a.at_ms);
               });
  };
}

write_work finish_match_work(const std::string& code, const json& outcome, std::int64_t at_ms) {
  std::optional<std::string> text;
  try {
    text = json_text(outcome);
  } catch (const std::exception& e) {
    return failing_work(std::string("outcome JSON: ") + e.what());
  }
  return [code, text = std::move(text), at_ms](sqlite_connection& db, std::string& error) {
    if (!run(db,
             "UPDATE matches SET status = 'finished', outcome = ?, finished_ms = ?,"
             " updated_ms = max(updated_ms, ?) WHERE code = ? AND status <> 'finished'",
             error, [&](sqlite_statement& st) {
               st.bind_optional(1, text).bind(2, at_ms).bind(3, at_ms).bind(4, code);
             }))
      return false;
    if (db.changes() != 1) {
      error = "finish " + code + ": no such match, or already finished";
      return false;
    }
    return true;
  };
}

write_work both_work(write_work first, write_work second) {
  return [first = std::move(first), second = std::move(second)](sqlite_connection& db, std::string& error) {
    return first(db, error) && second(db, error);
  };
}

bool read_match(sqlite_connection& db, const std::string& code, std::optional<match_row>& out,
                std::string& error) {
  static const std::string sql = std::string(match_columns) + "WHERE code = ?";
  auto st = db.statement(sql.c_str(), error);
  if (!st) return false;
  st->bind(1, code);
  std::vector<match_row> rows;
  if (!collect_matches(db, *st, rows, error)) return false;
  out.reset();
  if (!rows.empty()) out = std::move(rows.front());
  return true;
}

bool read_actions(sqlite_connection& db, const std::string& code, std::vector<action_row>& out,
                  std::string& error) {
  auto st = db.statement(
      "SELECT a.version, a.seat, a.action, a.at_ms FROM actions a JOIN matches m"
      " ON m.id = a.match_id WHERE m.code = ? ORDER BY a.version",
      error);
  if (!st) return false;
  st->bind(1, code);
  out.clear();
  try {
    int rc;
    while ((rc = st->step()) == SQLITE_ROW)
      out.push_back(action_row{st->int64(0), static_cast<int>(st->int64(1)),
                               json::parse(st->text(2)), st->int64(3)});
    if (rc != SQLITE_DONE) {
      error = db.error_for(rc);
      out.clear();
      return false;
    }
  } catch (const std::exception& e) {
    error = std::string("corrupt action row: ") + e.what();
    out.clear();
    return false;
  }
  return true;
}

bool read_public(sqlite_connection& db, const std::string& status, const std::string& game,
                 std::size_t limit, std::vector<match_row>& out, std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE visibility = 'public' AND (?1 = '' OR status = ?1) AND (?2 = '' OR game = ?2)"
      " ORDER BY created_ms DESC, id DESC LIMIT ?3";
  auto st = db.statement(sql.c_str(), error);
  if (!st) return false;
  st->bind(1, status).bind(2, game).bind(3, sql_limit(limit));
  out.clear();
  if (!collect_matches(db, *st, out, error)) {
    out.clear();
    return false;
  }
  return true;
}

bool read_idle(sqlite_connection& db, std::int64_t before_ms, std::size_t limit,
               std::vector<match_row>& out, std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE status IN ('waiting', 'live') AND updated_ms < ?1 ORDER BY updated_ms, id LIMIT ?2";
  auto st = db.statement(sql.c_str(), error);
  if (!st) return false;
  st->bind(1, before_ms).bind(2, sql_limit(limit));
  out.clear();
  if (!collect_matches(db, *st, out, error)) {
    out.clear();
    return false;
  }
  return true;
}

}  // namespace tabuleiro::server

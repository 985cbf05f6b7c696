// The store's SQL statements: write work for the writer thread and reads (see store_sql.h).
#include "server/store_sql.h"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>
#include <limits>
#include <optional>

#include "server/store_sqlite.h"

namespace tabuleiro::server {
namespace {

// Runs a prepared statement to completion: ok, or the failure's status with error set.
write_status run(sqlite_connection& db, const char* sql, std::string& error,
                 const std::function<void(sqlite_statement&)>& bind) {
  auto st = db.statement(sql, error);
  if (!st) return write_status::unavailable;  // cannot prepare: no such table, no memory, ...
  bind(*st);
  const int rc = st->run();
  if (rc == SQLITE_DONE) return write_status::ok;
  error = db.error_for(rc);
  return write_status_of(rc);
}

// JSON as stored: null becomes SQL NULL. May throw on invalid UTF-8 strings.
std::optional<std::string> json_text(const json& j) {
  if (j.is_null()) return std::nullopt;
  return j.dump();
}

// A write that is refused at once with message (a value that cannot be stored as given).
write_work refused_work(std::string message) {
  return [message = std::move(message)](sqlite_connection&, std::string& error) {
    error = message;
    return write_status::conflict;
  };
}

// The end of a match (status, outcome, finished_ms): conflict if absent or already finished.
write_work finish_match_work(const std::string& code, const json& outcome, std::int64_t at_ms) {
  std::optional<std::string> text;
  try {
    text = json_text(outcome);
  } catch (const std::exception& e) {
    return refused_work(std::string("outcome JSON: ") + e.what());
  }
  return [code, text = std::move(text), at_ms](sqlite_connection& db, std::string& error) {
    const write_status s = run(
        db,
        "UPDATE matches SET status = 'finished', outcome = ?, finished_ms = ?,"
        " updated_ms = max(updated_ms, ?) WHERE code = ? AND status <> 'finished'",
        error, [&](sqlite_statement& st) {
          st.bind_optional(1, text).bind(2, at_ms).bind(3, at_ms).bind(4, code);
        });
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "finish " + code + ": no such match, or already finished";
      return write_status::conflict;
    }
    return write_status::ok;
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
    " (SELECT token_hash FROM seats s WHERE s.match_id = m.id AND s.seat = 2),"
    " clock,"
    " (SELECT claimed_ms FROM seats s WHERE s.match_id = m.id AND s.seat = 1),"
    " (SELECT claimed_ms FROM seats s WHERE s.match_id = m.id AND s.seat = 2),"
    " (SELECT b.seat FROM bot_seats b WHERE b.match_id = m.id),"
    " (SELECT b.level FROM bot_seats b WHERE b.match_id = m.id),"
    " (SELECT b.seed FROM bot_seats b WHERE b.match_id = m.id),"
    " (SELECT name FROM seats s WHERE s.match_id = m.id AND s.seat = 1),"
    " (SELECT name FROM seats s WHERE s.match_id = m.id AND s.seat = 2),"
    " rematch"
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
  m.clock = parse_json_column(st, 14);
  m.seat_claimed_ms[0] = st.is_null(15) ? 0 : st.int64(15);
  m.seat_claimed_ms[1] = st.is_null(16) ? 0 : st.int64(16);
  if (!st.is_null(17))
    m.bot = bot_seat_row{static_cast<int>(st.int64(17)), st.text(18), st.text(19)};
  if (!st.is_null(20)) m.seat_name[0] = st.text(20);
  if (!st.is_null(21)) m.seat_name[1] = st.text(21);
  if (!st.is_null(22)) m.rematch = st.text(22);
  return m;
}

// Steps a match query, appending each decoded row; unavailable (out cleared) on failure.
read_status collect_matches(sqlite_connection& db, sqlite_statement& st, std::vector<match_row>& out,
                            std::string& error) {
  try {
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) out.push_back(decode_match(st));
    if (rc != SQLITE_DONE) {
      error = db.error_for(rc);
      out.clear();
      return read_status::unavailable;
    }
  } catch (const std::exception& e) {
    error = std::string("corrupt match row: ") + e.what();
    out.clear();
    return read_status::unavailable;
  }
  return read_status::found;
}

// limit as an SQL LIMIT value.
std::int64_t sql_limit(std::size_t limit) {
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(std::min(limit, max));
}

}  // namespace

write_status write_status_of(int rc) {
  switch (rc & 0xff) {  // the primary result code
    case SQLITE_CONSTRAINT:  // UNIQUE, PRIMARY KEY, NOT NULL, CHECK, FOREIGN KEY, RAISE()
    case SQLITE_TOOBIG:
    case SQLITE_MISMATCH:
    case SQLITE_RANGE:
      return write_status::conflict;
    default:  // SQLITE_IOERR, _FULL, _READONLY, _BUSY, _LOCKED, _NOMEM, _CORRUPT, _ERROR, ...
      return write_status::unavailable;
  }
}

write_work insert_match_work(const match_row& m) {
  std::string options;
  std::optional<std::string> start, outcome, clock;
  try {
    options = m.options.dump();
    start = json_text(m.start_position);
    outcome = json_text(m.outcome);
    clock = json_text(m.clock);
  } catch (const std::exception& e) {
    return refused_work(std::string("match JSON: ") + e.what());
  }
  return [m, options = std::move(options), start = std::move(start), outcome = std::move(outcome),
          clock = std::move(clock)](sqlite_connection& db, std::string& error) {
    write_status s = run(
        db,
        "INSERT INTO matches (code, game, options, seed, start_position, visibility, status,"
        " outcome, created_ms, updated_ms, finished_ms, clock)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        error, [&](sqlite_statement& st) {
          st.bind(1, m.code).bind(2, m.game).bind(3, options).bind(4, m.seed).bind_optional(5, start);
          st.bind(6, m.visibility).bind(7, m.status).bind_optional(8, outcome).bind(9, m.created_ms);
          st.bind(10, m.created_ms).bind(11, m.finished_ms).bind_optional(12, clock);
        });
    if (s != write_status::ok) return s;
    const std::int64_t id = db.last_insert_rowid();
    for (int seat = 1; seat <= 2 && s == write_status::ok; ++seat) {
      const std::string& hash = m.token_hash[static_cast<std::size_t>(seat - 1)];
      if (hash.empty()) continue;
      const std::string& name = m.seat_name[static_cast<std::size_t>(seat - 1)];
      const auto name_or_null = name.empty() ? std::nullopt : std::optional<std::string>(name);
      s = run(db, "INSERT INTO seats (match_id, seat, token_hash, claimed_ms, name) VALUES (?, ?, ?, ?, ?)",
              error, [&](sqlite_statement& st) {
                st.bind(1, id).bind(2, std::int64_t{seat}).bind(3, hash).bind(4, m.created_ms).bind_optional(5, name_or_null);
              });
    }
    if (s == write_status::ok && m.bot)
      s = run(db, "INSERT INTO bot_seats (match_id, seat, level, seed) VALUES (?, ?, ?, ?)", error,
              [&](sqlite_statement& st) {
                st.bind(1, id).bind(2, std::int64_t{m.bot->seat}).bind(3, m.bot->level).bind(4, m.bot->seed);
              });
    return s;
  };
}

write_work claim_seat_work(const std::string& code, int seat, const std::string& hash,
                           std::int64_t at_ms) {
  return [code, seat, hash, at_ms](sqlite_connection& db, std::string& error) {
    // An absent match gives a NULL match_id, a taken seat a duplicate key: both constraints.
    const write_status s = run(db,
                               "INSERT INTO seats (match_id, seat, token_hash, claimed_ms)"
                               " VALUES ((SELECT id FROM matches WHERE code = ?), ?, ?, ?)",
                               error, [&](sqlite_statement& st) {
                                 st.bind(1, code).bind(2, std::int64_t{seat}).bind(3, hash).bind(4, at_ms);
                               });
    if (s == write_status::conflict)
      error = "claim seat " + std::to_string(seat) + " of " + code +
              ": no such match, seat taken, or bad seat/hash (" + error + ")";
    return s;
  };
}

write_work set_seat_name_work(const std::string& code, int seat, const std::string& name) {
  const auto value = name.empty() ? std::nullopt : std::optional<std::string>(name);
  return [code, seat, value](sqlite_connection& db, std::string& error) {
    const write_status s = run(
        db,
        "UPDATE seats SET name = ? WHERE seat = ? AND match_id = (SELECT id FROM matches WHERE code = ?)",
        error, [&](sqlite_statement& st) { st.bind_optional(1, value).bind(2, std::int64_t{seat}).bind(3, code); });
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "name seat " + std::to_string(seat) + " of " + code + ": seat not taken";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work insert_rematch_work(const match_row& next, const std::string& old_code) {
  return [insert = insert_match_work(next), next_code = next.code, old_code](
             sqlite_connection& db, std::string& error) {
    write_status s = insert(db, error);
    if (s != write_status::ok) return s;
    s = run(db, "UPDATE matches SET rematch = ? WHERE code = ? AND rematch IS NULL", error,
            [&](sqlite_statement& st) { st.bind(1, next_code).bind(2, old_code); });
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "rematch of " + old_code + ": no such match, or it already has a rematch";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work append_action_work(const std::string& code, const action_row& a) {
  const bool is_change = !a.change.is_null();
  if (a.action.is_null() == !is_change ||
      (is_change && !(a.change.is_object() && a.change.contains("type") && a.change["type"].is_string()))) {
    spdlog::error("store: append to {} version {}: a logged change needs exactly one of a game"
                  " action and a room-level change (an object with a string type); refused",
                  code, a.version);
    return refused_work("append to " + code + ": neither or both of action and change, or a bad change");
  }
  std::optional<std::string> action, change;
  try {
    action = json_text(a.action);
    change = json_text(a.change);
  } catch (const std::exception& e) {
    return refused_work(std::string("action JSON: ") + e.what());
  }
  return [code, version = a.version, seat = a.seat, at_ms = a.at_ms, lag_ms = a.lag_ms,
          action = std::move(action), change = std::move(change)](sqlite_connection& db,
                                                                   std::string& error) {
    // The fence: advancing last_version only from version - 1 keeps the log contiguous.
    const write_status s = run(
        db,
        "UPDATE matches SET last_version = ?1, updated_ms = max(updated_ms, ?2),"
        " status = CASE status WHEN 'waiting' THEN 'live' ELSE status END"
        " WHERE code = ?3 AND last_version = ?1 - 1 AND status <> 'finished'",
        error, [&](sqlite_statement& st) { st.bind(1, version).bind(2, at_ms).bind(3, code); });
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "append to " + code + " version " + std::to_string(version) +
              ": no such match, match finished, or not its next version";
      return write_status::conflict;
    }
    return run(db,
               "INSERT INTO actions (match_id, version, seat, action, change, at_ms, lag_ms)"
               " VALUES ((SELECT id FROM matches WHERE code = ?), ?, ?, ?, ?, ?, ?)",
               error, [&](sqlite_statement& st) {
                 st.bind(1, code).bind(2, version).bind(3, std::int64_t{seat});
                 st.bind_optional(4, action).bind_optional(5, change).bind(6, at_ms);
                 st.bind(7, std::max<std::int64_t>(lag_ms, 0));
               });
  };
}

write_work append_and_finish_work(const std::string& code, const action_row& a, const json& outcome) {
  return [append = append_action_work(code, a), finish = finish_match_work(code, outcome, a.at_ms)](
             sqlite_connection& db, std::string& error) {
    const write_status s = append(db, error);
    return s == write_status::ok ? finish(db, error) : s;
  };
}

read_status read_match(sqlite_connection& db, const std::string& code, match_row& out,
                       std::string& error) {
  static const std::string sql = std::string(match_columns) + "WHERE code = ?";
  out = match_row{};
  auto st = db.statement(sql.c_str(), error);
  if (!st) return read_status::unavailable;
  st->bind(1, code);
  std::vector<match_row> rows;
  if (collect_matches(db, *st, rows, error) != read_status::found) return read_status::unavailable;
  if (rows.empty()) return read_status::absent;
  out = std::move(rows.front());
  return read_status::found;
}

read_status read_actions(sqlite_connection& db, const std::string& code,
                         std::vector<action_row>& out, std::string& error) {
  // The LEFT JOIN tells an absent match (no row) from an empty log (one row, NULL version),
  // in one statement and so one snapshot.
  auto st = db.statement(
      "SELECT a.version, a.seat, a.action, a.change, a.at_ms, a.lag_ms FROM matches m"
      " LEFT JOIN actions a"
      " ON a.match_id = m.id WHERE m.code = ? ORDER BY a.version",
      error);
  out.clear();
  if (!st) return read_status::unavailable;
  st->bind(1, code);
  bool match_seen = false;
  try {
    int rc;
    while ((rc = st->step()) == SQLITE_ROW) {
      match_seen = true;
      if (st->is_null(0)) continue;  // the match has no logged change yet
      action_row a{st->int64(0), static_cast<int>(st->int64(1)), parse_json_column(*st, 2),
                   parse_json_column(*st, 3), st->int64(4), st->int64(5)};
      if (a.action.is_null() == a.change.is_null())
        throw std::runtime_error("version " + std::to_string(a.version) +
                                 " has neither or both of action and change");
      out.push_back(std::move(a));
    }
    if (rc != SQLITE_DONE) {
      error = db.error_for(rc);
      out.clear();
      return read_status::unavailable;
    }
  } catch (const std::exception& e) {
    error = std::string("corrupt action row: ") + e.what();
    out.clear();
    return read_status::unavailable;
  }
  return match_seen ? read_status::found : read_status::absent;
}

read_status read_public(sqlite_connection& db, const std::string& status, const std::string& game,
                        std::size_t limit, std::vector<match_row>& out, std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE visibility = 'public' AND (?1 = '' OR status = ?1) AND (?2 = '' OR game = ?2)"
      " ORDER BY CASE WHEN ?1 = 'finished' THEN finished_ms ELSE created_ms END DESC, id DESC LIMIT ?3";
  out.clear();
  auto st = db.statement(sql.c_str(), error);
  if (!st) return read_status::unavailable;
  st->bind(1, status).bind(2, game).bind(3, sql_limit(limit));
  return collect_matches(db, *st, out, error);
}

read_status read_idle(sqlite_connection& db, std::int64_t before_ms, std::size_t limit,
                      std::vector<match_row>& out, std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE status IN ('waiting', 'live') AND updated_ms < ?1 ORDER BY updated_ms, id LIMIT ?2";
  out.clear();
  auto st = db.statement(sql.c_str(), error);
  if (!st) return read_status::unavailable;
  st->bind(1, before_ms).bind(2, sql_limit(limit));
  return collect_matches(db, *st, out, error);
}

}  // namespace tabuleiro::server

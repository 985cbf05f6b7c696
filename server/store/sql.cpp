// The store's SQL statements: write work for the writer thread and reads (see sql.h).
#include "server/store/sql.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <limits>
#include <iterator>
#include <optional>

#include "server/store/connection.h"

namespace tabuleiro::server {
namespace {

// JSON as stored: null becomes SQL NULL. May throw on invalid UTF-8 strings.
sql_value json_text(const json& j) {
  if (j.is_null()) return nullptr;
  return j.dump();
}

// A text parameter, NULL when empty.
sql_value text_or_null(const std::string& s) {
  if (s.empty()) return nullptr;
  return s;
}

// Runs an UPDATE that must change exactly one row: ok, its failure, or conflict with refusal.
write_status update_one(sql_connection& db, const char* sql, const sql_params& params, std::string& error,
                        const std::string& refusal) {
  const write_status s = db.run(sql, params, error);
  if (s != write_status::ok) return s;
  if (db.changes() != 1) {
    error = refusal;
    return write_status::conflict;
  }
  return write_status::ok;
}

// A write that is refused at once with message (a value that cannot be stored as given).
write_work refused_work(std::string message) {
  return [message = std::move(message)](sql_connection&, std::string& error) {
    error = message;
    return write_status::conflict;
  };
}

// The end of a match (status, outcome, finished_ms): conflict if absent or already finished.
write_work finish_match_work(const std::string& code, const json& outcome, std::int64_t at_ms) {
  sql_value text;
  try {
    text = json_text(outcome);
  } catch (const std::exception& e) {
    return refused_work(std::string("outcome JSON: ") + e.what());
  }
  return [code, text = std::move(text), at_ms](sql_connection& db, std::string& error) {
    return update_one(db,
                      "UPDATE matches SET status = 'finished', outcome = ?1, finished_ms = ?2,"
                      " updated_ms = CASE WHEN updated_ms > ?2 THEN updated_ms ELSE ?2 END"
                      " WHERE code = ?3 AND status <> 'finished'",
                      {text, at_ms, code}, error, "finish " + code + ": no such match, or already finished");
  };
}

// A JSON column: SQL NULL reads as null. May throw on corrupt text.
json parse_json_column(const sql_row& st, int col) {
  if (st.is_null(col)) return json(nullptr);
  return json::parse(st.text(col));
}

constexpr const char* match_columns = "SELECT code, game, options, seed, start_position, visibility, status, outcome,"
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
                                      " rematch,"
                                      " (SELECT user_id FROM seats s WHERE s.match_id = m.id AND s.seat = 1),"
                                      " (SELECT user_id FROM seats s WHERE s.match_id = m.id AND s.seat = 2),"
                                      " guests_watch, offline, rated, chat"
                                      " FROM matches m ";

// Decodes one row selected with match_columns. May throw on corrupt JSON.
match_row decode_match(const sql_row& st) {
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
  if (!st.is_null(17)) m.bot = bot_seat_row{static_cast<int>(st.int64(17)), st.text(18), st.text(19)};
  if (!st.is_null(20)) m.seat_name[0] = st.text(20);
  if (!st.is_null(21)) m.seat_name[1] = st.text(21);
  if (!st.is_null(22)) m.rematch = st.text(22);
  m.seat_user[0] = st.is_null(23) ? 0 : st.int64(23);
  m.seat_user[1] = st.is_null(24) ? 0 : st.int64(24);
  m.guests_watch = st.int64(25) != 0;
  m.offline = st.int64(26) != 0;
  m.rated = st.int64(27) != 0;
  m.chat = st.int64(28) != 0;
  return m;
}

// Runs a match query, appending each decoded row; unavailable (out cleared) on failure.
read_status collect_matches(sql_connection& db, const char* sql, const sql_params& params, std::vector<match_row>& out,
                            std::string& error) {
  try {
    if (!db.query(
            sql, params, [&](const sql_row& row) { out.push_back(decode_match(row)); }, error)) {
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

}  // namespace

write_work insert_match_work(const match_row& m) {
  sql_value options, start, outcome, clock;
  try {
    options = m.options.dump();
    start = json_text(m.start_position);
    outcome = json_text(m.outcome);
    clock = json_text(m.clock);
  } catch (const std::exception& e) {
    return refused_work(std::string("match JSON: ") + e.what());
  }
  sql_params match = {m.code,
                      m.game,
                      std::move(options),
                      m.seed,
                      std::move(start),
                      m.visibility,
                      m.status,
                      std::move(outcome),
                      m.created_ms,
                      m.finished_ms,
                      std::move(clock),
                      std::int64_t{m.guests_watch},
                      std::int64_t{m.offline},
                      std::int64_t{m.rated},
                      std::int64_t{m.chat}};
  return [m, match = std::move(match)](sql_connection& db, std::string& error) {
    write_status s = db.run("INSERT INTO matches (code, game, options, seed, start_position, visibility, status,"
                            " outcome, created_ms, updated_ms, finished_ms, clock, guests_watch, offline, rated, chat)"
                            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                            match, error);
    for (int seat = 1; seat <= 2 && s == write_status::ok; ++seat) {
      const std::string& hash = m.token_hash[static_cast<std::size_t>(seat - 1)];
      if (hash.empty()) continue;
      const std::int64_t user = m.seat_user[static_cast<std::size_t>(seat - 1)];
      s = db.run("INSERT INTO seats (match_id, seat, token_hash, claimed_ms, name, user_id)"
                 " VALUES ((SELECT id FROM matches WHERE code = ?1), ?2, ?3, ?4, ?5, ?6)",
                 {m.code, std::int64_t{seat}, hash, m.created_ms,
                  text_or_null(m.seat_name[static_cast<std::size_t>(seat - 1)]), id_or_null(user)},
                 error);
    }
    if (s == write_status::ok && m.bot)
      s = db.run("INSERT INTO bot_seats (match_id, seat, level, seed)"
                 " VALUES ((SELECT id FROM matches WHERE code = ?1), ?2, ?3, ?4)",
                 {m.code, std::int64_t{m.bot->seat}, m.bot->level, m.bot->seed}, error);
    return s;
  };
}

write_work claim_seat_work(const std::string& code, int seat, const std::string& hash, std::int64_t at_ms,
                           std::int64_t user_id) {
  return [code, seat, hash, at_ms, user_id](sql_connection& db, std::string& error) {
    // An absent match gives a NULL match_id, a taken seat a duplicate key: both constraints.
    const write_status s = db.run("INSERT INTO seats (match_id, seat, token_hash, claimed_ms, user_id)"
                                  " VALUES ((SELECT id FROM matches WHERE code = ?1), ?2, ?3, ?4, ?5)",
                                  {code, std::int64_t{seat}, hash, at_ms, id_or_null(user_id)}, error);
    if (s == write_status::conflict)
      error = "claim seat " + std::to_string(seat) + " of " + code + ": no such match, seat taken, or bad seat/hash (" +
              error + ")";
    return s;
  };
}

write_work set_seat_name_work(const std::string& code, int seat, const std::string& name) {
  return [code, seat, value = text_or_null(name)](sql_connection& db, std::string& error) {
    return update_one(
        db, "UPDATE seats SET name = ?1 WHERE seat = ?2 AND match_id = (SELECT id FROM matches WHERE code = ?3)",
        {value, std::int64_t{seat}, code}, error,
        "name seat " + std::to_string(seat) + " of " + code + ": seat not taken");
  };
}

write_work insert_rematch_work(const match_row& next, const std::string& old_code) {
  return [insert = insert_match_work(next), next_code = next.code, old_code](sql_connection& db, std::string& error) {
    const write_status s = insert(db, error);
    if (s != write_status::ok) return s;
    return update_one(db, "UPDATE matches SET rematch = ?1 WHERE code = ?2 AND rematch IS NULL", {next_code, old_code},
                      error, "rematch of " + old_code + ": no such match, or it already has a rematch");
  };
}

namespace {

// Rows per multi-row INSERT of a published log (7 parameters each, far below either
// database's limit); the remainder goes row by row, so the log needs two statement texts only.
constexpr std::size_t log_chunk_rows = 64;

// The INSERT of rows log rows: (match_id, version, seat, action, change, at_ms, lag_ms) each.
std::string log_insert_sql(std::size_t rows) {
  std::string sql = "INSERT INTO actions (match_id, version, seat, action, change, at_ms, lag_ms) VALUES ";
  for (std::size_t r = 0; r < rows; ++r) {
    sql += r ? ", (" : "(";
    for (std::size_t c = 1; c <= 7; ++c) sql += (c > 1 ? ", ?" : "?") + std::to_string(r * 7 + c);
    sql += ')';
  }
  return sql;
}

// Whether a logged change holds exactly one of a game action and a room-level change (an object
// with a string type), as the log's CHECK and every replay require.
bool well_formed_change(const action_row& a) {
  const bool is_change = !a.change.is_null();
  return a.action.is_null() == is_change &&
         (!is_change || (a.change.is_object() && a.change.contains("type") && a.change["type"].is_string()));
}

// A log row's columns after its match (version, seat, action, change, at_ms, lag_ms), or
// nothing, with why, when its action or change cannot be written as JSON.
std::optional<sql_params> log_columns(const action_row& a, std::string& why) {
  try {
    return sql_params{a.version,
                      std::int64_t{a.seat},
                      json_text(a.action),
                      json_text(a.change),
                      a.at_ms,
                      std::max<std::int64_t>(a.lag_ms, 0)};
  } catch (const std::exception& e) {
    why = std::string("action JSON: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace

write_work insert_finished_match_work(const match_row& m, const std::vector<action_row>& log) {
  if (m.status != "finished" || log.empty())
    return refused_work("insert finished " + m.code + ": the match is not finished, or its log is empty");
  std::vector<sql_params> rows;  // per change: version, seat, action, change, at_ms, lag_ms
  rows.reserve(log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    const action_row& a = log[i];
    if (a.version != static_cast<std::int64_t>(i + 1) || !well_formed_change(a))
      return refused_work("insert finished " + m.code + ": change " + std::to_string(i + 1) +
                          " is out of order or has neither or both of action and change");
    std::string why;
    auto columns = log_columns(a, why);
    if (!columns) return refused_work(why);
    rows.push_back(std::move(*columns));
  }
  return [insert = insert_match_work(m), code = m.code, rows = std::move(rows),
          last_at = log.back().at_ms](sql_connection& db, std::string& error) {
    write_status s = insert(db, error);
    if (s != write_status::ok) return s;
    std::int64_t id = 0;
    if (!db.query(
            "SELECT id FROM matches WHERE code = ?1", {code}, [&](const sql_row& row) { id = row.int64(0); }, error))
      return write_status::unavailable;
    static const std::string chunk_sql = log_insert_sql(log_chunk_rows), one_sql = log_insert_sql(1);
    sql_params params;
    std::size_t next = 0;
    while (s == write_status::ok && next < rows.size()) {
      const std::size_t n = rows.size() - next >= log_chunk_rows ? log_chunk_rows : 1;
      params.assign(n * 7, nullptr);
      for (std::size_t r = 0; r < n; ++r) {
        params[r * 7].emplace<std::int64_t>(id);
        std::copy(rows[next + r].begin(), rows[next + r].end(),
                  params.begin() + static_cast<std::ptrdiff_t>(r * 7 + 1));
      }
      s = db.run(n == 1 ? one_sql.c_str() : chunk_sql.c_str(), params, error);
      next += n;
    }
    if (s != write_status::ok) return s;
    return update_one(db,
                      "UPDATE matches SET last_version = ?1,"
                      " updated_ms = CASE WHEN updated_ms > ?2 THEN updated_ms ELSE ?2 END"
                      " WHERE code = ?3 AND last_version = 0",
                      {static_cast<std::int64_t>(rows.size()), last_at, code}, error,
                      "insert finished " + code + ": its log is already there");
  };
}

write_work append_action_work(const std::string& code, const action_row& a, const lease& fence) {
  if (!well_formed_change(a)) {
    spdlog::error("store: append to {} version {}: a logged change needs exactly one of a game"
                  " action and a room-level change (an object with a string type); refused",
                  code, a.version);
    return refused_work("append to " + code + ": neither or both of action and change, or a bad change");
  }
  std::string why;
  auto columns = log_columns(a, why);
  if (!columns) return refused_work(why);
  sql_params row = {code};
  row.insert(row.end(), std::make_move_iterator(columns->begin()), std::make_move_iterator(columns->end()));
  return [code, version = a.version, at_ms = a.at_ms, row = std::move(row), fence](sql_connection& db,
                                                                                   std::string& error) {
    // The epoch fence: an UPDATE of the lease row (a no-op change) that matches only while
    // fence is the lease; it also locks the row, so a competing claim waits for this commit.
    if (fence.epoch != 0) {
      const write_status held = update_one(db,
                                           "UPDATE leases SET node = node WHERE node = ?2 AND epoch = ?3"
                                           " AND match_id = (SELECT id FROM matches WHERE code = ?1)",
                                           {code, fence.node, fence.epoch}, error,
                                           "append to " + code + ": the lease of " + fence.node + " (epoch " +
                                               std::to_string(fence.epoch) + ") is no longer the match's");
      if (held != write_status::ok) return held;
    }
    // The version fence: advancing last_version only from version - 1 keeps the log contiguous.
    // The status is set apart, by the first change only: an UPDATE naming status rewrites the
    // listing's index entry, which every later change would pay for nothing.
    const write_status s = update_one(db,
                                      "UPDATE matches SET last_version = ?1,"
                                      " updated_ms = CASE WHEN updated_ms > ?2 THEN updated_ms ELSE ?2 END"
                                      " WHERE code = ?3 AND last_version = ?1 - 1 AND status <> 'finished'",
                                      {version, at_ms, code}, error,
                                      "append to " + code + " version " + std::to_string(version) +
                                          ": no such match, match finished, or not its next version");
    if (s != write_status::ok) return s;
    if (version == 1) {
      const write_status live = db.run("UPDATE matches SET status = 'live' WHERE code = ?1 AND status = 'waiting'",
                                       {code}, error);
      if (live != write_status::ok) return live;
    }
    return db.run("INSERT INTO actions (match_id, version, seat, action, change, at_ms, lag_ms)"
                  " VALUES ((SELECT id FROM matches WHERE code = ?1), ?2, ?3, ?4, ?5, ?6, ?7)",
                  row, error);
  };
}

write_work append_and_finish_work(const std::string& code, const action_row& a, const json& outcome,
                                  const lease& fence) {
  return [append = append_action_work(code, a, fence),
          finish = finish_match_work(code, outcome, a.at_ms)](sql_connection& db, std::string& error) {
    const write_status s = append(db, error);
    return s == write_status::ok ? finish(db, error) : s;
  };
}

write_work claim_lease_work(const std::string& code, const std::string& node, std::int64_t now_ms,
                            std::int64_t expires_ms, bool ask, std::shared_ptr<lease> out) {
  return [code, node, now_ms, expires_ms, ask, out](sql_connection& db, std::string& error) {
    // Reads code's lease into l (epoch 0: none); false when the database failed.
    const auto read_lease = [&](lease& l) {
      l = lease{};
      return db.query(
          "SELECT l.node, l.epoch, l.expires_ms FROM leases l JOIN matches m ON m.id = l.match_id"
          " WHERE m.code = ?1",
          {code},
          [&](const sql_row& row) {
            l = lease{row.text(0), row.int64(1), row.int64(2)};
          },
          error);
    };
    // The lease before the claim: one another node let lapse without giving it up is taken over.
    lease before;
    if (!read_lease(before)) return write_status::unavailable;
    // Taken when free, lapsed, or node's own; never taken from a live holder.
    const write_status s = db.run(
        "INSERT INTO leases (match_id, node, epoch, expires_ms)"
        " SELECT id, ?2, 1, ?4 FROM matches WHERE code = ?1"
        " ON CONFLICT (match_id) DO UPDATE SET node = excluded.node, epoch = leases.epoch + 1,"
        " expires_ms = excluded.expires_ms, wanted_ms = 0"
        " WHERE leases.expires_ms < ?3 OR leases.node = excluded.node",
        {code, node, now_ms, expires_ms}, error);
    if (s != write_status::ok) return s == write_status::conflict ? write_status::unavailable : s;
    if (ask && db.changes() == 0) {  // held by another node: ask for it
      const write_status asked = db.run("UPDATE leases SET wanted_ms = ?3 WHERE node <> ?2"
                                        " AND match_id = (SELECT id FROM matches WHERE code = ?1)",
                                        {code, node, now_ms}, error);
      if (asked != write_status::ok) return write_status::unavailable;
    }
    if (!read_lease(*out)) return write_status::unavailable;
    out->taken_over = out->node == node && out->epoch > before.epoch && before.epoch != 0 && before.node != node &&
                      before.expires_ms != 0;
    return write_status::ok;
  };
}

write_work renew_leases_work(const std::string& node, std::int64_t expires_ms,
                             std::shared_ptr<std::vector<held_lease>> out) {
  return [node, expires_ms, out](sql_connection& db, std::string& error) {
    const write_status s = db.run("UPDATE leases SET expires_ms = ?2 WHERE node = ?1", {node, expires_ms}, error);
    if (s != write_status::ok) return s;
    out->clear();
    if (!db.query(
            "SELECT m.code, l.epoch, l.wanted_ms FROM leases l JOIN matches m ON m.id = l.match_id"
            " WHERE l.node = ?1",
            {node},
            [&](const sql_row& row) {
              out->push_back(held_lease{row.text(0), row.int64(1), row.int64(2) != 0});
            },
            error))
      return write_status::unavailable;
    return write_status::ok;
  };
}

write_work release_lease_work(const std::string& code, const lease& l) {
  return [code, l](sql_connection& db, std::string& error) {
    if (code.empty()) return db.run("UPDATE leases SET expires_ms = 0 WHERE node = ?1", {l.node}, error);
    return db.run("UPDATE leases SET expires_ms = 0 WHERE node = ?2 AND epoch = ?3"
                  " AND match_id = (SELECT id FROM matches WHERE code = ?1)",
                  {code, l.node, l.epoch}, error);
  };
}

read_status read_match(sql_connection& db, const std::string& code, match_row& out, std::string& error) {
  static const std::string sql = std::string(match_columns) + "WHERE code = ?1";
  out = match_row{};
  std::vector<match_row> rows;
  if (collect_matches(db, sql.c_str(), {code}, rows, error) != read_status::found) return read_status::unavailable;
  if (rows.empty()) return read_status::absent;
  out = std::move(rows.front());
  return read_status::found;
}

read_status read_actions(sql_connection& db, const std::string& code, std::vector<action_row>& out,
                         std::string& error) {
  // The LEFT JOIN tells an absent match (no row) from an empty log (one row, NULL version),
  // in one statement and so one snapshot.
  out.clear();
  bool match_seen = false;
  try {
    const bool done = db.query(
        "SELECT a.version, a.seat, a.action, a.change, a.at_ms, a.lag_ms FROM matches m"
        " LEFT JOIN actions a ON a.match_id = m.id WHERE m.code = ?1 ORDER BY a.version",
        {code},
        [&](const sql_row& row) {
          match_seen = true;
          if (row.is_null(0)) return;  // the match has no logged change yet
          action_row a{row.int64(0),
                       static_cast<int>(row.int64(1)),
                       parse_json_column(row, 2),
                       parse_json_column(row, 3),
                       row.int64(4),
                       row.int64(5)};
          if (a.action.is_null() == a.change.is_null())
            throw std::runtime_error("version " + std::to_string(a.version) +
                                     " has neither or both of action and change");
          out.push_back(std::move(a));
        },
        error);
    if (!done) {
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

read_status read_public(sql_connection& db, const std::string& status, const std::string& game, std::size_t limit,
                        std::vector<match_row>& out, std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE visibility = 'public' AND guests_watch = 1 AND (?1 = '' OR status = ?1) AND (?2 = '' OR game = ?2)"
      " ORDER BY CASE WHEN ?1 = 'finished' THEN finished_ms ELSE created_ms END DESC, id DESC LIMIT ?3";
  out.clear();
  return collect_matches(db, sql.c_str(), {status, game, sql_limit(limit)}, out, error);
}

read_status read_idle(sql_connection& db, std::int64_t before_ms, std::size_t limit, std::vector<match_row>& out,
                      std::string& error) {
  static const std::string sql =
      std::string(match_columns) +
      "WHERE status IN ('waiting', 'live') AND updated_ms < ?1 ORDER BY updated_ms, id LIMIT ?2";
  out.clear();
  return collect_matches(db, sql.c_str(), {before_ms, sql_limit(limit)}, out, error);
}

}  // namespace tabuleiro::server

// The lobby's SQL (see lobby_sql.h).
#include "server/social/lobby_sql.h"

#include <exception>

#include "server/store/connection.h"

namespace tabuleiro::server::social {

namespace {

constexpr const char* challenge_columns =
    "SELECT c.id, c.kind, c.author_id, a.username, a.display_name, c.target_id, t.username, t.display_name,"
    " c.game, c.request, c.rated, c.min_rating, c.max_rating, c.rating, c.provisional, c.node, c.status,"
    " c.match_code, c.accepted_by, c.created_ms, c.seen_ms, c.expires_ms, c.updated_ms"
    " FROM challenges c JOIN users a ON a.id = c.author_id LEFT JOIN users t ON t.id = c.target_id ";

// The challenge in row r (selected with challenge_columns).
challenge_row challenge_of(const sql_row& r) {
  challenge_row c;
  c.id = r.text(0);
  c.kind = r.text(1);
  c.author_id = r.int64(2);
  c.author_name = r.text(3);
  c.author_display = r.text(4);
  if (!r.is_null(5)) {
    c.target_id = r.int64(5);
    c.target_name = r.text(6);
    c.target_display = r.text(7);
  }
  c.game = r.text(8);
  c.request = r.text(9);
  c.rated = r.int64(10) != 0;
  if (!r.is_null(11)) c.min_rating = r.int64(11);
  if (!r.is_null(12)) c.max_rating = r.int64(12);
  c.rating = r.real(13);
  c.provisional = r.int64(14) != 0;
  c.node = r.text(15);
  c.status = r.text(16);
  if (!r.is_null(17)) c.match_code = r.text(17);
  if (!r.is_null(18)) c.accepted_by = r.int64(18);
  c.created_ms = r.int64(19);
  c.seen_ms = r.int64(20);
  c.expires_ms = r.int64(21);
  c.updated_ms = r.int64(22);
  return c;
}

// An optional integer as a parameter (NULL when absent).
sql_value optional_int(const std::optional<std::int64_t>& v) {
  if (!v) return nullptr;
  return *v;
}

// Runs query and counts its one integer (COUNT(*)); false on a database failure.
bool count(sql_connection& db, const char* sql, const sql_params& params, std::int64_t& out, std::string& error) {
  out = 0;
  return db.query(
      sql, params, [&](const sql_row& r) { out = r.int64(0); }, error);
}

}  // namespace

read_status read_challenges(sql_connection& db, std::int64_t since_ms, std::size_t limit,
                            std::vector<challenge_row>& out, std::string& error) {
  static const std::string sql = std::string(challenge_columns) +
                                 "WHERE c.status = 'open' OR c.updated_ms >= ?1 ORDER BY c.created_ms, c.id LIMIT ?2";
  out.clear();
  return read_rows(
      db, sql.c_str(), {since_ms, sql_limit(limit)}, [&](const sql_row& r) { out.push_back(challenge_of(r)); }, error);
}

read_status read_challenge(sql_connection& db, const std::string& id, challenge_row& out, std::string& error) {
  static const std::string sql = std::string(challenge_columns) + "WHERE c.id = ?1";
  out = challenge_row{};
  bool found = false;
  if (read_rows(
          db, sql.c_str(), {id}, [&](const sql_row& r) { out = challenge_of(r), found = true; }, error) !=
      read_status::found)
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

read_status read_member_rating(sql_connection& db, std::int64_t user_id, const std::string& game, speed s,
                               std::int64_t now_ms, rating& out, std::string& error) {
  out = initial_rating();
  std::int64_t updated_ms = 0;
  bool found = false;
  if (!db.query(
          "SELECT value, deviation, volatility, updated_ms FROM ratings WHERE user_id = ?1 AND game = ?2 AND speed = ?3",
          {user_id, game, std::string(speed_name(s))},
          [&](const sql_row& r) {
            out = {r.real(0), r.real(1), r.real(2)};
            updated_ms = r.int64(3);
            found = true;
          },
          error))
    return read_status::unavailable;
  if (found && updated_ms > 0 && now_ms > updated_ms) out = after_idle(out, double(now_ms - updated_ms) / 86'400'000.0);
  return read_status::found;
}

write_work post_challenge_work(const challenge_row& c, std::size_t max_open, std::shared_ptr<std::string> refusal) {
  return [c, max_open, refusal](sql_connection& db, std::string& error) -> write_status {
    if (c.kind == "seek") {
      const write_status s = db.run(
          "UPDATE challenges SET status = 'cancelled', updated_ms = ?2 WHERE author_id = ?1 AND kind = 'seek' AND status = 'open'",
          {c.author_id, c.created_ms}, error);
      if (s != write_status::ok) return s;
    } else {
      std::int64_t open = 0;
      if (!count(db, "SELECT COUNT(*) FROM challenges WHERE author_id = ?1 AND status = 'open' AND kind <> 'seek'",
                 {c.author_id}, open, error))
        return write_status::unavailable;
      if (open >= static_cast<std::int64_t>(max_open)) {
        error = *refusal = "too_many_challenges";
        return write_status::conflict;
      }
      if (c.target_id != 0) {
        std::int64_t same = 0;
        if (!count(db, "SELECT COUNT(*) FROM challenges WHERE author_id = ?1 AND target_id = ?2 AND status = 'open'",
                   {c.author_id, c.target_id}, same, error))
          return write_status::unavailable;
        if (same > 0) {
          error = *refusal = "already_challenged";
          return write_status::conflict;
        }
      }
    }
    return db.run(
        "INSERT INTO challenges (id, kind, author_id, target_id, game, request, rated, min_rating, max_rating, rating,"
        " provisional, node, status, created_ms, seen_ms, expires_ms, updated_ms)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'open', ?13, ?13, ?14, ?13)",
        {c.id, c.kind, c.author_id, id_or_null(c.target_id), c.game, c.request, std::int64_t{c.rated},
         optional_int(c.min_rating), optional_int(c.max_rating), c.rating, std::int64_t{c.provisional}, c.node,
         c.created_ms, c.expires_ms},
        error);
  };
}

write_work end_challenge_work(const std::string& id, std::int64_t user_id, const std::string& status,
                              std::int64_t now_ms) {
  return [id, user_id, status, now_ms](sql_connection& db, std::string& error) -> write_status {
    const char* sql =
        status == "declined"
            ? "UPDATE challenges SET status = 'declined', updated_ms = ?3 WHERE id = ?1 AND target_id = ?2 AND status = 'open'"
            : "UPDATE challenges SET status = 'cancelled', updated_ms = ?3 WHERE id = ?1 AND author_id = ?2 AND status = 'open'";
    const write_status s = db.run(sql, {id, user_id, now_ms}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "challenge_gone";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work cancel_held_work(std::int64_t user_id, const std::string& node, const std::string& kind,
                            std::int64_t now_ms) {
  return [user_id, node, kind, now_ms](sql_connection& db, std::string& error) -> write_status {
    if (kind == "seek")
      return db.run("UPDATE challenges SET status = 'cancelled', updated_ms = ?3"
                    " WHERE author_id = ?1 AND node = ?2 AND status = 'open' AND kind = 'seek'",
                    {user_id, node, now_ms}, error);
    return db.run(
        "UPDATE challenges SET status = 'cancelled', updated_ms = ?3 WHERE author_id = ?1 AND node = ?2 AND status = 'open'",
        {user_id, node, now_ms}, error);
  };
}

write_work renew_held_work(const std::vector<std::int64_t>& users, const std::string& node, std::int64_t now_ms) {
  return [users, node, now_ms](sql_connection& db, std::string& error) -> write_status {
    for (const std::int64_t user : users) {
      const write_status s = db.run(
          "UPDATE challenges SET seen_ms = ?3 WHERE author_id = ?1 AND node = ?2 AND status = 'open'",
          {user, node, now_ms}, error);
      if (s != write_status::ok) return s;
    }
    return write_status::ok;
  };
}

write_work expire_work(std::int64_t now_ms, std::int64_t stale_before_ms) {
  return [now_ms, stale_before_ms](sql_connection& db, std::string& error) -> write_status {
    return db.run("UPDATE challenges SET status = 'expired', updated_ms = ?1"
                  " WHERE status = 'open' AND (expires_ms <= ?1 OR seen_ms < ?2)",
                  {now_ms, stale_before_ms}, error);
  };
}

write_status take_challenges(sql_connection& db, const std::vector<std::string>& ids, std::int64_t accepted_by,
                             const std::vector<std::int64_t>& players, const std::string& code, std::int64_t now_ms,
                             std::string& error) {
  for (const std::string& id : ids) {
    const write_status s = db.run(
        "UPDATE challenges SET status = 'accepted', match_code = ?2, accepted_by = ?3, updated_ms = ?4"
        " WHERE id = ?1 AND status = 'open' AND expires_ms > ?4",
        {id, code, id_or_null(accepted_by), now_ms}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "challenge_gone";
      return write_status::conflict;
    }
  }
  for (const std::int64_t player : players) {
    const write_status s = db.run(
        "UPDATE challenges SET status = 'cancelled', updated_ms = ?2 WHERE author_id = ?1 AND status = 'open'",
        {player, now_ms}, error);
    if (s != write_status::ok) return s;
  }
  return write_status::ok;
}

}  // namespace tabuleiro::server::social

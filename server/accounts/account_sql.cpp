// The accounts' SQL (see account_sql.h).
#include "server/accounts/account_sql.h"

#include "server/store/connection.h"

namespace tabuleiro::server::accounts {
namespace {

constexpr const char* user_columns =
    "SELECT u.id, u.username, u.username_key, u.display_name, u.password_hash, u.is_admin,"
    " u.disabled, u.language, u.created_ms";

// Decodes the user_columns of row.
user_row decode_user(const sql_row& row) {
  user_row u;
  u.id = row.int64(0);
  u.username = row.text(1);
  u.username_key = row.text(2);
  u.display_name = row.text(3);
  u.password_hash = row.text(4);
  u.admin = row.int64(5) != 0;
  u.disabled = row.int64(6) != 0;
  u.language = row.text(7);
  u.created_ms = row.int64(8);
  return u;
}

}  // namespace

write_work insert_user_work(const user_row& u, std::shared_ptr<inserted_user> out,
                            const std::string& invitation_hash, std::int64_t now_ms) {
  return [u, out, invitation_hash, now_ms](sql_connection& db, std::string& error) {
    const write_status s = db.run(
        "INSERT INTO users (username, username_key, display_name, password_hash, is_admin, disabled,"
        " language, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        {u.username, u.username_key, u.display_name, u.password_hash, std::int64_t{u.admin},
         std::int64_t{u.disabled}, u.language, u.created_ms},
        error);
    if (s != write_status::ok) return s;
    bool found = false;
    if (!db.query("SELECT id FROM users WHERE username_key = ?1", {u.username_key},
                  [&](const sql_row& row) {
                    out->id = row.int64(0);
                    found = true;
                  },
                  error))
      return write_status::unavailable;
    if (!found) {
      error = "the new user cannot be read back";
      return write_status::unavailable;
    }
    if (invitation_hash.empty()) return write_status::ok;
    const write_status used = db.run(
        "UPDATE invitations SET used_by = ?1, used_ms = ?2"
        " WHERE code_hash = ?3 AND used_by IS NULL AND revoked = 0 AND expires_ms > ?2",
        {out->id, now_ms, invitation_hash}, error);
    if (used != write_status::ok) return used;
    if (db.changes() != 1) {
      out->invitation_refused = true;
      error = "the invitation is unknown, used, revoked or lapsed";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work insert_invitation_work(const std::string& code_hash, std::int64_t created_by,
                                  std::int64_t created_ms, std::int64_t expires_ms) {
  return [=](sql_connection& db, std::string& error) {
    return db.run("INSERT INTO invitations (code_hash, created_by, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4)",
                  {code_hash, id_or_null(created_by), created_ms, expires_ms}, error);
  };
}

write_work insert_session_work(const std::string& id_hash, std::int64_t user_id, const std::string& csrf,
                               std::int64_t created_ms, std::int64_t expires_ms) {
  return [=](sql_connection& db, std::string& error) {
    const write_status s = db.run("DELETE FROM sessions WHERE user_id = ?1 AND expires_ms <= ?2",
                                  {user_id, created_ms}, error);
    if (s != write_status::ok) return s;
    return db.run(
        "INSERT INTO sessions (id_hash, user_id, csrf, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
        {id_hash, user_id, csrf, created_ms, expires_ms}, error);
  };
}

write_work delete_session_work(const std::string& id_hash) {
  return [id_hash](sql_connection& db, std::string& error) {
    return db.run("DELETE FROM sessions WHERE id_hash = ?1", {id_hash}, error);
  };
}

write_work delete_user_sessions_work(std::int64_t user_id) {
  return [user_id](sql_connection& db, std::string& error) {
    return db.run("DELETE FROM sessions WHERE user_id = ?1", {user_id}, error);
  };
}

read_status read_held_seats(sql_connection& db, std::int64_t user_id, std::size_t limit,
                            std::vector<held_seat_row>& out, std::string& error) {
  const bool ok = db.query(
      "SELECT m.code, m.game, m.status, s.seat,"
      " (SELECT o.name FROM seats o WHERE o.match_id = m.id AND o.seat <> s.seat), m.outcome,"
      " m.created_ms, m.updated_ms"
      " FROM seats s JOIN matches m ON m.id = s.match_id WHERE s.user_id = ?1"
      " ORDER BY m.updated_ms DESC, m.id DESC LIMIT ?2",
      {user_id, static_cast<std::int64_t>(limit)},
      [&](const sql_row& row) {
        held_seat_row h;
        h.code = row.text(0);
        h.game = row.text(1);
        h.status = row.text(2);
        h.seat = static_cast<int>(row.int64(3));
        if (!row.is_null(4)) h.opponent = row.text(4);
        if (!row.is_null(5)) h.outcome = row.text(5);
        h.created_ms = row.int64(6);
        h.updated_ms = row.int64(7);
        out.push_back(std::move(h));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_user_by_key(sql_connection& db, const std::string& key, user_row& out, std::string& error) {
  bool found = false;
  const std::string sql = std::string(user_columns) + " FROM users u WHERE u.username_key = ?1";
  if (!db.query(sql.c_str(), {key},
                [&](const sql_row& row) {
                  out = decode_user(row);
                  found = true;
                },
                error))
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

read_status read_session(sql_connection& db, const std::string& id_hash, std::int64_t now_ms,
                         session_row& out, std::string& error) {
  bool found = false;
  const std::string sql = std::string(user_columns) +
                          ", s.csrf, s.expires_ms FROM sessions s JOIN users u ON u.id = s.user_id"
                          " WHERE s.id_hash = ?1 AND s.expires_ms > ?2";
  if (!db.query(sql.c_str(), {id_hash, now_ms},
                [&](const sql_row& row) {
                  out.user = decode_user(row);
                  out.csrf = row.text(9);
                  out.expires_ms = row.int64(10);
                  found = true;
                },
                error))
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

}  // namespace tabuleiro::server::accounts

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

write_work insert_user_work(const user_row& u, std::shared_ptr<inserted_user> out, const std::string& invitation_hash,
                            std::int64_t now_ms, bool invitation_required) {
  return [u, out, invitation_hash, now_ms, invitation_required](sql_connection& db, std::string& error) {
    out->admin = u.admin;
    const write_status s = db.run(
        "INSERT INTO users (username, username_key, display_name, password_hash, is_admin, disabled,"
        " language, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        {u.username, u.username_key, u.display_name, u.password_hash, std::int64_t{u.admin}, std::int64_t{u.disabled},
         u.language, u.created_ms},
        error);
    if (s != write_status::ok) return s;
    bool found = false;
    if (!db.query(
            "SELECT id FROM users WHERE username_key = ?1", {u.username_key},
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
    bool grants_admin = false;
    bool usable = false;
    // A set-up invitation (grants_admin) works only while no administrator can act.
    if (!db.query(
            "SELECT grants_admin FROM invitations WHERE code_hash = ?1 AND revoked = 0 AND uses < max_uses"
            " AND expires_ms > ?2 AND (grants_admin = 0 OR NOT EXISTS"
            " (SELECT 1 FROM users WHERE is_admin = 1 AND disabled = 0))",
            {invitation_hash, now_ms},
            [&](const sql_row& row) {
              usable = true;
              grants_admin = row.int64(0) != 0;
            },
            error))
      return write_status::unavailable;
    if (usable) {
      // The guard repeats the conditions, so two sign-ups racing for the last use cannot both have it.
      const write_status used = db.run("UPDATE invitations SET uses = uses + 1, used_by = ?1, used_ms = ?2"
                                       " WHERE code_hash = ?3 AND revoked = 0 AND uses < max_uses AND expires_ms > ?2",
                                       {out->id, now_ms, invitation_hash}, error);
      if (used != write_status::ok) return used;
      usable = db.changes() == 1;
    }
    if (!usable) {
      if (!invitation_required) return write_status::ok;
      out->invitation_refused = true;
      error = "the invitation is unknown, used up, revoked or lapsed";
      return write_status::conflict;
    }
    if (grants_admin && !u.admin) {
      const write_status promoted = db.run("UPDATE users SET is_admin = 1 WHERE id = ?1", {out->id}, error);
      if (promoted != write_status::ok) return promoted;
      out->admin = true;
    }
    return write_status::ok;
  };
}

write_work insert_invitation_work(const invitation_row& inv) {
  return [inv](sql_connection& db, std::string& error) {
    return db.run("INSERT INTO invitations (code_hash, created_by, created_ms, expires_ms, max_uses, grants_admin)"
                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                  {inv.code_hash, id_or_null(inv.created_by), inv.created_ms, inv.expires_ms,
                   static_cast<std::int64_t>(inv.max_uses), std::int64_t{inv.grants_admin}},
                  error);
  };
}

write_work insert_session_work(const std::string& id_hash, std::int64_t user_id, std::int64_t created_ms,
                               std::int64_t expires_ms) {
  return [=](sql_connection& db, std::string& error) {
    const write_status s = db.run("DELETE FROM sessions WHERE user_id = ?1 AND expires_ms <= ?2", {user_id, created_ms},
                                  error);
    if (s != write_status::ok) return s;
    return db.run("INSERT INTO sessions (id_hash, user_id, csrf, created_ms, expires_ms) VALUES (?1, ?2, '', ?3, ?4)",
                  {id_hash, user_id, created_ms, expires_ms}, error);
  };
}

write_work delete_session_work(const std::string& id_hash, std::int64_t now_ms) {
  return [id_hash, now_ms](sql_connection& db, std::string& error) {
    const write_status s = db.run(
        "UPDATE users SET sessions_ended_ms = ?2 WHERE id IN (SELECT user_id FROM sessions WHERE id_hash = ?1)",
        {id_hash, now_ms}, error);
    if (s != write_status::ok) return s;
    return db.run("DELETE FROM sessions WHERE id_hash = ?1", {id_hash}, error);
  };
}

write_work delete_user_sessions_work(std::int64_t user_id, std::int64_t now_ms) {
  return [user_id, now_ms](sql_connection& db, std::string& error) {
    const write_status s = db.run("UPDATE users SET sessions_ended_ms = ?2 WHERE id = ?1", {user_id, now_ms}, error);
    if (s != write_status::ok) return s;
    return db.run("DELETE FROM sessions WHERE user_id = ?1", {user_id}, error);
  };
}

write_work update_profile_work(std::int64_t user_id, const std::string& display_name, const std::string& language) {
  return [=](sql_connection& db, std::string& error) {
    return db.run("UPDATE users SET display_name = ?1, language = ?2 WHERE id = ?3", {display_name, language, user_id},
                  error);
  };
}

write_work update_password_work(std::int64_t user_id, const std::string& password_hash, const std::string& keep_id_hash,
                                std::int64_t now_ms) {
  return [=](sql_connection& db, std::string& error) {
    const write_status s = db.run("UPDATE users SET password_hash = ?1, sessions_ended_ms = ?3 WHERE id = ?2",
                                  {password_hash, user_id, now_ms}, error);
    if (s != write_status::ok) return s;
    return db.run("DELETE FROM sessions WHERE user_id = ?1 AND id_hash <> ?2", {user_id, keep_id_hash}, error);
  };
}

write_work insert_reset_work(const std::string& code_hash, std::int64_t user_id, std::int64_t created_by,
                             std::int64_t created_ms, std::int64_t expires_ms) {
  return [=](sql_connection& db, std::string& error) {
    return db.run(
        "INSERT INTO password_resets (code_hash, user_id, created_by, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
        {code_hash, user_id, id_or_null(created_by), created_ms, expires_ms}, error);
  };
}

write_work use_reset_work(const std::string& code_hash, const std::string& password_hash, std::int64_t now_ms,
                          std::shared_ptr<std::int64_t> user_id) {
  return [=](sql_connection& db, std::string& error) {
    *user_id = 0;
    if (!db.query(
            "SELECT r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id"
            " WHERE r.code_hash = ?1 AND r.used_ms = 0 AND r.expires_ms > ?2 AND u.disabled = 0",
            {code_hash, now_ms}, [&](const sql_row& row) { *user_id = row.int64(0); }, error))
      return write_status::unavailable;
    if (*user_id == 0) {
      error = "the reset link is unknown, used or lapsed";
      return write_status::conflict;
    }
    write_status s = db.run("UPDATE password_resets SET used_ms = ?1 WHERE code_hash = ?2 AND used_ms = 0",
                            {now_ms, code_hash}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "the reset link was used meanwhile";
      return write_status::conflict;
    }
    return update_password_work(*user_id, password_hash, "", now_ms)(db, error);
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

namespace {

// The user a condition on `u` with one parameter (?1) picks out, if any.
read_status read_one_user(sql_connection& db, const char* where, const sql_params& params, user_row& out,
                          std::string& error) {
  bool found = false;
  const std::string sql = std::string(user_columns) + " FROM users u WHERE " + where;
  if (!db.query(
          sql.c_str(), params,
          [&](const sql_row& row) {
            out = decode_user(row);
            found = true;
          },
          error))
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

}  // namespace

read_status read_user_by_key(sql_connection& db, const std::string& key, user_row& out, std::string& error) {
  return read_one_user(db, "u.username_key = ?1", {key}, out, error);
}

read_status read_user_by_id(sql_connection& db, std::int64_t id, user_row& out, std::string& error) {
  return read_one_user(db, "u.id = ?1", {id}, out, error);
}

read_status read_session(sql_connection& db, const std::string& id_hash, std::int64_t now_ms, session_row& out,
                         std::string& error) {
  bool found = false;
  const std::string sql = std::string(user_columns) + ", s.expires_ms FROM sessions s JOIN users u ON u.id = s.user_id"
                                                      " WHERE s.id_hash = ?1 AND s.expires_ms > ?2";
  if (!db.query(
          sql.c_str(), {id_hash, now_ms},
          [&](const sql_row& row) {
            out.user = decode_user(row);
            out.expires_ms = row.int64(9);
            found = true;
          },
          error))
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

}  // namespace tabuleiro::server::accounts

// The administration's SQL (see admin_sql.h).
#include "server/accounts/admin_sql.h"

#include <algorithm>
#include <exception>

#include "server/store/connection.h"

namespace tabuleiro::server::accounts {
namespace {

// search as a LIKE pattern that matches it anywhere, its own % _ \ taken literally.
std::string contains_pattern(const std::string& search) {
  std::string p = "%";
  for (const char c : search) {
    if (c == '%' || c == '_' || c == '\\') p += '\\';
    p += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return p + "%";
}

}  // namespace

read_status read_users(sql_connection& db, const std::string& search, std::size_t limit, std::vector<user_row>& out,
                       std::string& error) {
  const bool ok = db.query(
      "SELECT id, username, username_key, display_name, is_admin, disabled, language, created_ms FROM users"
      " WHERE ?1 = '%%' OR lower(username) LIKE ?1 ESCAPE '\\' OR lower(display_name) LIKE ?1 ESCAPE '\\'"
      " ORDER BY id LIMIT ?2",
      {contains_pattern(search), static_cast<std::int64_t>(limit)},
      [&](const sql_row& row) {
        user_row u;
        u.id = row.int64(0);
        u.username = row.text(1);
        u.username_key = row.text(2);
        u.display_name = row.text(3);
        u.admin = row.int64(4) != 0;
        u.disabled = row.int64(5) != 0;
        u.language = row.text(6);
        u.created_ms = row.int64(7);
        out.push_back(std::move(u));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_disabled_since(sql_connection& db, std::int64_t since_ms, std::vector<std::int64_t>& out,
                                std::string& error) {
  const bool ok = db.query(
      "SELECT id FROM users WHERE disabled = 1 AND disabled_ms >= ?1", {since_ms},
      [&](const sql_row& row) { out.push_back(row.int64(0)); }, error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_session_changes(sql_connection& db, std::int64_t since_ms, std::int64_t now_ms, session_changes& out,
                                 std::string& error) {
  if (read_disabled_since(db, since_ms, out.disabled, error) != read_status::found) return read_status::unavailable;
  const bool ok = db.query(
      "SELECT u.id, s.id_hash FROM users u LEFT JOIN sessions s ON s.user_id = u.id AND s.expires_ms > ?2"
      " WHERE u.sessions_ended_ms >= ?1",
      {since_ms, now_ms},
      [&](const sql_row& row) {
        auto& live = out.live[row.int64(0)];
        if (!row.is_null(1)) live.insert(row.text(1));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_admin_count(sql_connection& db, std::int64_t& out, std::string& error) {
  const bool ok = db.query(
      "SELECT COUNT(*) FROM users WHERE is_admin = 1 AND disabled = 0", {},
      [&](const sql_row& row) { out = row.int64(0); }, error);
  return ok ? read_status::found : read_status::unavailable;
}

namespace {

// Whether user_id exists (sets out->absent when not); false + error when the database failed.
bool user_exists(sql_connection& db, std::int64_t user_id, user_change& out, std::string& error) {
  bool found = false;
  if (!db.query(
          "SELECT id FROM users WHERE id = ?1", {user_id}, [&](const sql_row&) { found = true; }, error))
    return false;
  out.absent = !found;
  return true;
}

// Sets out->last_admin when no administrator but user_id could act; false + error when the
// database failed.
bool check_other_admins(sql_connection& db, std::int64_t user_id, user_change& out, std::string& error) {
  std::int64_t others = 0;
  if (!db.query(
          "SELECT COUNT(*) FROM users WHERE is_admin = 1 AND disabled = 0 AND id <> ?1", {user_id},
          [&](const sql_row& row) { others = row.int64(0); }, error))
    return false;
  out.last_admin = others == 0;
  return true;
}

}  // namespace

write_work set_disabled_work(std::int64_t user_id, bool disabled, std::int64_t now_ms,
                             std::shared_ptr<user_change> out) {
  return [=](sql_connection& db, std::string& error) {
    if (!user_exists(db, user_id, *out, error)) return write_status::unavailable;
    if (out->absent) {
      error = "no such user";
      return write_status::conflict;
    }
    if (disabled) {
      bool is_admin = false;
      if (!db.query(
              "SELECT is_admin FROM users WHERE id = ?1", {user_id},
              [&](const sql_row& row) { is_admin = row.int64(0) != 0; }, error))
        return write_status::unavailable;
      if (is_admin && !check_other_admins(db, user_id, *out, error)) return write_status::unavailable;
      if (out->last_admin) {
        error = "the last administrator cannot be disabled";
        return write_status::conflict;
      }
    }
    const write_status s = db.run("UPDATE users SET disabled = ?1, disabled_ms = ?2 WHERE id = ?3",
                                  {std::int64_t{disabled}, disabled ? now_ms : 0, user_id}, error);
    if (s != write_status::ok || !disabled) return s;
    return db.run("DELETE FROM sessions WHERE user_id = ?1", {user_id}, error);
  };
}

write_work set_admin_work(std::int64_t user_id, bool admin, std::shared_ptr<user_change> out) {
  return [=](sql_connection& db, std::string& error) {
    if (!user_exists(db, user_id, *out, error)) return write_status::unavailable;
    if (out->absent) {
      error = "no such user";
      return write_status::conflict;
    }
    if (!admin && !check_other_admins(db, user_id, *out, error)) return write_status::unavailable;
    if (!admin && out->last_admin) {
      error = "the last administrator cannot be demoted";
      return write_status::conflict;
    }
    return db.run("UPDATE users SET is_admin = ?1 WHERE id = ?2", {std::int64_t{admin}, user_id}, error);
  };
}

read_status read_invitations(sql_connection& db, std::size_t limit, std::vector<invitation_row>& out,
                             std::string& error) {
  const bool ok = db.query(
      "SELECT i.code_hash, i.created_by, u.username, i.created_ms, i.expires_ms, i.max_uses, i.uses, i.revoked,"
      " i.grants_admin FROM invitations i LEFT JOIN users u ON u.id = i.created_by"
      " ORDER BY i.created_ms DESC, i.code_hash LIMIT ?1",
      {static_cast<std::int64_t>(limit)},
      [&](const sql_row& row) {
        invitation_row inv;
        inv.code_hash = row.text(0);
        inv.created_by = row.is_null(1) ? 0 : row.int64(1);
        inv.created_by_name = row.is_null(2) ? "" : row.text(2);
        inv.created_ms = row.int64(3);
        inv.expires_ms = row.int64(4);
        inv.max_uses = static_cast<int>(row.int64(5));
        inv.uses = static_cast<int>(row.int64(6));
        inv.revoked = row.int64(7) != 0;
        inv.grants_admin = row.int64(8) != 0;
        out.push_back(std::move(inv));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

write_work revoke_invitation_work(const std::string& id_prefix) {
  return [id_prefix](sql_connection& db, std::string& error) {
    const write_status s = db.run("UPDATE invitations SET revoked = 1 WHERE substr(code_hash, 1, 16) = ?1", {id_prefix},
                                  error);
    if (s != write_status::ok) return s;
    if (db.changes() == 0) {
      error = "no such invitation";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work insert_audit_work(const audit_row& a) {
  return [a](sql_connection& db, std::string& error) {
    return db.run("INSERT INTO audit (at_ms, actor_id, actor_name, address, action, target, detail)"
                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                  {a.at_ms, id_or_null(a.actor_id), a.actor_name, a.address, a.action, a.target, a.detail}, error);
  };
}

read_status read_audit(sql_connection& db, std::size_t limit, std::vector<audit_row>& out, std::string& error) {
  const bool ok = db.query(
      "SELECT id, at_ms, actor_id, actor_name, address, action, target, detail FROM audit"
      " ORDER BY at_ms DESC, id DESC LIMIT ?1",
      {static_cast<std::int64_t>(limit)},
      [&](const sql_row& row) {
        audit_row a;
        a.id = row.int64(0);
        a.at_ms = row.int64(1);
        a.actor_id = row.is_null(2) ? 0 : row.int64(2);
        a.actor_name = row.text(3);
        a.address = row.text(4);
        a.action = row.text(5);
        a.target = row.text(6);
        a.detail = row.text(7);
        out.push_back(std::move(a));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_admin_matches(sql_connection& db, const std::string& status, const std::string& game,
                               const std::string& player, std::size_t limit, std::vector<admin_match_row>& out,
                               std::string& error) {
  const bool ok = db.query(
      "SELECT m.code, m.game, m.status, m.visibility, m.outcome, m.created_ms, m.updated_ms,"
      " (SELECT COALESCE(s.name, u.display_name) FROM seats s LEFT JOIN users u ON u.id = s.user_id"
      "  WHERE s.match_id = m.id AND s.seat = 1),"
      " (SELECT COALESCE(s.name, u.display_name) FROM seats s LEFT JOIN users u ON u.id = s.user_id"
      "  WHERE s.match_id = m.id AND s.seat = 2)"
      " FROM matches m WHERE (?1 = '' OR m.status = ?1) AND (?2 = '' OR m.game = ?2)"
      " AND (?3 = '%%' OR EXISTS (SELECT 1 FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.match_id = m.id"
      " AND (lower(s.name) LIKE ?3 ESCAPE '\\' OR lower(u.username) LIKE ?3 ESCAPE '\\')))"
      " ORDER BY m.updated_ms DESC, m.id DESC LIMIT ?4",
      {status, game, contains_pattern(player), static_cast<std::int64_t>(limit)},
      [&](const sql_row& row) {
        admin_match_row m;
        m.code = row.text(0);
        m.game = row.text(1);
        m.status = row.text(2);
        m.visibility = row.text(3);
        if (!row.is_null(4)) m.outcome = row.text(4);
        m.created_ms = row.int64(5);
        m.updated_ms = row.int64(6);
        if (!row.is_null(7)) m.seat1 = row.text(7);
        if (!row.is_null(8)) m.seat2 = row.text(8);
        out.push_back(std::move(m));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

write_work delete_match_work(const std::string& code, const std::string& node, std::int64_t now_ms,
                             std::shared_ptr<match_deletion> out) {
  return [code, node, now_ms, out](sql_connection& db, std::string& error) {
    std::int64_t id = 0;
    std::string status;
    if (!db.query(
            "SELECT id, status FROM matches WHERE code = ?1", {code},
            [&](const sql_row& row) {
              id = row.int64(0);
              status = row.text(1);
            },
            error))
      return write_status::unavailable;
    out->absent = id == 0;
    out->running = id != 0 && status != "finished";
    if (out->absent || out->running) {
      error = out->absent ? "no such match" : "the match is not finished";
      return write_status::conflict;
    }
    if (!db.query(
            "SELECT node, expires_ms FROM leases WHERE match_id = ?1 AND expires_ms > ?2 AND node <> ?3",
            {id, now_ms, node},
            [&](const sql_row& row) {
              out->served_by = row.text(0);
              out->served_until_ms = row.int64(1);
            },
            error))
      return write_status::unavailable;
    if (!out->served_by.empty()) {
      error = "the match is served by node " + out->served_by;
      return write_status::conflict;
    }
    for (const char* sql :
         {"INSERT INTO match_deletions (match_id) VALUES (?1)", "DELETE FROM actions WHERE match_id = ?1",
          "DELETE FROM seats WHERE match_id = ?1", "DELETE FROM bot_seats WHERE match_id = ?1",
          "DELETE FROM leases WHERE match_id = ?1", "DELETE FROM rating_changes WHERE match_id = ?1",
          "DELETE FROM chat_reports WHERE message_id IN (SELECT id FROM chat_messages WHERE match_id = ?1)",
          "DELETE FROM chat_messages WHERE match_id = ?1", "DELETE FROM chat_mutes WHERE match_id = ?1",
          "DELETE FROM seat_connections WHERE match_id = ?1", "DELETE FROM matches WHERE id = ?1",
          "DELETE FROM match_deletions WHERE match_id = ?1"}) {
      const write_status s = db.run(sql, {id}, error);
      if (s != write_status::ok) return s;
    }
    return write_status::ok;
  };
}

read_status read_database_bytes(sql_connection& db, bool postgres, std::int64_t& out, std::string& error) {
  const char* sql = postgres ? "SELECT pg_database_size(current_database())"
                             : "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()";
  return db.query(
             sql, {}, [&](const sql_row& row) { out = row.int64(0); }, error)
             ? read_status::found
             : read_status::unavailable;
}

read_status read_setting(sql_connection& db, const std::string& name, std::string& value, std::string& error) {
  bool found = false;
  if (!db.query(
          "SELECT value FROM server_settings WHERE name = ?1", {name},
          [&](const sql_row& row) {
            value = row.text(0);
            found = true;
          },
          error))
    return read_status::unavailable;
  return found ? read_status::found : read_status::absent;
}

write_work set_setting_work(const std::string& name, const std::string& value, std::int64_t now_ms) {
  return [=](sql_connection& db, std::string& error) {
    const write_status s = db.run("UPDATE server_settings SET value = ?1, updated_ms = ?2 WHERE name = ?3",
                                  {value, now_ms, name}, error);
    if (s != write_status::ok || db.changes() == 1) return s;
    return db.run("INSERT INTO server_settings (name, value, updated_ms) VALUES (?1, ?2, ?3)", {name, value, now_ms},
                  error);
  };
}

read_status read_chat_reports(sql_connection& db, std::size_t limit, std::size_t context,
                              std::vector<chat_report_row>& out, std::string& error) {
  out.clear();
  std::vector<std::int64_t> match_ids;
  try {
    if (!db.query(
            "SELECT r.id, m.code, c.channel, c.id, c.seat, c.name, c.body, c.at_ms, r.reporter, r.reason,"
            " r.created_ms, c.match_id FROM chat_reports r JOIN chat_messages c ON c.id = r.message_id"
            " JOIN matches m ON m.id = c.match_id WHERE r.handled_ms IS NULL ORDER BY r.created_ms, r.id LIMIT ?1",
            {sql_limit(limit)},
            [&](const sql_row& r) {
              chat_report_row row;
              row.id = r.int64(0);
              row.code = r.text(1);
              row.channel = r.text(2);
              row.line = {r.int64(3), static_cast<int>(r.int64(4)), r.text(5), r.text(6), r.int64(7)};
              row.reporter = r.text(8);
              row.reason = r.text(9);
              row.created_ms = r.int64(10);
              out.push_back(std::move(row));
              match_ids.push_back(r.int64(11));
            },
            error))
      return read_status::unavailable;
    for (std::size_t k = 0; k < out.size(); ++k) {
      auto& row = out[k];
      const auto line = [&](const sql_row& r) {
        row.conversation.push_back({r.int64(0), static_cast<int>(r.int64(1)), r.text(2), r.text(3), r.int64(4)});
      };
      // The lines before it (newest first, turned around), then it and the lines after it.
      if (!db.query(
              "SELECT id, seat, name, body, at_ms FROM chat_messages WHERE match_id = ?1 AND channel = ?2 AND id < ?3"
              " ORDER BY id DESC LIMIT ?4",
              {match_ids[k], row.channel, row.line.id, sql_limit(context)}, line, error))
        return read_status::unavailable;
      std::reverse(row.conversation.begin(), row.conversation.end());
      if (!db.query(
              "SELECT id, seat, name, body, at_ms FROM chat_messages WHERE match_id = ?1 AND channel = ?2 AND id >= ?3"
              " ORDER BY id LIMIT ?4",
              {match_ids[k], row.channel, row.line.id, sql_limit(context + 1)}, line, error))
        return read_status::unavailable;
    }
  } catch (const std::exception& e) {
    error = e.what();
    return read_status::unavailable;
  }
  return read_status::found;
}

write_work handle_report_work(std::int64_t id, std::int64_t by_id, std::int64_t at_ms) {
  return [id, by_id, at_ms](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run(
        "UPDATE chat_reports SET handled_ms = ?2, handled_by = ?3 WHERE id = ?1 AND handled_ms IS NULL",
        {id, at_ms, by_id}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such waiting report";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

}  // namespace tabuleiro::server::accounts

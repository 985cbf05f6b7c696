// Web Push's SQL (see push_sql.h).
#include "server/notify/push_sql.h"

#include "server/store/connection.h"

namespace tabuleiro::server::notify {

namespace {

// The subscriptions of user_id in db, newest first.
bool query_subscriptions(sql_connection& db, std::int64_t user_id, std::vector<push_subscription>& out,
                         std::string& error) {
  out.clear();
  return db.query(
      "SELECT id, user_id, endpoint, p256dh, auth, label, created_ms FROM push_subscriptions"
      " WHERE user_id = ?1 ORDER BY created_ms DESC, id DESC",
      {user_id},
      [&](const sql_row& r) {
        out.push_back({r.int64(0), r.int64(1), r.text(2), r.text(3), r.text(4), r.text(5), r.int64(6)});
      },
      error);
}

}  // namespace

const char* notify_kind_name(int kind) {
  switch (kind) {
    case notify_turn: return "turn";
    case notify_started: return "started";
    case notify_low_time: return "low_time";
    case notify_challenge: return "challenge";
    default: return "result";
  }
}

int notify_kind_of(std::string_view name) {
  for (int kind = notify_turn; kind <= notify_result; kind <<= 1)
    if (name == notify_kind_name(kind)) return kind;
  return 0;
}

write_work keep_vapid_key_work(vapid_row candidate, std::int64_t at_ms, std::shared_ptr<vapid_row> stored) {
  return [candidate = std::move(candidate), at_ms, stored](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run(
        "INSERT INTO server_keys (name, private_key, public_key, created_ms) VALUES ('vapid', ?1, ?2, ?3)"
        " ON CONFLICT (name) DO NOTHING",
        {candidate.private_key, candidate.public_key, at_ms}, error);
    if (s != write_status::ok) return s;
    bool found = false;
    if (!db.query(
            "SELECT private_key, public_key FROM server_keys WHERE name = 'vapid'", {},
            [&](const sql_row& r) {
              *stored = {r.text(0), r.text(1)};
              found = true;
            },
            error))
      return write_status::unavailable;
    if (!found) {
      error = "the VAPID key was not stored";
      return write_status::unavailable;
    }
    return write_status::ok;
  };
}

write_work add_push_subscription_work(std::shared_ptr<push_subscription> sub) {
  return [sub](sql_connection& db, std::string& error) -> write_status {
    std::int64_t id = 0;
    if (!db.query(
            "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_ms)"
            " SELECT id, ?2, ?3, ?4, ?5, ?6 FROM users WHERE id = ?1"
            " ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,"
            " auth = excluded.auth, label = excluded.label, created_ms = excluded.created_ms RETURNING id",
            {sub->user_id, sub->endpoint, sub->p256dh, sub->auth, sub->label, sub->created_ms},
            [&](const sql_row& r) { id = r.int64(0); }, error))
      return write_status::unavailable;
    if (id == 0) {
      error = "no such member";
      return write_status::conflict;
    }
    sub->id = id;
    // The member's oldest past the limit.
    std::vector<push_subscription> all;
    if (!query_subscriptions(db, sub->user_id, all, error)) return write_status::unavailable;
    for (std::size_t i = max_push_subscriptions; i < all.size(); ++i)
      if (const write_status s = db.run("DELETE FROM push_subscriptions WHERE id = ?1", {all[i].id}, error);
          s != write_status::ok)
        return s;
    return write_status::ok;
  };
}

write_work delete_push_subscription_work(std::int64_t user_id, std::int64_t id) {
  return [user_id, id](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run("DELETE FROM push_subscriptions WHERE id = ?1 AND user_id = ?2", {id, user_id},
                                  error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such subscription";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work forget_push_endpoint_work(std::string endpoint) {
  return [endpoint = std::move(endpoint)](sql_connection& db, std::string& error) -> write_status {
    return db.run("DELETE FROM push_subscriptions WHERE endpoint = ?1", {endpoint}, error);
  };
}

write_work set_notify_work(std::int64_t user_id, int mask) {
  return [user_id, mask](sql_connection& db, std::string& error) -> write_status {
    if (mask < 0 || mask > notify_all) {
      error = "not a choice of notifications";
      return write_status::conflict;
    }
    const write_status s = db.run("UPDATE users SET notify = ?2 WHERE id = ?1", {user_id, std::int64_t{mask}}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such member";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

read_status read_push_settings(sql_connection& db, std::int64_t user_id, std::vector<push_subscription>& subs,
                               int& mask, std::string& language, std::string& error) {
  bool found = false;
  if (!db.query(
          "SELECT notify, language FROM users WHERE id = ?1", {user_id},
          [&](const sql_row& r) {
            mask = static_cast<int>(r.int64(0));
            language = r.text(1);
            found = true;
          },
          error))
    return read_status::unavailable;
  if (!found) return read_status::absent;
  return query_subscriptions(db, user_id, subs, error) ? read_status::found : read_status::unavailable;
}

}  // namespace tabuleiro::server::notify

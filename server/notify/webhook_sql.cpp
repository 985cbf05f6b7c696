// Webhooks' SQL (see webhook_sql.h).
#include "server/notify/webhook_sql.h"

#include "server/store/connection.h"

namespace tabuleiro::server::notify {

namespace {

// The columns webhook_of reads, first in a query of webhooks w (a literal, so that queries are literals too).
#define WEBHOOK_COLUMNS \
  "w.id, w.user_id, w.url, w.secret, w.events, w.created_ms, w.last_at_ms, w.last_status, w.last_error"

// A row read with WEBHOOK_COLUMNS first.
webhook_row webhook_of(const sql_row& r) {
  return {r.int64(0),
          r.int64(1),
          r.text(2),
          r.text(3),
          static_cast<int>(r.int64(4)),
          r.int64(5),
          r.is_null(6) ? 0 : r.int64(6),
          static_cast<int>(r.int64(7)),
          r.text(8)};
}

// The webhooks of user_id in db, oldest first.
bool query_webhooks(sql_connection& db, std::int64_t user_id, std::vector<webhook_row>& out, std::string& error) {
  out.clear();
  return db.query(
      "SELECT " WEBHOOK_COLUMNS " FROM webhooks w WHERE w.user_id = ?1 ORDER BY w.id", {user_id},
      [&](const sql_row& r) { out.push_back(webhook_of(r)); }, error);
}

}  // namespace

write_work add_webhook_work(std::shared_ptr<webhook_row> row, std::shared_ptr<webhook_conflict> why) {
  return [row, why](sql_connection& db, std::string& error) -> write_status {
    bool member = false;
    if (!db.query(
            "SELECT 1 FROM users WHERE id = ?1", {row->user_id}, [&](const sql_row&) { member = true; }, error))
      return write_status::unavailable;
    std::vector<webhook_row> mine;
    if (!query_webhooks(db, row->user_id, mine, error)) return write_status::unavailable;
    *why = !member                       ? webhook_conflict::no_member
           : mine.size() >= max_webhooks ? webhook_conflict::too_many
                                         : webhook_conflict::none;
    for (const auto& w : mine)
      if (w.url == row->url) *why = webhook_conflict::duplicate;
    if (*why != webhook_conflict::none) {
      error = "the webhook is refused";
      return write_status::conflict;
    }
    std::int64_t id = 0;
    if (!db.query(
            "INSERT INTO webhooks (user_id, url, secret, events, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)"
            " RETURNING id",
            {row->user_id, row->url, row->secret, std::int64_t{row->events}, row->created_ms},
            [&](const sql_row& r) { id = r.int64(0); }, error))
      return write_status::unavailable;
    row->id = id;
    return write_status::ok;
  };
}

write_work delete_webhook_work(std::int64_t user_id, std::int64_t id) {
  return [user_id, id](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run("DELETE FROM webhooks WHERE id = ?1 AND (?2 = 0 OR user_id = ?2)", {id, user_id},
                                  error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such webhook";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work change_webhook_work(std::int64_t user_id, std::int64_t id, std::optional<int> events,
                               std::optional<std::string> secret) {
  return [user_id, id, events, secret = std::move(secret)](sql_connection& db, std::string& error) -> write_status {
    sql_params params{id, user_id, nullptr, nullptr};  // NULL: that column stays
    if (events) params[2] = std::int64_t{*events};
    if (secret) params[3] = *secret;
    const write_status s = db.run("UPDATE webhooks SET events = COALESCE(?3, events), secret = COALESCE(?4, secret)"
                                  " WHERE id = ?1 AND user_id = ?2",
                                  params, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such webhook";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

write_work record_webhook_delivery_work(std::int64_t id, std::int64_t at_ms, int status, std::string error_text) {
  if (error_text.size() > max_webhook_error_bytes) {
    std::size_t cut = max_webhook_error_bytes;
    while (cut > 0 && (static_cast<unsigned char>(error_text[cut]) & 0xc0) == 0x80) --cut;  // whole UTF-8 characters
    error_text.resize(cut);
  }
  return [id, at_ms, status, text = std::move(error_text)](sql_connection& db, std::string& error) -> write_status {
    // A later attempt recorded first (two in flight) is not overwritten by an earlier one.
    return db.run("UPDATE webhooks SET last_at_ms = ?2, last_status = ?3, last_error = ?4"
                  " WHERE id = ?1 AND (last_at_ms IS NULL OR last_at_ms <= ?2)",
                  {id, at_ms, std::int64_t{status}, text}, error);
  };
}

read_status read_webhooks(sql_connection& db, std::int64_t user_id, std::vector<webhook_row>& out,
                          std::string& language, std::string& error) {
  bool found = false;
  if (!db.query(
          "SELECT language FROM users WHERE id = ?1", {user_id},
          [&](const sql_row& r) {
            language = r.text(0);
            found = true;
          },
          error))
    return read_status::unavailable;
  if (!found) return read_status::absent;
  return query_webhooks(db, user_id, out, error) ? read_status::found : read_status::unavailable;
}

read_status read_all_webhooks(sql_connection& db, std::vector<owned_webhook>& out, std::string& error) {
  out.clear();
  if (!db.query(
          "SELECT " WEBHOOK_COLUMNS
          ", u.username FROM webhooks w JOIN users u ON u.id = w.user_id ORDER BY w.id DESC LIMIT ?1",
          {static_cast<std::int64_t>(max_listed_webhooks)},
          [&](const sql_row& r) {
            out.push_back({webhook_of(r), r.text(9)});
          },
          error))
    return read_status::unavailable;
  return read_status::found;
}

}  // namespace tabuleiro::server::notify

// The chat's SQL (see chat_sql.h).
#include "server/room/chat_sql.h"

#include <algorithm>
#include <exception>

#include "server/store/connection.h"

namespace tabuleiro::server {

write_work insert_chat_work(const std::string& code, std::shared_ptr<chat_line> line) {
  return [code, line](sql_connection& db, std::string& error) -> write_status {
    std::int64_t id = 0;
    if (!db.query(
            "INSERT INTO chat_messages (match_id, channel, seat, user_id, name, body, at_ms)"
            " SELECT id, ?2, ?3, CAST(?4 AS BIGINT), ?5, ?6, ?7 FROM matches WHERE code = ?1 RETURNING id",
            {code, line->channel, std::int64_t{line->seat}, id_or_null(line->user_id), line->name, line->text,
             line->at_ms},
            [&](const sql_row& r) { id = r.int64(0); }, error))
      return write_status::unavailable;
    if (id == 0) {
      error = "no such match";
      return write_status::conflict;
    }
    line->id = id;
    return write_status::ok;
  };
}

write_work set_chat_mute_work(const std::string& code, int seat, bool mute) {
  return [code, seat, mute](sql_connection& db, std::string& error) -> write_status {
    if (!mute)
      return db.run("DELETE FROM chat_mutes WHERE match_id = (SELECT id FROM matches WHERE code = ?1) AND seat = ?2",
                    {code, std::int64_t{seat}}, error);
    return db.run("INSERT INTO chat_mutes (match_id, seat) SELECT id, ?2 FROM matches WHERE code = ?1"
                  " ON CONFLICT (match_id, seat) DO NOTHING",
                  {code, std::int64_t{seat}}, error);
  };
}

write_work report_chat_work(const std::string& code, std::int64_t message_id, std::int64_t reporter_id,
                            const std::string& reporter, const std::string& reason, std::int64_t at_ms) {
  return [=](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run(
        "INSERT INTO chat_reports (message_id, reporter_id, reporter, reason, created_ms)"
        " SELECT c.id, CAST(?3 AS BIGINT), ?4, ?5, ?6 FROM chat_messages c JOIN matches m ON m.id = c.match_id"
        " WHERE c.id = ?2 AND m.code = ?1",
        {code, message_id, id_or_null(reporter_id), reporter, reason, at_ms}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such chat line in this match";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

read_status read_chat(sql_connection& db, const std::string& code, std::size_t limit, std::vector<chat_line>& lines,
                      std::array<bool, 2>& muted, std::string& error) {
  lines.clear();
  muted = {false, false};
  if (read_rows(
          db,
          "SELECT c.id, c.channel, c.seat, c.user_id, c.name, c.body, c.at_ms FROM chat_messages c"
          " JOIN matches m ON m.id = c.match_id WHERE m.code = ?1 ORDER BY c.id DESC LIMIT ?2",
          {code, sql_limit(limit)},
          [&](const sql_row& r) {
            lines.push_back({r.int64(0), r.text(1), static_cast<int>(r.int64(2)), r.is_null(3) ? 0 : r.int64(3),
                             r.text(4), r.text(5), r.int64(6)});
          },
          error) != read_status::found ||
      read_rows(
          db, "SELECT u.seat FROM chat_mutes u JOIN matches m ON m.id = u.match_id WHERE m.code = ?1", {code},
          [&](const sql_row& r) {
            const auto seat = r.int64(0);
            if (seat == 1 || seat == 2) muted[static_cast<std::size_t>(seat - 1)] = true;
          },
          error) != read_status::found)
    return read_status::unavailable;
  std::reverse(lines.begin(), lines.end());
  return read_status::found;
}

}  // namespace tabuleiro::server

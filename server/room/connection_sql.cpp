// The connection record's SQL (see connection_sql.h).
#include "server/room/connection_sql.h"

#include <exception>

#include "server/store/connection.h"

namespace tabuleiro::server {

write_work insert_connection_work(const std::string& code, connection_change c) {
  return [code, c](sql_connection& db, std::string& error) -> write_status {
    const write_status s = db.run(
        "INSERT INTO seat_connections (match_id, n, seat, online, at_ms, version)"
        " SELECT m.id, (SELECT COALESCE(MAX(s.n), 0) + 1 FROM seat_connections s WHERE s.match_id = m.id), ?2, ?3, ?4, ?5"
        " FROM matches m WHERE m.code = ?1",
        {code, std::int64_t{c.seat}, std::int64_t{c.online ? 1 : 0}, c.at_ms, c.version}, error);
    if (s != write_status::ok) return s;
    if (db.changes() != 1) {
      error = "no such match";
      return write_status::conflict;
    }
    return write_status::ok;
  };
}

read_status read_connections(sql_connection& db, const std::string& code, std::vector<connection_change>& changes,
                             std::string& error) {
  changes.clear();
  return read_rows(
      db,
      "SELECT s.seat, s.online, s.at_ms, s.version FROM seat_connections s JOIN matches m ON m.id = s.match_id"
      " WHERE m.code = ?1 ORDER BY s.n LIMIT ?2",
      {code, sql_limit(connection_log::max_changes + 1)},
      [&](const sql_row& r) {
        changes.push_back({static_cast<int>(r.int64(0)), r.int64(1) != 0, r.int64(2), r.int64(3)});
      },
      error);
}

}  // namespace tabuleiro::server

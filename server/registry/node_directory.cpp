#include "server/registry/node_directory.h"

#include "server/store/connection.h"

namespace tabuleiro::server {

void announce_node(store& db, const std::string& node, const std::string& address, std::int64_t now_ms,
                   store::done done) {
  db.queue_write(
      [node, address, now_ms](sql_connection& c, std::string& error) {
        return c.run("INSERT INTO nodes (node, address, started_ms) VALUES (?1, ?2, ?3)"
                     " ON CONFLICT (node) DO UPDATE SET address = excluded.address, started_ms = excluded.started_ms",
                     {node, address, now_ms}, error);
      },
      std::move(done));
}

read_result<lease_holder> find_lease_holder(store& db, const std::string& code, const std::string& self,
                                            std::int64_t now_ms) {
  read_result<lease_holder> out;
  out.status = db.run_read("the holder of a match's lease", [&](sql_connection& c, std::string& error) {
    bool found = false;
    const bool read = c.query(
        "SELECT l.node, n.address FROM leases l JOIN matches m ON m.id = l.match_id"
        " JOIN nodes n ON n.node = l.node WHERE m.code = ?1 AND l.node <> ?2 AND l.expires_ms > ?3",
        {code, self, now_ms},
        [&](const sql_row& row) {
          out.value = lease_holder{row.text(0), row.text(1)};
          found = true;
        },
        error);
    if (!read) return read_status::unavailable;
    return found ? read_status::found : read_status::absent;
  });
  return out;
}

}  // namespace tabuleiro::server

#include "server/room/seat_connections.h"

#include <spdlog/spdlog.h>

#include "protocol/core/connection_messages.h"
#include "server/room/connection_sql.h"

namespace tabuleiro::server {

std::optional<std::string> seat_connections::changed(int seat, bool online, bool counted, std::int64_t now_ms,
                                                     std::int64_t version) {
  if (!counted || (online && !log_.offline(seat))) return std::nullopt;
  if (!add({seat, online, now_ms, version})) return std::nullopt;
  return record(now_ms);
}

std::optional<std::string> seat_connections::ended(const std::array<std::optional<std::int64_t>, 2>& away,
                                                   std::int64_t first_version, std::int64_t end_ms) {
  for (int s = 1; s <= 2; ++s)
    if (away[s - 1] && !log_.offline(s)) add({s, false, *away[s - 1], first_version});
  return record(end_ms);
}

std::optional<std::string> seat_connections::record(std::int64_t end_ms) const {
  if (log_.empty()) return std::nullopt;
  return protocol::messages::connections_message(log_.record(end_ms));
}

bool seat_connections::add(const connection_change& c) {
  if (!log_.add(c)) return false;
  db_.queue_write(insert_connection_work(code_, c), [code = code_](write_status s) {
    if (s != write_status::ok)
      spdlog::warn("match {}: could not store a connection change ({})", code, write_status_name(s));
  });
  return true;
}

}  // namespace tabuleiro::server

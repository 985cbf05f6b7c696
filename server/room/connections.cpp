// The room's connection record (see connection_log.h): a seated player going offline or coming
// back while the match runs is recorded, stored and told to every viewer.
#include <spdlog/spdlog.h>

#include "protocol/core/connection_messages.h"
#include "server/room/connection_sql.h"
#include "server/room/room.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

bool room::record_connection(int seat, bool online) {
  // Only between the start and the end, only a person's seat, and not while this server stops
  // (its own shutdown is nobody's disconnection). Coming back is news only after going offline
  // was recorded: a player arriving at the start, or after this server restarted, is not.
  if (phase_ != phase::open || seq_.outcome() || !seats_.both_taken() || is_bot(seat)) return false;
  if (online && !connections_.offline(seat)) return false;
  if (!store_connection({seat, online, svc_.time->now_ms(), seq_.version()})) return false;
  send_to_all(share_text(msg::connections_message(connection_record())));
  return true;
}

void room::record_absences_at_end() {
  // Such a seat has been empty since before the start or since this room was made, when the
  // match was at its first version here (nothing is accepted before the start).
  for (int s = 1; s <= 2; ++s)
    if (seats_.taken(s) && seats_.holder(s) == 0 && !is_bot(s) && !connections_.offline(s))
      store_connection({s, false, seats_.left_ms(s), first_version_});
}

bool room::store_connection(const connection_change& c) {
  if (!connections_.add(c)) return false;
  svc_.db->queue_write(insert_connection_work(code(), c), [code = code()](write_status s) {
    if (s != write_status::ok)
      spdlog::warn("match {}: could not store a connection change ({})", code, write_status_name(s));
  });
  return true;
}

json room::connection_record() const {
  const std::int64_t end_ms = seq_.outcome() && listing_.finished_ms() ? listing_.finished_ms() : svc_.time->now_ms();
  return connections_.record(end_ms);
}

void room::send_connections(const std::shared_ptr<client>& c) {
  if (!connections_.empty()) c->send(share_text(msg::connections_message(connection_record())));
}

}  // namespace tabuleiro::server

// The players' connection record of one room, kept (connection_log), stored (connection_sql) and
// published: each change returns the message the room sends, if any (the room does not decide
// what is recorded; see connection_log.h for the record itself).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/room/connection_log.h"
#include "server/store/store.h"

namespace tabuleiro::server {

// The connection record of the match code, stored in db.
// Thread-safety: none; the owning room's strand.
class seat_connections {
 public:
  seat_connections(store& db, std::string code) : db_(db), code_(std::move(code)) {}

  // Takes the changes as stored (a restored room).
  void restore(std::vector<connection_change> changes) { log_.restore(std::move(changes)); }
  // seat's player went offline (online false) or came back at now_ms, after version. Recorded
  // only when counted (the match runs and the seat is a person's: the room says), and coming
  // back only after going offline was recorded (a player arriving at the start, or after the
  // server restarted, is no news). The record for every viewer when recorded, else nullopt.
  std::optional<std::string> changed(int seat, bool online, bool counted, std::int64_t now_ms, std::int64_t version);
  // The match ended: each seat away since away[seat - 1] (taken, nobody in it, a person's) and
  // not recorded offline is recorded offline since then, after first_version (the match's
  // version when the room was made: nothing is accepted before the start). The final record
  // (totals up to end_ms) for every viewer, or nullopt when there is none.
  std::optional<std::string> ended(const std::array<std::optional<std::int64_t>, 2>& away, std::int64_t first_version,
                                   std::int64_t end_ms);
  // The record (totals up to end_ms: the match's end, or now) for a viewer, or nullopt when
  // there is none.
  std::optional<std::string> record(std::int64_t end_ms) const;

 private:
  // Keeps and stores c; false when the record is full.
  bool add(const connection_change& c);

  store& db_;
  const std::string code_;
  connection_log log_;
};

}  // namespace tabuleiro::server

// The record of the players' connections during a match: each time a seat's player went
// offline or came back between the start and the end, kept in order, and each seat's totals
// (how often, how long). The room keeps it; every change is also stored (connection_sql.h), so
// the match's result, history and exported log show it after a restart too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/core/connection_messages.h"

namespace tabuleiro::server {

// One change of a seat's connection.
struct connection_change {
  int seat = 0;         // 1 | 2
  bool online = false;  // came back (true) or went offline (false)
  std::int64_t at_ms = 0;
  std::int64_t version = 0;  // the match's version then: the change followed that version
  friend bool operator==(const connection_change&, const connection_change&) = default;
};

// A match's connection record.
// Thread-safety: none; the owning room's strand (or one reader's thread).
class connection_log {
 public:
  // The most changes kept for one match: past it a change is not recorded, and the record says
  // it is incomplete (a connection that flaps cannot grow it without bound).
  static constexpr std::size_t max_changes = 400;

  // Takes the changes as stored (oldest first; at most max_changes are kept).
  void restore(std::vector<connection_change> changes);
  // Records c; false when the record is full (c is not kept). A change that repeats its seat's
  // last one (online twice) is kept too: the totals read it as nothing new.
  bool add(const connection_change& c);

  const std::vector<connection_change>& changes() const { return changes_; }
  bool empty() const { return changes_.empty(); }
  // Whether seat's last change was going offline.
  bool offline(int seat) const;

  // seat's totals from the changes up to end_ms (the match's end, or now): a seat still offline
  // at end_ms counts its time until then.
  protocol::messages::connection_totals_fields totals(int seat, std::int64_t end_ms) const;
  // The record as the wire shows it (messages::connection_record), totals up to end_ms.
  nlohmann::json record(std::int64_t end_ms) const;

 private:
  std::vector<connection_change> changes_;
  bool complete_ = true;
};

}  // namespace tabuleiro::server

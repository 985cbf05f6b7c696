// A match's connection record (see connection_log.h).
#include "server/room/connection_log.h"

#include "server/room/summary.h"

namespace tabuleiro::server {

void connection_log::restore(std::vector<connection_change> changes) {
  complete_ = changes.size() <= max_changes;
  if (!complete_) changes.resize(max_changes);
  changes_ = std::move(changes);
}

bool connection_log::add(const connection_change& c) {
  if (changes_.size() >= max_changes) {
    complete_ = false;
    return false;
  }
  changes_.push_back(c);
  return true;
}

bool connection_log::offline(int seat) const {
  for (auto it = changes_.rbegin(); it != changes_.rend(); ++it)
    if (it->seat == seat) return !it->online;
  return false;
}

protocol::messages::connection_totals_fields connection_log::totals(int seat, std::int64_t end_ms) const {
  protocol::messages::connection_totals_fields t{.seat = seat};
  std::int64_t since = 0;
  for (const auto& c : changes_) {
    if (c.seat != seat || c.online == !t.offline) continue;  // no change of state
    if (!c.online) {
      ++t.disconnections;
      since = c.at_ms;
    } else if (c.at_ms > since) {
      t.offline_ms += c.at_ms - since;
    }
    t.offline = !c.online;
  }
  if (t.offline && end_ms > since) t.offline_ms += end_ms - since;
  return t;
}

nlohmann::json connection_log::record(std::int64_t end_ms) const {
  std::vector<protocol::messages::connection_change_fields> list;
  list.reserve(changes_.size());
  for (const auto& c : changes_) list.push_back({c.seat, c.online, iso_time(c.at_ms), c.version});
  return protocol::messages::connection_record({totals(1, end_ms), totals(2, end_ms)}, list, complete_);
}

}  // namespace tabuleiro::server

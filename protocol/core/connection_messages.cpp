// The connection record's messages (see connection_messages.h).
#include "protocol/core/connection_messages.h"

namespace tabuleiro::protocol::messages {

using nlohmann::json;

json connection_record(const std::array<connection_totals_fields, 2>& seats,
                       const std::vector<connection_change_fields>& changes, bool complete) {
  json totals = json::array();
  for (const auto& s : seats)
    totals.push_back(
        {{"seat", s.seat}, {"disconnections", s.disconnections}, {"offline_ms", s.offline_ms}, {"offline", s.offline}});
  json list = json::array();
  for (const auto& c : changes)
    list.push_back({{"seat", c.seat}, {"online", c.online}, {"at", c.at}, {"version", c.version}});
  return {{"seats", std::move(totals)}, {"changes", std::move(list)}, {"complete", complete}};
}

std::string connections_message(const json& record) {
  json m = record;
  m["type"] = "connections";
  return m.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace tabuleiro::protocol::messages

// The record of the players' connections during a match (PROTOCOL.md "Connections"): each
// time a seat's player went offline or came back while the match ran, and each seat's totals.
// Nothing in it is hidden from anyone: presence already shows who is connected.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol::messages {

// One change of a seat's connection, as the wire shows it.
struct connection_change_fields {
  int seat = 0;              // 1 | 2
  bool online = false;       // came back (true) or went offline (false)
  std::string at;            // ISO 8601 UTC
  std::int64_t version = 0;  // the match's version then: the change followed that version
};

// One seat's totals over the match (up to its end, or up to now while it runs).
struct connection_totals_fields {
  int seat = 0;
  int disconnections = 0;       // times the seat went offline
  std::int64_t offline_ms = 0;  // time offline, all told
  bool offline = false;         // offline at the end (or now)
};

// The record: {"seats":[{"seat","disconnections","offline_ms","offline"}…],
// "changes":[{"seat","online","at","version"}…] (oldest first), "complete":bool (false: the match had more
// changes than a record keeps, and the later ones are missing)}.
nlohmann::json connection_record(const std::array<connection_totals_fields, 2>& seats,
                                 const std::vector<connection_change_fields>& changes, bool complete);

// The message every viewer is sent when the record changes, and a connection as it joins a match
// that has one: the record plus "type":"connections".
std::string connections_message(const nlohmann::json& record);

}  // namespace tabuleiro::protocol::messages

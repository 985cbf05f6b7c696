// Bytes on the wire as the load generator sees them: every message received, counted by the
// receiving client's role (the seat that sent the action, the other seat, a spectator) and
// by message type, with the bytes of a message's top-level fields (ops, events, legal, …).
// Thread-safety: none; one owner records and reads.
#pragma once

#include <cstdint>
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::bench {

// The bytes of each top-level member of a JSON object's text, `"key":value` (without the
// separating comma), in order; empty when text is not an object. Strings are scanned with
// their escapes; nothing is allocated but the result.
std::vector<std::pair<std::string_view, std::size_t>> top_level_fields(std::string_view text);

// The size of a WebSocket frame header (RFC 6455 §5.2) for an unmasked payload of n bytes
// (server to client; a client's frames add a 4-byte mask).
std::size_t frame_header_bytes(std::size_t n, bool masked);

class wire_stats {
 public:
  // Receiving roles: the seat whose action the message follows, the other seat, a spectator.
  enum role { actor = 0, other_seat = 1, spectator = 2 };
  static constexpr std::array<const char*, 3> role_names{"actor", "other_seat", "spectator"};

  // Counts one received message of type (its whole text) for role.
  void received(role r, std::string_view type, std::string_view text);
  // Counts one message the generator sent (an act frame, …) of type.
  void sent(std::string_view type, std::size_t bytes);
  // {"received":{role:{type:{"messages","bytes","fields":{key:bytes}}}},"sent":{type:{…}},
  //  "frame_header_bytes":{"received":{role:bytes},"sent":bytes}}
  nlohmann::json to_json() const;

 private:
  struct counter {
    std::uint64_t messages = 0, bytes = 0;
    std::map<std::string, std::uint64_t, std::less<>> fields;
  };
  std::array<std::map<std::string, counter, std::less<>>, 3> received_;
  std::map<std::string, counter, std::less<>> sent_;
  std::array<std::uint64_t, 3> header_received_{};
  std::uint64_t header_sent_ = 0;
};

}  // namespace tabuleiro::bench

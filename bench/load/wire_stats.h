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

// One top-level member of a JSON object's text: its key (unescaped only when it has no
// escapes, as every server key), its value's text, and the bytes of `"key":value` (without the
// separating comma).
struct json_member {
  std::string_view key;
  std::string_view value;
  std::size_t bytes = 0;
};

// The top-level members of a JSON object's text, in order; empty when text is not an object.
// Strings are scanned with their escapes; nothing is allocated but the result.
std::vector<json_member> top_level_members(std::string_view text);

// The texts of the elements of a JSON array's text, in order; empty when text is not an array.
std::vector<std::string_view> array_elements(std::string_view text);

// True when text starts (after whitespace) a JSON array whose first element begins: a cheap
// test that allocates nothing and does not read the elements.
bool starts_non_empty_array(std::string_view text);

// The size of a WebSocket frame header (RFC 6455 §5.2) for an unmasked payload of n bytes
// (server to client; a client's frames add a 4-byte mask).
std::size_t frame_header_bytes(std::size_t n, bool masked);

class wire_stats {
 public:
  // Receiving roles: the seat whose action the message follows, the other seat, a spectator.
  enum role { actor = 0, other_seat = 1, spectator = 2 };
  static constexpr std::array<const char*, 3> role_names{"actor", "other_seat", "spectator"};

  // Counts one received message of type for role: its whole text and its top-level members.
  void received(role r, std::string_view type, std::string_view text, const std::vector<json_member>& members);
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

// Room-level changes as JSON and their outcomes.
#include "protocol/core/room_change.h"

#include "protocol/core/json_util.h"

namespace tabuleiro::protocol {

namespace {

// The winner JSON: a seat or null.
json winner_json(const std::optional<engine::seat>& w) { return w ? json(*w) : json(nullptr); }

// j[key] as a seat (1 or 2), or nullopt.
std::optional<engine::seat> seat_field(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  const auto v = it->get<long long>();
  if (v != 1 && v != 2) return std::nullopt;
  return static_cast<engine::seat>(v);
}

}  // namespace

json room_change_json(const room_change& c) {
  switch (c.kind) {
    case room_change_kind::resign: return {{"type", "resign"}, {"seat", c.seat}};
    case room_change_kind::draw_agreed: return {{"type", "draw_agreed"}};
    case room_change_kind::abandoned: return {{"type", "abandoned"}, {"winner", winner_json(c.winner)}};
    case room_change_kind::timeout: return {{"type", "timeout"}, {"seat", c.seat}};
    case room_change_kind::aborted: return {{"type", "aborted"}, {"seat", c.seat}};
    case room_change_kind::aborted_by_host: return {{"type", "aborted_by_host"}, {"reason", c.reason}};
  }
  return nullptr;
}

std::optional<room_change> parse_room_change(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) return std::nullopt;
  const auto& type = j["type"].get_ref<const std::string&>();
  room_change c;
  if (type == "resign" || type == "timeout" || type == "aborted") {
    // A timeout of seat 0: both seats' time ran out at once (a shared set-up timer).
    const bool both = type == "timeout" && j.contains("seat") && j["seat"] == 0;
    const auto s = both ? std::optional<engine::seat>(0) : seat_field(j, "seat");
    if (!s) return std::nullopt;
    c.kind = type == "resign"    ? room_change_kind::resign
             : type == "timeout" ? room_change_kind::timeout
                                 : room_change_kind::aborted;
    c.seat = *s;
    return c;
  }
  if (type == "aborted_by_host") {
    const auto it = j.find("reason");
    if (it == j.end() || !it->is_string() || it->get_ref<const std::string&>().size() > max_host_note_bytes)
      return std::nullopt;
    c.kind = room_change_kind::aborted_by_host;
    c.reason = it->get<std::string>();
    return c;
  }
  if (type == "draw_agreed") {
    c.kind = room_change_kind::draw_agreed;
    return c;
  }
  if (type == "abandoned") {
    c.kind = room_change_kind::abandoned;
    const json w = j.value("winner", json());
    if (!w.is_null()) {
      const auto s = seat_field(j, "winner");
      if (!s) return std::nullopt;
      c.winner = *s;
    }
    return c;
  }
  return std::nullopt;
}

engine::outcome outcome_of(const room_change& c) {
  switch (c.kind) {
    case room_change_kind::resign: return {3 - c.seat, "resign"};
    case room_change_kind::draw_agreed: return {std::nullopt, "agreement"};
    case room_change_kind::abandoned: return {c.winner, "abandoned"};
    case room_change_kind::timeout:
      return {c.seat == 0 ? std::nullopt : std::optional<engine::seat>(3 - c.seat), "timeout"};
    case room_change_kind::aborted: return {std::nullopt, "aborted"};
    case room_change_kind::aborted_by_host: return {std::nullopt, "aborted_by_host", c.reason};
  }
  return {};
}

json room_change_event(const room_change& c) {
  switch (c.kind) {
    case room_change_kind::resign: return {{"type", "resigned"}, {"seat", c.seat}};
    case room_change_kind::draw_agreed: return {{"type", "draw_agreed"}};
    case room_change_kind::abandoned: return {{"type", "abandoned"}, {"winner", winner_json(c.winner)}};
    case room_change_kind::timeout: return {{"type", "timeout"}, {"seat", c.seat}};
    case room_change_kind::aborted: return {{"type", "aborted"}, {"seat", c.seat}};
    case room_change_kind::aborted_by_host: return {{"type", "aborted_by_host"}, {"reason", c.reason}};
  }
  return nullptr;
}

}  // namespace tabuleiro::protocol

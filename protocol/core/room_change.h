// Room-level changes: state changes of a match that are not game actions (resignation, draw
// by agreement, abandonment, a flag on time, an abort before both seats moved, an abort by the
// server's host with a reason). Typed values; their JSON forms for the log's
// own column and for the event every viewer receives.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;

// The kinds of room-level change.
enum class room_change_kind { resign, draw_agreed, abandoned, timeout, aborted, aborted_by_host };

// One room-level change.
struct room_change {
  room_change_kind kind = room_change_kind::resign;
  engine::seat seat = 0;               // resign: who resigned; timeout: whose time ran out (0:
                                       // both); aborted: who aborted
  std::optional<engine::seat> winner;  // abandoned: the seat that wins (nullopt: nobody)
  std::string reason = {};             // aborted_by_host: the host's words (at most 200 bytes)
  friend bool operator==(const room_change&, const room_change&) = default;
};

// The log form: {"type":"resign","seat":s}, {"type":"draw_agreed"},
// {"type":"abandoned","winner":w|null}, {"type":"timeout","seat":s}, {"type":"aborted","seat":s},
// {"type":"aborted_by_host","reason":"…"}.
json room_change_json(const room_change& c);

// The log form parsed back; nullopt when j is not a room-level change.
std::optional<room_change> parse_room_change(const json& j);

// The outcome c decides: resign → the other seat wins ("resign"); draw_agreed → a draw
// ("agreement"); abandoned → winner ("abandoned"); timeout → the other seat ("timeout"; a
// draw when both seats' time ran out); aborted → nobody ("aborted": no result, not a draw);
// aborted_by_host → nobody ("aborted_by_host", with the host's reason as the outcome's note).
engine::outcome outcome_of(const room_change& c);

// The event every viewer receives: {"type":"resigned","seat":s}, {"type":"draw_agreed"},
// {"type":"abandoned","winner":w|null}, {"type":"timeout","seat":s}, {"type":"aborted","seat":s},
// {"type":"aborted_by_host","reason":"…"}.
json room_change_event(const room_change& c);

}  // namespace tabuleiro::protocol

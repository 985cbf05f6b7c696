// Client requests parsed once: the one place where a client's WebSocket message (already
// JSON, within the size and depth limits) becomes a typed request, or the refusal
// PROTOCOL.md documents for it. The server's session and room visit the typed value; neither
// reads the message's JSON again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "protocol/core/lobby_messages.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;

// {"type":"ping","t":…}: answered by a pong echoing t (null when absent).
struct ping_request {
  json t;
};

// {"type":"join",…}: sit (or resume a seat by token) or watch a match.
struct join_request {
  std::string code;                     // the share code as typed
  bool spectator = false;               // "as": "spectator"
  std::optional<std::string> token;     // a seat token to resume
  std::optional<std::int64_t> version;  // the client's version, ≥ 0
  std::optional<std::string> name;      // the display name when sent (cleaned by the server)
  bool acks_in_patch = false;           // "acks": "in_patch"
  bool legal = true;                    // "legal": false: no legal or expects fields sent
};

// {"type":"watch_list","preview":bool?}: follow the match list.
struct watch_list_request {
  bool preview = false;
};

// The requests a connection sends to the match it joined. id is the client's request id:
// a string or an integer for those that change something; for resync and history whatever
// the client sent (null when absent), echoed back.
struct act_request {
  json id;
  json action;  // an object, parsed by the game's codec
};
struct resign_request {
  json id;
};
enum class draw_op { offer, accept, decline };
struct draw_request {
  json id;
  draw_op op = draw_op::offer;
};
struct abort_request {
  json id;
};
struct rematch_request {
  json id;
  bool accept = true;  // false: decline the other's offer, or withdraw one's own
};
struct resync_request {
  json id;
};
struct history_request {
  json id;
  std::int64_t from = 0;  // ≥ 0; the room refuses one beyond its version
};

// {"type":"chat","id":…,"text":"…"}: a line of the match's chat (the players' chat from a
// seat, the spectators' chat from a spectator; the room checks who may write and how much).
struct chat_request {
  json id;
  std::string text;  // as sent (valid UTF-8, at most the message size); cleaned by the room
};
// {"type":"chat_mute","id":…,"mute":true|false}: a seat stops (or starts again) hearing the
// other seat's chat lines.
struct chat_mute_request {
  json id;
  bool mute = true;
};
// {"type":"chat_report","id":…,"message":N,"reason":"…"?}: report a chat line the sender can
// see to the server's administrators.
struct chat_report_request {
  json id;
  std::int64_t message = 0;
  std::string reason;  // at most 200 bytes
};
using room_request =
    std::variant<act_request, resign_request, draw_request, abort_request, rematch_request, resync_request,
                 history_request, chat_request, chat_mute_request, chat_report_request>;

// The request id r carries.
inline const json& request_id(const room_request& r) {
  return std::visit([](const auto& q) -> const json& { return q.id; }, r);
}

using client_request = std::variant<ping_request, join_request, watch_list_request, room_request, lobby_request>;

// A message refused as malformed: sent as an "error" message (code, message and, when not
// null, id) or as a "reject" of the request id.
struct request_error {
  enum class envelope { error, reject };
  envelope as = envelope::error;
  std::string code, message;
  json id;                // echoed (null: none)
  bool for_room = false;  // the message was a room request (act, resign, draw, abort,
                          // rematch, resync, history): one from a connection that joined no
                          // match is refused as not_joined instead, and a room refuses it
                          // only after the checks that come first (refused_after)
  // Which of the room's own refusals come before this one: none (a bad id or history
  // position), the sender's seat (a spectator cannot act: a rematch's accept), or the seat,
  // the match over and the match started (an act's action, a draw's op).
  enum class after { nothing, seat, start };
  after refused_after = after::nothing;
  bool is_join = false;  // the message was a join
};

using parsed_request = std::variant<client_request, request_error>;

// msg as a typed request, or its refusal. Malformed fields are refused with bad_message (not an object, no string type, bad join, watch_list or lobby fields,
// a missing id, a history from that is not an integer ≥ 0, a draw op or a rematch accept that
// is not one of theirs), bad_action (act without an action object), unknown_message; a room
// request's refusal keeps its place after the room's own checks (refused_after).
parsed_request parse_request(const json& msg);

}  // namespace tabuleiro::protocol

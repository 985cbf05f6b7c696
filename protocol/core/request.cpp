// Client messages parsed into typed requests (protocol/core/request.h).
#include "protocol/core/request.h"

#include <initializer_list>
#include <optional>
#include <string_view>

namespace tabuleiro::protocol {

namespace {

using envelope = request_error::envelope;

// An "error" refusal.
request_error error(std::string code, std::string message, json id = nullptr) {
  return {envelope::error, std::move(code), std::move(message), std::move(id)};
}

// A "reject" refusal of request id, given after the room's checks named by after.
request_error reject(json id, std::string code, std::string message, request_error::after after) {
  request_error e{envelope::reject, std::move(code), std::move(message), std::move(id)};
  e.refused_after = after;
  return e;
}

// msg[key], or fallback when absent.
json field(const json& msg, const char* key, json fallback = nullptr) {
  const auto it = msg.find(key);
  return it == msg.end() ? fallback : *it;
}

// A join's fields, each of its documented type.
parsed_request parse_join(const json& msg) {
  if (!msg.contains("code") || !msg["code"].is_string()) return error("bad_message", "join needs a string code");
  // An optional field may be absent; present, it has its type (null is not absent).
  const json as = field(msg, "as", "player");
  const json token = field(msg, "token", "");
  const json version = field(msg, "version", 0);
  const json name = field(msg, "name", "");
  const json acks = field(msg, "acks", "message");
  const json legal = field(msg, "legal", true);
  if ((as != "player" && as != "spectator") || !token.is_string() || !(version.is_number_integer() && version >= 0) ||
      !name.is_string() || (acks != "message" && acks != "in_patch") || !legal.is_boolean())
    return error("bad_message", "join takes as: player|spectator, token: string, version: integer, name: string,"
                                " acks: message|in_patch, legal: boolean");
  join_request j;
  j.code = msg["code"].get<std::string>();
  j.spectator = as == "spectator";
  if (msg.contains("token")) j.token = token.get<std::string>();
  if (msg.contains("version")) j.version = version.get<std::int64_t>();
  if (msg.contains("name")) j.name = name.get<std::string>();
  j.acks_in_patch = acks == "in_patch";
  j.legal = legal.get<bool>();
  return client_request{std::move(j)};
}

// A room request of type (one of room_request's), its id checked first.
parsed_request parse_room_request(const std::string& type, const json& msg) {
  const json id = field(msg, "id");
  if (type == "resync") return client_request{room_request{resync_request{id}}};
  if (type == "history") {
    const json from = field(msg, "from", 0);
    if (!from.is_number_integer() || from.get<std::int64_t>() < 0)
      return error("bad_message", "history takes from: a version 0..current", id);
    return client_request{room_request{history_request{id, from.get<std::int64_t>()}}};
  }
  if (!(id.is_string() || id.is_number_integer()))
    return error("bad_message", type + " needs an id (string or integer)");
  if (type == "act") {
    const auto action = msg.find("action");
    if (action == msg.end() || !action->is_object())
      return reject(id, "bad_action", "act needs an action object", request_error::after::start);
    return client_request{room_request{act_request{id, *action}}};
  }
  if (type == "resign") return client_request{room_request{resign_request{id}}};
  if (type == "chat") {
    const json text = field(msg, "text");
    if (!text.is_string()) return reject(id, "bad_message", "chat needs text: a string", request_error::after::nothing);
    return client_request{room_request{chat_request{id, text.get<std::string>()}}};
  }
  if (type == "chat_mute") {
    const json mute = field(msg, "mute", true);
    if (!mute.is_boolean())
      return reject(id, "bad_message", "chat_mute takes mute: true|false", request_error::after::nothing);
    return client_request{room_request{chat_mute_request{id, mute.get<bool>()}}};
  }
  if (type == "chat_report") {
    const json message = field(msg, "message");
    const json reason = field(msg, "reason", "");
    if (!message.is_number_integer() || message.get<std::int64_t>() <= 0 || !reason.is_string() ||
        reason.get_ref<const std::string&>().size() > 200)
      return reject(id, "bad_message", "chat_report takes message: a line's id, reason: at most 200 bytes",
                    request_error::after::nothing);
    return client_request{
        room_request{chat_report_request{id, message.get<std::int64_t>(), reason.get<std::string>()}}};
  }
  if (type == "abort") return client_request{room_request{abort_request{id}}};
  if (type == "draw") {
    const json op = field(msg, "op");
    if (op == "offer") return client_request{room_request{draw_request{id, draw_op::offer}}};
    if (op == "accept") return client_request{room_request{draw_request{id, draw_op::accept}}};
    if (op == "decline") return client_request{room_request{draw_request{id, draw_op::decline}}};
    return reject(id, "bad_message", "draw needs op: offer|accept|decline", request_error::after::start);
  }
  // rematch
  const json accept = field(msg, "accept", true);
  if (!accept.is_boolean())
    return reject(id, "bad_message", "rematch takes accept: true|false", request_error::after::seat);
  return client_request{room_request{rematch_request{id, accept.get<bool>()}}};
}

// True for the types of room_request.
bool is_room_type(std::string_view t) {
  return t == "act" || t == "resign" || t == "draw" || t == "abort" || t == "rematch" || t == "resync" ||
         t == "history" || t == "chat" || t == "chat_mute" || t == "chat_report";
}

// A lobby request id: absent (null), a string or an integer.
bool valid_lobby_id(const json& id) { return id.is_null() || id.is_string() || id.is_number_integer(); }

// Copies the match fields a challenge or seek may carry (game, options, clock, rated) into a
// creation request's shape; false when msg has any other field than those and extra.
bool match_fields(const json& msg, std::initializer_list<const char*> extra, json& out) {
  out = json::object();
  for (const auto& [key, value] : msg.items()) {
    if (key == "type" || key == "id") continue;
    if (key == "game" || key == "options" || key == "clock" || key == "rated") {
      out[key] = value;
      continue;
    }
    bool known = false;
    for (const char* k : extra) known = known || key == k;
    if (!known) return false;
  }
  return true;
}

// An optional rating bound: absent, null or an integer from 0 to 4000.
bool rating_bound(const json& msg, const char* key, std::optional<std::int64_t>& out) {
  const json v = field(msg, key);
  if (v.is_null()) return true;
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 4000) return false;
  out = v.get<std::int64_t>();
  return true;
}

// The lobby's requests (protocol/core/lobby_messages.h), or nullopt when type is not one.
std::optional<parsed_request> parse_lobby_request(const std::string& type, const json& msg) {
  const json id = field(msg, "id");
  if (type == "watch_lobby") return client_request{lobby_request{watch_lobby_request{}}};
  const bool op = type == "cancel_challenge" || type == "accept_challenge" || type == "decline_challenge";
  if (type != "challenge" && type != "seek" && type != "cancel_seek" && !op) return std::nullopt;
  if (!valid_lobby_id(id)) return error("bad_message", "id must be a string or an integer");
  if (type == "cancel_seek") return client_request{lobby_request{cancel_seek_request{id}}};
  if (op) {
    const json c = field(msg, "challenge");
    if (!c.is_string() || c.get_ref<const std::string&>().empty() || c.get_ref<const std::string&>().size() > 64)
      return error("bad_message", type + " needs a challenge id", id);
    const challenge_op o = type == "accept_challenge"    ? challenge_op::accept
                           : type == "decline_challenge" ? challenge_op::decline
                                                         : challenge_op::cancel;
    return client_request{lobby_request{challenge_op_request{id, o, c.get<std::string>()}}};
  }
  if (type == "seek") {
    seek_request s{id, {}};
    if (!match_fields(msg, {}, s.match)) return error("bad_message", "seek takes game, clock and rated", id);
    if (s.match.contains("options")) return error("bad_message", "seek takes game, clock and rated", id);
    return client_request{lobby_request{std::move(s)}};
  }
  challenge_request c{id, {}, std::nullopt, std::nullopt, std::nullopt};
  if (!match_fields(msg, {"min_rating", "max_rating", "to"}, c.match))
    return error("bad_message", "challenge takes game, options, clock, rated, min_rating, max_rating and to", id);
  if (!rating_bound(msg, "min_rating", c.min_rating) || !rating_bound(msg, "max_rating", c.max_rating) ||
      (c.min_rating && c.max_rating && *c.min_rating > *c.max_rating))
    return error("bad_message", "min_rating and max_rating are integers from 0 to 4000, the least first", id);
  const json to = field(msg, "to");
  if (!(to.is_null() || to.is_string()) ||
      (to.is_string() && (to.get_ref<const std::string&>().empty() || to.get_ref<const std::string&>().size() > 64)))
    return error("bad_message", "to is a member's user name", id);
  if (to.is_string()) c.to = to.get<std::string>();
  return client_request{lobby_request{std::move(c)}};
}

}  // namespace

parsed_request parse_request(const json& msg) {
  if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string())
    return error("bad_message", "a message is an object with a string \"type\"");
  const std::string& type = msg["type"].get_ref<const std::string&>();
  if (type == "ping") return client_request{ping_request{field(msg, "t")}};
  if (type == "join") {
    auto parsed = parse_join(msg);
    if (auto* e = std::get_if<request_error>(&parsed)) e->is_join = true;
    return parsed;
  }
  if (type == "watch_list") {
    const json preview = field(msg, "preview", false);
    if (!preview.is_boolean()) return error("bad_message", "watch_list takes preview: boolean");
    return client_request{watch_list_request{preview.get<bool>()}};
  }
  if (auto lobby = parse_lobby_request(type, msg)) return std::move(*lobby);
  if (is_room_type(type)) {
    auto parsed = parse_room_request(type, msg);
    if (auto* e = std::get_if<request_error>(&parsed)) e->for_room = true;
    return parsed;
  }
  return error("unknown_message", "unknown message type '" + type.substr(0, 40) + "'");
}

}  // namespace tabuleiro::protocol

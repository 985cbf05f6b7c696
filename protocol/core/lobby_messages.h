// The lobby's part of the protocol (PROTOCOL.md "Lobby"): the requests a connection sends to
// find an opponent (parsed by protocol/core/request.cpp like every client message) and the
// messages the server answers and pushes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol {

// {"type":"watch_lobby"}: the open challenges, then every change to them.
struct watch_lobby_request {};

// {"type":"challenge","id"?,"game","options"?,"clock"?,"rated"?,"min_rating"?,"max_rating"?,"to"?}:
// post an open challenge (any member may accept it, within the rating range) or, with "to", a
// direct one to that member. match holds game, options, clock and rated, as a creation has them.
struct challenge_request {
  nlohmann::json id;
  nlohmann::json match;
  std::optional<std::int64_t> min_rating, max_rating;
  std::optional<std::string> to;  // the challenged member's user name
};

// {"type":"seek","id"?,"game","clock"?,"rated"?}: quick pairing; match as in challenge_request.
struct seek_request {
  nlohmann::json id;
  nlohmann::json match;
};

// What a member does to one challenge: withdraw their own, take another's, refuse a direct one.
enum class challenge_op { cancel, accept, decline };

// {"type":"cancel_challenge"|"accept_challenge"|"decline_challenge","id"?,"challenge":"…"}.
struct challenge_op_request {
  nlohmann::json id;
  challenge_op op = challenge_op::cancel;
  std::string challenge;
};

// {"type":"cancel_seek","id"?}: leave quick pairing.
struct cancel_seek_request {
  nlohmann::json id;
};

using lobby_request =
    std::variant<watch_lobby_request, challenge_request, seek_request, challenge_op_request, cancel_seek_request>;

// The request id r carries (null for watch_lobby).
const nlohmann::json& lobby_request_id(const lobby_request& r);

// A member as the lobby shows them: user name, display name, rating in the challenge's game
// and speed (rounded) and whether it is provisional.
struct lobby_player {
  std::string name;
  std::string display_name;
  std::int64_t rating = 1500;
  bool provisional = true;
};

// One challenge as its viewers see it.
struct challenge_view {
  std::string id;
  std::string kind;  // "open" | "direct" | "seek"
  std::string game;
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json clock;  // null or the clock option's JSON
  bool rated = false;
  std::string speed;  // "live" | "correspondence"
  lobby_player author;
  std::optional<std::int64_t> min_rating, max_rating;
  std::optional<lobby_player> to;  // direct: the member challenged (no rating)
  std::string created;             // ISO 8601 UTC
  std::string expires;             // ISO 8601 UTC: when it lapses unless taken or withdrawn first
};

// Why a challenge left the list: "cancelled", "accepted", "declined" or "expired".
namespace lobby_messages {

// {"id","kind","game","options","clock","rated","speed","author":{…},"min_rating","max_rating","to","created","expires"}.
nlohmann::json challenge_json(const challenge_view& c);
// {"type":"lobby","challenges":[…],"seek":null|{…}}: a watcher's first list (open and direct
// challenges it may see, oldest first) and its own seek.
std::string lobby(const std::vector<challenge_view>& challenges, const std::optional<challenge_view>& seek);
// {"type":"challenge_added","challenge":{…}}.
std::string challenge_added(const challenge_view& c);
// {"type":"challenge_removed","challenge":"ID","reason":"…"}.
std::string challenge_removed(const std::string& id, const std::string& reason);
// {"type":"challenge_posted","id":…,"challenge":{…}}: the author's answer (kind seek: seeking).
std::string challenge_posted(const nlohmann::json& request_id, const challenge_view& c);
// {"type":"match_found","id":…,"challenge":"ID","code":"K7M2QX"}: a challenge or seek of the
// connection's member made a match; open /m/CODE (the member's account holds its seat).
std::string match_found(const nlohmann::json& request_id, const std::string& challenge, const std::string& code);
// {"type":"lobby_done","id":…,"challenge":"ID"}: a cancel, decline or cancel_seek took effect.
std::string lobby_done(const nlohmann::json& request_id, const std::string& challenge);

}  // namespace lobby_messages

}  // namespace tabuleiro::protocol

// The lobby's messages (see lobby_messages.h).
#include "protocol/core/lobby_messages.h"

namespace tabuleiro::protocol {

namespace {

using json = nlohmann::json;

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json player_json(const lobby_player& p, bool rated) {
  json j = {{"name", p.name}, {"display_name", p.display_name}};
  if (rated) {
    j["rating"] = p.rating;
    j["provisional"] = p.provisional;
  }
  return j;
}

// j with the request id, when the request had one.
json with_id(json j, const json& request_id) {
  if (!request_id.is_null()) j["id"] = request_id;
  return j;
}

}  // namespace

const json& lobby_request_id(const lobby_request& r) {
  static const json none;
  return std::visit(
      [](const auto& q) -> const json& {
        if constexpr (requires { q.id; }) return q.id;
        else return none;
      },
      r);
}

namespace lobby_messages {

json challenge_json(const challenge_view& c) {
  json j = {{"id", c.id},
            {"kind", c.kind},
            {"game", c.game},
            {"options", c.options},
            {"clock", c.clock},
            {"rated", c.rated},
            {"speed", c.speed},
            {"author", player_json(c.author, true)},
            {"min_rating", c.min_rating ? json(*c.min_rating) : json(nullptr)},
            {"max_rating", c.max_rating ? json(*c.max_rating) : json(nullptr)},
            {"to", c.to ? player_json(*c.to, false) : json(nullptr)},
            {"created", c.created},
            {"expires", c.expires}};
  return j;
}

std::string lobby(const std::vector<challenge_view>& challenges, const std::optional<challenge_view>& seek) {
  json list = json::array();
  for (const auto& c : challenges) list.push_back(challenge_json(c));
  return dump(
      {{"type", "lobby"}, {"challenges", std::move(list)}, {"seek", seek ? challenge_json(*seek) : json(nullptr)}});
}

std::string challenge_added(const challenge_view& c) {
  return dump({{"type", "challenge_added"}, {"challenge", challenge_json(c)}});
}

std::string challenge_removed(const std::string& id, const std::string& reason) {
  return dump({{"type", "challenge_removed"}, {"challenge", id}, {"reason", reason}});
}

std::string challenge_posted(const json& request_id, const challenge_view& c) {
  return dump(with_id({{"type", "challenge_posted"}, {"challenge", challenge_json(c)}}, request_id));
}

std::string match_found(const json& request_id, const std::string& challenge, const std::string& code) {
  return dump(with_id({{"type", "match_found"}, {"challenge", challenge}, {"code", code}}, request_id));
}

std::string lobby_done(const json& request_id, const std::string& challenge) {
  return dump(with_id({{"type", "lobby_done"}, {"challenge", challenge}}, request_id));
}

}  // namespace lobby_messages

}  // namespace tabuleiro::protocol

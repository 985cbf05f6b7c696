#include "server/registry/create_request.h"

#include "bots/bot.h"
#include "protocol/core/json_util.h"

namespace tabuleiro::server {

namespace {

using json = nlohmann::json;

// The level of an "opponent" ({"bot":"easy"|"medium"|"hard"}), or an explanation in why.
std::optional<std::string> bot_level_of(const json& opponent, std::string& why) {
  if (!opponent.is_object()) {
    why = "opponent must be an object: {\"bot\":\"easy\"|\"medium\"|\"hard\"}";
    return std::nullopt;
  }
  if (auto k = protocol::first_unknown_key(opponent, {"bot"})) {
    why = "unknown opponent field '" + *k + "'";
    return std::nullopt;
  }
  const json bot = opponent.value("bot", json());
  if (bot != "easy" && bot != "medium" && bot != "hard") {
    why = "opponent.bot must be \"easy\", \"medium\" or \"hard\"";
    return std::nullopt;
  }
  return bot.get<std::string>();
}

}  // namespace

std::variant<create_request, request_error> parse_create_request(const json& body) {
  if (!body.is_object()) return request_error{"bad_request", "the body must be a JSON object"};
  if (auto k = protocol::first_unknown_key(body, {"game", "opponent", "options", "position", "seat", "visibility",
                                                  "clock", "guests_watch", "rated", "chat"}))
    return request_error{"bad_request", "unknown field '" + *k + "'"};
  create_request r;
  const json game = body.value("game", json());
  r.kind = game.is_string() ? protocol::find_game(game.get<std::string>()) : nullptr;
  if (r.kind == nullptr) return request_error{"unknown_game", "game must name a hosted game"};
  r.options = body.value("options", json::object());
  r.position = body.value("position", json());
  const json seat = body.value("seat", json(1));
  const json visibility = body.value("visibility", json("public"));
  if (!r.options.is_object()) return request_error{"bad_options", "options must be an object"};
  if (!r.position.is_null() && !r.position.is_object())
    return request_error{"bad_position", "position must be an object"};
  // The creator must not know the future: the server draws the randomness of every match.
  if (r.position.is_object() && (r.position.contains("seed") || r.position.contains("rng")))
    return request_error{"bad_position", "a posted position may not carry seed or rng; the server draws its own"};
  if (seat != 1 && seat != 2 && seat != "random")
    return request_error{"bad_request", "seat must be 1, 2 or \"random\""};
  r.seat = seat == "random" ? 0 : seat.get<int>();
  if (visibility != "public" && visibility != "unlisted")
    return request_error{"bad_request", "visibility must be \"public\" or \"unlisted\""};
  r.visibility = visibility.get<std::string>();
  const json guests_watch = body.value("guests_watch", json(true));
  if (!guests_watch.is_boolean()) return request_error{"bad_request", "guests_watch must be true or false"};
  r.guests_watch = guests_watch.get<bool>();
  std::string clock_error;
  const auto clock = parse_clock_options(body.value("clock", json()), clock_error);
  if (!clock) return request_error{"bad_clock", clock_error};
  r.clock = *clock;
  if (body.contains("opponent")) {
    std::string why;
    r.bot_level = bot_level_of(body["opponent"], why);
    if (!r.bot_level) return request_error{"bad_request", why};
    if (!bots::plays(r.kind->name()))
      return request_error{"bad_request", "there is no computer opponent for " + std::string(r.kind->name())};
  }
  const json chat = body.value("chat", json(true));
  if (!chat.is_boolean()) return request_error{"bad_request", "chat must be true or false"};
  r.chat = chat.get<bool>();
  const json rated = body.value("rated", json(false));
  if (!rated.is_boolean()) return request_error{"bad_request", "rated must be true or false"};
  r.rated = rated.get<bool>();
  if (r.rated && r.bot_level) return request_error{"bad_request", "a match against the computer is never rated"};
  if (r.rated && r.clock.type == clock_options::kind::none)
    return request_error{"bad_clock", "a rated match needs a clock: initial_s and increment_s, or days_per_turn"};
  return r;
}

}  // namespace tabuleiro::server

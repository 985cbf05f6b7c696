#include "server/registry/publish_request.h"

#include <algorithm>

#include "bots/bot.h"
#include "protocol/core/json_util.h"
#include "protocol/core/room_change.h"
#include "server/util/display_name.h"

namespace tabuleiro::server {

namespace {

using json = nlohmann::json;

// A refusal at step (for seat, or "end" when seat is 0 at the log's end, nothing when -1):
// "step 17 (seat 2): weaker_attacker — the message".
log_refusal refusal(std::int64_t step, int seat, std::string reason, const std::string& message) {
  std::string where = "step " + std::to_string(step);
  if (seat > 0) where += " (seat " + std::to_string(seat) + ")";
  else if (seat == 0) where += " (end)";
  std::string text = where + ": " + reason + " \u2014 " + message;
  return log_refusal{step, std::move(reason), std::move(text)};
}

// The computer's level and seat from "bot" and "bot_seat" into r; an explanation otherwise.
std::optional<std::string> read_bot(const json& body, publish_request& r) {
  const json bot = body.value("bot", json());
  const json seat = body.value("bot_seat", json());
  if (bot.is_null() && seat.is_null()) return std::nullopt;
  if (bot != "easy" && bot != "medium" && bot != "hard") return "bot must be \"easy\", \"medium\", \"hard\" or null";
  if (seat != 1 && seat != 2) return "bot_seat must be 1 or 2 when bot is given";
  if (!bots::plays(r.kind->name())) return "there is no computer opponent for " + std::string(r.kind->name());
  r.bot_level = bot.get<std::string>();
  r.bot_seat = seat.get<int>();
  return std::nullopt;
}

// The display names of "names" ({"1":"Ana","2":null}) into r, cleaned; an explanation otherwise.
std::optional<std::string> read_names(const json& names, publish_request& r) {
  if (names.is_null()) return std::nullopt;
  if (!names.is_object()) return "names must be an object: {\"1\":\"Ana\",\"2\":\"Bruno\"}";
  if (auto k = protocol::first_unknown_key(names, {"1", "2"})) return "unknown names field '" + *k + "'";
  for (int s = 1; s <= 2; ++s) {
    const json name = names.value(std::to_string(s), json());
    if (name.is_null()) continue;
    if (!name.is_string()) return "names." + std::to_string(s) + " must be a string or null";
    r.names[s - 1] = clean_display_name(name.get_ref<const std::string&>());
    if (s == r.bot_seat && !r.names[s - 1].empty())
      return "names." + std::to_string(s) + ": seat " + std::to_string(s) + " is the computer's";
  }
  return std::nullopt;
}

// The resigning seat of "end" (null, or {"type":"resign","seat":1|2}) into r (-1 for a seat
// that is not 1 or 2, refused at the log's end); an explanation of a malformed end otherwise.
std::optional<std::string> read_end(const json& end, publish_request& r) {
  if (end.is_null()) return std::nullopt;
  if (!end.is_object()) return "end must be null or {\"type\":\"resign\",\"seat\":1|2}";
  if (auto k = protocol::first_unknown_key(end, {"type", "seat"})) return "unknown end field '" + *k + "'";
  if (end.value("type", json()) != "resign") return "end.type must be \"resign\"";
  r.resigned = protocol::int_field(end, "seat", 1, 2).value_or(-1);
  return std::nullopt;
}

}  // namespace

std::variant<publish_request, request_error, log_refusal> parse_publish_request(const json& body) {
  if (!body.is_object()) return request_error{"bad_request", "the body must be a JSON object"};
  if (auto k = protocol::first_unknown_key(body, {"game", "options", "seed", "actions", "bot", "bot_seat", "end",
                                                  "names", "visibility"}))
    return request_error{"bad_request", "unknown field '" + *k + "'"};
  publish_request r;
  const json game = body.value("game", json());
  r.kind = game.is_string() ? protocol::find_game(game.get<std::string>()) : nullptr;
  if (r.kind == nullptr) return request_error{"unknown_game", "game must name a hosted game"};
  r.options = body.value("options", json::object());
  if (!r.options.is_object()) return request_error{"bad_options", "options must be an object"};
  const auto seed = protocol::parse_seed(body.value("seed", json()));
  if (!seed) return request_error{"bad_request", "seed must be an unsigned 64-bit integer as a decimal string"};
  r.seed = *seed;
  const auto actions = body.find("actions");
  if (actions == body.end() || !actions->is_array())
    return request_error{"bad_request", "actions must be an array of {\"seat\":1|2,\"action\":{…}}"};
  if (actions->size() > max_published_actions)
    return refusal(static_cast<std::int64_t>(max_published_actions) + 1, -1, "too_many_actions",
                   "a published log holds at most " + std::to_string(max_published_actions) + " actions");
  r.actions = *actions;
  if (auto why = read_bot(body, r)) return request_error{"bad_request", *why};
  if (auto why = read_end(body.value("end", json()), r)) return request_error{"bad_request", *why};
  if (auto why = read_names(body.value("names", json()), r)) return request_error{"bad_request", *why};
  const json visibility = body.value("visibility", json("unlisted"));
  if (visibility != "public" && visibility != "unlisted")
    return request_error{"bad_request", "visibility must be \"public\" or \"unlisted\""};
  r.visibility = visibility.get<std::string>();
  return r;
}

std::variant<replayed_log, request_error, log_refusal> replay_publication(const publish_request& r) {
  auto created = r.kind->create(r.options, nullptr, r.seed);
  if (auto* e = std::get_if<engine::rule_error>(&created)) return request_error{e->code, e->message};
  replayed_log out;
  out.match = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  protocol::match& m = *out.match;
  const auto n = static_cast<std::int64_t>(r.actions.size());
  for (std::int64_t step = 1; step <= n; ++step) {
    const json& entry = r.actions[static_cast<std::size_t>(step - 1)];
    if (!entry.is_object() || protocol::first_unknown_key(entry, {"seat", "action"}))
      return refusal(step, -1, "bad_entry", "an entry is {\"seat\":1|2,\"action\":{…}} and nothing else");
    const auto seat = protocol::int_field(entry, "seat", 1, 2);
    if (!seat) return refusal(step, -1, "bad_entry", "seat must be 1 or 2");
    const auto action = entry.find("action");
    if (action == entry.end() || !action->is_object())
      return refusal(step, *seat, "bad_entry", "action must be an object");
    if (m.outcome()) return refusal(step, *seat, "game_over", "the game was already over");
    const auto to_act = m.seats_to_act();
    if (std::find(to_act.begin(), to_act.end(), *seat) == to_act.end())
      return refusal(step, *seat, "not_your_turn", "it is not this seat's turn");
    auto applied = m.apply(*seat, *action);
    if (auto* e = std::get_if<engine::rule_error>(&applied)) return refusal(step, *seat, e->code, e->message);
    out.log.push_back(action_row{step, *seat, std::move(std::get<protocol::applied>(applied).action), nullptr, 0, 0});
  }
  const std::int64_t end = n + 1;
  if (r.resigned == 0) {
    if (!m.outcome())
      return refusal(end, 0, "not_finished",
                     "the game is not over after " + std::to_string(n) + " actions, and end names no resignation");
    out.outcome = *m.outcome();
    return out;
  }
  if (r.resigned < 0) return refusal(end, 0, "bad_end", "end.seat must be 1 or 2");
  if (r.resigned == r.bot_seat) return refusal(end, 0, "bad_end", "the computer never resigns");
  if (m.outcome()) return refusal(end, 0, "game_over", "the game was already over by its rules");
  const protocol::room_change resign{protocol::room_change_kind::resign, r.resigned, std::nullopt};
  out.outcome = protocol::outcome_of(resign);
  m.conclude(out.outcome);
  out.log.push_back(action_row{end, r.resigned, nullptr, protocol::room_change_json(resign), 0, 0});
  return out;
}

}  // namespace tabuleiro::server

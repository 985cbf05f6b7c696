// The browser engine's JSON calls over protocol::game_kind, protocol::match and bots::choose.
#include "wasm/engine_api.h"

#include <atomic>
#include <chrono>

#include "bots/bot.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"

namespace tabuleiro::wasm {

namespace {

using protocol::json;

// An answer refusing the request: {"ok":false,"error":{code, message}}.
std::string refuse(std::string_view code, std::string_view message) {
  return json{{"ok", false}, {"error", {{"code", code}, {"message", message}}}}.dump();
}

// An answer carrying a rule error (the server's reject error, byte for byte in its fields).
std::string refuse(const protocol::rule_error& e) { return refuse(e.code, e.message); }

// The request's seat (1 or 2), or nullopt.
std::optional<engine::seat> seat_of(const json& req) {
  const auto s = protocol::int_field(req, "seat", 1, 2);
  if (!s) return std::nullopt;
  return *s;
}

// The request's member key, or null when absent.
const json& member(const json& req, const char* key) {
  static const json none;
  const auto it = req.find(key);
  return it == req.end() ? none : *it;
}

// `"legal":[…]` (and `"expects"` when incomplete), `"complete"` and `"to_act"` of seat s in m
// (s 0: a spectator, whose list is empty and complete), as members to splice into an answer.
std::string legal_members(const protocol::match& m, engine::seat s) {
  std::string out;
  if (s == 0) {
    out = protocol::messages::legal_fields(protocol::legal_json{});
    out += ",\"complete\":true";
  } else {
    out = m.legal_fields(s);
    out += m.legal_complete(s) ? ",\"complete\":true" : ",\"complete\":false";
  }
  out += ',';
  out += protocol::messages::to_act_field(m.seats_to_act());
  return out;
}

// The answer to checking seat's action in m: the turn's refusal or the rule check's, else ok.
std::string check_answer(const protocol::match& m, engine::seat seat, const json& action) {
  if (auto err = protocol::turn_refusal(m, seat)) return refuse(*err);
  if (auto err = m.check(seat, action)) return refuse(*err);
  return R"({"ok":true})";
}

// `"outcome":…` of m as a member.
std::string outcome_member(const protocol::match& m) {
  return "\"outcome\":" + protocol::outcome_json(m.outcome()).dump();
}

}  // namespace

std::string engine_api::call(std::string_view request) {
  if (request.size() > max_request_bytes) return refuse("too_large", "the request is over 1 MiB");
  const json req = json::parse(request, nullptr, false);
  if (req.is_discarded() || !req.is_object()) return refuse("bad_request", "a request is a JSON object");
  const json& op = member(req, "op");
  if (!op.is_string()) return refuse("bad_request", "a request names its \"op\"");
  const auto& name = op.get_ref<const std::string&>();
  if (name == "new") return do_new(req);
  if (name == "state") return do_state(req);
  if (name == "check") return do_check(req);
  if (name == "apply") return do_apply(req);
  if (name == "conclude") return do_conclude(req);
  if (name == "bot") return do_bot(req);
  if (name == "free") return do_free(req);
  if (name == "view_legal") return do_view_legal(req);
  if (name == "view_check") return do_view_check(req);
  return refuse("bad_request", "unknown op '" + name + "'");
}

protocol::match* engine_api::match_of(const json& req) {
  const auto id = protocol::int_field(req, "match", 1, 1 << 30);
  if (!id) return nullptr;
  const auto it = matches_.find(*id);
  return it == matches_.end() ? nullptr : it->second.get();
}

std::string engine_api::do_new(const json& req) {
  const json& game = member(req, "game");
  const auto* kind = game.is_string() ? protocol::find_game(game.get_ref<const std::string&>()) : nullptr;
  if (!kind) return refuse("unknown_game", "no such game");
  const auto seed = protocol::parse_seed(member(req, "seed"));
  if (!seed) return refuse("bad_request", "seed must be an unsigned 64-bit integer in a string");
  if (matches_.size() >= max_matches) return refuse("too_many_matches", "free a match first");
  const json& options = member(req, "options");
  // A starting position (the game's persistence form, as a lesson gives it), else the game's own.
  const json& position = member(req, "position");
  auto made = kind->create(options.is_null() ? json::object() : options, position, *seed);
  if (auto* err = std::get_if<protocol::rule_error>(&made)) return refuse(*err);
  const int id = next_id_++;
  matches_.emplace(id, std::move(std::get<std::unique_ptr<protocol::match>>(made)));
  return json{{"ok", true}, {"match", id}}.dump();
}

std::string engine_api::do_state(const json& req) {
  auto* m = match_of(req);
  if (!m) return refuse("no_match", "no such match");
  const auto viewer = protocol::int_field(req, "viewer", 0, 2);
  if (!viewer) return refuse("bad_request", "viewer must be 0 (spectator), 1 or 2");
  const auto pub = m->observe();
  return "{\"ok\":true,\"view\":" + pub.view_of(*viewer).dump() + ',' + legal_members(*m, *viewer) + ',' +
         outcome_member(*m) + '}';
}

std::string engine_api::do_check(const json& req) {
  auto* m = match_of(req);
  if (!m) return refuse("no_match", "no such match");
  const auto seat = seat_of(req);
  if (!seat) return refuse("bad_request", "seat must be 1 or 2");
  return check_answer(*m, *seat, member(req, "action"));
}

std::string engine_api::do_apply(const json& req) {
  auto* m = match_of(req);
  if (!m) return refuse("no_match", "no such match");
  const auto seat = seat_of(req);
  if (!seat) return refuse("bad_request", "seat must be 1 or 2");
  if (auto err = protocol::turn_refusal(*m, *seat)) return refuse(*err);
  auto r = m->apply(*seat, member(req, "action"));
  if (auto* err = std::get_if<protocol::rule_error>(&r)) return refuse(*err);
  const auto& done = std::get<protocol::applied>(r);
  std::string out = "{\"ok\":true,\"action\":" + done.action.dump() + ",\"events\":[";
  for (int c = 0; c < engine::viewer_count; ++c) {
    if (c) out += ',';
    out += done.pub.events.at(done.pub.group_of.at(c))->text();
  }
  out += "]," + protocol::messages::to_act_field(m->seats_to_act()) + ',' + outcome_member(*m) + '}';
  return out;
}

std::string engine_api::do_conclude(const json& req) {
  auto* m = match_of(req);
  if (!m) return refuse("no_match", "no such match");
  std::optional<engine::outcome> o;
  const json given = {{"winner", member(req, "winner")}, {"reason", member(req, "reason")}};
  if (auto why = protocol::read_outcome(given, o)) return refuse("bad_request", *why);
  m->conclude(*o);
  return "{\"ok\":true," + outcome_member(*m) + '}';
}

std::string engine_api::do_bot(const json& req) {
  auto* m = match_of(req);
  if (!m) return refuse("no_match", "no such match");
  const auto seat = seat_of(req);
  const json& level_name = member(req, "level");
  const auto level = level_name.is_string() ? bots::parse_level(level_name.get_ref<const std::string&>())
                                            : std::nullopt;
  const auto seed = protocol::parse_seed(member(req, "seed"));
  if (!seat || !level || !seed) return refuse("bad_request", "a bot request names seat, level and seed");
  bots::limits lim;
  if (req.contains("time_ms")) {
    const auto ms = protocol::int_field(req, "time_ms", 1, 60000);
    if (!ms) return refuse("bad_request", "time_ms must be 1..60000");
    lim.time_limit = std::chrono::milliseconds(*ms);
  }
  const std::atomic<bool> stop{false};
  const auto started = std::chrono::steady_clock::now();
  const auto action = bots::choose(*m, *seat, *level, lim, *seed, stop);
  if (!action) return refuse("no_move", "that seat has nothing to play now");
  const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return json{{"ok", true}, {"action", *action}, {"ms", ms}}.dump();
}

std::string engine_api::do_free(const json& req) {
  const auto id = protocol::int_field(req, "match", 1, 1 << 30);
  if (!id || !matches_.erase(*id)) return refuse("no_match", "no such match");
  return R"({"ok":true})";
}

namespace {
// The match the request's seat could hold knowing only the request's view, or the refusal.
std::variant<std::unique_ptr<protocol::match>, std::string> from_view(const json& req, engine::seat& seat) {
  const json& game = member(req, "game");
  const auto* kind = game.is_string() ? protocol::find_game(game.get_ref<const std::string&>()) : nullptr;
  if (!kind) return refuse("unknown_game", "no such game");
  const auto s = seat_of(req);
  if (!s) return refuse("bad_request", "seat must be 1 or 2");
  seat = *s;
  // Any seed: what the seat may do never depends on what it cannot see.
  auto made = kind->from_view(member(req, "view"), engine::viewer_of(seat), 0);
  if (auto* err = std::get_if<protocol::rule_error>(&made)) return refuse(*err);
  return std::move(std::get<std::unique_ptr<protocol::match>>(made));
}
}  // namespace

std::string engine_api::do_view_legal(const json& req) {
  engine::seat seat = 0;
  auto made = from_view(req, seat);
  if (auto* refused = std::get_if<std::string>(&made)) return std::move(*refused);
  const auto& m = *std::get<std::unique_ptr<protocol::match>>(made);
  return "{\"ok\":true," + legal_members(m, seat) + '}';
}

std::string engine_api::do_view_check(const json& req) {
  engine::seat seat = 0;
  auto made = from_view(req, seat);
  if (auto* refused = std::get_if<std::string>(&made)) return std::move(*refused);
  return check_answer(*std::get<std::unique_ptr<protocol::match>>(made), seat, member(req, "action"));
}

}  // namespace tabuleiro::wasm

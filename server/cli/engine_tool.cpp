// `tabuleiro engine`: the offline rules engine over JSON lines (for bots, debugging, tests).
#include <iostream>
#include <optional>
#include <string>

#include "protocol/core/game.h"
#include "protocol/core/json_util.h"
#include "server/cli/commands.h"
#include "server/util/wire.h"

namespace tabuleiro {

namespace {

using protocol::json;

constexpr std::string_view engine_tool_help =
    "usage: tabuleiro engine < requests.jsonl\n"
    "\n"
    "Reads one JSON request per line on stdin and writes one JSON answer line on stdout:\n"
    "  {\"id\":1,\"new\":\"<game>\",\"seed\":\"42\",\"options\":{}}\n"
    "      -> {\"id\":1,\"ok\":true,\"position\":{...}}\n"
    "  {\"id\":2,\"position\":{...},\"legal\":true,\"player\":1?}\n"
    "      -> {\"id\":2,\"ok\":true,\"actions\":[...]}\n"
    "  {\"id\":3,\"position\":{...},\"action\":{...},\"player\":1?}\n"
    "      -> {\"id\":3,\"ok\":true,\"position\":{...},\"events\":[...],\"outcome\":null}\n"
    "      or {\"id\":3,\"ok\":false,\"error\":{\"code\":\"weaker_attacker\",\"message\":\"...\"}}\n"
    "Positions are full (seed and rng included) and can be fed back to continue identically;\n"
    "a position with neither seed nor rng uses seed \"0\". player defaults to the player to move.\n"
    "Malformed lines get ok:false (bad_action / bad_position); exit status 0 at end of input.\n";

constexpr std::size_t max_line = 1 << 20;

// An ok:false answer.
json refuse(const json& id, std::string_view code, std::string_view message) {
  return {{"id", id}, {"ok", false}, {"error", {{"code", code}, {"message", message}}}};
}

// The request's seed (default 0), or nullopt when it is not a seed string.
std::optional<std::uint64_t> seed_of(const json& req) {
  if (!req.contains("seed")) return 0;
  return protocol::parse_seed(req["seed"]);
}

// Answers one request object.
json answer(const json& req) {
  const json id = req.contains("id") ? req["id"] : json(nullptr);
  if (auto key = protocol::first_unknown_key(req,
                                             {"id", "new", "seed", "options", "position", "legal", "action", "player"}))
    return refuse(id, "bad_action", "unknown request field '" + *key + "'");
  if (req.contains("new")) {
    if (req.contains("position") || req.contains("action") || req.contains("legal"))
      return refuse(id, "bad_action", "\"new\" takes only seed and options");
    const json& name = req["new"];
    const protocol::game_kind* kind = name.is_string() ? protocol::find_game(name.get<std::string>()) : nullptr;
    if (!kind) return refuse(id, "bad_position", "unknown game");
    const auto seed = seed_of(req);
    if (!seed) return refuse(id, "bad_position", "seed must be an unsigned 64-bit integer in a string");
    const json options = req.contains("options") ? req["options"] : json::object();
    auto created = kind->create(options, nullptr, *seed);
    if (auto* err = std::get_if<protocol::rule_error>(&created))
      return refuse(id, "bad_position", err->code + ": " + err->message);
    return {{"id", id}, {"ok", true}, {"position", kind->secret_position(*std::get<0>(created))}};
  }
  if (req.contains("seed") || req.contains("options"))
    return refuse(id, "bad_action", "seed and options go with \"new\"; a position carries its own");
  if (!req.contains("position")) return refuse(id, "bad_position", "missing \"position\" (or \"new\")");
  const json& pos = req["position"];
  const protocol::game_kind* kind = pos.is_object() && pos.contains("game") && pos["game"].is_string()
                                        ? protocol::find_game(pos["game"].get<std::string>())
                                        : nullptr;
  if (!kind) return refuse(id, "bad_position", "position.game must name a known game");
  auto created = kind->create(nullptr, pos, 0);
  if (auto* err = std::get_if<protocol::rule_error>(&created)) return refuse(id, err->code, err->message);
  auto& m = *std::get<0>(created);
  engine::seat player = 0;
  if (req.contains("player")) {
    const json& p = req["player"];
    if (!p.is_number_integer() || (p != 1 && p != 2)) return refuse(id, "bad_action", "player must be 1 or 2");
    player = p.get<int>();
  } else {
    const auto seats = m.seats_to_act();
    player = seats.empty() ? kind->secret_position(m).value("to_move", 1) : seats.front();
  }
  const bool legal = req.contains("legal");
  if (legal && req.contains("action"))
    return refuse(id, "bad_action", "ask for \"legal\" or send an \"action\", not both");
  if (legal) {
    if (req["legal"] != true) return refuse(id, "bad_action", "legal must be true");
    return {{"id", id}, {"ok", true}, {"actions", m.legal(player).actions}};
  }
  if (!req.contains("action")) return refuse(id, "bad_action", "missing \"action\" (or \"legal\":true)");
  auto events = kind->secret_apply(m, player, req["action"]);
  if (auto* err = std::get_if<protocol::rule_error>(&events)) return refuse(id, err->code, err->message);
  return {{"id", id},
          {"ok", true},
          {"position", kind->secret_position(m)},
          {"events", std::get<json>(events)},
          {"outcome", protocol::outcome_json(m.outcome())}};
}

}  // namespace

std::string hosted_games() {
  std::string out;
  for (const std::string_view name : protocol::game_names()) {
    if (!out.empty()) out += ", ";
    out += std::string(name) + " (" + std::string(protocol::find_game(name)->title()) + ")";
  }
  return out;
}

int run_engine_tool(const args& a) {
  if (!a.empty()) {
    const bool asked = a[0] == "--help" || a[0] == "-h";
    (asked ? std::cout : std::cerr) << engine_tool_help << "<game> is one of: " << hosted_games() << "\n";
    return asked ? 0 : 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json out;
    if (line.size() > max_line) {
      out = refuse(nullptr, "bad_action", "line longer than 1 MiB");
    } else if (server::json_depth(line) > server::max_json_depth) {
      out = refuse(nullptr, "bad_action", "JSON nested too deeply");
    } else {
      const json req = json::parse(line, nullptr, false);
      if (req.is_discarded()) out = refuse(nullptr, "bad_action", "malformed JSON");
      else if (!req.is_object()) out = refuse(nullptr, "bad_action", "a request must be a JSON object");
      else out = answer(req);
    }
    std::cout << out.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
  }
  return 0;
}

}  // namespace tabuleiro

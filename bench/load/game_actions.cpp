// The load generator's per-game action choice (see game_actions.h).
#include "bench/load/game_actions.h"

#include <algorithm>
#include <array>

namespace tabuleiro::bench {

using json = nlohmann::json;

namespace {

// Games without an `expects` to build from.
json nothing_to_build(const json&, std::mt19937_64&) { return nullptr; }

// Legal entries carry the engine's annotations beside the action: TAIXU its cost, Cyvasse
// whether a move captures (and by a ranged shot), QU4DRI how many predictors a move takes.
const std::array<game_actions, 3> games{{
    {"taixu", {"cost"}, nothing_to_build},
    {"cyvasse", {"capture", "ranged"}, cyvasse_setup_from_expects},
    {"quadri", {"captures"}, nothing_to_build},
}};

}  // namespace

const game_actions* find_game_actions(std::string_view game) {
  for (const auto& g : games)
    if (g.name == game) return &g;
  return nullptr;
}

std::string game_names() {
  std::string out;
  for (const auto& g : games) out += (out.empty() ? "" : "|") + std::string(g.name);
  return out;
}

std::optional<std::string> choose_action(const game_actions& game, const std::vector<std::string_view>& legal,
                                         const json& expects, std::mt19937_64& rng) {
  if (expects.is_object())
    if (json built = game.from_expects(expects, rng); !built.is_null()) return built.dump();
  if (legal.empty()) return std::nullopt;
  json chosen = json::parse(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)], nullptr,
                            false);
  if (chosen.is_discarded()) return std::nullopt;
  // An entry is the canonical action, possibly wrapped ({"action":…}) or annotated.
  if (chosen.is_object() && chosen.contains("action")) chosen = chosen["action"];
  else if (chosen.is_object())
    for (auto key : game.annotations) chosen.erase(std::string(key));
  return chosen.dump();
}

json cyvasse_setup_from_expects(const json& expects, std::mt19937_64& rng) {
  if (!expects.contains("zone") || !expects["zone"].is_array() || !expects.contains("pieces") ||
      !expects["pieces"].is_object())
    return nullptr;
  std::vector<json> squares(expects["zone"].begin(), expects["zone"].end());
  std::shuffle(squares.begin(), squares.end(), rng);
  json pieces = json::array();
  std::size_t next = 0;
  for (const auto& [kind, count] : expects["pieces"].items()) {
    if (!count.is_number_unsigned()) return nullptr;
    for (std::uint64_t n = 0; n < count.get<std::uint64_t>(); ++n) {
      if (next == squares.size()) return nullptr;
      pieces.push_back({{"kind", kind}, {"at", squares[next++]}});
    }
  }
  return {{"type", "setup"}, {"pieces", std::move(pieces)}};
}

}  // namespace tabuleiro::bench

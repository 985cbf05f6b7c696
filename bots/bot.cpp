// The bot entry point. Today every level plays a uniformly random legal action; the search
// levels replace this per game.
#include "bots/bot.h"

#include "engine/core/rng.h"

namespace tabuleiro::bots {

std::optional<level> parse_level(std::string_view name) {
  if (name == "random") return level::random;
  if (name == "easy") return level::easy;
  if (name == "medium") return level::medium;
  if (name == "hard") return level::hard;
  return std::nullopt;
}

std::string_view level_name(level l) {
  switch (l) {
    case level::random: return "random";
    case level::easy: return "easy";
    case level::medium: return "medium";
    case level::hard: return "hard";
  }
  return "random";
}

std::optional<protocol::json> choose(const protocol::match& m, engine::seat s, level,
                                     const limits&, std::uint64_t seed,
                                     const std::atomic<bool>& stop) {
  if (stop.load()) return std::nullopt;
  protocol::legal_json legal = m.legal(s);
  if (!legal.complete && legal.expects.is_object() && legal.expects.contains("presets") &&
      !legal.expects["presets"].empty()) {
    // A secret set-up that cannot be listed: take one of the game's named presets.
    const protocol::json& presets = legal.expects["presets"];
    engine::rng r(seed);
    return protocol::json{{"type", legal.expects.value("type", "setup")},
                          {"preset", presets[r.uniform(presets.size())]}};
  }
  if (legal.actions.empty()) return std::nullopt;
  engine::rng r(seed);
  return legal.actions[r.uniform(legal.actions.size())];
}

}  // namespace tabuleiro::bots

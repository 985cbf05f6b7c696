// The bot entry point: finds the match's game, takes the seat's typed observation and legal
// actions (never the state), and runs that game's search; level random plays a uniformly random
// legal action.
#include "bots/bot.h"

#include <algorithm>

#include "bots/games.h"
#include "engine/core/rng.h"
#include "protocol/core/codec_match.h"
#include "protocol/cyvasse/codec.h"
#include "protocol/cyvasse/position.h"
#include "protocol/quadri/codec.h"
#include "protocol/quadri/position.h"
#include "protocol/taixu/codec.h"
#include "protocol/taixu/position.h"

namespace tabuleiro::bots {

namespace {

using taixu_match = protocol::codec_match<taixu::game, protocol::taixu_codec, protocol::taixu_position>;
using cyvasse_match = protocol::codec_match<cyvasse::game, protocol::cyvasse_codec, protocol::cyvasse_position>;
using quadri_match = protocol::codec_match<quadri::game, protocol::quadri_codec, protocol::quadri_position>;

// A uniformly random legal action of seat s (a named preset in a set-up that cannot be listed).
std::optional<protocol::json> random_action(const protocol::match& m, engine::seat s, std::uint64_t seed) {
  protocol::legal_json legal = m.legal(s);
  if (!legal.complete && legal.expects.is_object() && legal.expects.contains("presets") &&
      !legal.expects["presets"].empty()) {
    const protocol::json& presets = legal.expects["presets"];
    engine::rng r(seed);
    return protocol::json{{"type", legal.expects.value("type", "setup")},
                          {"preset", presets[r.uniform(presets.size())]}};
  }
  if (legal.actions.empty()) return std::nullopt;
  engine::rng r(seed);
  return legal.actions[r.uniform(legal.actions.size())];
}

}  // namespace

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

int default_iterations(std::string_view game, level l) {
  // {easy, medium, hard} playouts per decision.
  struct row {
    std::string_view game;
    int easy, medium, hard;
  };
  static constexpr row table[] = {
      {"taixu", 100, 1200, 12000},
      {"cyvasse", 50, 1000, 10000},
      {"quadri", 60, 800, 8000},
  };
  for (const row& r : table)
    if (r.game == game)
      return l == level::easy ? r.easy : l == level::medium ? r.medium : l == level::hard ? r.hard : 0;
  return 0;
}

bool plays(std::string_view game) {
  return default_iterations(game, level::easy) > 0 && default_iterations(game, level::hard) > 0;
}

std::optional<protocol::json> choose(const protocol::match& m, engine::seat s, level l, const limits& lim,
                                     std::uint64_t seed, const std::atomic<bool>& stop) {
  if (stop.load()) return std::nullopt;
  const auto to_act = m.seats_to_act();
  if (std::find(to_act.begin(), to_act.end(), s) == to_act.end()) return std::nullopt;
  if (l == level::random) return random_action(m, s, seed);
  budget b;
  b.stop = &stop;
  b.iterations = lim.iterations ? *lim.iterations : default_iterations(m.game(), l);
  if (!lim.iterations) b.deadline = std::chrono::steady_clock::now() + lim.time_limit;
#ifndef TABULEIRO_WITHOUT_TAIXU  // (protocol/games.cpp)
  if (const auto* cm = dynamic_cast<const taixu_match*>(&m)) {
    auto found = search_taixu(cm->observation_for(engine::viewer_of(s)), s, cm->legal_actions_for(s), b, seed);
    if (!found.action) return std::nullopt;
    return protocol::taixu_codec::action_json(*found.action);
  }
#endif
#ifndef TABULEIRO_WITHOUT_CYVASSE
  if (const auto* cm = dynamic_cast<const cyvasse_match*>(&m)) {
    const auto obs = cm->observation_for(engine::viewer_of(s));
    if (obs.ph == cyvasse::phase::setup) return protocol::cyvasse_codec::action_json(cyvasse_setup(s, seed));
    auto found = search_cyvasse(obs, s, cm->legal_actions_for(s), b, seed);
    if (!found.action) return std::nullopt;
    return protocol::cyvasse_codec::action_json(*found.action);
  }
#endif
#ifndef TABULEIRO_WITHOUT_QUADRI
  if (const auto* cm = dynamic_cast<const quadri_match*>(&m)) {
    auto found = search_quadri(cm->observation_for(engine::viewer_of(s)), s, cm->legal_actions_for(s), b, seed);
    if (!found.action) return std::nullopt;
    return protocol::quadri_codec::action_json(*found.action);
  }
#endif
  return std::nullopt;  // a game without a search of its own
}

}  // namespace tabuleiro::bots

// New matches and random steps of any game through protocol::match, for tests that walk
// random games of every game (the patch writer, the legal-list and event-list writers).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"

namespace tabuleiro::test {

// A new match of kind with the default options and seed. REQUIREs that it is created.
inline std::unique_ptr<protocol::match> new_match(const protocol::game_kind& kind, std::uint64_t seed) {
  auto created = kind.create(nlohmann::json::object(), nullptr, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  return std::move(std::get<std::unique_ptr<protocol::match>>(created));
}

// Plays a random legal action of a random seat to act: an entry of its legal list (Cyvasse's
// set-up: the standard preset), sent bare when the game refuses the entry's annotations (the
// server's load players strip them too). The change's publication, or nullopt when no seat
// can act. REQUIREs that the action is accepted.
inline std::optional<protocol::publication> play_random_step(protocol::match& m, std::mt19937_64& rng) {
  const auto to_act = m.seats_to_act();
  if (to_act.empty()) return std::nullopt;
  const auto seat = to_act[rng() % to_act.size()];
  const auto legal = m.legal(seat);
  nlohmann::json action;
  if (!legal.complete) action = {{"type", "setup"}, {"preset", "standard"}};
  else if (!legal.actions.empty()) action = legal.actions[rng() % legal.actions.size()];
  else return std::nullopt;
  auto applied = m.apply(seat, action);
  if (!std::holds_alternative<protocol::applied>(applied)) {
    for (const char* k : {"cost", "capture", "ranged", "captures"}) action.erase(k);
    applied = m.apply(seat, action);
  }
  REQUIRE(std::holds_alternative<protocol::applied>(applied));
  return std::move(std::get<protocol::applied>(applied).pub);
}

}  // namespace tabuleiro::test

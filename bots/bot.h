// Computer players: the JSON face the server and the arena use. A bot sees only its seat's
// observation (never the full state) and answers with one canonical action for that seat;
// the caller submits it through the same path as a human's action.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "protocol/core/game.h"

namespace tabuleiro::bots {

// Playing strength. random: a uniformly random legal action (the arena's baseline);
// easy, medium, hard: the search with growing budgets.
enum class level { random, easy, medium, hard };

// The level called name ("random", "easy", "medium", "hard"), or nullopt.
std::optional<level> parse_level(std::string_view name);

// The stable name of l.
std::string_view level_name(level l);

// How long a decision may take. With iterations set the budget is fixed and the choice is a
// pure function of (observation, level, iterations, seed); otherwise time_limit bounds it.
struct limits {
  std::optional<int> iterations;               // fixed search budget (tests, the arena)
  std::chrono::milliseconds time_limit{1000};  // per decision, when iterations is unset
};

// The search budget (playouts per decision) of level l in game (0 for random or an unknown
// game). A decision without limits.iterations runs this budget, cut short by limits.time_limit;
// the budgets are sized so that hard decides within 1 s on one core (bench/RESULTS.md).
int default_iterations(std::string_view game, level l);

// Whether game has a computer opponent (a search budget at every level above random).
bool plays(std::string_view game);

// Seat s's next action in m as canonical action JSON, chosen from s's observation only.
// nullopt when s may not act now, when the game has no bot, or when stop became true first.
// Thread-safety: reentrant; concurrent calls must use different matches (m is only read).
std::optional<protocol::json> choose(const protocol::match& m, engine::seat s, level l, const limits& lim,
                                     std::uint64_t seed, const std::atomic<bool>& stop);

}  // namespace tabuleiro::bots

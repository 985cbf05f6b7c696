// Bot against bot: whole games through protocol::match (every action checked by the rules
// engine), alternating seats, seeds derived from a base seed, games in parallel on a bounded
// pool of threads. The `tabuleiro arena` subcommand prints what run_arena returns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot.h"

namespace tabuleiro::bots {

// One arena run. Thread-safety: a plain value.
struct arena_config {
  std::string game;       // a registered game name
  level a = level::hard;  // bot A (seat 1 in even-numbered games, seat 2 in odd ones)
  level b = level::easy;  // bot B
  int games = 20;
  std::uint64_t seed = 1;         // base seed: game i uses a seed derived from (seed, i)
  std::optional<int> iterations;  // one fixed budget for both bots; else each level's default
  int threads = 1;                // games played at once (1..64)
  int max_actions = 1000;         // a game reaching this many actions is a draw ("cap")
};

// How one game went. Thread-safety: a plain value.
struct arena_game {
  int index = 0;
  std::uint64_t seed = 0;
  engine::seat a_seat = 1;
  std::optional<engine::seat> winner;  // nullopt: draw (by the rules, or by the cap)
  std::string reason;                  // the outcome reason, "cap", or "error"
  int actions = 0;
  std::string error;  // a refused or missing bot action (empty when none)
};

// Decision times of one level, in milliseconds. Thread-safety: a plain value.
struct arena_timing {
  level who = level::random;
  int decisions = 0;
  double median_ms = 0;
  double p95_ms = 0;
  double max_ms = 0;
};

// The totals, from A's side. Thread-safety: a plain value.
struct arena_report {
  arena_config config;
  std::vector<arena_game> games;  // by index
  int wins = 0, draws = 0, losses = 0, capped = 0, errors = 0;
  double score = 0;                  // (wins + draws / 2) / games
  double ci95 = 0;                   // half-width of the 95% normal interval of the mean score
  std::vector<arena_timing> timing;  // per level that played (A's first)
};

// An independent seed derived from (base, salt) by splitmix64: game i of a run plays seed
// derive_seed(run seed, i). Thread-safety: a pure function.
std::uint64_t derive_seed(std::uint64_t base, std::uint64_t salt);

// Plays config.games games (the game must be registered; levels as given). Throws
// std::invalid_argument for an unknown game or a count out of range.
// Thread-safety: starts and joins its own threads; callable from any thread.
arena_report run_arena(const arena_config& config);

// The report as JSON (totals, timing per level, and one entry per game).
protocol::json arena_json(const arena_report& r);

}  // namespace tabuleiro::bots

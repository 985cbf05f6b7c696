// Puzzles mined from whole games: positions where the side to move has a way to win at once —
// one action (Cyvasse, QU4DRI) or a turn of at most two actions (TAIXU) that ends the game in its
// favour — or, in a game of one action per turn, one action that captures at least two pieces
// and more than any other; found by trying every legal line, kept only when most alternatives
// do not win (the capture is the only one of its size) and the result does not depend on
// anything the solver cannot see. The `tabuleiro puzzles` subcommand
// writes what mine_puzzles returns (puzzles_json) for the client's puzzle page.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot.h"

namespace tabuleiro::bots {

// A finished game to mine, as a match log holds it. Thread-safety: a plain value.
struct game_log {
  std::string source;  // where it came from ("arena 3", "match K7M2QX")
  protocol::json options = protocol::json::object();
  std::uint64_t seed = 0;
  std::vector<std::pair<engine::seat, protocol::json>> actions;
};

// One mining run. Thread-safety: a plain value.
struct puzzle_config {
  std::string game;               // a registered game name
  int games = 40;                 // arena games played (hard against hard), besides logs
  std::uint64_t seed = 1;         // base seed of the arena games and of every draw
  std::optional<int> iterations;  // the arena bots' fixed budget; else hard's default
  int max_actions = 400;          // an arena game stops (unfinished) after this many
  int max_puzzles = 200;          // the set keeps the first this many found
};

// One puzzle. Thread-safety: a plain value.
struct puzzle {
  std::string id;                                      // "<game>-<n>", by order in the set
  std::string source;                                  // the game it came from and the action number
  std::string kind;                                    // "win" (the game, at once) or "material" (the most captures)
  engine::seat side = 1;                               // the seat to move, who wins
  protocol::json goal;                                 // the lesson page's condition (web/js/learn/goal.js) it reaches
  protocol::json position;                             // the full position, hidden parts drawn anew (not the game's)
  std::vector<std::vector<protocol::json>> solutions;  // every line found that reaches the goal
  std::vector<protocol::json> wrong;                   // up to 3 legal first actions that do not
  int legal = 0;                                       // legal first actions
  int difficulty = 1;  // 1-4: the search budget that finds it, and the odds of a blind guess
};

// The puzzles of one run, by difficulty then source. Thread-safety: a plain value.
struct puzzle_set {
  std::string game;
  int games_mined = 0;
  int positions = 0;  // positions looked at
  std::vector<puzzle> puzzles;
};

// Mines config.games arena games of config.game and the given logs (replayed through the rules;
// a log the rules refuse is an error). Deterministic for a given config and logs. Throws
// std::invalid_argument for an unknown game, a game without bots, a count out of range, or a log
// whose action the rules refuse (naming the log and the step).
// Thread-safety: reentrant.
puzzle_set mine_puzzles(const puzzle_config& config, const std::vector<game_log>& logs = {});

// The set as JSON: {"game", "games_mined", "positions", "puzzles": [{id, source, kind, side,
// position, goal, solutions, wrong, legal, difficulty}]}.
protocol::json puzzles_json(const puzzle_set& set);

}  // namespace tabuleiro::bots

// What each game keeps secret, declared for the leak harness only: from a full position (the
// persistence form, every secret included) the values a viewer must never receive, and how a
// random player acts when its legal list is incomplete.
#pragma once

#include <functional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::leak {

using json = nlohmann::json;

// One game as the leak harness plays it.
struct game_secrets {
  std::string game;
  std::string binary;   // the server build that hosts it
  json options;         // match options of the games played
  int games = 1;        // random whole games to play
  int max_actions = 0;  // a running game is resigned after this many actions
  // The strings viewer (0 spectator, 1, 2) must not find in any byte it receives while the
  // match is at the version of position.
  std::function<std::vector<std::string>(const json& position, int viewer)> secrets;
  // A random action for a seat whose legal list is incomplete, from the server's "expects".
  std::function<json(const json& expects, std::mt19937& rng)> improvise;
};

// The declaration for every game: each registered game, and the toy game "words".
std::vector<game_secrets> all_game_secrets();

// The exact fragments a leaked QU4DRI secret would take, from a full position: the rng and
// seed, and for each unrevealed talisman (while the game runs) its view, patch and event forms.
std::vector<std::string> quadri_secrets(const json& position);

// The toy game with option "leak" on: its observation shows every word (a redaction broken
// on purpose, so a test can show the harness catches it).
game_secrets broken_words();

}  // namespace tabuleiro::leak

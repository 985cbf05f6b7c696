// How the load generator's players choose an action in each game: where the seat's legal list
// is incomplete, the action built from its `expects` (Cyvasse: an explicit set-up of the whole
// army, as a client placing its own pieces sends); otherwise a uniformly random entry of its
// `legal` list, stripped of the game's annotations.
// Thread-safety: stateless functions; the caller owns the PRNG.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::bench {

// What differs between the games for a player of the load generator.
struct game_actions {
  std::string_view name;                      // the game's name in POST /api/matches
  std::vector<std::string_view> annotations;  // legal-entry fields that are not the action's
  // The action built from an `expects` object, or null when the game has none to build.
  nlohmann::json (*from_expects)(const nlohmann::json& expects, std::mt19937_64& rng);
};

// The games tabuleiro-load can play ("taixu", "cyvasse", "quadri"), or nullptr.
const game_actions* find_game_actions(std::string_view game);

// The names of the games find_game_actions knows, separated by '|' (for --help and errors).
std::string game_names();

// The action a seat sends, serialised: the one built from expects when the game builds one,
// else a uniformly random one of the legal entries (the texts of the legal list's elements;
// only the one chosen is parsed); nullopt when the seat has nothing to send.
std::optional<std::string> choose_action(const game_actions& game, const std::vector<std::string_view>& legal,
                                         const nlohmann::json& expects, std::mt19937_64& rng);

// A Cyvasse set-up from its `expects` ({"zone":[squares],"pieces":{kind:count}}): every piece
// on a distinct zone square, shuffled by rng; null when the zone is too small or malformed.
nlohmann::json cyvasse_setup_from_expects(const nlohmann::json& expects, std::mt19937_64& rng);

}  // namespace tabuleiro::bench

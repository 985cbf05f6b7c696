// What a client carrying the rules engine computes for itself: a seat's legal list (and, when
// it is incomplete, what the game expects) from the seat's view alone, as the server would
// send them. The view is read back into the game's typed observation, a full state consistent
// with it is drawn as the bots draw theirs (every hidden part sampled: TAIXU's PRNG, a hidden
// Cyvasse set-up, unrevealed QU4DRI values; a legal list never depends on them), and the
// game's codec writes the seat's legal fields from that state. The load generator's players
// that join with "legal": false choose their actions from these.
// Thread-safety: stateless functions; the caller owns the PRNG.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tabuleiro::bench {

// A seat's legal fields as texts: the legal array, and the expects object ("" when the list
// is complete).
struct legal_texts {
  std::string legal;
  std::string expects;
};

// Seat's legal fields in game ("taixu", "cyvasse", "quadri") computed from view, the seat's
// view JSON (as joined, snapshot and patches give it); byte for byte the server's `legal` and
// `expects` for that view. nullopt when the game is unknown or the view cannot be read.
std::optional<legal_texts> local_legal(std::string_view game, const nlohmann::json& view, int seat,
                                       std::mt19937_64& rng);

}  // namespace tabuleiro::bench

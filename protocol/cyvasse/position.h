// Cyvasse ↔ JSON, persistence part: the full Position JSON (rules §9) with every secret —
// set-ups not yet revealed, the seed and the PRNG state. For the store, log replay and the
// offline engine tool only; never sent to a viewer.
#pragma once

#include <cstdint>

#include "engine/cyvasse/rules.h"
#include "protocol/core/game.h"

namespace tabuleiro::protocol {

// The Cyvasse persistence codec (contract in protocol/core/codec_match.h). Thread-safety: stateless.
struct cyvasse_position {
  static json position_json(const cyvasse::state& s);
  // Position JSON → validated state. Without "terrain" the options' terrain (from the seed);
  // without "seed"/"rng" the PRNG is seeded with seed. bad_position.
  static result<cyvasse::state> parse_position(const json& j, std::uint64_t seed, const cyvasse::options& base = {});
  // A new state from options and an optional position (null = fresh game from seed), by
  // create_from (protocol/core/position_create.h). bad_options, bad_position.
  static result<cyvasse::state> create(const json& options, const json& position, std::uint64_t seed);
};

}  // namespace tabuleiro::protocol

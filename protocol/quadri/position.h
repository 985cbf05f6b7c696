// QU4DRI ↔ JSON, persistence part: the full Position JSON (rules §8) with every value, the seed
// and the PRNG state. For the store, log replay and the offline engine tool only; never sent to
// a viewer.
#pragma once

#include <cstdint>

#include "engine/quadri/rules.h"
#include "protocol/core/game.h"

namespace tabuleiro::protocol {

// The QU4DRI persistence codec (contract in protocol/core/codec_match.h). Thread-safety: stateless.
struct quadri_position {
  // The full Position JSON, with every value, "seed" (when known) and "rng".
  static json position_json(const quadri::state& s);
  // Position JSON → validated state; without "seed"/"rng" the PRNG is seeded with seed.
  // base supplies the options when the position has none. bad_position.
  static result<quadri::state> parse_position(const json& j, std::uint64_t seed, const quadri::options& base = {});
  // A new state from options and an optional position (null = fresh game from seed), by
  // create_from (protocol/core/position_create.h). bad_options, bad_position.
  static result<quadri::state> create(const json& options, const json& position, std::uint64_t seed);
};

}  // namespace tabuleiro::protocol

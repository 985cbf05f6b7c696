// TAIXU ↔ JSON, persistence part: the full Position JSON (rules §10) with its secrets, the
// seed and the PRNG state. For the store, log replay and the offline engine tool only; never
// sent to a viewer.
#pragma once

#include <cstdint>

#include "engine/taixu/rules.h"
#include "protocol/core/game.h"

namespace tabuleiro::protocol {

// The TAIXU persistence codec (contract in protocol/core/codec_match.h). Thread-safety: stateless.
struct taixu_position {
  // The full Position JSON, with "seed" (when known) and "rng".
  static json position_json(const taixu::state& s);
  // Position JSON → validated state; without "seed"/"rng" the PRNG is seeded with seed.
  // base supplies the options when the position has none. bad_position.
  static result<taixu::state> parse_position(const json& j, std::uint64_t seed, const taixu::options& base = {});
  // A new state from options and an optional position (null = fresh game from seed), by
  // create_from (protocol/core/position_create.h). bad_options, bad_position.
  static result<taixu::state> create(const json& options, const json& position, std::uint64_t seed);
};

}  // namespace tabuleiro::protocol

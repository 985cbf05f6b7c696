// TAIXU ↔ JSON: Position JSON (rules §10), canonical actions (§4), events (§11), the one
// redacted view (PROTOCOL.md "TAIXU view"). Every parser is strict: unknown fields rejected.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/taixu/rules.h"
#include "protocol/game.h"

namespace tabuleiro::protocol {

// The square name ("a1" … "h8") of sq.
std::string square_name(int sq);

// The square index of a name "a1" … "h8", or nullopt.
std::optional<taixu::square> parse_square(const json& j);

// The TAIXU codec (see protocol/codec_match.h for the contract). Stateless.
struct taixu_codec {
  static constexpr std::string_view name = "taixu";

  // Client action JSON → typed action; swap squares are normalised (a before b). bad_action.
  static result<taixu::action> parse_action(const json& j);
  // The canonical action JSON (rules §4).
  static json action_json(const taixu::action& a);
  // The canonical action JSON plus "cost" in state s.
  static json legal_action_json(const taixu::state& s, const taixu::action& a);
  // One event as JSON (rules §11; fields in engine/taixu/RULES.md).
  static json event_json(const taixu::event& e);
  // TAIXU events hold nothing hidden: every viewer sees them as they are.
  static json events_for(viewer v, const std::vector<json>& events);
  // The redacted view (no seed, no rng), identical for every viewer class.
  static json view(const taixu::state& s, viewer v);
  // The full Position JSON, with "seed" (when known) and "rng".
  static json position(const taixu::state& s);
  // Match options JSON → options (null → defaults). bad_options.
  static result<taixu::options> parse_options(const json& j);
  // Position JSON → validated state; without "seed"/"rng" the PRNG is seeded with seed.
  // base supplies the options when the position has none. bad_position.
  static result<taixu::state> parse_position(const json& j, std::uint64_t seed,
                                              const taixu::options& base = {});
  // A new state from options and an optional position (null = fresh game from seed).
  static result<taixu::state> create(const json& options, const json& position,
                                     std::uint64_t seed);
};

// The registered TAIXU game kind.
const game_kind& taixu_game_kind();

}  // namespace tabuleiro::protocol

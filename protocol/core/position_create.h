// Creating a game's state from match options and an optional full position: the one rule every
// persistence codec's create follows (PROTOCOL.md "Positions").
#pragma once

#include <cstdint>
#include <variant>

#include "protocol/core/game.h"

namespace tabuleiro::protocol {

// The state a match starts from. options are parsed by parse_options (its bad_options as is);
// a null position is a fresh game new_game(options, seed); any other position is parsed by
// parse_position with the options as the base for a position without "options" (bad_position).
// When the request has options (a non-empty object) and the position has "options" too, the two
// must be equal: bad_options "options disagree with position.options" otherwise.
template <class Options, class State>
result<State> create_from(const json& options, const json& position, std::uint64_t seed,
                          result<Options> (*parse_options)(const json&),
                          State (*new_game)(const Options&, std::uint64_t),
                          result<State> (*parse_position)(const json&, std::uint64_t, const Options&)) {
  auto o = parse_options(options);
  if (auto* err = std::get_if<rule_error>(&o)) return *err;
  if (position.is_null()) return new_game(std::get<Options>(o), seed);
  auto s = parse_position(position, seed, std::get<Options>(o));
  if (auto* err = std::get_if<rule_error>(&s)) return *err;
  const bool has_options = options.is_object() && !options.empty();
  if (has_options && position.contains("options") && !(std::get<State>(s).opts == std::get<Options>(o)))
    return rule_error{"bad_options", "options disagree with position.options"};
  return s;
}

// The options a stored match is recreated with (restore, history, rematch): none when its
// position names its own — those decided the game when it was created, before every game
// refused request options that disagree with them — else the stored ones. So a match stored
// before that rule replays as it was played.
inline const json& stored_options(const json& options, const json& position) {
  static const json none;
  return position.is_object() && position.contains("options") ? none : options;
}

}  // namespace tabuleiro::protocol

// The toy game "words" behind JSON: its public codec (actions, events, observations,
// options), its persistence codec (full positions, words included) and its game kind.
#pragma once

#include "protocol/core/game.h"
#include "words.h"

namespace tabuleiro::words {

using protocol::json;
template <class T>
using result = protocol::result<T>;

// What viewers may see (protocol/core/codec_match.h, the public codec). Stateless.
struct codec {
  static constexpr std::string_view name = "words";
  static constexpr std::string_view title = "Words";
  // {"type":"choose","word":"…"} or {"type":"guess","letter":"e"}. bad_action.
  static result<action> parse_action(const json& j);
  // The canonical action JSON.
  static json action_json(const action& a);
  // A legal-list entry: the canonical action.
  static json legal_action_json(const state& s, const action& a);
  // In set-up: {"type":"choose","letters":[4,8]}.
  static json expects_json(const observation& o, seat p);
  // One event as JSON.
  static json event_json(const event& e);
  // The view.
  static json observation_json(const observation& o);
  // The match list's progress: {} (the toy game shows none).
  static json progress_json(const observation& o);
  // {"leak": bool}? (tests only). bad_options.
  static result<options> parse_options(const json& j);
  // The link preview's picture: a row per seat, each letter of its word on a square, shown only
  // where the spectator's view reveals it (the toy's own picture: no change in server/ draws it).
  static std::optional<protocol::board_picture> picture(const json& spectator_view);
};

// Full positions with every word (protocol/core/codec_match.h, the persistence codec). Stateless.
struct persistence {
  // The position: options, words, guessed letters, to_move, outcome, seed, rng.
  static json position_json(const state& s);
  // The position parsed back. bad_position.
  static result<state> parse_position(const json& j, std::uint64_t seed);
  // A new game from options (position null), or the given position.
  static result<state> create(const json& options, const json& position, std::uint64_t seed);
};

// The registered game kind of "words".
const protocol::game_kind& game_kind();

}  // namespace tabuleiro::words

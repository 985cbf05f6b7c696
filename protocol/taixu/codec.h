// TAIXU ↔ JSON, public part: canonical actions (rules §4), events (§11), the view built from
// an observation (PROTOCOL.md "TAIXU view") and match options. Every parser is strict: unknown
// fields are rejected. Full positions with their secrets: protocol/taixu/position.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/taixu/rules.h"
#include "protocol/core/game.h"
#include "protocol/core/object_text.h"

namespace tabuleiro::protocol {

// The square name ("a1" … "h8") of sq.
const std::string& square_name(int sq);

// The square index of a name "a1" … "h8", or nullopt.
std::optional<taixu::square> parse_square(const json& j);

// The TAIXU public codec (contract in protocol/core/codec_match.h). Sees no secret: views and
// events come from observations and redacted events. Thread-safety: stateless.
struct taixu_codec {
  static constexpr std::string_view name = "taixu";
  static constexpr std::string_view title = "TAIXU";

  // Client action JSON → typed action; swap squares are normalised (a before b). bad_action.
  static result<taixu::action> parse_action(const json& j);
  // The canonical action's members (rules §4): the one description of each action.
  static void action_fields(object_text& o, const taixu::action& a);
  // The canonical action JSON (rules §4).
  static json action_json(const taixu::action& a);
  // The canonical action's members plus its "cost" for the player to move in s.
  static void legal_action_fields(object_text& o, const taixu::state& s, const taixu::action& a);
  // Null: TAIXU's legal lists are always complete.
  static json expects_json(const taixu::observation& o, engine::seat p);
  // One event's members (rules §11; fields in engine/taixu/RULES.md).
  static void event_fields(object_text& o, const taixu::event& e);
  // The view of an observation (PROTOCOL.md "TAIXU view").
  static json observation_json(const taixu::observation& o);
  // The patch from before's view to after's, byte for byte diff_text of the two views; nullopt
  // when the options differ or a set outcome changed, which no match does (the view then diffs
  // the two trees).
  static std::optional<std::string> patch_text(const taixu::observation& before, const taixu::observation& after);
  // A view (observation_json's form) → the observation it shows; bad_view when malformed. Lenient
  // about derived members (costs): game_kind::from_view checks that the result writes j back.
  static result<taixu::observation> parse_observation(const json& j);
  // The match list's progress: {"round":n} (PROTOCOL.md "Match summaries").
  static json progress_json(const taixu::observation& o);
  // The options object as JSON ({"reserve", "destroyed_pieces"}).
  static json options_json(const taixu::options& o);
  // Match options JSON → options (null → defaults; reserve 4..16). bad_options.
  static result<taixu::options> parse_options(const json& j);
  // The link preview's picture of a spectator view (protocol/taixu/picture.cpp); nullopt for a
  // view it cannot read.
  static std::optional<board_picture> picture(const json& spectator_view);
};

// The registered TAIXU game kind (taixu_codec + taixu_position).
const game_kind& taixu_game_kind();

}  // namespace tabuleiro::protocol

// QU4DRI ↔ JSON, public part: canonical actions (rules §5), events, the view built from an
// observation (PROTOCOL.md "QU4DRI view") and match options. Strict parsers: unknown fields
// are rejected. Full positions with every value and the PRNG: protocol/quadri/position.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/quadri/rules.h"
#include "protocol/core/game.h"
#include "protocol/core/object_text.h"

namespace tabuleiro::protocol {

// The QU4DRI public codec (contract in protocol/core/codec_match.h). It is handed observations
// (unrevealed values already 0) and events that carry only public values. Thread-safety: stateless.
struct quadri_codec {
  static constexpr std::string_view name = "quadri";
  static constexpr std::string_view title = "QU4DRI";

  // The cell name ("a1" … "j10", or "off" for the off-board area) of c.
  static const std::string& cell_name(int c);
  // A cell from JSON: "a1".."j10"; quadri::off_area for a well-formed name outside the area
  // (a letter a–z and 0..99 without leading zero); nullopt when malformed.
  static std::optional<quadri::cell> parse_cell(const json& j);

  // Client action JSON → typed action. bad_action.
  static result<quadri::action> parse_action(const json& j);
  // The canonical action's members (rules §5): the one description of each action.
  static void action_fields(object_text& o, const quadri::action& a);
  // The canonical action JSON (rules §5).
  static json action_json(const quadri::action& a);
  // The canonical action's members (a move also names its "captures" count).
  static void legal_action_fields(object_text& o, const quadri::state& s, const quadri::action& a);
  // Null: QU4DRI's legal lists are always complete.
  static json expects_json(const quadri::observation& o, engine::seat p);
  // One event's members.
  static void event_fields(object_text& o, const quadri::event& e);
  // The view of an observation.
  static json observation_json(const quadri::observation& o);
  // The patch from before's view to after's, byte for byte diff_text of the two views; nullopt
  // when the options differ or a set outcome changed, which no match does (the view then diffs
  // the two trees).
  static std::optional<std::string> patch_text(const quadri::observation& before, const quadri::observation& after);
  // The match list's progress: {"energy":[e1,e2]} (PROTOCOL.md "Match summaries").
  static json progress_json(const quadri::observation& o);
  // A view (observation_json's form) → the observation it shows; bad_view when malformed. Lenient
  // about derived members (on_grid, last_row): game_kind::from_view checks that the result
  // writes j back.
  static result<quadri::observation> parse_observation(const json& j);
  // The options object ({"majority", "quiet_limit"}).
  static json options_json(const quadri::options& o);
  // Options JSON → options (null → defaults). bad_options.
  static result<quadri::options> parse_options(const json& j);
  // The link preview's picture of a spectator view (protocol/quadri/picture.cpp); nullopt for a
  // view it cannot read.
  static std::optional<board_picture> picture(const json& spectator_view);
  // One talisman's members (without "at"); "value" only when with_value.
  static void tile_fields(object_text& o, const quadri::tile& t, bool with_value);
  // The same members as JSON.
  static json tile_json(const quadri::tile& t, bool with_value);
};

// The registered QU4DRI game kind (quadri_codec + quadri_position).
const game_kind& quadri_game_kind();

}  // namespace tabuleiro::protocol

// Cyvasse ↔ JSON, public part: canonical actions (rules §3, §4), events, the view built from an
// observation, the set-up's `expects` and match options. Strict parsers. Full positions with
// their secrets: protocol/cyvasse/position.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/cyvasse/rules.h"
#include "protocol/core/game.h"
#include "protocol/core/object_text.h"

namespace tabuleiro::protocol {

// The square name ("a1" … "j10") of a Cyvasse square.
const std::string& cyvasse_square_name(int sq);

// The Cyvasse square of a name "a1" … "j10", or nullopt.
std::optional<cyvasse::square> cyvasse_parse_square(const json& j);

// The Cyvasse public codec (contract in protocol/core/codec_match.h). Thread-safety: stateless.
struct cyvasse_codec {
  static constexpr std::string_view name = "cyvasse";
  static constexpr std::string_view title = "Cyvasse";

  // {"type":"move","from","to"} (a listed entry's "capture"/"ranged" flags may be echoed), or
  // {"type":"setup","preset":"standard"|"random"}, or {"type":"setup","pieces":[{"kind","at"}…]}.
  // bad_action; an unknown kind or square inside "pieces" is bad_setup.
  static result<cyvasse::action> parse_action(const json& j);
  // The members of a move or of a preset set-up, the actions a legal list holds (a set-up
  // with its pieces is not flat: action_json writes it).
  static void flat_action_fields(object_text& o, const cyvasse::action& a);
  static json action_json(const cyvasse::action& a);
  // A legal move's members, with "capture": true when it takes a piece and "ranged": true for
  // a Trebuchet shot; a preset set-up's members.
  static void legal_action_fields(object_text& o, const cyvasse::state& s, const cyvasse::action& a);
  // In set-up: {"type":"setup","zone":[…squares…],"pieces":{"king":1,…},"presets":[…]}.
  static json expects_json(const cyvasse::observation& o, engine::seat p);
  // One event's members.
  static void event_fields(object_text& o, const cyvasse::event& e);
  // The view (PROTOCOL.md "Cyvasse view").
  static json observation_json(const cyvasse::observation& o);
  // The patch from before's view to after's, byte for byte diff_text of the two views; nullopt
  // when the options or the terrain differ or a set outcome changed, which no match does (the
  // view then diffs the two trees).
  static std::optional<std::string> patch_text(const cyvasse::observation& before, const cyvasse::observation& after);
  // The match list's progress: {"phase":"setup"}, or {"phase":"play"|"over","pieces":[n1,n2]}
  // (pieces on the board per seat; PROTOCOL.md "Match summaries").
  static json progress_json(const cyvasse::observation& o);
  // A view (observation_json's form) → the observation it shows; bad_view when malformed. Lenient
  // about derived members (armor, attacks, …): game_kind::from_view checks that the result
  // writes j back.
  static result<cyvasse::observation> parse_observation(const json& j);
  static json options_json(const cyvasse::options& o);
  // {"terrain":"default"|"random","quiet_limit":10..1000}. bad_options.
  static result<cyvasse::options> parse_options(const json& j);
  // The link preview's picture of a spectator view (protocol/cyvasse/picture.cpp); nullopt for a
  // view it cannot read.
  static std::optional<board_picture> picture(const json& spectator_view);
};

// The registered Cyvasse game kind (cyvasse_codec + cyvasse_position).
const game_kind& cyvasse_game_kind();

}  // namespace tabuleiro::protocol

// Cyvasse persistence codec: the full Position JSON (rules §9) with set-ups, seed and PRNG.
#include "protocol/cyvasse/position.h"

#include "protocol/core/json_util.h"
#include "protocol/core/position_create.h"
#include "protocol/cyvasse/codec.h"

namespace tabuleiro::protocol {

using namespace cyvasse;

namespace {

rule_error bad(std::string message) { return rule_error{"bad_position", std::move(message)}; }

// Parses a list of square names into ground as t.
std::optional<std::string> parse_ground(const json& list, terrain t, arena& a) {
  if (!list.is_array() || list.size() > 40) return "terrain lists are arrays of squares";
  for (const json& n : list) {
    const auto sq = cyvasse_parse_square(n);
    if (!sq) return "a terrain square is not a1..j10";
    if (a.ground[*sq] != terrain::plain) return "two terrains on one square";
    a.ground[*sq] = t;
  }
  return std::nullopt;
}

}  // namespace

json cyvasse_position::position_json(const state& s) {
  json mountains = json::array(), water = json::array(), pieces = json::array();
  for (int sq = 0; sq < board_size; ++sq) {
    if (s.board.ground[sq] == terrain::mountain) mountains.push_back(cyvasse_square_name(sq));
    if (s.board.ground[sq] == terrain::water) water.push_back(cyvasse_square_name(sq));
    const piece pc = s.board.pieces[sq];
    if (pc.owner)
      pieces.push_back({{"at", cyvasse_square_name(sq)}, {"owner", pc.owner}, {"kind", kind_name(pc.what)}});
  }
  const char* ph = s.ph == phase::setup ? "setup" : s.ph == phase::play ? "play" : "over";
  json j = {{"game", cyvasse_codec::name},
            {"options", cyvasse_codec::options_json(s.opts)},
            {"phase", ph},
            {"submitted", s.submitted},
            {"to_move", s.to_move},
            {"quiet_turns", s.quiet_turns},
            {"terrain", {{"mountains", std::move(mountains)}, {"water", std::move(water)}}},
            {"pieces", std::move(pieces)}};
  if (s.seed) j["seed"] = std::to_string(*s.seed);
  j["rng"] = s.rng.to_string();
  j["outcome"] = outcome_json(s.outcome);
  return j;
}

result<state> cyvasse_position::parse_position(const json& j, std::uint64_t seed, const options& base) {
  if (!j.is_object()) return bad("a position must be a JSON object");
  if (auto k = first_unknown_key(j, {"game", "options", "phase", "submitted", "to_move", "quiet_turns", "terrain",
                                     "pieces", "seed", "rng", "outcome"}))
    return bad("unknown position field '" + *k + "'");
  if (!j.contains("game") || j["game"] != cyvasse_codec::name) return bad("position.game must be \"cyvasse\"");
  options o = base;
  if (j.contains("options")) {
    auto parsed = cyvasse_codec::parse_options(j["options"]);
    if (auto* err = std::get_if<rule_error>(&parsed)) return bad("position." + err->message);
    o = std::get<0>(parsed);
  }
  std::uint64_t sd = seed;
  if (j.contains("seed")) {
    const auto v = parse_seed(j["seed"]);
    if (!v) return bad("position.seed must be an unsigned 64-bit integer in a string");
    sd = *v;
  }
  state s = new_game(o, sd);  // terrain from the options unless the position names it
  if (!j.contains("seed")) s.seed = seed;
  if (j.contains("rng")) {
    const auto r = j["rng"].is_string() ? engine::rng::from_string(j["rng"].get<std::string>()) : std::nullopt;
    if (!r) return bad("position.rng is not a PRNG state written by this engine");
    s.rng = *r;
  }
  if (j.contains("phase") && !j["phase"].is_string()) return bad("position.phase must be setup, play or over");
  const std::string ph = j.value("phase", std::string("play"));
  if (ph == "setup") s.ph = phase::setup;
  else if (ph == "play") s.ph = phase::play;
  else if (ph == "over") s.ph = phase::over;
  else return bad("position.phase must be setup, play or over");
  if (j.contains("submitted")) {
    const json& sub = j["submitted"];
    if (!sub.is_array() || sub.size() != 2 || !sub[0].is_boolean() || !sub[1].is_boolean())
      return bad("position.submitted must be [bool, bool]");
    s.submitted = {sub[0].get<bool>(), sub[1].get<bool>()};
  } else {
    s.submitted = {s.ph != phase::setup, s.ph != phase::setup};
  }
  if (j.contains("to_move")) {
    const auto t = int_field(j, "to_move", 1, 2);
    if (!t) return bad("position.to_move must be 1 or 2");
    s.to_move = *t;
  }
  if (j.contains("quiet_turns")) {
    const auto q = int_field(j, "quiet_turns", 0, 1000);
    if (!q) return bad("position.quiet_turns must be an integer 0..1000");
    s.quiet_turns = *q;
  }
  if (j.contains("terrain")) {
    const json& t = j["terrain"];
    if (!t.is_object() || first_unknown_key(t, {"mountains", "water"}))
      return bad("position.terrain is {mountains, water}");
    s.board.ground.fill(terrain::plain);
    if (auto m = parse_ground(t.value("mountains", json::array()), terrain::mountain, s.board))
      return bad("position." + *m);
    if (auto m = parse_ground(t.value("water", json::array()), terrain::water, s.board)) return bad("position." + *m);
  }
  if (!j.contains("pieces") || !j["pieces"].is_array() || j["pieces"].size() > 2 * army_size)
    return bad("position.pieces must be an array of at most 38 pieces");
  for (const json& p : j["pieces"]) {
    if (!p.is_object() || first_unknown_key(p, {"at", "owner", "kind"})) return bad("each piece is {at, owner, kind}");
    const auto at = p.contains("at") ? cyvasse_parse_square(p["at"]) : std::nullopt;
    if (!at) return bad("piece.at must be a square a1..j10");
    if (s.board.pieces[*at].owner) return bad("two pieces on " + cyvasse_square_name(*at));
    const auto owner = int_field(p, "owner", 1, 2);
    if (!owner) return bad("piece.owner must be 1 or 2");
    const kind k = p.contains("kind") && p["kind"].is_string() ? kind_from_name(p["kind"].get<std::string>())
                                                               : kind::none;
    if (k == kind::none) return bad("piece.kind is not a Cyvasse piece");
    s.board.pieces[*at] = piece{static_cast<std::uint8_t>(*owner), k};
  }
  if (j.contains("outcome"))
    if (auto m = read_outcome(j["outcome"], s.outcome)) return bad("position." + *m);
  if (const char* m = validate(s)) return bad(std::string("position: ") + m);
  return s;
}

result<state> cyvasse_position::create(const json& options, const json& position, std::uint64_t seed) {
  return create_from(options, position, seed, cyvasse_codec::parse_options, cyvasse::new_game, parse_position);
}

}  // namespace tabuleiro::protocol

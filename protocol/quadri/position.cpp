// QU4DRI persistence codec: the full Position JSON (rules §8) with every value, seed and PRNG.
#include "protocol/quadri/position.h"

#include "protocol/core/json_util.h"
#include "protocol/core/position_create.h"
#include "protocol/quadri/codec.h"

namespace tabuleiro::protocol {

using quadri::state;

namespace {

rule_error bad(std::string message) { return rule_error{"bad_position", std::move(message)}; }

constexpr std::array<std::string_view, 4> moon_names = {"new", "waxing", "full", "waning"};
constexpr std::array<std::string_view, 4> dir_names = {"N", "S", "E", "W"};

std::optional<int> index_of(const json& j, const std::array<std::string_view, 4>& names) {
  if (!j.is_string()) return std::nullopt;
  for (int i = 0; i < 4; ++i)
    if (j.get_ref<const std::string&>() == names[i]) return i;
  return std::nullopt;
}

std::optional<std::array<int, 2>> int_pair(const json& j, const char* key, int lo, int hi) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->size() != 2) return std::nullopt;
  std::array<int, 2> out{};
  for (int i = 0; i < 2; ++i) {
    const json wrap = {{"v", (*it)[i]}};
    const auto v = int_field(wrap, "v", lo, hi);
    if (!v) return std::nullopt;
    out[i] = *v;
  }
  return out;
}

// A cell of the play area, or nullopt.
std::optional<quadri::cell> area_cell(const json& p) {
  if (!p.contains("at")) return std::nullopt;
  const auto c = quadri_codec::parse_cell(p["at"]);
  if (!c || *c < 0) return std::nullopt;
  return c;
}

std::optional<std::string> parse_tiles(const json& arr, state& s) {
  if (!arr.is_array()) return "tiles must be an array";
  if (arr.size() > 50) return "too many tiles";
  for (const json& t : arr) {
    if (!t.is_object()) return "each tile must be an object";
    if (auto k = first_unknown_key(t, {"at", "aura", "moon", "dir", "value", "side", "revealed"}))
      return "unknown tile field '" + *k + "'";
    const auto at = area_cell(t);
    if (!at) return "tile.at must be a cell a1..j10";
    if (s.tiles[*at].aura) return "two tiles on " + quadri_codec::cell_name(*at);
    quadri::tile x;
    if (!t.contains("aura") || (t["aura"] != "green" && t["aura"] != "red")) return "tile.aura must be green or red";
    x.aura = t["aura"] == "green" ? quadri::green : quadri::red;
    const auto m = t.contains("moon") ? index_of(t["moon"], moon_names) : std::nullopt;
    if (!m) return "tile.moon must be new, waxing, full or waning";
    const auto d = t.contains("dir") ? index_of(t["dir"], dir_names) : std::nullopt;
    if (!d) return "tile.dir must be N, S, E or W";
    x.phase = static_cast<quadri::moon>(*m);
    x.dir = static_cast<quadri::direction>(*d);
    const auto v = int_field(t, "value", 1, 4);
    if (!v) return "tile.value must be 1..4";
    x.value = static_cast<std::uint8_t>(*v);
    if (!t.contains("side") || (t["side"] != "energy" && t["side"] != "location"))
      return "tile.side must be energy or location";
    x.location = t["side"] == "location";
    if (!t.contains("revealed") || !t["revealed"].is_boolean()) return "tile.revealed must be a boolean";
    x.revealed = t["revealed"].get<bool>();
    s.tiles[*at] = x;
  }
  return std::nullopt;
}

std::optional<std::string> parse_predictors(const json& arr, state& s) {
  if (!arr.is_array()) return "predictors must be an array";
  if (arr.size() > 32) return "too many predictors";
  for (const json& p : arr) {
    if (!p.is_object()) return "each predictor must be an object";
    if (auto k = first_unknown_key(p, {"at", "owner", "queen"})) return "unknown predictor field '" + *k + "'";
    const auto at = area_cell(p);
    if (!at) return "predictor.at must be a cell a1..j10";
    if (s.preds[*at].owner) return "two predictors on " + quadri_codec::cell_name(*at);
    const auto owner = int_field(p, "owner", 1, 2);
    if (!owner) return "predictor.owner must be 1 or 2";
    bool queen = false;
    if (p.contains("queen")) {
      if (!p["queen"].is_boolean()) return "predictor.queen must be a boolean";
      queen = p["queen"].get<bool>();
    }
    s.preds[*at] = quadri::predictor{static_cast<std::uint8_t>(*owner), queen};
  }
  return std::nullopt;
}

}  // namespace

json quadri_position::position_json(const state& s) {
  json tiles = json::array();
  json preds = json::array();
  for (int c = 0; c < quadri::area_size; ++c) {
    if (s.tiles[c].aura) {
      json t = quadri_codec::tile_json(s.tiles[c], true);
      t["at"] = quadri_codec::cell_name(c);
      tiles.push_back(std::move(t));
    }
    if (s.preds[c].owner)
      preds.push_back({{"at", quadri_codec::cell_name(c)}, {"owner", s.preds[c].owner}, {"queen", s.preds[c].queen}});
  }
  json j = {{"game", quadri_codec::name}, {"to_move", s.to_move},
            {"energy", s.energy},         {"hand", s.hand},
            {"quiet_actions", s.quiet},   {"options", quadri_codec::options_json(s.opts)},
            {"tiles", std::move(tiles)},  {"predictors", std::move(preds)}};
  if (s.seed) j["seed"] = std::to_string(*s.seed);
  j["rng"] = s.rng.to_string();
  j["outcome"] = outcome_json(s.outcome);
  return j;
}

result<state> quadri_position::parse_position(const json& j, std::uint64_t seed, const quadri::options& base) {
  if (!j.is_object()) return bad("a position must be a JSON object");
  if (auto k = first_unknown_key(j, {"game", "to_move", "energy", "hand", "quiet_actions", "options", "tiles",
                                     "predictors", "seed", "rng", "outcome"}))
    return bad("unknown position field '" + *k + "'");
  if (!j.contains("game") || j["game"] != quadri_codec::name) return bad("position.game must be \"quadri\"");
  for (const char* key : {"to_move", "energy", "hand", "tiles", "predictors"})
    if (!j.contains(key)) return bad(std::string("position.") + key + " is required");
  state s;
  s.opts = base;
  if (j.contains("options")) {
    auto o = quadri_codec::parse_options(j["options"]);
    if (auto* err = std::get_if<rule_error>(&o)) return bad("position." + err->message);
    s.opts = std::get<0>(o);
  }
  const auto to_move = int_field(j, "to_move", 1, 2);
  if (!to_move) return bad("position.to_move must be 1 or 2");
  s.to_move = *to_move;
  const auto energy = int_pair(j, "energy", -1000, 1000);
  if (!energy) return bad("position.energy must be [int, int] with values -1000..1000");
  s.energy = *energy;
  const auto hand = int_pair(j, "hand", 0, quadri::pool);
  if (!hand) return bad("position.hand must be [int, int] with values 0..16");
  s.hand = *hand;
  s.quiet = 0;
  if (j.contains("quiet_actions")) {
    const auto q = int_field(j, "quiet_actions", 0, 10000);
    if (!q) return bad("position.quiet_actions must be 0..10000");
    s.quiet = *q;
  }
  if (auto m = parse_tiles(j["tiles"], s)) return bad("position." + *m);
  if (auto m = parse_predictors(j["predictors"], s)) return bad("position." + *m);
  if (j.contains("outcome"))
    if (auto m = read_outcome(j["outcome"], s.outcome)) return bad("position." + *m);
  if (auto m = read_position_rng(j, seed, s.seed, s.rng)) return bad(*m);
  if (const char* m = quadri::validate(s)) return bad(std::string("position: ") + m);
  return s;
}

result<state> quadri_position::create(const json& options, const json& position, std::uint64_t seed) {
  return create_from(options, position, seed, quadri_codec::parse_options, quadri::new_game, parse_position);
}

}  // namespace tabuleiro::protocol

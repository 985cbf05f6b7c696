// TAIXU persistence codec: the full Position JSON (rules §10) with seed and PRNG state.
#include "protocol/taixu/position.h"

#include <array>

#include "protocol/core/json_util.h"
#include "protocol/core/position_create.h"
#include "protocol/taixu/codec.h"
#include "protocol/taixu/names.h"

namespace tabuleiro::protocol {

using taixu::state;

namespace {

// A bad_position rule_error with message.
rule_error bad(std::string message) { return rule_error{"bad_position", std::move(message)}; }

// A pair [x, y] of ints in [lo, hi], or nullopt.
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

// Parses the "pieces" array into s.board.
std::optional<std::string> parse_pieces(const json& arr, state& s) {
  if (!arr.is_array()) return "pieces must be an array";
  if (arr.size() > 64) return "too many pieces";
  for (const json& p : arr) {
    if (!p.is_object()) return "each piece must be an object";
    if (auto k = first_unknown_key(p, {"at", "owner", "charge", "idle", "moved"}))
      return "unknown piece field '" + *k + "'";
    const auto at = p.contains("at") ? parse_square(p["at"]) : std::nullopt;
    if (!at) return "piece.at must be a square a1..h8";
    if (s.board[*at].owner) return "two pieces on " + square_name(*at);
    const auto owner = int_field(p, "owner", 1, 2);
    if (!owner) return "piece.owner must be 1 or 2";
    const auto charge = int_field(p, "charge", 0, 4);
    if (!charge) return "piece.charge must be 0..4";
    int idle = 0;
    if (p.contains("idle")) {
      const auto v = int_field(p, "idle", 0, 2);
      if (!v) return "piece.idle must be 0..2";
      idle = *v;
    }
    bool moved = false;
    if (p.contains("moved")) {
      if (!p["moved"].is_boolean()) return "piece.moved must be a boolean";
      moved = p["moved"].get<bool>();
    }
    s.board[*at] = taixu::piece{static_cast<std::uint8_t>(*owner), static_cast<std::uint8_t>(*charge),
                                static_cast<std::uint8_t>(idle), moved};
  }
  return std::nullopt;
}

// Parses the "anomalies" array into s.anomalies.
std::optional<std::string> parse_anomalies(const json& arr, state& s) {
  if (!arr.is_array()) return "anomalies must be an array";
  if (arr.size() > 64) return "too many anomalies";
  for (const json& a : arr) {
    if (!a.is_object()) return "each anomaly must be an object";
    if (auto k = first_unknown_key(a, {"at", "effect"})) return "unknown anomaly field '" + *k + "'";
    const auto at = a.contains("at") ? parse_square(a["at"]) : std::nullopt;
    if (!at) return "anomaly.at must be a square a1..h8";
    if (s.anomalies[*at] != taixu::effect::none) return "two anomalies on " + square_name(*at);
    const auto what = a.contains("effect") ? parse_effect(a["effect"]) : std::nullopt;
    if (!what) return "anomaly.effect must be overload, echo, drain, rift or free_distortion";
    s.anomalies[*at] = *what;
  }
  return std::nullopt;
}

}  // namespace

json taixu_position::position_json(const state& s) {
  json pieces = json::array();
  json anomalies = json::array();
  for (int sq = 0; sq < taixu::board_size; ++sq) {
    const auto& p = s.board[sq];
    if (p.owner)
      pieces.push_back(
          {{"at", square_name(sq)}, {"owner", p.owner}, {"charge", p.charge}, {"idle", p.idle}, {"moved", p.moved}});
    if (s.anomalies[sq] != taixu::effect::none)
      anomalies.push_back({{"at", square_name(sq)}, {"effect", effect_name(s.anomalies[sq])}});
  }
  json j = {{"game", taixu_codec::name},
            {"options", taixu_codec::options_json(s.opts)},
            {"to_move", s.to_move},
            {"round", s.round},
            {"pc", s.pc},
            {"bonus", s.bonus},
            {"reserve", s.reserve},
            {"pieces", std::move(pieces)},
            {"anomalies", std::move(anomalies)}};
  if (s.seed) j["seed"] = std::to_string(*s.seed);
  j["rng"] = s.rng.to_string();
  j["outcome"] = outcome_json(s.outcome);
  return j;
}

result<state> taixu_position::parse_position(const json& j, std::uint64_t seed, const taixu::options& base) {
  if (!j.is_object()) return bad("a position must be a JSON object");
  if (auto k = first_unknown_key(j, {"game", "options", "to_move", "round", "pc", "bonus", "reserve", "pieces",
                                     "anomalies", "seed", "rng", "outcome"}))
    return bad("unknown position field '" + *k + "'");
  if (!j.contains("game") || j["game"] != taixu_codec::name) return bad("position.game must be \"taixu\"");
  for (const char* key : {"to_move", "round", "pc", "bonus", "reserve", "pieces", "anomalies"})
    if (!j.contains(key)) return bad(std::string("position.") + key + " is required");
  state s;
  s.opts = base;
  if (j.contains("options")) {
    auto o = taixu_codec::parse_options(j["options"]);
    if (auto* err = std::get_if<rule_error>(&o)) return bad("position." + err->message);
    s.opts = std::get<0>(o);
  }
  const auto to_move = int_field(j, "to_move", 1, 2);
  if (!to_move) return bad("position.to_move must be 1 or 2");
  s.to_move = *to_move;
  const auto round = int_field(j, "round", 1, 1000000000);
  if (!round) return bad("position.round must be an integer 1..1000000000");
  s.round = *round;
  const auto pc = int_field(j, "pc", 0, 1000000);
  if (!pc) return bad("position.pc must be an integer 0..1000000");
  s.pc = *pc;
  const auto bonus = int_pair(j, "bonus", 0, 1000000);
  if (!bonus) return bad("position.bonus must be [int, int] with values 0..1000000");
  s.bonus = *bonus;
  const auto reserve = int_pair(j, "reserve", 0, 16);
  if (!reserve) return bad("position.reserve must be [int, int] with values 0..16");
  s.reserve = *reserve;
  if (auto m = parse_pieces(j["pieces"], s)) return bad("position." + *m);
  if (auto m = parse_anomalies(j["anomalies"], s)) return bad("position." + *m);
  if (j.contains("outcome"))
    if (auto m = read_outcome(j["outcome"], s.outcome)) return bad("position." + *m);
  if (auto m = read_position_rng(j, seed, s.seed, s.rng)) return bad(*m);
  if (const char* m = taixu::validate(s)) return bad(std::string("position: ") + m);
  return s;
}

result<state> taixu_position::create(const json& options, const json& position, std::uint64_t seed) {
  return create_from(options, position, seed, taixu_codec::parse_options, taixu::new_game, parse_position);
}

}  // namespace tabuleiro::protocol

// TAIXU codec: actions, options, positions and the redacted view.
#include "protocol/taixu_codec.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>

#include "protocol/codec_match.h"
#include "protocol/taixu_names.h"

namespace tabuleiro::protocol {

using taixu::action;
using taixu::action_kind;
using taixu::state;

namespace {

// A rule_error with code and message.
rule_error fail(const char* code, std::string message) { return rule_error{code, std::move(message)}; }

// The first key of object j not in allowed, or "".
std::string unknown_key(const json& j, std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : j.items()) {
    bool ok = false;
    for (auto a : allowed) ok = ok || key == a;
    if (!ok) return key;
  }
  return {};
}

// j[key] as an int in [lo, hi], or nullopt when missing / not an integer / out of range.
std::optional<int> int_field(const json& j, const char* key, long long lo, long long hi) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  if (it->is_number_unsigned()) {
    const auto v = it->get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(hi)) return std::nullopt;
    return static_cast<int>(v);
  }
  const auto v = it->get<long long>();
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

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

// Parses a decimal unsigned 64-bit seed string.
std::optional<std::uint64_t> parse_seed(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const auto& text = j.get_ref<const std::string&>();
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// Parses the "pieces" array into s.board.
std::optional<std::string> parse_pieces(const json& arr, state& s) {
  if (!arr.is_array()) return "pieces must be an array";
  if (arr.size() > 64) return "too many pieces";
  for (const json& p : arr) {
    if (!p.is_object()) return "each piece must be an object";
    if (auto k = unknown_key(p, {"at", "owner", "charge", "idle", "moved"}); !k.empty())
      return "unknown piece field '" + k + "'";
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
    if (auto k = unknown_key(a, {"at", "effect"}); !k.empty()) return "unknown anomaly field '" + k + "'";
    const auto at = a.contains("at") ? parse_square(a["at"]) : std::nullopt;
    if (!at) return "anomaly.at must be a square a1..h8";
    if (s.anomalies[*at] != taixu::effect::none) return "two anomalies on " + square_name(*at);
    const auto what = a.contains("effect") ? parse_effect(a["effect"]) : std::nullopt;
    if (!what) return "anomaly.effect must be overload, echo, drain, rift or free_distortion";
    s.anomalies[*at] = *what;
  }
  return std::nullopt;
}

// Parses "outcome" (null or {"winner": 1|2|null, "reason": "…"}).
std::optional<std::string> parse_outcome(const json& o, state& s) {
  if (o.is_null()) return std::nullopt;
  if (!o.is_object()) return "outcome must be null or an object";
  if (auto k = unknown_key(o, {"winner", "reason"}); !k.empty()) return "unknown outcome field '" + k + "'";
  engine::outcome out;
  if (!o.contains("winner")) return "outcome.winner is required";
  if (!o["winner"].is_null()) {
    const auto w = int_field(o, "winner", 1, 2);
    if (!w) return "outcome.winner must be 1, 2 or null";
    out.winner = *w;
  }
  if (!o.contains("reason") || !o["reason"].is_string() || o["reason"].get_ref<const std::string&>().empty() ||
      o["reason"].get_ref<const std::string&>().size() > 64)
    return "outcome.reason must be a short non-empty string";
  out.reason = o["reason"].get<std::string>();
  s.outcome = std::move(out);
  return std::nullopt;
}

// The options object as JSON.
json options_json(const taixu::options& o) {
  return {{"reserve", o.reserve},
          {"destroyed_pieces", o.destroyed == taixu::destroyed_mode::removed ? "removed" : "reserve"}};
}

}  // namespace

std::string square_name(int sq) {
  return {static_cast<char>('a' + taixu::file_of(sq)), static_cast<char>('1' + taixu::rank_of(sq))};
}

std::optional<taixu::square> parse_square(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const auto& t = j.get_ref<const std::string&>();
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return std::nullopt;
  return taixu::make_square(t[0] - 'a', t[1] - '1');
}

result<action> taixu_codec::parse_action(const json& j) {
  if (!j.is_object()) return fail("bad_action", "an action must be a JSON object");
  const auto type_it = j.find("type");
  if (type_it == j.end() || !type_it->is_string()) return fail("bad_action", "action.type must be a string");
  const auto& type = type_it->get_ref<const std::string&>();
  // "cost" (as listed in the legal actions) may be echoed back; the engine's own cost applies.
  if (j.contains("cost") && !j["cost"].is_number_integer())
    return fail("bad_action", "action.cost must be an integer");
  auto squares = [&](std::initializer_list<std::string_view> keys, action_kind kind) -> result<action> {
    std::vector<std::string_view> allowed(keys);
    allowed.push_back("type");
    allowed.push_back("cost");
    for (const auto& [key, value] : j.items()) {
      bool ok = false;
      for (auto a : allowed) ok = ok || key == a;
      if (!ok) return fail("bad_action", "unknown action field '" + key + "'");
    }
    action a{kind, taixu::no_square, taixu::no_square};
    int i = 0;
    for (auto key : keys) {
      const auto it = j.find(std::string(key));
      const auto sq = it == j.end() ? std::nullopt : parse_square(*it);
      if (!sq) return fail("bad_action", "action." + std::string(key) + " must be a square a1..h8");
      (i++ == 0 ? a.a : a.b) = *sq;
    }
    if (kind == action_kind::swap && a.a > a.b) std::swap(a.a, a.b);
    return a;
  };
  if (type == "summon") return squares({"to"}, action_kind::summon);
  if (type == "move") return squares({"from", "to"}, action_kind::move);
  if (type == "stabilize") return squares({"at"}, action_kind::stabilize);
  if (type == "swap") return squares({"a", "b"}, action_kind::swap);
  if (type == "end_turn") return squares({}, action_kind::end_turn);
  return fail("bad_action", "unknown action type '" + type + "'");
}

json taixu_codec::action_json(const action& a) {
  switch (a.kind) {
    case action_kind::summon: return {{"type", "summon"}, {"to", square_name(a.a)}};
    case action_kind::move: return {{"type", "move"}, {"from", square_name(a.a)}, {"to", square_name(a.b)}};
    case action_kind::stabilize: return {{"type", "stabilize"}, {"at", square_name(a.a)}};
    case action_kind::swap:
      return {{"type", "swap"}, {"a", square_name(std::min(a.a, a.b))}, {"b", square_name(std::max(a.a, a.b))}};
    case action_kind::end_turn: break;
  }
  return {{"type", "end_turn"}};
}

json taixu_codec::legal_action_json(const state& s, const action& a) {
  json j = action_json(a);
  int cost = 0;
  taixu::check(s, s.to_move, a, &cost);
  j["cost"] = cost;
  return j;
}

json taixu_codec::events_for(viewer, const std::vector<json>& events) { return json(events); }

json taixu_codec::view(const state& s, viewer) {
  json pieces = json::object();
  json anomalies = json::object();
  for (int sq = 0; sq < taixu::board_size; ++sq) {
    const auto& p = s.board[sq];
    if (p.owner)
      pieces[square_name(sq)] = {{"owner", p.owner}, {"charge", p.charge}, {"idle", p.idle}, {"moved", p.moved}};
    if (s.anomalies[sq] != taixu::effect::none) anomalies[square_name(sq)] = effect_name(s.anomalies[sq]);
  }
  return {{"game", name},
          {"options", options_json(s.opts)},
          {"to_move", s.to_move},
          {"round", s.round},
          {"pc", s.pc},
          {"bonus", s.bonus},
          {"reserve", s.reserve},
          {"costs", {{"summon", taixu::summon_cost(s, s.to_move)}, {"move", 1}, {"stabilize", 2}, {"swap", 3}}},
          {"pieces", std::move(pieces)},
          {"anomalies", std::move(anomalies)},
          {"outcome", outcome_json(s.outcome)}};
}

json taixu_codec::position(const state& s) {
  json pieces = json::array();
  json anomalies = json::array();
  for (int sq = 0; sq < taixu::board_size; ++sq) {
    const auto& p = s.board[sq];
    if (p.owner)
      pieces.push_back({{"at", square_name(sq)}, {"owner", p.owner}, {"charge", p.charge},
                        {"idle", p.idle}, {"moved", p.moved}});
    if (s.anomalies[sq] != taixu::effect::none)
      anomalies.push_back({{"at", square_name(sq)}, {"effect", effect_name(s.anomalies[sq])}});
  }
  json j = {{"game", name},
            {"options", options_json(s.opts)},
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

result<taixu::options> taixu_codec::parse_options(const json& j) {
  taixu::options o;
  if (j.is_null()) return o;
  if (!j.is_object()) return fail("bad_options", "options must be an object");
  if (auto k = unknown_key(j, {"reserve", "destroyed_pieces"}); !k.empty())
    return fail("bad_options", "unknown option '" + k + "'");
  if (j.contains("reserve")) {
    const auto r = int_field(j, "reserve", 4, 16);
    if (!r) return fail("bad_options", "options.reserve must be an integer 4..16");
    o.reserve = *r;
  }
  if (j.contains("destroyed_pieces")) {
    const json& d = j["destroyed_pieces"];
    if (d == "reserve") o.destroyed = taixu::destroyed_mode::reserve;
    else if (d == "removed") o.destroyed = taixu::destroyed_mode::removed;
    else return fail("bad_options", "options.destroyed_pieces must be \"reserve\" or \"removed\"");
  }
  return o;
}

result<state> taixu_codec::parse_position(const json& j, std::uint64_t seed, const taixu::options& base) {
  auto bad = [](std::string m) { return fail("bad_position", std::move(m)); };
  if (!j.is_object()) return bad("a position must be a JSON object");
  if (auto k = unknown_key(j, {"game", "options", "to_move", "round", "pc", "bonus", "reserve",
                               "pieces", "anomalies", "seed", "rng", "outcome"});
      !k.empty())
    return bad("unknown position field '" + k + "'");
  if (!j.contains("game") || j["game"] != name) return bad("position.game must be \"taixu\"");
  for (const char* key : {"to_move", "round", "pc", "bonus", "reserve", "pieces", "anomalies"})
    if (!j.contains(key)) return bad(std::string("position.") + key + " is required");
  state s;
  s.opts = base;
  if (j.contains("options")) {
    auto o = parse_options(j["options"]);
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
    if (auto m = parse_outcome(j["outcome"], s)) return bad("position." + *m);
  if (j.contains("seed")) {
    const auto sd = parse_seed(j["seed"]);
    if (!sd) return bad("position.seed must be an unsigned 64-bit integer in a string");
    s.seed = *sd;
  }
  if (j.contains("rng")) {
    const auto r = j["rng"].is_string() ? engine::rng::from_string(j["rng"].get<std::string>()) : std::nullopt;
    if (!r) return bad("position.rng is not a PRNG state written by this engine");
    s.rng = *r;
  } else {
    if (!s.seed) s.seed = seed;
    s.rng = engine::rng(*s.seed);
  }
  if (const char* m = taixu::validate(s)) return bad(std::string("position: ") + m);
  return s;
}

result<state> taixu_codec::create(const json& options, const json& position, std::uint64_t seed) {
  auto o = parse_options(options);
  if (auto* err = std::get_if<rule_error>(&o)) return *err;
  if (position.is_null()) return taixu::new_game(std::get<0>(o), seed);
  auto s = parse_position(position, seed, std::get<0>(o));
  if (auto* err = std::get_if<rule_error>(&s)) return *err;
  const bool has_options = options.is_object() && !options.empty();
  if (has_options && position.is_object() && position.contains("options") &&
      !(std::get<0>(s).opts == std::get<0>(o)))
    return fail("bad_options", "options disagree with position.options");
  return s;
}

const game_kind& taixu_game_kind() {
  static const codec_game_kind<taixu::game, taixu_codec> kind;
  return kind;
}

}  // namespace tabuleiro::protocol

// TAIXU public codec: actions, options and the view of an observation.
#include "protocol/taixu/codec.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>

#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"
#include "protocol/core/patch_writer.h"
#include "protocol/taixu/names.h"
#include "protocol/taixu/position.h"

namespace tabuleiro::protocol {

using taixu::action;
using taixu::action_kind;

namespace {

// A rule_error with code and message.
rule_error fail(const char* code, std::string message) { return rule_error{code, std::move(message)}; }

}  // namespace

const std::string& square_name(int sq) { return file_rank_name<taixu::board_size, taixu::file_of, taixu::rank_of>(sq); }

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
  if (j.contains("cost") && !j["cost"].is_number_integer()) return fail("bad_action", "action.cost must be an integer");
  // An action of kind with the given square fields; allowed = those fields, "type", "cost".
  auto squares = [&](action_kind kind, std::initializer_list<std::string_view> keys,
                     std::initializer_list<std::string_view> allowed) -> result<action> {
    if (auto k = first_unknown_key(j, allowed)) return fail("bad_action", "unknown action field '" + *k + "'");
    action a{kind, taixu::no_square, taixu::no_square};
    int i = 0;
    for (auto key : keys) {
      const auto it = j.find(key);
      const auto sq = it == j.end() ? std::nullopt : parse_square(*it);
      if (!sq) return fail("bad_action", "action." + std::string(key) + " must be a square a1..h8");
      (i++ == 0 ? a.a : a.b) = *sq;
    }
    if (kind == action_kind::swap && a.a > a.b) std::swap(a.a, a.b);
    return a;
  };
  if (type == "summon") return squares(action_kind::summon, {"to"}, {"type", "cost", "to"});
  if (type == "move") return squares(action_kind::move, {"from", "to"}, {"type", "cost", "from", "to"});
  if (type == "stabilize") return squares(action_kind::stabilize, {"at"}, {"type", "cost", "at"});
  if (type == "swap") return squares(action_kind::swap, {"a", "b"}, {"type", "cost", "a", "b"});
  if (type == "end_turn") return squares(action_kind::end_turn, {}, {"type", "cost"});
  return fail("bad_action", "unknown action type '" + type + "'");
}

void taixu_codec::action_fields(object_text& o, const action& a) {
  switch (a.kind) {
    case action_kind::summon: o.text("type", "summon").text("to", square_name(a.a)); return;
    case action_kind::move: o.text("type", "move").text("from", square_name(a.a)).text("to", square_name(a.b)); return;
    case action_kind::stabilize: o.text("type", "stabilize").text("at", square_name(a.a)); return;
    case action_kind::swap:
      o.text("type", "swap").text("a", square_name(std::min(a.a, a.b))).text("b", square_name(std::max(a.a, a.b)));
      return;
    case action_kind::end_turn: break;
  }
  o.text("type", "end_turn");
}

json taixu_codec::action_json(const action& a) {
  object_text o;
  action_fields(o, a);
  return o.to_json();
}

void taixu_codec::legal_action_fields(object_text& o, const taixu::state& s, const action& a) {
  int cost = 0;
  taixu::check(s, s.to_move, a, &cost);
  action_fields(o, a);
  o.integer("cost", cost);
}

json taixu_codec::expects_json(const taixu::observation&, engine::seat) { return nullptr; }

namespace {

// Every square with its name, in the order of a view's keys ("a1", "a2", …, "h8").
const std::vector<keyed_name>& squares_by_name() {
  static const std::vector<keyed_name> keys = names_in_key_order(taixu::board_size, square_name);
  return keys;
}

// A piece's members in a view.
void piece_fields(object_text& o, const taixu::piece& p) {
  o.integer("owner", p.owner).integer("charge", p.charge).integer("idle", p.idle).boolean("moved", p.moved);
}

}  // namespace

json taixu_codec::observation_json(const taixu::observation& o) {
  json pieces = json::object();
  json anomalies = json::object();
  for (int sq = 0; sq < taixu::board_size; ++sq) {
    const auto& p = o.board[sq];
    if (p.owner) {
      object_text fields;
      piece_fields(fields, p);
      pieces[square_name(sq)] = fields.to_json();
    }
    if (o.anomalies[sq] != taixu::effect::none) anomalies[square_name(sq)] = effect_name(o.anomalies[sq]);
  }
  return {{"game", name},
          {"options", options_json(o.opts)},
          {"to_move", o.to_move},
          {"round", o.round},
          {"pc", o.pc},
          {"bonus", o.bonus},
          {"reserve", o.reserve},
          {"costs", {{"summon", taixu::summon_cost(o, o.to_move)}, {"move", 1}, {"stabilize", 2}, {"swap", 3}}},
          {"pieces", std::move(pieces)},
          {"anomalies", std::move(anomalies)},
          {"outcome", outcome_json(o.outcome)}};
}

std::optional<std::string> taixu_codec::patch_text(const taixu::observation& a, const taixu::observation& b) {
  // Options never change during a match and an outcome is set once.
  if (!(a.opts == b.opts) || (a.outcome && a.outcome != b.outcome)) return std::nullopt;
  // Members in key order, as json::diff walks a view: anomalies, bonus, costs, game, options,
  // outcome, pc, pieces, reserve, round, to_move. In an object, changes and removals come in
  // key order, then additions in key order.
  patch_writer w;
  const auto& keys = squares_by_name();
  keyed_entries<std::string_view>(
      w, "/anomalies", keys, [&](int sq) { return a.anomalies[sq] == b.anomalies[sq]; },
      [&](int side, int sq, std::string_view& name) {
        const taixu::effect e = side ? b.anomalies[sq] : a.anomalies[sq];
        if (e != taixu::effect::none) name = effect_name(e);
        return e != taixu::effect::none;
      });
  w.int_array("/bonus", a.bonus, b.bonus);
  const int summon_after = taixu::summon_cost(b, b.to_move);
  if (taixu::summon_cost(a, a.to_move) != summon_after) w.replace("/costs/summon", summon_after);
  if (a.outcome != b.outcome) w.put("replace", "/outcome", outcome_json(b.outcome).dump());
  if (a.pc != b.pc) w.replace("/pc", b.pc);
  keyed_entries<object_text>(
      w, "/pieces", keys, [&](int sq) { return a.board[sq] == b.board[sq]; },
      [&](int side, int sq, object_text& o) {
        const taixu::piece& p = side ? b.board[sq] : a.board[sq];
        if (p.owner) piece_fields(o, p);
        return p.owner != 0;
      });
  w.int_array("/reserve", a.reserve, b.reserve);
  if (a.round != b.round) w.replace("/round", b.round);
  if (a.to_move != b.to_move) w.replace("/to_move", b.to_move);
  return std::move(w).finish();
}

json taixu_codec::progress_json(const taixu::observation& o) { return {{"round", o.round}}; }

json taixu_codec::options_json(const taixu::options& o) {
  return {{"reserve", o.reserve},
          {"destroyed_pieces", o.destroyed == taixu::destroyed_mode::removed ? "removed" : "reserve"}};
}

result<taixu::options> taixu_codec::parse_options(const json& j) {
  taixu::options o;
  if (j.is_null()) return o;
  if (!j.is_object()) return fail("bad_options", "options must be an object");
  if (auto k = first_unknown_key(j, {"reserve", "destroyed_pieces"}))
    return fail("bad_options", "unknown option '" + *k + "'");
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

result<taixu::observation> taixu_codec::parse_observation(const json& j) {
  auto opts = view_options<taixu::options>(j, parse_options);
  if (auto* err = std::get_if<rule_error>(&opts)) return *err;
  taixu::observation o;
  o.opts = std::get<taixu::options>(opts);
  const auto to_move = int_field(j, "to_move", 1, 2);
  const auto round = int_field(j, "round", 1, 1000000000);
  const auto pc = int_field(j, "pc", 0, 1000000);
  const auto bonus = int_pair_field(j, "bonus", 0, 1000000);
  const auto reserve = int_pair_field(j, "reserve", 0, 16);
  if (!to_move || !round || !pc || !bonus || !reserve)
    return bad_view("to_move, round, pc, bonus and reserve must be present and in range");
  o.to_move = *to_move;
  o.round = *round;
  o.pc = *pc;
  o.bonus = *bonus;
  o.reserve = *reserve;
  const auto pieces = j.find("pieces");
  if (pieces == j.end() || !pieces->is_object()) return bad_view("pieces must be an object");
  for (const auto& [at, p] : pieces->items()) {
    const auto sq = parse_square(at);
    const auto owner = int_field(p, "owner", 1, 2);
    const auto charge = int_field(p, "charge", 0, 4);
    const auto idle = int_field(p, "idle", 0, 2);
    const auto moved = p.find("moved");
    if (!sq || !owner || !charge || !idle || moved == p.end() || !moved->is_boolean())
      return bad_view("pieces." + at + " is not a piece on a square");
    o.board[*sq] = taixu::piece{static_cast<std::uint8_t>(*owner), static_cast<std::uint8_t>(*charge),
                                static_cast<std::uint8_t>(*idle), moved->get<bool>()};
  }
  const auto anomalies = j.find("anomalies");
  if (anomalies == j.end() || !anomalies->is_object()) return bad_view("anomalies must be an object");
  for (const auto& [at, e] : anomalies->items()) {
    const auto sq = parse_square(at);
    const auto effect = parse_effect(e);
    if (!sq || !effect) return bad_view("anomalies." + at + " is not an effect on a square");
    o.anomalies[*sq] = *effect;
  }
  if (auto m = read_outcome(j.contains("outcome") ? j["outcome"] : json(), o.outcome)) return bad_view(*m);
  return o;
}

const game_kind& taixu_game_kind() {
  static const codec_game_kind<taixu::game, taixu_codec, taixu_position> kind;
  return kind;
}

}  // namespace tabuleiro::protocol

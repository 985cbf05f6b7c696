// Cyvasse public codec: actions, options, events, expects and the view of an observation.
#include "protocol/cyvasse/codec.h"

#include <array>

#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"
#include "protocol/core/patch_writer.h"
#include "protocol/cyvasse/position.h"

namespace tabuleiro::protocol {

using namespace cyvasse;

namespace {

rule_error fail(const char* code, std::string message) { return rule_error{code, std::move(message)}; }

std::string_view phase_name(phase p) {
  switch (p) {
    case phase::setup: return "setup";
    case phase::play: return "play";
    default: return "over";
  }
}

std::string_view event_name(event::kind_t k) {
  switch (k) {
    case event::submitted: return "submitted";
    case event::revealed: return "revealed";
    case event::moved: return "moved";
    case event::captured: return "captured";
    default: return "game_over";
  }
}

}  // namespace

const std::string& cyvasse_square_name(int sq) { return file_rank_name<board_size, file_of, rank_of>(sq); }

std::optional<square> cyvasse_parse_square(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const auto& t = j.get_ref<const std::string&>();
  if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] > 'j') return std::nullopt;
  int r = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') return std::nullopt;
    r = r * 10 + (t[i] - '0');
  }
  if (t[1] == '0' || r < 1 || r > 10) return std::nullopt;
  return make_square(t[0] - 'a', r - 1);
}

result<action> cyvasse_codec::parse_action(const json& j) {
  if (!j.is_object()) return fail("bad_action", "an action must be a JSON object");
  const auto type_it = j.find("type");
  if (type_it == j.end() || !type_it->is_string()) return fail("bad_action", "action.type must be a string");
  const auto& type = type_it->get_ref<const std::string&>();
  action a;
  if (type == "move") {
    if (auto k = first_unknown_key(j, {"type", "from", "to", "capture", "ranged"}))
      return fail("bad_action", "unknown action field '" + *k + "'");
    for (const char* flag : {"capture", "ranged"})
      if (j.contains(flag) && !j[flag].is_boolean())
        return fail("bad_action", std::string("action.") + flag + " must be a boolean");
    const auto from = j.contains("from") ? cyvasse_parse_square(j["from"]) : std::nullopt;
    const auto to = j.contains("to") ? cyvasse_parse_square(j["to"]) : std::nullopt;
    if (!from || !to) return fail("bad_action", "action.from and action.to must be squares a1..j10");
    a.type = action::move;
    a.from = *from;
    a.to = *to;
    return a;
  }
  if (type == "setup") {
    if (auto k = first_unknown_key(j, {"type", "preset", "pieces"}))
      return fail("bad_action", "unknown action field '" + *k + "'");
    a.type = action::setup;
    if (j.contains("preset")) {
      if (j.contains("pieces")) return fail("bad_action", "a set-up has either a preset or pieces");
      if (j["preset"] == "standard") a.use = preset::standard;
      else if (j["preset"] == "random") a.use = preset::random;
      else return fail("bad_action", "action.preset must be \"standard\" or \"random\"");
      return a;
    }
    if (!j.contains("pieces") || !j["pieces"].is_array())
      return fail("bad_action", "a set-up needs a preset or a pieces array");
    const json& list = j["pieces"];
    if (list.size() > 2 * army_size) return fail("bad_setup", "a set-up places exactly 19 pieces");
    for (const json& p : list) {
      if (!p.is_object() || first_unknown_key(p, {"kind", "at"}))
        return fail("bad_action", "each piece is {\"kind\",\"at\"}");
      const kind k = p.contains("kind") && p["kind"].is_string() ? kind_from_name(p["kind"].get<std::string>())
                                                                 : kind::none;
      if (k == kind::none) return fail("bad_setup", "unknown piece kind");
      const auto at = p.contains("at") ? cyvasse_parse_square(p["at"]) : std::nullopt;
      if (!at) return fail("bad_setup", "a square is off the board");
      a.pieces.push_back(placement{k, *at});
    }
    return a;
  }
  return fail("bad_action", "unknown action type '" + type + "'");
}

void cyvasse_codec::flat_action_fields(object_text& o, const action& a) {
  if (a.type == action::move) {
    o.text("type", "move").text("from", cyvasse_square_name(a.from)).text("to", cyvasse_square_name(a.to));
    return;
  }
  o.text("type", "setup");
  if (a.use != preset::none) o.text("preset", a.use == preset::standard ? "standard" : "random");
}

json cyvasse_codec::action_json(const action& a) {
  if (a.type == action::move || a.use != preset::none) {
    object_text o;
    flat_action_fields(o, a);
    return o.to_json();
  }
  json pieces = json::array();
  for (const placement& p : a.pieces)
    pieces.push_back({{"kind", kind_name(p.what)}, {"at", cyvasse_square_name(p.at)}});
  return {{"type", "setup"}, {"pieces", std::move(pieces)}};
}

void cyvasse_codec::legal_action_fields(object_text& o, const state& s, const action& a) {
  flat_action_fields(o, a);
  if (a.type == action::move && a.to >= 0 && s.board.pieces[a.to].owner) {
    o.boolean("capture", true);
    if (s.board.pieces[a.from].what == kind::trebuchet) o.boolean("ranged", true);
  }
}

json cyvasse_codec::expects_json(const observation& o, engine::seat p) {
  json zone = json::array();
  for (int sq = 0; sq < board_size; ++sq)
    if (in_zone(p, sq) && o.board.ground[sq] != terrain::mountain) zone.push_back(cyvasse_square_name(sq));
  json pieces = json::object();
  for (int k = 1; k <= kind_count; ++k) pieces[std::string(kind_name(static_cast<kind>(k)))] = stats[k].count;
  return {
      {"type", "setup"}, {"zone", std::move(zone)}, {"pieces", std::move(pieces)}, {"presets", {"standard", "random"}}};
}

void cyvasse_codec::event_fields(object_text& o, const event& e) {
  o.text("type", event_name(e.type));
  switch (e.type) {
    case event::submitted: o.integer("player", e.player); break;
    case event::revealed: break;
    case event::moved:
    case event::captured:
      o.integer("player", e.player)
          .text("from", cyvasse_square_name(e.from))
          .text("to", cyvasse_square_name(e.to))
          .text("piece", kind_name(e.what));
      if (e.type == event::captured) o.text("victim", kind_name(e.victim)).boolean("ranged", e.ranged);
      break;
    case event::game_over: o.seat_or_null("winner", e.player).text("reason", reason_name(e.why)); break;
  }
}

namespace {

// What a view shows of the piece on one square: the piece and what the board around it makes
// of it (armor left, a Tower's protection, the squares it attacks in the engine's order).
struct piece_view {
  piece pc;
  int armor = 0;
  bool prot = false;
  boost::container::small_vector<square, 24> attacks;
  friend bool operator==(const piece_view&, const piece_view&) = default;
};

// The piece view of every square of a (owner 0 where empty).
std::array<piece_view, board_size> piece_views(const arena& a) {
  std::array<std::array<std::uint8_t, board_size>, 2> attacked;
  attack_counts(a, 1, attacked[0]);
  attack_counts(a, 2, attacked[1]);
  std::array<piece_view, board_size> out;
  std::vector<square> hit;
  for (int sq = 0; sq < board_size; ++sq) {
    const piece pc = a.pieces[sq];
    if (!pc.owner) continue;
    auto& v = out[sq];
    v.pc = pc;
    v.prot = tower_protected(a, sq);
    v.armor = static_cast<int>(stats_of(pc.what).armor) - attacked[2 - pc.owner][sq];
    hit.clear();
    attacked_squares(a, sq, hit);
    v.attacks.assign(hit.begin(), hit.end());
  }
  return out;
}

// A piece's members in a view (its "zone": a Spearman's two squares ahead).
void piece_fields(object_text& o, int sq, const piece_view& v) {
  std::vector<std::string> attacks;
  for (square x : v.attacks) attacks.push_back(cyvasse_square_name(x));
  o.integer("owner", v.pc.owner)
      .text("kind", kind_name(v.pc.what))
      .integer("armor", v.armor)
      .boolean("protected", v.prot)
      .boolean("capturable", v.armor <= 0 && !v.prot)
      .strings("attacks", std::move(attacks));
  if (v.pc.what == kind::spearman) {
    std::vector<std::string> zone;
    for (int d = 1; d <= 2; ++d) {
      const int r = rank_of(sq) + (v.pc.owner == 1 ? d : -d);
      if (r >= 0 && r < 10) zone.push_back(cyvasse_square_name(make_square(file_of(sq), r)));
    }
    o.strings("zone", std::move(zone));
  }
}

// Every square with its name, in the order of a view's keys ("a1", "a10", "a2", …).
const std::vector<keyed_name>& squares_by_name() {
  static const std::vector<keyed_name> keys = names_in_key_order(board_size, cyvasse_square_name);
  return keys;
}

}  // namespace

json cyvasse_codec::observation_json(const observation& o) {
  json mountains = json::array(), water = json::array(), pieces = json::object();
  const auto views = piece_views(o.board);
  for (int sq = 0; sq < board_size; ++sq) {
    if (o.board.ground[sq] == terrain::mountain) mountains.push_back(cyvasse_square_name(sq));
    if (o.board.ground[sq] == terrain::water) water.push_back(cyvasse_square_name(sq));
    if (!o.board.pieces[sq].owner) continue;
    object_text fields;
    piece_fields(fields, sq, views[sq]);
    pieces[cyvasse_square_name(sq)] = fields.to_json();  // keyed by square: a move patches two keys
  }
  return {{"game", name},
          {"options", options_json(o.opts)},
          {"phase", phase_name(o.ph)},
          {"submitted", o.submitted},
          {"to_move", o.to_move},
          {"quiet_turns", o.quiet_turns},
          {"terrain", {{"mountains", std::move(mountains)}, {"water", std::move(water)}}},
          {"pieces", std::move(pieces)},
          {"outcome", outcome_json(o.outcome)}};
}

std::optional<std::string> cyvasse_codec::patch_text(const observation& a, const observation& b) {
  // Options and terrain never change during a match and an outcome is set once.
  if (!(a.opts == b.opts) || a.board.ground != b.board.ground || (a.outcome && a.outcome != b.outcome))
    return std::nullopt;
  // Members in key order, as json::diff walks a view: game, options, outcome, phase, pieces,
  // quiet_turns, submitted, terrain, to_move.
  patch_writer w;
  if (a.outcome != b.outcome) w.put("replace", "/outcome", outcome_json(b.outcome).dump());
  if (a.ph != b.ph) w.replace("/phase", phase_name(b.ph));
  const auto before = piece_views(a.board), after = piece_views(b.board);
  keyed_entries<object_text>(
      w, "/pieces", squares_by_name(), [&](int sq) { return before[sq] == after[sq]; },
      [&](int side, int sq, object_text& o) {
        const piece_view& v = side ? after[sq] : before[sq];
        if (v.pc.owner) piece_fields(o, sq, v);
        return v.pc.owner != 0;
      });
  if (a.quiet_turns != b.quiet_turns) w.replace("/quiet_turns", b.quiet_turns);
  for (int i = 0; i < 2; ++i)
    if (a.submitted[i] != b.submitted[i]) w.replace_bool(i ? "/submitted/1" : "/submitted/0", b.submitted[i]);
  if (a.to_move != b.to_move) w.replace("/to_move", b.to_move);
  return std::move(w).finish();
}

json cyvasse_codec::progress_json(const observation& o) {
  if (o.ph == phase::setup) return {{"phase", phase_name(o.ph)}};
  std::array<int, 2> pieces{};
  for (const piece& pc : o.board.pieces)
    if (pc.owner) ++pieces[pc.owner - 1];
  return {{"phase", phase_name(o.ph)}, {"pieces", pieces}};
}

json cyvasse_codec::options_json(const options& o) {
  return {{"terrain", o.random_terrain ? "random" : "default"}, {"quiet_limit", o.quiet_limit}};
}

result<observation> cyvasse_codec::parse_observation(const json& j) {
  auto opts = view_options<options>(j, parse_options);
  if (auto* err = std::get_if<rule_error>(&opts)) return *err;
  observation o;
  o.opts = std::get<options>(opts);
  const auto ph = j.find("phase");
  if (ph == j.end() || !ph->is_string()) return bad_view("phase must be setup, play or over");
  if (*ph == "setup") o.ph = phase::setup;
  else if (*ph == "play") o.ph = phase::play;
  else if (*ph == "over") o.ph = phase::over;
  else return bad_view("phase must be setup, play or over");
  const auto sub = j.find("submitted");
  if (sub == j.end() || !sub->is_array() || sub->size() != 2 || !(*sub)[0].is_boolean() || !(*sub)[1].is_boolean())
    return bad_view("submitted must be [bool, bool]");
  o.submitted = {(*sub)[0].get<bool>(), (*sub)[1].get<bool>()};
  const auto to_move = int_field(j, "to_move", 1, 2);
  const auto quiet = int_field(j, "quiet_turns", 0, 1000000);
  if (!to_move || !quiet) return bad_view("to_move and quiet_turns must be present and in range");
  o.to_move = *to_move;
  o.quiet_turns = *quiet;
  const auto ground = j.find("terrain");
  if (ground == j.end() || !ground->is_object()) return bad_view("terrain must be an object");
  for (const auto& [key, t] : {std::pair{"mountains", terrain::mountain}, std::pair{"water", terrain::water}}) {
    const auto list = ground->find(key);
    if (list == ground->end() || !list->is_array()) return bad_view(std::string("terrain.") + key + " must be a list");
    for (const json& n : *list) {
      const auto sq = cyvasse_parse_square(n);
      if (!sq) return bad_view(std::string("terrain.") + key + " holds a non-square");
      o.board.ground[*sq] = t;
    }
  }
  const auto pieces = j.find("pieces");
  if (pieces == j.end() || !pieces->is_object()) return bad_view("pieces must be an object");
  for (const auto& [at, p] : pieces->items()) {
    const auto sq = cyvasse_parse_square(at);
    const auto owner = int_field(p, "owner", 1, 2);
    const auto k = p.find("kind");
    const kind what = k != p.end() && k->is_string() ? kind_from_name(k->get_ref<const std::string&>()) : kind::none;
    if (!sq || !owner || what == kind::none) return bad_view("pieces." + at + " is not a piece on a square");
    o.board.pieces[*sq] = piece{static_cast<std::uint8_t>(*owner), what};
  }
  if (auto m = read_outcome(j.contains("outcome") ? j["outcome"] : json(), o.outcome)) return bad_view(*m);
  return o;
}

result<options> cyvasse_codec::parse_options(const json& j) {
  options o;
  if (j.is_null()) return o;
  if (!j.is_object()) return fail("bad_options", "options must be an object");
  if (auto k = first_unknown_key(j, {"terrain", "quiet_limit"}))
    return fail("bad_options", "unknown option '" + *k + "'");
  if (j.contains("terrain")) {
    if (j["terrain"] == "default") o.random_terrain = false;
    else if (j["terrain"] == "random") o.random_terrain = true;
    else return fail("bad_options", "options.terrain must be \"default\" or \"random\"");
  }
  if (j.contains("quiet_limit")) {
    const auto q = int_field(j, "quiet_limit", 10, 1000);
    if (!q) return fail("bad_options", "options.quiet_limit must be an integer 10..1000");
    o.quiet_limit = *q;
  }
  return o;
}

const game_kind& cyvasse_game_kind() {
  static const codec_game_kind<cyvasse::game, cyvasse_codec, cyvasse_position> kind;
  return kind;
}

}  // namespace tabuleiro::protocol

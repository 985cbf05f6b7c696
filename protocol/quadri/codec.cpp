// QU4DRI public codec: actions, events, options and the view of an observation.
#include "protocol/quadri/codec.h"

#include <array>

#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"
#include "protocol/core/patch_writer.h"
#include "protocol/quadri/position.h"

namespace tabuleiro::protocol {

using quadri::action;
using quadri::action_kind;

namespace {

rule_error fail(const char* code, std::string message) { return rule_error{code, std::move(message)}; }

constexpr std::array<std::string_view, 4> moon_names = {"new", "waxing", "full", "waning"};
constexpr std::array<std::string_view, 4> dir_names = {"N", "S", "E", "W"};

}  // namespace

const std::string& quadri_codec::cell_name(int c) {
  static const std::string off = "off";
  return c == quadri::off_area ? off : file_rank_name<quadri::area_size, quadri::file_of, quadri::rank_of>(c);
}

std::optional<quadri::cell> quadri_codec::parse_cell(const json& j) {
  if (!j.is_string()) return std::nullopt;
  const auto& t = j.get_ref<const std::string&>();
  if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] > 'z') return std::nullopt;
  for (std::size_t i = 1; i < t.size(); ++i)
    if (t[i] < '0' || t[i] > '9') return std::nullopt;
  if (t.size() == 3 && t[1] == '0') return std::nullopt;
  const int rank = std::stoi(t.substr(1));
  const int file = t[0] - 'a';
  if (file >= quadri::side || rank < 1 || rank > quadri::side) return quadri::off_area;
  return quadri::make_cell(file, rank - 1);
}

result<action> quadri_codec::parse_action(const json& j) {
  if (!j.is_object()) return fail("bad_action", "an action must be a JSON object");
  const auto type_it = j.find("type");
  if (type_it == j.end() || !type_it->is_string()) return fail("bad_action", "action.type must be a string");
  const auto& type = type_it->get_ref<const std::string&>();
  if (j.contains("captures") && !j["captures"].is_number_integer())
    return fail("bad_action", "action.captures must be an integer");
  action a;
  auto one = [&](const char* key) -> std::optional<quadri::cell> {
    const auto it = j.find(key);
    return it == j.end() ? std::nullopt : parse_cell(*it);
  };
  if (type == "move") {
    if (auto k = first_unknown_key(j, {"type", "path", "captures"}))
      return fail("bad_action", "unknown action field '" + *k + "'");
    const auto it = j.find("path");
    if (it == j.end() || !it->is_array() || it->size() < 2 || it->size() > quadri::max_path)
      return fail("bad_action", "action.path must be an array of 2..16 cells");
    a.kind = action_kind::move;
    for (const json& c : *it) {
      const auto cell = parse_cell(c);
      if (!cell) return fail("bad_action", "action.path must hold cells a1..j10");
      a.path[a.len++] = *cell;
    }
    return a;
  }
  if (type == "drop" || type == "flip") {
    if (auto k = first_unknown_key(j, {"type", "at"})) return fail("bad_action", "unknown action field '" + *k + "'");
    const auto c = one("at");
    if (!c) return fail("bad_action", "action.at must be a cell a1..j10");
    a = type == "drop" ? quadri::drop_action(*c) : quadri::flip_action(*c);
    return a;
  }
  if (type == "shift") {
    if (auto k = first_unknown_key(j, {"type", "from", "to"}))
      return fail("bad_action", "unknown action field '" + *k + "'");
    const auto f = one("from"), t = one("to");
    if (!f || !t) return fail("bad_action", "action.from and action.to must be cells a1..j10");
    return quadri::shift_action(*f, *t);
  }
  return fail("bad_action", "unknown action type '" + type + "'");
}

void quadri_codec::action_fields(object_text& o, const action& a) {
  switch (a.kind) {
    case action_kind::move: {
      std::vector<std::string> path;
      path.reserve(static_cast<std::size_t>(a.len));
      for (int i = 0; i < a.len; ++i) path.push_back(cell_name(a.path[i]));
      o.text("type", "move").strings("path", std::move(path));
      return;
    }
    case action_kind::drop: o.text("type", "drop").text("at", cell_name(a.path[0])); return;
    case action_kind::flip: o.text("type", "flip").text("at", cell_name(a.path[0])); return;
    case action_kind::shift: break;
  }
  o.text("type", "shift").text("from", cell_name(a.path[0])).text("to", cell_name(a.path[1]));
}

json quadri_codec::action_json(const action& a) {
  object_text o;
  action_fields(o, a);
  return o.to_json();
}

void quadri_codec::legal_action_fields(object_text& o, const quadri::state& s, const action& a) {
  action_fields(o, a);
  if (a.kind == action_kind::move) o.integer("captures", quadri::captures_of(s, s.to_move, a));
}

json quadri_codec::expects_json(const quadri::observation&, engine::seat) { return nullptr; }

void quadri_codec::tile_fields(object_text& o, const quadri::tile& t, bool with_value) {
  o.text("aura", t.aura == quadri::green ? "green" : "red")
      .text("moon", moon_names[static_cast<int>(t.phase)])
      .text("dir", dir_names[static_cast<int>(t.dir)])
      .text("side", t.location ? "location" : "energy")
      .boolean("revealed", t.revealed);
  if (with_value) o.integer("value", t.value);
}

json quadri_codec::tile_json(const quadri::tile& t, bool with_value) {
  object_text o;
  tile_fields(o, t, with_value);
  return o.to_json();
}

namespace {

// The members after "type" of each event, one overload per event struct.
void members(object_text& o, const quadri::moved& e) {
  std::vector<std::string> path;
  for (int i = 0; i < e.len; ++i) path.push_back(quadri_codec::cell_name(e.path[i]));
  o.integer("player", e.player).strings("path", std::move(path)).boolean("capture", e.capture);
}

void members(object_text& o, const quadri::captured& e) {
  o.text("at", quadri_codec::cell_name(e.at))
      .integer("player", e.capturer)
      .integer("owner", e.victim_owner)
      .boolean("queen", e.was_queen);
}

void members(object_text& o, const quadri::tile_flipped& e) {
  o.text("at", quadri_codec::cell_name(e.at))
      .seat_or_null("by", e.by)
      .text("side", e.location_up ? "location" : "energy")
      .integer("value", e.value);
}

void members(object_text& o, const quadri::energy_changed& e) {
  o.text("at", quadri_codec::cell_name(e.at))
      .integer("player", e.player)
      .integer("from", e.from)
      .integer("to", e.to)
      .integer("delta", e.to - e.from);
}

void members(object_text& o, const quadri::promoted& e) {
  o.text("at", quadri_codec::cell_name(e.at)).integer("owner", e.owner);
}

void members(object_text& o, const quadri::dropped& e) {
  o.text("at", quadri_codec::cell_name(e.at)).integer("player", e.player);
}

void members(object_text& o, const quadri::shifted& e) {
  o.text("from", quadri_codec::cell_name(e.from))
      .text("to", quadri_codec::cell_name(e.to))
      .integer("player", e.player)
      .boolean("rider", e.rider);
}

void members(object_text& o, const quadri::game_over& e) {
  o.seat_or_null("winner", e.winner).text("reason", quadri::reason_code(e.reason));
}

}  // namespace

void quadri_codec::event_fields(object_text& o, const quadri::event& e) {
  std::visit(
      [&o](const auto& x) {
        o.text("type", x.name);
        members(o, x);
      },
      e);
}

namespace {

// The view's derived members: predictors per player on the grid, and "last_row" (the highest
// and lowest ranks holding a tile, 1-based; [0, 11] with no tile).
struct grid_counts {
  std::array<int, 2> on_grid{};
  std::array<int, 2> last_row{};
};

// The derived members of o.
grid_counts counts_of(const quadri::observation& o) {
  grid_counts out;
  int hi = -1, lo = quadri::side;
  for (int c = 0; c < quadri::area_size; ++c) {
    if (o.tiles[c].aura) {
      hi = std::max(hi, quadri::rank_of(c));
      lo = std::min(lo, quadri::rank_of(c));
    }
    if (o.preds[c].owner) ++out.on_grid[o.preds[c].owner - 1];
  }
  out.last_row = {hi + 1, lo + 1};
  return out;
}

// A predictor's members in a view.
void predictor_fields(object_text& o, const quadri::predictor& p) {
  o.integer("owner", p.owner).boolean("queen", p.queen);
}

// Every cell with its name, in the order of a view's keys ("a1", "a10", "a2", …).
const std::vector<keyed_name>& cells_by_name() {
  static const std::vector<keyed_name> keys = names_in_key_order(quadri::area_size, quadri_codec::cell_name);
  return keys;
}

}  // namespace

json quadri_codec::observation_json(const quadri::observation& o) {
  json tiles = json::object();
  json preds = json::object();
  for (int c = 0; c < quadri::area_size; ++c) {
    if (o.tiles[c].aura) {
      object_text fields;
      tile_fields(fields, o.tiles[c], o.tiles[c].value != 0);  // 0: a value nobody may know
      tiles[cell_name(c)] = fields.to_json();
    }
    if (o.preds[c].owner) {
      object_text fields;
      predictor_fields(fields, o.preds[c]);
      preds[cell_name(c)] = fields.to_json();
    }
  }
  const grid_counts counts = counts_of(o);
  return {{"game", name},
          {"options", options_json(o.opts)},
          {"to_move", o.to_move},
          {"energy", o.energy},
          {"hand", o.hand},
          {"on_grid", counts.on_grid},
          {"quiet_actions", o.quiet},
          {"last_row", counts.last_row},
          {"tiles", std::move(tiles)},
          {"predictors", std::move(preds)},
          {"outcome", outcome_json(o.outcome)}};
}

std::optional<std::string> quadri_codec::patch_text(const quadri::observation& a, const quadri::observation& b) {
  // Options never change during a match and an outcome is set once.
  if (!(a.opts == b.opts) || (a.outcome && a.outcome != b.outcome)) return std::nullopt;
  // Members in key order, as json::diff walks a view: energy, game, hand, last_row, on_grid,
  // options, outcome, predictors, quiet_actions, tiles, to_move.
  patch_writer w;
  const grid_counts was = counts_of(a), now = counts_of(b);
  w.int_array("/energy", a.energy, b.energy);
  w.int_array("/hand", a.hand, b.hand);
  w.int_array("/last_row", was.last_row, now.last_row);
  w.int_array("/on_grid", was.on_grid, now.on_grid);
  if (a.outcome != b.outcome) w.put("replace", "/outcome", outcome_json(b.outcome).dump());
  keyed_entries<object_text>(
      w, "/predictors", cells_by_name(), [&](int c) { return a.preds[c] == b.preds[c]; },
      [&](int side, int c, object_text& o) {
        const quadri::predictor& p = side ? b.preds[c] : a.preds[c];
        if (p.owner) predictor_fields(o, p);
        return p.owner != 0;
      });
  if (a.quiet != b.quiet) w.replace("/quiet_actions", b.quiet);
  keyed_entries<object_text>(
      w, "/tiles", cells_by_name(), [&](int c) { return a.tiles[c] == b.tiles[c]; },
      [&](int side, int c, object_text& o) {
        const quadri::tile& t = side ? b.tiles[c] : a.tiles[c];
        if (t.aura) tile_fields(o, t, t.value != 0);
        return t.aura != 0;
      });
  if (a.to_move != b.to_move) w.replace("/to_move", b.to_move);
  return std::move(w).finish();
}

json quadri_codec::progress_json(const quadri::observation& o) { return {{"energy", o.energy}}; }

json quadri_codec::options_json(const quadri::options& o) {
  return {{"majority", o.majority}, {"quiet_limit", o.quiet_limit}};
}

namespace {

// The index of j (a string) in names, or -1.
template <std::size_t N>
int name_index(const json& j, const std::array<std::string_view, N>& names) {
  if (!j.is_string()) return -1;
  for (std::size_t i = 0; i < N; ++i)
    if (j.get_ref<const std::string&>() == names[i]) return static_cast<int>(i);
  return -1;
}

// The tile a view shows (tile_fields' members), or nullopt.
std::optional<quadri::tile> tile_of(const json& t) {
  if (!t.is_object()) return std::nullopt;
  const auto member = [&](const char* key) { return t.contains(key) ? t[key] : json(); };
  const int aura = name_index(member("aura"), std::array<std::string_view, 2>{"green", "red"});
  const int phase = name_index(member("moon"), moon_names);
  const int dir = name_index(member("dir"), dir_names);
  const int side = name_index(member("side"), std::array<std::string_view, 2>{"energy", "location"});
  const json revealed = member("revealed");
  if (aura < 0 || phase < 0 || dir < 0 || side < 0 || !revealed.is_boolean()) return std::nullopt;
  quadri::tile out{static_cast<std::uint8_t>(aura + 1),
                   static_cast<quadri::moon>(phase),
                   static_cast<quadri::direction>(dir),
                   0,
                   side == 1,
                   revealed.get<bool>()};
  if (t.contains("value")) {
    const auto v = int_field(t, "value", 1, 4);
    if (!v) return std::nullopt;
    out.value = static_cast<std::uint8_t>(*v);
  }
  return out;
}

}  // namespace

result<quadri::observation> quadri_codec::parse_observation(const json& j) {
  auto opts = view_options<quadri::options>(j, parse_options);
  if (auto* err = std::get_if<rule_error>(&opts)) return *err;
  quadri::observation o;
  o.opts = std::get<quadri::options>(opts);
  const auto to_move = int_field(j, "to_move", 1, 2);
  const auto quiet = int_field(j, "quiet_actions", 0, 1000000);
  const auto energy = int_pair_field(j, "energy", -1000000, 1000000);
  const auto hand = int_pair_field(j, "hand", 0, quadri::pool);
  if (!to_move || !quiet || !energy || !hand)
    return bad_view("to_move, quiet_actions, energy and hand must be present and in range");
  o.to_move = *to_move;
  o.quiet = *quiet;
  o.energy = *energy;
  o.hand = *hand;
  const auto tiles = j.find("tiles");
  if (tiles == j.end() || !tiles->is_object()) return bad_view("tiles must be an object");
  for (const auto& [at, t] : tiles->items()) {
    const auto c = parse_cell(at);
    const auto read = tile_of(t);
    if (!c || *c < 0 || !read) return bad_view("tiles." + at + " is not a talisman on a cell");
    o.tiles[*c] = *read;
  }
  const auto preds = j.find("predictors");
  if (preds == j.end() || !preds->is_object()) return bad_view("predictors must be an object");
  for (const auto& [at, p] : preds->items()) {
    const auto c = parse_cell(at);
    const auto owner = int_field(p, "owner", 1, 2);
    const auto queen = p.find("queen");
    if (!c || *c < 0 || !owner || queen == p.end() || !queen->is_boolean())
      return bad_view("predictors." + at + " is not a predictor on a cell");
    o.preds[*c] = quadri::predictor{static_cast<std::uint8_t>(*owner), queen->get<bool>()};
  }
  if (auto m = read_outcome(j.contains("outcome") ? j["outcome"] : json(), o.outcome)) return bad_view(*m);
  return o;
}

result<quadri::options> quadri_codec::parse_options(const json& j) {
  quadri::options o;
  if (j.is_null()) return o;
  if (!j.is_object()) return fail("bad_options", "options must be an object");
  if (auto k = first_unknown_key(j, {"majority", "quiet_limit"}))
    return fail("bad_options", "unknown option '" + *k + "'");
  if (j.contains("majority")) {
    if (!j["majority"].is_boolean()) return fail("bad_options", "options.majority must be a boolean");
    o.majority = j["majority"].get<bool>();
  }
  if (j.contains("quiet_limit")) {
    const auto q = int_field(j, "quiet_limit", 1, 10000);
    if (!q) return fail("bad_options", "options.quiet_limit must be an integer 1..10000");
    o.quiet_limit = *q;
  }
  return o;
}

const game_kind& quadri_game_kind() {
  static const codec_game_kind<quadri::game, quadri_codec, quadri_position> kind;
  return kind;
}

}  // namespace tabuleiro::protocol

// A seat's legal fields computed from its view with the games' own engines (local_rules.h).
#include "bench/load/local_rules.h"

#include <array>

#include "bench/load/wire_stats.h"
#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"
#include "protocol/cyvasse/codec.h"
#include "protocol/cyvasse/position.h"
#include "protocol/quadri/codec.h"
#include "protocol/quadri/position.h"
#include "protocol/taixu/codec.h"
#include "protocol/taixu/names.h"
#include "protocol/taixu/position.h"

namespace tabuleiro::bench {

using json = nlohmann::json;

namespace {

using taixu_match = protocol::codec_match<taixu::game, protocol::taixu_codec, protocol::taixu_position>;
using cyvasse_match = protocol::codec_match<cyvasse::game, protocol::cyvasse_codec, protocol::cyvasse_position>;
using quadri_match = protocol::codec_match<quadri::game, protocol::quadri_codec, protocol::quadri_position>;

// The view's value at key as an int (throws when absent or not a number).
int int_at(const json& v, const char* key) { return v.at(key).get<int>(); }

// The view's pair at key ([a, b]) as two ints.
std::array<int, 2> pair_at(const json& v, const char* key) {
  const json& p = v.at(key);
  return {p.at(0).get<int>(), p.at(1).get<int>()};
}

// The options of a view, parsed by the game's codec; throws when they do not parse.
template <class Codec>
auto options_of(const json& v) {
  auto parsed = Codec::parse_options(v.at("options"));
  if (std::holds_alternative<protocol::rule_error>(parsed)) throw std::invalid_argument("options");
  return std::get<0>(std::move(parsed));
}

// The view's outcome; throws when it does not read.
std::optional<engine::outcome> outcome_of(const json& v) {
  std::optional<engine::outcome> out;
  if (protocol::read_outcome(v.at("outcome"), out)) throw std::invalid_argument("outcome");
  return out;
}

// index when name is names[index]; throws otherwise.
template <std::size_t N>
int index_in(const std::array<std::string_view, N>& names, const json& name) {
  for (std::size_t i = 0; i < N; ++i)
    if (name.get_ref<const std::string&>() == names[i]) return static_cast<int>(i);
  throw std::invalid_argument("name");
}

// A square or cell parsed by a codec's parser; throws when it is not one.
template <class Parse>
int square_at(Parse parse, const std::string& name) {
  const auto sq = parse(json(name));
  if (!sq || *sq < 0) throw std::invalid_argument("square");
  return *sq;
}

// A TAIXU view back as the observation it was written from.
taixu::observation taixu_observation(const json& v) {
  taixu::observation o;
  o.opts = options_of<protocol::taixu_codec>(v);
  o.to_move = int_at(v, "to_move");
  o.round = int_at(v, "round");
  o.pc = int_at(v, "pc");
  o.bonus = pair_at(v, "bonus");
  o.reserve = pair_at(v, "reserve");
  for (const auto& [name, p] : v.at("pieces").items())
    o.board[square_at(protocol::parse_square, name)] = taixu::piece{p.at("owner").get<std::uint8_t>(),
                                                                    p.at("charge").get<std::uint8_t>(),
                                                                    p.at("idle").get<std::uint8_t>(),
                                                                    p.at("moved").get<bool>()};
  for (const auto& [name, e] : v.at("anomalies").items()) {
    const auto effect = protocol::parse_effect(e);
    if (!effect) throw std::invalid_argument("effect");
    o.anomalies[square_at(protocol::parse_square, name)] = *effect;
  }
  o.outcome = outcome_of(v);
  return o;
}

// A Cyvasse view back as the observation it was written from (the pieces' derived figures,
// such as armor and attacks, are the engine's to recompute).
cyvasse::observation cyvasse_observation(const json& v) {
  static constexpr std::array<std::string_view, 3> phases = {"setup", "play", "over"};
  cyvasse::observation o;
  o.opts = options_of<protocol::cyvasse_codec>(v);
  o.ph = static_cast<cyvasse::phase>(index_in(phases, v.at("phase")));
  o.submitted = {v.at("submitted").at(0).get<bool>(), v.at("submitted").at(1).get<bool>()};
  o.to_move = int_at(v, "to_move");
  o.quiet_turns = int_at(v, "quiet_turns");
  for (const auto& [list, ground] :
       {std::pair{"mountains", cyvasse::terrain::mountain}, std::pair{"water", cyvasse::terrain::water}})
    for (const json& name : v.at("terrain").at(list))
      o.board.ground[square_at(protocol::cyvasse_parse_square, name.get<std::string>())] = ground;
  for (const auto& [name, p] : v.at("pieces").items()) {
    const cyvasse::kind k = cyvasse::kind_from_name(p.at("kind").get_ref<const std::string&>());
    if (k == cyvasse::kind::none) throw std::invalid_argument("kind");
    o.board.pieces[square_at(protocol::cyvasse_parse_square, name)] = cyvasse::piece{p.at("owner").get<std::uint8_t>(),
                                                                                     k};
  }
  o.outcome = outcome_of(v);
  return o;
}

// A QU4DRI view back as the observation it was written from (an unrevealed value is 0).
quadri::observation quadri_observation(const json& v) {
  static constexpr std::array<std::string_view, 2> auras = {"green", "red"};
  static constexpr std::array<std::string_view, 4> moons = {"new", "waxing", "full", "waning"};
  static constexpr std::array<std::string_view, 4> dirs = {"N", "S", "E", "W"};
  static constexpr std::array<std::string_view, 2> sides = {"energy", "location"};
  quadri::observation o;
  o.opts = options_of<protocol::quadri_codec>(v);
  o.to_move = int_at(v, "to_move");
  o.energy = pair_at(v, "energy");
  o.hand = pair_at(v, "hand");
  o.quiet = int_at(v, "quiet_actions");
  for (const auto& [name, t] : v.at("tiles").items()) {
    quadri::tile& x = o.tiles[square_at(protocol::quadri_codec::parse_cell, name)];
    x.aura = static_cast<std::uint8_t>(index_in(auras, t.at("aura")) == 0 ? quadri::green : quadri::red);
    x.phase = static_cast<quadri::moon>(index_in(moons, t.at("moon")));
    x.dir = static_cast<quadri::direction>(index_in(dirs, t.at("dir")));
    x.value = t.contains("value") ? t["value"].get<std::uint8_t>() : 0;
    x.location = index_in(sides, t.at("side")) == 1;
    x.revealed = t.at("revealed").get<bool>();
  }
  for (const auto& [name, p] : v.at("predictors").items())
    o.preds[square_at(protocol::quadri_codec::parse_cell, name)] = quadri::predictor{p.at("owner").get<std::uint8_t>(),
                                                                                     p.at("queen").get<bool>()};
  o.outcome = outcome_of(v);
  return o;
}

// Seat's legal fields in a match holding state s, split into the legal array and expects.
template <class Match>
legal_texts legal_of(typename Match::state_type s, int seat) {
  const std::string fields = "{" + Match(std::move(s)).legal_fields(seat) + "}";
  legal_texts out;
  for (const json_member& m : top_level_members(fields)) {
    if (m.key == "legal") out.legal = m.value;
    else if (m.key == "expects") out.expects = m.value;
  }
  return out;
}

}  // namespace

std::optional<legal_texts> local_legal(std::string_view game, const json& view, int seat, std::mt19937_64& rng) {
  try {
    if (game == "taixu") return legal_of<taixu_match>(taixu::from_observation(taixu_observation(view), rng()), seat);
    engine::rng r(rng());
    if (game == "cyvasse")
      return legal_of<cyvasse_match>(cyvasse::determinize(cyvasse_observation(view), seat, r), seat);
    if (game == "quadri") return legal_of<quadri_match>(quadri::determinize(quadri_observation(view), r), seat);
  } catch (const std::exception&) {
    // A view this function cannot read: nothing to choose from.
  }
  return std::nullopt;
}

}  // namespace tabuleiro::bench

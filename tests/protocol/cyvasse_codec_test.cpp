// The Cyvasse codecs and protocol::match: actions, the view, expects, positions with their
// secrets, and a set-up that reaches nobody but its owner before both are in.
#include <catch2/catch.hpp>

#include "protocol/core/codec_match.h"
#include "protocol/core/position_create.h"
#include "protocol/cyvasse/codec.h"
#include "protocol/cyvasse/position.h"
#include "tests/engine/cyvasse_builder.h"

using namespace tabuleiro;
using namespace tabuleiro::cyvasse;
using namespace tabuleiro::cyvasse::test;
using protocol::cyvasse_codec;
using protocol::cyvasse_position;
using protocol::json;
using protocol::rule_error;

namespace {

const protocol::game_kind& kind() { return *protocol::find_game("cyvasse"); }

std::unique_ptr<protocol::match> fresh(std::uint64_t seed = 7, const json& options = json::object()) {
  auto r = kind().create(options, nullptr, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(r));
  return std::move(std::get<std::unique_ptr<protocol::match>>(r));
}

json placement_json(int formation, seat p, bool flip) {
  return cyvasse_codec::action_json(placement_action(formation_for(formations()[formation], p, flip)));
}

std::string error_of(const protocol::result<action>& r) {
  if (auto* e = std::get_if<rule_error>(&r)) return e->code;
  return "";
}

// The refusal's message, or "" when the position was accepted.
std::string error_of_position(const protocol::result<state>& r) {
  if (auto* e = std::get_if<rule_error>(&r)) return e->message;
  return "";
}

}  // namespace

TEST_CASE("codec: actions parse and write back canonically, strict fields") {
  for (const json& j :
       {json{{"type", "move"}, {"from", "b1"}, {"to", "j10"}}, json{{"type", "setup"}, {"preset", "standard"}},
        json{{"type", "setup"}, {"preset", "random"}}, placement_json(0, 1, false)}) {
    auto a = cyvasse_codec::parse_action(j);
    REQUIRE(std::holds_alternative<action>(a));
    CHECK(cyvasse_codec::action_json(std::get<action>(a)) == j);
  }
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "move"}, {"from", "k1"}, {"to", "a1"}})) == "bad_action");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "move"}, {"from", "a0"}, {"to", "a1"}})) == "bad_action");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "move"}, {"from", "a11"}, {"to", "a1"}})) == "bad_action");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "move"}, {"from", "a1"}, {"to", "a2"}, {"x", 1}})) ==
        "bad_action");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "move"}, {"from", "a1"}, {"to", "a2"}, {"capture", true}})) ==
        "");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "setup"}, {"preset", "best"}})) == "bad_action");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "setup"}, {"pieces", {{{"kind", "wizard"}, {"at", "a1"}}}}})) ==
        "bad_setup");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "setup"}, {"pieces", {{{"kind", "king"}, {"at", "z1"}}}}})) ==
        "bad_setup");
  CHECK(error_of(cyvasse_codec::parse_action({{"type", "fly"}})) == "bad_action");
}

TEST_CASE("codec: options - terrain and quiet_limit, strict") {
  CHECK(std::holds_alternative<options>(cyvasse_codec::parse_options({{"terrain", "random"}, {"quiet_limit", 50}})));
  CHECK(std::holds_alternative<rule_error>(cyvasse_codec::parse_options({{"terrain", "hills"}})));
  CHECK(std::holds_alternative<rule_error>(cyvasse_codec::parse_options({{"quiet_limit", 5}})));
  CHECK(std::holds_alternative<rule_error>(cyvasse_codec::parse_options({{"speed", 1}})));
}

TEST_CASE("codec: the view shows terrain, pieces with remaining armor, attacks and spear zones") {
  const state s = standard_opening();
  const json v = cyvasse_codec::observation_json(game::observe(s, engine::viewer::spectator));
  CHECK(v["game"] == "cyvasse");
  CHECK(v["phase"] == "play");
  CHECK(v["terrain"]["mountains"] == json({"b5", "e5", "f6", "i6"}));
  CHECK(v["pieces"].size() == 38);
  bool saw_spear = false;
  CHECK(v["pieces"].is_object());
  for (const auto& [at, p] : v["pieces"].items()) {
    CHECK_FALSE(p.contains("at"));  // the key is the square
    if (at == "e3") {
      CHECK(p["kind"] == "spearman");
      CHECK(p["zone"] == json({"e4", "e5"}));
      saw_spear = true;
    }
    if (at == "f1") CHECK(p["kind"] == "tower");
    if (at == "e1") {
      CHECK(p["armor"] == 1);
      CHECK(p["protected"] == true);
    }
  }
  CHECK(saw_spear);
  CHECK(v.dump().find("x256") == std::string::npos);
}

TEST_CASE("codec: legal entries flag captures and ranged shots, expects describes a placement") {
  state s = position({{"c1", 1, kind::trebuchet}, {"c4", 2, kind::crossbow}}, true);
  bool ranged = false;
  for (const action& a : game::legal_actions(s, 1)) {
    protocol::object_text o;
    cyvasse_codec::legal_action_fields(o, s, a);
    const json j = o.to_json();
    if (j["to"] == "c4") ranged = j.value("ranged", false) && j.value("capture", false);
  }
  CHECK(ranged);
  auto m = fresh();
  const auto legal = m->legal(2);
  CHECK_FALSE(legal.complete);
  CHECK(legal.actions.size() == 2);
  CHECK(legal.expects["type"] == "setup");
  CHECK(legal.expects["zone"].size() == 40);
  CHECK(legal.expects["zone"][0] == "a7");
  CHECK(legal.expects["pieces"]["militia"] == 4);
}

TEST_CASE("codec: positions round-trip with every secret, in set-up too") {
  state s = new_game(options{true, 60}, 99);
  std::vector<event> ev;
  apply_into(s, 2, preset_action(preset::random), ev);
  const json j = cyvasse_position::position_json(s);
  CHECK(j["pieces"].size() == 19);
  CHECK(j["phase"] == "setup");
  auto back = cyvasse_position::parse_position(j, 0);
  REQUIRE(std::holds_alternative<state>(back));
  CHECK(std::get<state>(back) == s);
  json broken = j;
  broken["pieces"][0]["kind"] = "wizard";
  CHECK(std::holds_alternative<rule_error>(cyvasse_position::parse_position(broken, 0)));
  json one = j;
  one["submitted"] = {false, false};
  CHECK(std::holds_alternative<rule_error>(cyvasse_position::parse_position(one, 0)));
  json numeric_phase = j;  // found by position_fuzz: a number where the phase name belongs
  numeric_phase["phase"] = 1;
  CHECK(error_of_position(cyvasse_position::parse_position(numeric_phase, 0)) ==
        "position.phase must be setup, play or over");
}

TEST_CASE("codec: match options and a position's options must agree, as in every game") {
  const protocol::game_kind& game = *protocol::find_game("cyvasse");
  const json p = game.secret_position(*fresh(7, {{"terrain", "random"}, {"quiet_limit", 60}}));
  REQUIRE(p["options"] == json({{"terrain", "random"}, {"quiet_limit", 60}}));
  auto refusal = [&](const json& options, const json& position) {
    auto r = game.create(options, position, 3);
    return std::holds_alternative<rule_error>(r) ? std::get<rule_error>(r) : rule_error{};
  };
  CHECK(refusal({{"quiet_limit", 60}, {"terrain", "random"}}, p) == rule_error{});
  CHECK(refusal(nullptr, p) == rule_error{});         // no options: the position's
  CHECK(refusal(json::object(), p) == rule_error{});  // {} is no options either
  CHECK(refusal({{"quiet_limit", 50}}, p) == rule_error{"bad_options", "options disagree with position.options"});
  CHECK(refusal({{"terrain", "default"}, {"quiet_limit", 60}}, p).code == "bad_options");
  // A position without options takes the match's.
  json bare = p;
  bare.erase("options");
  auto made = game.create({{"terrain", "random"}, {"quiet_limit", 50}}, bare, 3);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(made));
  CHECK(game.secret_position(*std::get<std::unique_ptr<protocol::match>>(made))["options"]["quiet_limit"] == 50);
}

TEST_CASE("codec: a match stored with options that disagree with its position's recreates as it was played") {
  // Before every game checked that the two agree, Cyvasse let the position's options win and
  // stored the request's: stored_options recreates such a match with the position's.
  const protocol::game_kind& game = *protocol::find_game("cyvasse");
  const json p = game.secret_position(*fresh(7, {{"terrain", "random"}, {"quiet_limit", 60}}));
  const json stored = {{"quiet_limit", 50}};
  CHECK(std::holds_alternative<rule_error>(game.create(stored, p, 3)));
  auto made = game.create(protocol::stored_options(stored, p), p, 3);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(made));
  CHECK(game.secret_position(*std::get<std::unique_ptr<protocol::match>>(made))["options"]["quiet_limit"] == 60);
  CHECK(protocol::stored_options(stored, nullptr) == stored);  // a fresh game: the stored options
}

TEST_CASE("match: a submitted set-up changes nothing the opponent or a spectator receives") {
  // two matches from the same seed; seat 1 submits different placements
  auto a = fresh(11), b = fresh(11);
  auto ra = a->apply(1, placement_json(0, 1, false));
  auto rb = b->apply(1, placement_json(4, 1, true));
  REQUIRE(std::holds_alternative<protocol::applied>(ra));
  REQUIRE(std::holds_alternative<protocol::applied>(rb));
  const auto& pa = std::get<protocol::applied>(ra).pub;
  const auto& pb = std::get<protocol::applied>(rb).pub;
  for (int v : {0, 2}) {
    CHECK(pa.view_of(v).dump() == pb.view_of(v).dump());
    CHECK(pa.events_of(v) == pb.events_of(v));
  }
  CHECK(pa.view_of(1).dump() != pb.view_of(1).dump());
  CHECK(a->legal(2).actions == b->legal(2).actions);
  CHECK(a->legal(2).expects == b->legal(2).expects);
  CHECK(a->seats_to_act() == b->seats_to_act());
  // then seat 2 submits: both placements revealed at once, to everyone alike
  auto fa = a->apply(2, {{"type", "setup"}, {"preset", "standard"}});
  REQUIRE(std::holds_alternative<protocol::applied>(fa));
  const auto& pf = std::get<protocol::applied>(fa).pub;
  CHECK(pf.views.size() == 1);
  CHECK(pf.views[0]->value()["pieces"].size() == 38);
  CHECK(a->seats_to_act() == std::vector<engine::seat>{1});
}

TEST_CASE("match: refusals carry the rule codes") {
  auto m = fresh();
  CHECK(m->check(1, {{"type", "move"}, {"from", "e2"}, {"to", "e3"}})->code == "wrong_phase");
  json few = placement_json(0, 1, false);
  few["pieces"].erase(0);
  CHECK(m->check(1, few)->code == "bad_setup");
  CHECK(m->check(2, placement_json(0, 1, false))->code == "bad_setup");
  CHECK_FALSE(m->check(2, placement_json(0, 2, false)).has_value());
}

TEST_CASE("match: the list's progress says set-up, then the pieces on the board per seat") {
  auto m = fresh(13);
  const auto progress = [&] { return m->observe().view_for(2)->progress(); };  // the spectator's
  CHECK(progress() == json{{"phase", "setup"}});
  REQUIRE(std::holds_alternative<protocol::applied>(m->apply(1, placement_json(0, 1, false))));
  CHECK(progress() == json{{"phase", "setup"}});  // nothing of seat 1's set-up shows
  REQUIRE(std::holds_alternative<protocol::applied>(m->apply(2, placement_json(1, 2, false))));
  CHECK(progress() == json{{"phase", "play"}, {"pieces", {19, 19}}});
}

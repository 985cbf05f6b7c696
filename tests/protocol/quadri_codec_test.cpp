// QU4DRI JSON: registration, Position JSON (rules §8) round trip and strictness, canonical
// actions, events, the view (no unrevealed value), and a match through protocol::match.
#include <catch2/catch.hpp>

#include "protocol/core/codec_match.h"
#include "protocol/quadri/codec.h"
#include "protocol/quadri/position.h"
#include "tests/engine/quadri_builder.h"

using namespace quadri_test;
using tabuleiro::protocol::json;
using tabuleiro::protocol::quadri_codec;
using tabuleiro::protocol::quadri_position;
using tabuleiro::protocol::rule_error;
namespace protocol = tabuleiro::protocol;

namespace {

const protocol::game_kind& kind() { return *protocol::find_game("quadri"); }

std::unique_ptr<protocol::match> make(const json& options, const json& position, std::uint64_t seed) {
  auto r = kind().create(options, position, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(r));
  return std::move(std::get<0>(r));
}

json view_of(const protocol::match& m, int v) {
  const protocol::publication pub = m.observe();
  return pub.view_of(v);
}

std::string create_error(const json& options, const json& position) {
  auto r = kind().create(options, position, 1);
  if (auto* e = std::get_if<rule_error>(&r)) return e->code;
  return "";
}

}  // namespace

TEST_CASE("quadri codec: registered as \"quadri\" - a new game's position has every value and the rng") {
  REQUIRE(protocol::find_game("quadri") == &protocol::quadri_game_kind());
  auto m = make(nullptr, nullptr, 5);
  const json p = kind().secret_position(*m);
  CHECK(p["game"] == "quadri");
  CHECK(p["tiles"].size() == 32);
  CHECK(p["predictors"].size() == 24);
  CHECK(p["energy"] == json::array({32, 32}));
  CHECK(p["hand"] == json::array({4, 4}));
  CHECK(p["seed"] == "5");
  for (const auto& t : p["tiles"]) CHECK(t.contains("value"));
  // Round trip.
  auto again = make(nullptr, p, 0);
  CHECK(kind().secret_position(*again) == p);
  const auto s = quadri_position::parse_position(p, 0);
  REQUIRE(std::holds_alternative<state>(s));
  CHECK(std::get<state>(s) == new_game({}, 5));
}

TEST_CASE("quadri codec: positions are strict") {
  auto m = make(nullptr, nullptr, 5);
  const json p = kind().secret_position(*m);
  json q = p;
  q["extra"] = 1;
  CHECK(create_error(nullptr, q) == "bad_position");
  q = p;
  q["tiles"][0]["value"] = 5;
  CHECK(create_error(nullptr, q) == "bad_position");
  q = p;
  q["tiles"][0]["side"] = "location";  // location side but not revealed
  CHECK(create_error(nullptr, q) == "bad_position");
  q = p;
  q["predictors"].push_back({{"at", "a1"}, {"owner", 1}});  // no talisman there
  CHECK(create_error(nullptr, q) == "bad_position");
  q = p;
  q["tiles"][0]["at"] = "k1";
  CHECK(create_error(nullptr, q) == "bad_position");
  CHECK(create_error({{"quiet_limit", 0}}, nullptr) == "bad_options");
  CHECK(create_error({{"majority", 1}}, nullptr) == "bad_options");
  CHECK(create_error({{"speed", 1}}, nullptr) == "bad_options");
  CHECK(create_error({{"majority", true}, {"quiet_limit", 40}}, nullptr) == "");
  CHECK(create_error({{"quiet_limit", 40}}, p) == "bad_options");  // disagrees with position.options
  CHECK(create_error(p["options"], p) == "");
}

TEST_CASE("quadri codec: actions parse strictly and write canonically") {
  auto parse = [](const char* text) { return quadri_codec::parse_action(json::parse(text)); };
  auto code = [&](const char* text) {
    auto r = parse(text);
    return std::holds_alternative<rule_error>(r) ? std::get<rule_error>(r).code : std::string();
  };
  CHECK(std::get<action>(parse(R"({"type":"move","path":["c3","e5","c7"]})")) == path("c3 e5 c7"));
  CHECK(std::get<action>(parse(R"({"type":"drop","at":"j10"})")) == drop_action(at("j10")));
  CHECK(std::get<action>(parse(R"({"type":"flip","at":"f6"})")) == flip_action(at("f6")));
  CHECK(std::get<action>(parse(R"({"type":"shift","from":"f6","to":"g7"})")) == shift_action(at("f6"), at("g7")));
  CHECK(std::get<action>(parse(R"({"type":"shift","from":"a1","to":"k2"})")) == shift_action(at("a1"), off_area));
  CHECK(code(R"({"type":"move","path":["c3"]})") == "bad_action");
  CHECK(code(R"({"type":"move","path":["c3","e05"]})") == "bad_action");
  CHECK(code(R"({"type":"drop","at":"f6","x":1})") == "bad_action");
  CHECK(code(R"({"type":"jump"})") == "bad_action");
  CHECK(code(R"({"type":"flip","at":"F6"})") == "bad_action");
  CHECK(quadri_codec::action_json(path("c3 e5 c7")).dump() == R"({"path":["c3","e5","c7"],"type":"move"})");
  CHECK(quadri_codec::action_json(shift_action(at("b6"), at("a7"))).dump() ==
        R"({"from":"b6","to":"a7","type":"shift"})");
}

TEST_CASE("quadri codec: the view holds no unrevealed value - a flip reveals one for everyone") {
  auto m = make(nullptr, nullptr, 11);
  json v = view_of(*m, 0);
  CHECK(v["tiles"].size() == 32);
  for (const auto& [c, t] : v["tiles"].items()) CHECK_FALSE(t.contains("value"));
  CHECK(m->observe().views.size() == 1);  // one group: nobody knows more
  CHECK(v.dump().find("\"value\"") == std::string::npos);
  auto r = m->apply(1, {{"type", "flip"}, {"at", "b6"}});
  REQUIRE(std::holds_alternative<protocol::applied>(r));
  const auto& pub = std::get<protocol::applied>(r).pub;
  REQUIRE(pub.views.size() == 1);
  const json& tile = pub.views[0]->value()["tiles"]["b6"];
  CHECK(tile["revealed"] == true);
  CHECK(tile["side"] == "location");
  int value = 0;
  const json full = kind().secret_position(*m);
  for (const auto& t : full["tiles"])
    if (t["at"] == "b6") value = t["value"];
  CHECK(tile["value"] == value);
  const json ev = pub.events[0]->value();
  REQUIRE(ev.size() == 1);
  CHECK(ev[0] == json{{"type", "tile_flipped"}, {"at", "b6"}, {"by", 1}, {"side", "location"}, {"value", value}});
  for (const auto& [c, t] : pub.views[0]->value()["tiles"].items())
    if (c != "b6") CHECK_FALSE(t.contains("value"));
}

TEST_CASE("quadri codec: capture events name each captured predictor, its flip and the energy change") {
  state s = build("d4:1 e5:2 h8:2");
  s.tiles[at("e5")].value = 3;
  auto m = make(nullptr, quadri_position::position_json(s), 0);
  const json legal = m->legal(1).actions;
  REQUIRE(legal.size() == 1);
  CHECK(legal[0] == json{{"type", "move"}, {"path", {"d4", "f6"}}, {"captures", 1}});
  auto r = m->apply(1, legal[0]);
  REQUIRE(std::holds_alternative<protocol::applied>(r));
  const json ev = std::get<protocol::applied>(r).pub.events[0]->value();
  REQUIRE(ev.size() == 4);
  CHECK(ev[0] == json{{"type", "moved"}, {"player", 1}, {"path", {"d4", "f6"}}, {"capture", true}});
  CHECK(ev[1] == json{{"type", "captured"}, {"at", "e5"}, {"player", 1}, {"owner", 2}, {"queen", false}});
  CHECK(ev[2] == json{{"type", "tile_flipped"}, {"at", "e5"}, {"by", nullptr}, {"side", "location"}, {"value", 3}});
  CHECK(ev[3] ==
        json{{"type", "energy_changed"}, {"at", "e5"}, {"player", 2}, {"from", 32}, {"to", 29}, {"delta", -3}});
  const json v = view_of(*m, 1);
  CHECK(v["energy"] == json::array({32, 29}));
  CHECK(v["tiles"]["e5"]["value"] == 3);
}

TEST_CASE("quadri codec: rule errors pass through the match unchanged - game over reveals every value") {
  auto m = make(nullptr, nullptr, 3);
  auto err = m->check(1, {{"type", "flip"}, {"at", "c5"}});
  REQUIRE(err);
  CHECK(err->code == "not_own_talisman");
  CHECK(m->check(1, {{"type", "shift"}, {"from", "b6"}, {"to", "k7"}})->code == "outside_area");
  CHECK(m->check(2, {{"type", "flip"}, {"at", "c5"}})->code == "not_your_turn");
  setup o;
  o.energy = {32, 2};
  state s = build("d4:1 e5:2 h8:2", o);
  auto e = make(nullptr, quadri_position::position_json(s), 0);
  REQUIRE(std::holds_alternative<protocol::applied>(e->apply(1, {{"type", "move"}, {"path", {"d4", "f6"}}})));
  REQUIRE(e->outcome());
  CHECK(e->outcome()->reason == "energy_0");
  const json v = view_of(*e, 0);
  for (const auto& [c, t] : v["tiles"].items()) CHECK(t.contains("value"));
}

TEST_CASE("quadri codec: the list's progress is each seat's energy") {
  // The spectator's view gives it.
  const auto progress = [](const protocol::match& x) { return x.observe().view_for(2)->progress(); };
  auto m = make(nullptr, nullptr, 5);
  CHECK(progress(*m) == json{{"energy", {32, 32}}});
  json p = kind().secret_position(*m);
  p["energy"] = {40, 12};
  p.erase("seed");
  CHECK(progress(*make(nullptr, p, 1)) == json{{"energy", {40, 12}}});
}

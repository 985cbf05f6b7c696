// TAIXU JSON: registration, Position JSON (rules §10) strictness and round trip, canonical
// actions (§4), events (§11), and the view (PROTOCOL.md "TAIXU view").
#include <catch2/catch.hpp>

#include "protocol/core/codec_match.h"
#include "protocol/taixu/codec.h"
#include "protocol/taixu/position.h"
#include "tests/engine/taixu_builder.h"

using namespace taixu_test;
using tabuleiro::protocol::json;
using tabuleiro::protocol::rule_error;
using tabuleiro::protocol::taixu_codec;
using tabuleiro::protocol::taixu_position;
using tabuleiro::protocol::viewer;
namespace protocol = tabuleiro::protocol;

namespace {

// A sample position in the rules' format.
json sample() {
  return json::parse(R"({"game":"taixu","options":{"reserve":8,"destroyed_pieces":"reserve"},
    "to_move":1,"round":1,"pc":5,"bonus":[0,0],"reserve":[7,8],
    "pieces":[{"at":"d5","owner":1,"charge":2,"idle":0,"moved":false}],
    "anomalies":[{"at":"a2","effect":"overload"}]})");
}

// The error code of creating a match from position p ("" when accepted).
std::string position_error(const json& p) {
  auto r = protocol::find_game("taixu")->create(nullptr, p, 0);
  if (auto* e = std::get_if<rule_error>(&r)) return e->code;
  return "";
}

// The full position (secrets included) of a TAIXU match.
json position_of(const protocol::match& m) { return protocol::find_game("taixu")->secret_position(m); }

// The view viewer v is shown now.
json view_of(const protocol::match& m, viewer v) {
  const protocol::publication pub = m.observe();
  return pub.view_of(static_cast<int>(v));
}

// The events of an accepted action as seat 1's group sees them.
const json& events_of(const protocol::result<protocol::applied>& r) {
  const auto& pub = std::get<protocol::applied>(r).pub;
  return pub.events_of(1);
}

// A TAIXU match created from position p (which must be valid).
std::unique_ptr<protocol::match> make(const json& p) {
  auto r = protocol::find_game("taixu")->create(nullptr, p, 0);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(r));
  return std::move(std::get<0>(r));
}

}  // namespace

TEST_CASE("taixu codec: registered as \"taixu\"") {
  REQUIRE(protocol::find_game("taixu") != nullptr);
  CHECK(protocol::find_game("taixu")->name() == "taixu");
  CHECK(protocol::find_game("chess") == nullptr);
}

TEST_CASE("taixu codec: Position JSON round-trips and continues identically") {
  auto m = make(sample());
  const json pos = position_of(*m);
  CHECK(pos["seed"] == "0");  // neither seed nor rng: seed 0 (the offline default)
  CHECK(pos["rng"].get<std::string>().rfind("x256:", 0) == 0);
  auto again = make(pos);
  CHECK(position_of(*again) == pos);
  auto fresh = protocol::find_game("taixu")->create({{"reserve", 10}}, nullptr, 42);
  auto& g = *std::get<0>(fresh);
  CHECK(position_of(g)["seed"] == "42");
  CHECK(position_of(g)["reserve"] == json::array({10, 10}));
  CHECK(position_of(*make(position_of(g))) == position_of(g));
}

TEST_CASE("taixu codec: positions are validated strictly (unknown fields rejected)") {
  CHECK(position_error(sample()).empty());
  auto with = [](const char* key, json v) {
    json p = sample();
    p[key] = v;
    return p;
  };
  CHECK(position_error(with("extra", 1)) == "bad_position");
  CHECK(position_error(with("game", "chess")) == "bad_position");
  CHECK(position_error(with("to_move", 3)) == "bad_position");
  CHECK(position_error(with("round", 0)) == "bad_position");
  CHECK(position_error(with("pc", -1)) == "bad_position");
  CHECK(position_error(with("pc", 1.5)) == "bad_position");
  CHECK(position_error(with("reserve", json::array({8, 8}))) == "bad_position");  // pool not conserved
  CHECK(position_error(with("seed", 42)) == "bad_position");
  CHECK(position_error(with("rng", "x256:00")) == "bad_position");
  CHECK(position_error(with("options", {{"reserve", 3}})) == "bad_position");
  CHECK(position_error(with("anomalies", json::parse(R"([{"at":"c3","effect":"echo"}])"))) == "bad_position");
  CHECK(position_error(with("anomalies", json::parse(R"([{"at":"a2","effect":"boom"}])"))) == "bad_position");
  const json p = json::parse(R"([{"at":"d5","owner":1,"charge":2,"color":"red"}])");
  CHECK(position_error(with("pieces", p)) == "bad_position");
  CHECK(position_error(with("pieces", json::parse(R"([{"at":"d9","owner":1,"charge":2}])"))) == "bad_position");
  CHECK(position_error(with("pieces", json::parse(R"([{"at":"d5","owner":1,"charge":5}])"))) == "bad_position");
  json dup = sample();
  dup["reserve"] = json::array({6, 8});
  dup["pieces"].push_back(dup["pieces"][0]);
  CHECK(position_error(dup) == "bad_position");
  json missing = sample();
  missing.erase("pc");
  CHECK(position_error(missing) == "bad_position");
  json decided = sample();  // Singularity already reached but no outcome
  decided["reserve"] = json::array({5, 8});
  decided["pieces"] = json::parse(R"([{"at":"d4","owner":1,"charge":2},{"at":"e4","owner":1,"charge":2},
                                     {"at":"d5","owner":1,"charge":2}])");
  CHECK(position_error(decided) == "bad_position");
  decided["outcome"] = {{"winner", 1}, {"reason", "singularity"}};
  CHECK(position_error(decided).empty());
  auto bad_opts = protocol::find_game("taixu")->create({{"colour", 1}}, nullptr, 0);
  CHECK(std::get<rule_error>(bad_opts).code == "bad_options");
  auto disagree = protocol::find_game("taixu")->create({{"reserve", 10}}, sample(), 0);  // sample: reserve 8
  CHECK(std::get<rule_error>(disagree) == rule_error{"bad_options", "options disagree with position.options"});
  CHECK(std::holds_alternative<std::unique_ptr<protocol::match>>(
      protocol::find_game("taixu")->create({{"reserve", 8}, {"destroyed_pieces", "reserve"}}, sample(), 0)));
}

TEST_CASE("taixu codec: the view matches PROTOCOL.md and holds no seed or rng") {
  auto m = make(sample());
  const json v = view_of(*m, viewer::spectator);
  std::vector<std::string> keys;
  for (const auto& [k, x] : v.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"anomalies", "bonus", "costs", "game", "options", "outcome", "pc", "pieces",
                                         "reserve", "round", "to_move"});
  CHECK(v["pieces"]["d5"] == json::parse(R"({"owner":1,"charge":2,"idle":0,"moved":false})"));
  CHECK(v["anomalies"] == json::parse(R"({"a2":"overload"})"));
  CHECK(v["costs"] == json::parse(R"({"summon":2,"move":1,"stabilize":2,"swap":3})"));
  CHECK(v["outcome"].is_null());
  for (viewer who : {viewer::spectator, viewer::seat1, viewer::seat2}) {
    const std::string text = view_of(*m, who).dump();
    CHECK(text.find("x256") == std::string::npos);
    CHECK(text.find("seed") == std::string::npos);
    CHECK(text.find("rng") == std::string::npos);
  }
}

TEST_CASE("taixu codec: canonical actions — precise errors — nothing changes on a refusal") {
  CHECK(taixu_codec::action_json(swap("f8", "c6")) == json::parse(R"({"type":"swap","a":"c6","b":"f8"})"));
  auto parsed = taixu_codec::parse_action(json::parse(R"({"type":"swap","a":"f8","b":"c6"})"));
  CHECK(std::get<action>(parsed) == action{action_kind::swap, sq("c6"), sq("f8")});
  for (const char* bad :
       {R"({"type":"fly"})", R"({"type":"move","from":"d5"})", R"({"type":"move","from":"d5","to":"i9"})",
        R"({"type":"end_turn","x":1})", R"([1])", R"({"type":"summon","to":"c8","cost":"2"})"}) {
    auto r = taixu_codec::parse_action(json::parse(bad));
    REQUIRE(std::holds_alternative<rule_error>(r));
    CHECK(std::get<rule_error>(r).code == "bad_action");
  }
  json p = sample();
  p["pieces"] = json::parse(R"([{"at":"d5","owner":1,"charge":1},{"at":"d6","owner":2,"charge":2}])");
  p["reserve"] = json::array({7, 7});
  auto m = make(p);
  const json before = position_of(*m);
  auto refused = m->apply(1, json::parse(R"({"type":"move","from":"d5","to":"d6"})"));
  CHECK(std::get<rule_error>(refused).code == "weaker_attacker");
  CHECK(std::get<rule_error>(m->apply(2, json::parse(R"({"type":"end_turn"})"))).code == "not_your_turn");
  CHECK(std::get<rule_error>(m->apply(1, json::parse(R"({"type":"teleport"})"))).code == "bad_action");
  CHECK(position_of(*m) == before);
  const protocol::legal_json legal = m->legal(1);
  CHECK(legal.actions.back() == json::parse(R"({"type":"end_turn","cost":0})"));
  CHECK(legal.complete);
  CHECK(legal.expects.is_null());
  CHECK(m->legal(2).actions.empty());
  CHECK(m->legal(2).complete);
  auto ok = m->apply(1, json::parse(R"({"type":"move","from":"d5","to":"d3","cost":1})"));
  CHECK(std::get<protocol::applied>(ok).action == json::parse(R"({"type":"move","from":"d5","to":"d3"})"));
  const json& events = events_of(ok);
  REQUIRE(events.size() == 3);
  CHECK(events[0] == json::parse(R"({"type":"pc_changed","player":1,"from":5,"to":4,"cause":"move"})"));
  CHECK(events[1] == json::parse(R"({"type":"moved","from":"d5","to":"d3","player":1})"));
  CHECK(events[2]["type"] == "charge_changed");
}

TEST_CASE("taixu codec: free-distortion swaps list cost 0 — waves list the ring and hits") {
  state s = build("a3:1:0 h8:1:0 d2:1:4 c4:2:0 e4:2:2", "a3:free_distortion");
  protocol::codec_match<game, taixu_codec, taixu_position> m(s);
  bool found = false;
  for (const json& a : m.legal(1).actions)
    if (a["type"] == "swap" && a["a"] == "a3" && a["b"] == "h8") found = a["cost"] == 0;
  CHECK(found);
  auto r = m.apply(1, json::parse(R"({"type":"move","from":"d2","to":"d3"})"));
  const json& ev = events_of(r);
  json wave;
  for (const json& e : ev)
    if (e["type"] == "wave") wave = e;
  CHECK(wave["center"] == "d3");
  CHECK(wave["squares"] == json::parse(R"(["c2","d2","e2","c3","e3","c4","d4","e4"])"));
  CHECK(wave["hits"] == json::parse(R"([{"at":"c4","owner":2,"from":0,"to":0,"destroyed":true},
                                         {"at":"e4","owner":2,"from":2,"to":1,"destroyed":false}])"));
  CHECK(!m.outcome());
}

TEST_CASE("taixu codec property: the JSON path agrees with the engine over random games") {
  tabuleiro::engine::rng r(20240611);
  const auto* kind = protocol::find_game("taixu");
  int steps = 0;
  for (int g = 0; g < 200; ++g) {
    const json options = {{"reserve", 4 + static_cast<int>(r.uniform(13))},
                          {"destroyed_pieces", r.uniform(2) ? "reserve" : "removed"}};
    auto created = kind->create(options, nullptr, r.next());
    auto& m = *std::get<0>(created);
    for (int step = 0; step < 60 && !m.seats_to_act().empty(); ++step, ++steps) {
      const json pos = position_of(m);
      auto reread = kind->create(nullptr, pos, 0);  // the written position reads back identically
      REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(reread));
      REQUIRE(position_of(*std::get<0>(reread)) == pos);
      const json view = view_of(m, viewer::spectator);
      REQUIRE(view["to_move"] == pos["to_move"]);
      REQUIRE(view["pieces"].size() == pos["pieces"].size());
      const int p = m.seats_to_act().front();
      const json legal = m.legal(p).actions;
      REQUIRE(!legal.empty());
      // Any listed action, sent back as JSON with its cost, is accepted on a copy.
      auto copy = m.clone();
      REQUIRE(std::holds_alternative<protocol::applied>(copy->apply(p, legal[r.uniform(legal.size())])));
      json chosen = legal.back();
      if (legal.size() > 1 && r.uniform(6) != 0) chosen = legal[r.uniform(legal.size() - 1)];
      chosen.erase("cost");
      auto applied = m.apply(p, chosen);
      REQUIRE(std::holds_alternative<protocol::applied>(applied));
      for (const json& e : events_of(applied)) REQUIRE(e.contains("type"));
    }
  }
  CHECK(steps > 2000);
}

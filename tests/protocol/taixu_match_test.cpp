// protocol::match over TAIXU: acceptance by the engine's exact check, publications grouped by
// typed observation (one group for TAIXU) whose views equal the observation's JSON, secrets
// only in the persistence form, strict options, the registry and the shared JSON helpers.
#include <catch2/catch.hpp>

#include <set>

#include "protocol/core/codec_match.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/taixu/codec.h"
#include "protocol/taixu/position.h"
#include "tests/engine/taixu_builder.h"

using namespace taixu_test;
using tabuleiro::engine::rng;
using tabuleiro::protocol::json;
using tabuleiro::protocol::rule_error;
using tabuleiro::protocol::taixu_codec;
using tabuleiro::protocol::taixu_position;
using tabuleiro::protocol::viewer;
namespace protocol = tabuleiro::protocol;

namespace {

using taixu_match = protocol::codec_match<game, taixu_codec, taixu_position>;

const protocol::game_kind& kind() { return *protocol::find_game("taixu"); }

// The view JSON of a fresh observation of s (every viewer observes the same).
json fresh_view(const state& s) { return taixu_codec::observation_json(game::observe(s, viewer::spectator)); }

// The events JSON of engine events.
json events_json(const std::vector<event>& events) {
  json out = json::array();
  for (const event& e : events) {
    protocol::object_text o;
    taixu_codec::event_fields(o, e);
    out.push_back(o.to_json());
  }
  return out;
}

// True when text mentions a secret: a "seed" or "rng" key, or the PRNG state string itself.
bool mentions_secret(const json& j, const std::string& rng_text) {
  const std::string text = j.dump();
  return text.find("\"seed\"") != std::string::npos || text.find("\"rng\"") != std::string::npos ||
         text.find(rng_text) != std::string::npos || text.find("x256:") != std::string::npos;
}

// REQUIREs that pub has exactly one group serving every viewer class, with one view (and, when
// events_expected, one events array).
void require_one_group(const protocol::publication& pub, bool events_expected) {
  REQUIRE(pub.group_of == std::array<int, 3>{0, 0, 0});
  REQUIRE(pub.views.size() == 1);
  REQUIRE(pub.events.size() == (events_expected ? 1u : 0u));
}

// The error code of creating a fresh match with options ("" when accepted).
std::string options_error(const json& options) {
  auto r = kind().create(options, nullptr, 1);
  if (auto* e = std::get_if<rule_error>(&r)) return e->code;
  return "";
}

}  // namespace

TEST_CASE("taixu match: publications have one group whose view is a fresh observation's JSON") {
  rng meta(0x9b11ca7eULL);
  int steps = 0;
  for (int g = 0; g < 25; ++g) {
    const std::uint64_t seed = meta.next();
    state s = new_game(options{}, seed);  // the engine, step by step beside the match
    auto created = kind().create(nullptr, nullptr, seed);
    auto& m = *std::get<0>(created);
    auto shadow = m.clone();  // advanced without JSON
    for (int step = 0; step < 50 && !s.outcome; ++step, ++steps) {
      const protocol::publication now = m.observe();
      require_one_group(now, false);
      REQUIRE(now.views[0]->value() == fresh_view(s));
      const std::string rng_text = s.rng.to_string();
      REQUIRE(!mentions_secret(now.views[0]->value(), rng_text));
      const json secret = kind().secret_position(m);
      REQUIRE(secret["rng"] == rng_text);
      REQUIRE(secret["seed"] == std::to_string(seed));
      const auto legal = game::legal_actions(s, s.to_move);
      action a = legal.back();
      if (legal.size() > 1 && meta.uniform(8) != 0) a = legal[meta.uniform(legal.size() - 1)];
      const int p = s.to_move;
      auto r = m.apply(p, taixu_codec::action_json(a));
      REQUIRE(std::holds_alternative<protocol::applied>(r));
      const protocol::applied& done = std::get<protocol::applied>(r);
      auto engine_events = std::get<std::vector<event>>(game::apply(s, p, a));
      REQUIRE(done.action == taixu_codec::action_json(a));
      require_one_group(done.pub, true);
      REQUIRE(done.pub.views[0]->value() == fresh_view(s));
      REQUIRE(done.pub.events[0]->value() == events_json(engine_events));
      REQUIRE(!mentions_secret(done.pub.views[0]->value(), s.rng.to_string()));
      REQUIRE(!shadow->advance(p, taixu_codec::action_json(a)));
      REQUIRE(kind().secret_position(*shadow) == kind().secret_position(m));
      REQUIRE(m.outcome() == s.outcome);
    }
  }
  CHECK(steps > 500);
}

TEST_CASE("taixu match: check() answers with the engine's precise code and changes nothing") {
  const state s = build("d5:1:1 d6:2:2 a8:1:0", "", setup{.pc = 1});
  taixu_match m(s);
  const json before = kind().secret_position(m);
  auto code_of = [&](int p, const char* action) {
    const auto e = m.check(p, json::parse(action));
    return e ? e->code : std::string();
  };
  CHECK(code_of(1, R"({"type":"move","from":"d5","to":"d6"})") == "weaker_attacker");
  CHECK(code_of(1, R"({"type":"stabilize","at":"d5"})") == "insufficient_pc");
  CHECK(code_of(1, R"({"type":"summon","to":"a8"})") == "square_occupied");
  CHECK(code_of(1, R"({"type":"summon","to":"d1"})") == "not_home_edge");
  CHECK(code_of(2, R"({"type":"end_turn"})") == "not_your_turn");
  CHECK(code_of(1, R"({"type":"warp"})") == "bad_action");
  CHECK(code_of(1, R"({"type":"move","from":"d5","to":"d4","cost":1})").empty());
  CHECK(kind().secret_position(m) == before);
  // apply reports the same codes and leaves the match as it was.
  const auto weak = m.apply(1, json::parse(R"({"type":"move","from":"d5","to":"d6"})"));
  CHECK(std::get<rule_error>(weak) ==
        rule_error{"weaker_attacker", "the attacker's charge is lower than the defender's"});
  CHECK(m.advance(1, json::parse(R"({"type":"stabilize","at":"d5"})"))->code == "insufficient_pc");
  CHECK(kind().secret_position(m) == before);
}

TEST_CASE("taixu match: secrets only through secret_position and secret_apply") {
  auto created = kind().create({{"reserve", 6}}, nullptr, 4242);
  auto& m = *std::get<0>(created);
  const json secret = kind().secret_position(m);
  CHECK(secret["seed"] == "4242");
  const std::string rng_text = secret["rng"].get<std::string>();
  CHECK(rng_text.rfind("x256:", 0) == 0);
  const protocol::publication pub = m.observe();
  for (const auto& v : pub.views) CHECK(!mentions_secret(v->value(), rng_text));
  CHECK(!mentions_secret(m.legal(1).actions, rng_text));
  // secret_apply: the unredacted events (for TAIXU the same as every viewer's), and the state moves.
  auto copy = m.clone();
  const json action = {{"type", "summon"}, {"to", "c8"}};
  auto events = kind().secret_apply(m, 1, action);
  REQUIRE(std::holds_alternative<json>(events));
  auto published = copy->apply(1, action);
  CHECK(std::get<json>(events) == std::get<protocol::applied>(published).pub.events[0]->value());
  CHECK(kind().secret_position(m) == kind().secret_position(*copy));
  auto refused = kind().secret_apply(m, 2, action);
  CHECK(std::get<rule_error>(refused).code == "not_your_turn");
  CHECK(kind().secret_position(m) == kind().secret_position(*copy));
}

TEST_CASE("taixu match: options.reserve must be 4..16 (0 parses as unsigned and is refused too)") {
  for (int bad : {0, 3, 17, -1}) {
    INFO("reserve " << bad);
    CHECK(options_error({{"reserve", bad}}) == "bad_options");
  }
  for (int good : {4, 16}) {
    INFO("reserve " << good);
    CHECK(options_error({{"reserve", good}}).empty());
    auto created = kind().create({{"reserve", good}}, nullptr, 1);
    CHECK(kind().secret_position(*std::get<0>(created))["reserve"] == json::array({good, good}));
  }
  CHECK(options_error({{"reserve", 8}, {"", 1}}) == "bad_options");  // the empty key is unknown too
  json piece_owner_0 = json::parse(R"({"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],
    "reserve":[8,8],"pieces":[{"at":"a1","owner":0,"charge":0}],"anomalies":[]})");
  auto r = kind().create(nullptr, piece_owner_0, 0);
  CHECK(std::get<rule_error>(r).code == "bad_position");
}

TEST_CASE("protocol registry: find_game, game_names, register_game refuses a taken name") {
  CHECK(protocol::find_game("taixu") == &protocol::taixu_game_kind());
  CHECK(protocol::game_names() == std::vector<std::string_view>{"taixu", "cyvasse", "quadri"});
  CHECK(!protocol::register_game(&protocol::taixu_game_kind()));
  CHECK(!protocol::register_game(nullptr));
  CHECK(protocol::game_names().size() == 3);
}

TEST_CASE("protocol json helpers: parse_seed, first_unknown_key, int_field, outcome_json") {
  using protocol::parse_seed;
  CHECK(parse_seed("0") == std::optional<std::uint64_t>(0));
  CHECK(parse_seed("007") == std::optional<std::uint64_t>(7));
  CHECK(parse_seed("18446744073709551615") == std::optional<std::uint64_t>(18446744073709551615ULL));
  for (const json& bad : {json("18446744073709551616"), json(""), json("+1"), json("-1"), json(" 1"), json("1 "),
                          json("0x10"), json(42), json(nullptr), json("123456789012345678901")})
    CHECK(!parse_seed(bad));
  using protocol::first_unknown_key;
  CHECK(!first_unknown_key(json::object(), {"a"}));
  CHECK(!first_unknown_key(json{{"a", 1}, {"b", 2}}, {"a", "b"}));
  CHECK(first_unknown_key(json{{"a", 1}, {"c", 2}}, {"a", "b"}) == std::optional<std::string>("c"));
  CHECK(first_unknown_key(json{{"", 1}}, {"a"}) == std::optional<std::string>(""));
  using protocol::int_field;
  const json j = json::parse(R"({"zero":0,"three":3,"neg":-2,"big":18446744073709551615,"half":1.5,"text":"4"})");
  CHECK(!int_field(j, "zero", 4, 16));
  CHECK(!int_field(j, "three", 4, 16));
  CHECK(int_field(j, "three", 0, 3) == std::optional<int>(3));
  CHECK(int_field(j, "neg", -5, 5) == std::optional<int>(-2));
  CHECK(!int_field(j, "neg", 0, 5));
  CHECK(!int_field(j, "big", 0, 1000000000));
  CHECK(!int_field(j, "half", 0, 5));
  CHECK(!int_field(j, "text", 0, 5));
  CHECK(!int_field(j, "missing", 0, 5));
  CHECK(protocol::outcome_json(std::nullopt).is_null());
  CHECK(protocol::outcome_json(tabuleiro::engine::outcome{std::nullopt, "agreement"}) ==
        json::parse(R"({"winner":null,"reason":"agreement"})"));
  CHECK(protocol::outcome_json(tabuleiro::engine::outcome{2, "singularity"}) ==
        json::parse(R"({"winner":2,"reason":"singularity"})"));
}

TEST_CASE("taixu match: legal fields written as text equal the dump of the legal JSON, for every action kind") {
  rng meta(0x1e6a1ULL);
  std::set<std::string> kinds;
  int lists = 0;
  for (int g = 0; g < 30; ++g) {
    auto created = kind().create(nullptr, nullptr, meta.next());
    auto& m = *std::get<0>(created);
    for (int step = 0; step < 80 && !m.outcome(); ++step) {
      for (tabuleiro::engine::seat p : {1, 2}) {
        const protocol::legal_json legal = m.legal(p);
        REQUIRE(m.legal_fields(p) == protocol::messages::legal_fields(legal));
        for (const json& a : legal.actions) kinds.insert(a["type"].get<std::string>());
        ++lists;
      }
      const json legal = m.legal(m.seats_to_act().front()).actions;
      REQUIRE(!legal.empty());
      json a = legal[meta.uniform(legal.size())];
      a.erase("cost");
      REQUIRE(std::holds_alternative<protocol::applied>(m.apply(m.seats_to_act().front(), a)));
    }
  }
  CHECK(lists > 1000);
  CHECK(kinds == std::set<std::string>{"end_turn", "move", "stabilize", "summon", "swap"});
}

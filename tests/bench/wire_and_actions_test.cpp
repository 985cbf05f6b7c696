// The load generator's byte accounting (top-level field sizes, frame headers) and its
// per-game action choice, checked against the games' own rules through protocol::match.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "bench/load/game_actions.h"
#include "bench/load/wire_stats.h"
#include "protocol/core/game.h"

using namespace tabuleiro;
using bench::array_elements;
using bench::top_level_members;
using nlohmann::json;

namespace {

// A fresh match of game with both seats' legal lists available.
std::unique_ptr<protocol::match> fresh(const char* game, std::uint64_t seed) {
  auto r = protocol::find_game(game)->create(json::object(), nullptr, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(r));
  return std::move(std::get<std::unique_ptr<protocol::match>>(r));
}

// The generator's choice from a legal list as it holds one: the texts of the list's elements as
// the server writes them.
std::optional<std::string> choose(const bench::game_actions& game, const json& legal, const json& expects,
                                  std::mt19937_64& rng) {
  const std::string text = legal.dump();
  return bench::choose_action(game, array_elements(text), expects, rng);
}

}  // namespace

TEST_CASE("wire: top-level members add up to the message, strings with escapes included") {
  const std::string text =
      R"({"type":"patch","ops":[{"op":"replace","path":"/a","value":"x\"}]{"}],"legal":[],"n":12,"t":true})";
  const auto fields = top_level_members(text);
  REQUIRE(fields.size() == 5);
  CHECK(fields[0].key == "type");
  CHECK(fields[0].value == R"("patch")");
  CHECK(fields[0].bytes == std::string(R"("type":"patch")").size());
  CHECK(fields[1].key == "ops");
  CHECK(fields[1].value == R"([{"op":"replace","path":"/a","value":"x\"}]{"}])");
  CHECK(fields[1].bytes == std::string(R"("ops":[{"op":"replace","path":"/a","value":"x\"}]{"}])").size());
  CHECK(fields[2].value == "[]");
  CHECK(fields[2].bytes == std::string(R"("legal":[])").size());
  CHECK(fields[3].value == "12");
  CHECK(fields[3].bytes == std::string(R"("n":12)").size());
  CHECK(fields[4].value == "true");
  CHECK(fields[4].bytes == std::string(R"("t":true)").size());
  std::size_t sum = 2 + fields.size() - 1;  // braces and commas
  for (const auto& f : fields) sum += f.bytes;
  CHECK(sum == text.size());
}

TEST_CASE("wire: text that is not one JSON object has no members") {
  CHECK(top_level_members("[1,2]").empty());
  CHECK(top_level_members(R"({"a":[1,2})").empty());
  CHECK(top_level_members(R"({"a":"open)").empty());
  CHECK(top_level_members(R"({"a" 1})").empty());
  CHECK(top_level_members("{}").empty());
  CHECK(top_level_members(R"({"a":1,})").empty());
  CHECK(top_level_members(R"({"a":})").empty());
}

TEST_CASE("wire: the elements of an array's text, nested values and strings with escapes whole") {
  const auto e = array_elements(R"([{"type":"move","to":"a]"}, [1,[2]] ,"x\"]",7,null])");
  REQUIRE(e.size() == 5);
  CHECK(e[0] == R"({"type":"move","to":"a]"})");
  CHECK(e[1] == "[1,[2]]");
  CHECK(e[2] == R"("x\"]")");
  CHECK(e[3] == "7");
  CHECK(e[4] == "null");
  CHECK(array_elements("[]").empty());
  CHECK(array_elements(" [ ] ").empty());
  CHECK(array_elements(R"({"a":1})").empty());
  CHECK(array_elements("[1,2").empty());
  CHECK(array_elements("[1,]").empty());
  CHECK(bench::starts_non_empty_array(" [ {\"a\":1}]"));
  CHECK_FALSE(bench::starts_non_empty_array("[ ]"));
  CHECK_FALSE(bench::starts_non_empty_array("{}"));
  CHECK_FALSE(bench::starts_non_empty_array(""));
  CHECK_FALSE(bench::starts_non_empty_array("["));
  CHECK(array_elements("[,1]").empty());
  for (const auto& text : {std::string(R"([1,{"a":[2,3]},"s"])"), std::string("[[],[[]]]")})
    CHECK(array_elements(text).size() == json::parse(text).size());
}

TEST_CASE("wire: frame headers follow RFC 6455's three length forms, plus the client's mask") {
  CHECK(bench::frame_header_bytes(125, false) == 2);
  CHECK(bench::frame_header_bytes(126, false) == 4);
  CHECK(bench::frame_header_bytes(65535, false) == 4);
  CHECK(bench::frame_header_bytes(65536, false) == 10);
  CHECK(bench::frame_header_bytes(10, true) == 6);
}

TEST_CASE("wire: counts per role and type, with each field's bytes") {
  bench::wire_stats w;
  for (const char* text : {R"({"type":"patch","legal":[]})", R"({"type":"patch","legal":[1]})"})
    w.received(bench::wire_stats::spectator, "patch", text, top_level_members(text));
  w.sent("act", 40);
  const json j = w.to_json();
  CHECK(j["received"]["spectator"]["patch"]["messages"] == 2);
  CHECK(j["received"]["spectator"]["patch"]["bytes"] == 27 + 28);
  CHECK(j["received"]["spectator"]["patch"]["fields"]["legal"] == 10 + 11);
  CHECK(j["received"]["actor"].empty());
  CHECK(j["sent"]["act"]["bytes"] == 40);
  CHECK(j["frame_header_bytes"]["received"]["spectator"] == 4);
  CHECK(j["frame_header_bytes"]["received"]["actor"] == 0);
  CHECK(j["frame_header_bytes"]["sent"] == 6);
}

TEST_CASE("actions: every game's choice is one the rules accept, without the annotations") {
  std::mt19937_64 rng(3);
  for (const char* game : {"taixu", "cyvasse", "quadri"}) {
    const auto* g = bench::find_game_actions(game);
    REQUIRE(g != nullptr);
    auto m = fresh(game, 11);
    for (int step = 0; step < 60 && !m->seats_to_act().empty(); ++step) {
      const engine::seat s = m->seats_to_act().back();
      const auto legal = m->legal(s);
      const auto chosen = choose(*g, legal.actions, legal.expects, rng);
      REQUIRE(chosen);
      const json action = json::parse(*chosen);
      for (auto key : g->annotations) CHECK_FALSE(action.contains(std::string(key)));
      INFO(game << " step " << step << ": " << *chosen);
      REQUIRE_FALSE(m->check(s, action));
      REQUIRE(std::holds_alternative<protocol::applied>(m->apply(s, action)));
    }
  }
  CHECK(bench::find_game_actions("chess") == nullptr);
}

TEST_CASE("actions: a Cyvasse seat in set-up sends its own whole army built from expects") {
  std::mt19937_64 rng(5);
  auto m = fresh("cyvasse", 2);
  for (engine::seat s : {engine::seat{1}, engine::seat{2}}) {
    const auto legal = m->legal(s);
    REQUIRE_FALSE(legal.complete);
    const json setup = bench::cyvasse_setup_from_expects(legal.expects, rng);
    REQUIRE(setup.is_object());
    CHECK(setup["type"] == "setup");
    CHECK(setup["pieces"].size() == 19);
    CHECK_FALSE(setup.contains("preset"));
    CHECK(json::parse(*choose(*bench::find_game_actions("cyvasse"), legal.actions, legal.expects, rng))
              .contains("pieces"));
    CHECK_FALSE(m->check(s, setup));
  }
  json small = m->legal(1).expects;
  small["zone"] = json::array({"a1", "b1"});
  CHECK(bench::cyvasse_setup_from_expects(small, rng).is_null());
  CHECK(bench::cyvasse_setup_from_expects(json::object(), rng).is_null());
}

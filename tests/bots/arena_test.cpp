// `tabuleiro arena` through the built executable: JSON output parsed and checked.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/bots/run_tabuleiro.h"

namespace {

// Runs the arena with args; returns (exit status, stdout).
std::pair<int, std::string> arena(const std::string& args) { return tabuleiro::test::run_tabuleiro("arena " + args); }

}  // namespace

TEST_CASE("arena plays a small match of each game and reports it as JSON", "[bots]") {
  const auto game = GENERATE(std::string("taixu"), std::string("cyvasse"), std::string("quadri"));
  CAPTURE(game);
  auto [status, out] = arena("--game " + game + " --a easy --b random --games 4 --iterations 6 --threads 2 --json");
  REQUIRE(status == 0);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["game"] == game);
  CHECK(j["wins"].get<int>() + j["draws"].get<int>() + j["losses"].get<int>() == 4);
  CHECK(j["errors"] == 0);
  REQUIRE(j["results"].size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(j["results"][i]["a_seat"] == (i % 2 == 0 ? 1 : 2));  // seats alternate
  REQUIRE(j["timing"].size() == 2);
  CHECK(j["timing"][0]["level"] == "easy");
  CHECK(j["timing"][0]["decisions"].get<int>() > 0);
  const double score = j["score"];
  CHECK(score >= 0.0);
  CHECK(score <= 1.0);
}

TEST_CASE("arena: the same seed replays the same games", "[bots]") {
  auto [s1, first] = arena("--game quadri --a easy --b medium --games 2 --iterations 5 --seed 9 --json");
  auto [s2, again] = arena("--game quadri --a easy --b medium --games 2 --iterations 5 --seed 9 --threads 1 --json");
  REQUIRE(s1 == 0);
  REQUIRE(s2 == 0);
  CHECK(nlohmann::json::parse(first)["results"] == nlohmann::json::parse(again)["results"]);
}

TEST_CASE("arena refuses bad arguments with exit status 2", "[bots]") {
  CHECK(arena("--game chess --a easy --b random --games 2 2>/dev/null").first == 2);
  CHECK(arena("--game taixu --a genius --b random --games 2 2>/dev/null").first == 2);
  CHECK(arena("--game taixu --a easy 2>/dev/null").first == 2);
}

// Puzzle mining (bots/puzzles.h) and `tabuleiro puzzles` through the built executable: every
// puzzle's solution reaches its goal and its wrong actions do not, the same arguments give the
// same set, and bad input (unknown game, a log the rules refuse, a database that is missing or
// not a database) is refused with a clear error.
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "bots/puzzles.h"
#include "tests/bots/run_tabuleiro.h"

namespace tabuleiro {
namespace {

using protocol::json;

// Runs `tabuleiro puzzles args` (stderr to stdout); returns (exit status, output).
std::pair<int, std::string> puzzles_cmd(const std::string& args) {
  return test::run_tabuleiro("puzzles " + args + " 2>&1");
}

// Seat s's result after playing l from position p: "won", "captured N" or "refused".
std::string after(const protocol::game_kind& kind, const json& p, engine::seat s, const std::vector<json>& l) {
  auto made = kind.create(json::object(), p, 1);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(made));
  auto& m = *std::get<std::unique_ptr<protocol::match>>(made);
  int captured = 0;
  for (const json& a : l) {
    auto done = m.apply(s, a);
    if (!std::holds_alternative<protocol::applied>(done)) return "refused";
    for (const json& e : std::get<protocol::applied>(done).pub.events_of(s))
      if (e.value("type", "") == "captured") ++captured;
  }
  if (const auto o = m.outcome(); o && o->winner == s) return "won";
  return "captured " + std::to_string(captured);
}

TEST_CASE("puzzles: every solution reaches its goal and no wrong action does", "[bots]") {
  const auto game = GENERATE(std::string("taixu"), std::string("cyvasse"), std::string("quadri"));
  CAPTURE(game);
  bots::puzzle_config c;
  c.game = game;
  c.games = 5;
  c.iterations = 20;
  c.max_actions = 300;
  const auto set = bots::mine_puzzles(c);
  CHECK(set.games_mined == 5);
  CHECK(set.positions > 100);
  REQUIRE(!set.puzzles.empty());
  const auto* kind = protocol::find_game(game);
  for (const auto& p : set.puzzles) {
    CAPTURE(p.id, p.source);
    CHECK(p.difficulty >= 1);
    CHECK(p.difficulty <= 4);
    REQUIRE(!p.solutions.empty());
    const std::string want = p.kind == "win" ? "won" : "captured " + p.goal["count"]["at_least"].dump();
    for (const auto& l : p.solutions) CHECK(after(*kind, p.position, p.side, l) == want);
    for (const json& w : p.wrong) CHECK(after(*kind, p.position, p.side, {w}) != want);
  }
}

TEST_CASE("puzzles: the same arguments give the same file", "[bots]") {
  const auto dir = std::filesystem::temp_directory_path() / ("tabuleiro-puzzles-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
  const std::string args = "--game cyvasse --games 2 --seed 7 --iterations 10 --max-actions 200 --out ";
  auto [s1, o1] = puzzles_cmd(args + a);
  auto [s2, o2] = puzzles_cmd(args + b);
  REQUIRE(s1 == 0);
  REQUIRE(s2 == 0);
  CHECK(o1.find("puzzles of cyvasse from 2 games") != std::string::npos);
  std::ifstream fa(a), fb(b);
  const std::string ta((std::istreambuf_iterator<char>(fa)), {}), tb((std::istreambuf_iterator<char>(fb)), {});
  CHECK(!ta.empty());
  CHECK(ta == tb);
  CHECK(json::parse(ta)["game"] == "cyvasse");
  std::filesystem::remove_all(dir);
}

TEST_CASE("puzzles: bad input is refused with a clear error", "[bots]") {
  auto [unknown, o1] = puzzles_cmd("--game chess --games 1");
  CHECK(unknown == 2);
  CHECK(o1.find("unknown game 'chess'") != std::string::npos);
  auto [missing, o2] = puzzles_cmd("--game taixu --games 0 --db /nonexistent/tabuleiro.db");
  CHECK(missing == 1);
  CHECK(o2.find("no database at /nonexistent/tabuleiro.db") != std::string::npos);
  const auto junk = std::filesystem::temp_directory_path() / ("tabuleiro-junk-" + std::to_string(::getpid()) + ".db");
  std::ofstream(junk) << "this is not a database, only text that is long enough to have a header page\n";
  auto [corrupt, o3] = puzzles_cmd("--game taixu --games 0 --db " + junk.string());
  CHECK(corrupt == 1);
  CHECK(o3.find("cannot open database") != std::string::npos);
  std::filesystem::remove(junk);
  auto [bad_seed, o4] = puzzles_cmd("--game taixu --seed -3");
  CHECK(bad_seed == 2);
  // A log whose action the rules refuse names the log and the step.
  bots::game_log log;
  log.source = "match ABCDEF";
  log.seed = 5;
  log.actions.emplace_back(1, json{{"type", "summon"}, {"to", "d4"}});
  bots::puzzle_config c;
  c.game = "taixu";
  c.games = 0;
  try {
    bots::mine_puzzles(c, {log});
    FAIL("a refused log was mined");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) == "match ABCDEF: action 1 refused: not_home_edge");
  }
}

}  // namespace
}  // namespace tabuleiro

// `tabuleiro engine` end to end: requests piped through build/tabuleiro, answers parsed back.
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"

#include "tests/test_paths.h"

using json = nlohmann::json;

namespace {

// Runs `tabuleiro engine` on the given input; returns its answer lines and exit status.
std::pair<std::vector<json>, int> run_engine(const std::string& input) {
  char path[] = "/tmp/tabuleiro-engine-tool-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  std::ofstream(path) << input;
  const std::string cmd = std::string(TABULEIRO_BIN) + " engine < " + path;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  const int status = pclose(pipe);
  unlink(path);
  std::vector<json> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = out.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(json::parse(out.substr(start, nl - start)));
  REQUIRE(start == out.size());  // every answer ends with a newline
  return {lines, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// One request → its single answer.
json ask(const json& request) {
  auto [lines, status] = run_engine(request.dump() + "\n");
  REQUIRE(status == 0);
  REQUIRE(lines.size() == 1);
  return lines[0];
}

}  // namespace

TEST_CASE("engine tool: new returns a full position with seed and rng, deterministic per seed") {
  const json a = ask({{"id", 1}, {"new", "taixu"}, {"seed", "42"}, {"options", json::object()}});
  CHECK(a["id"] == 1);
  CHECK(a["ok"] == true);
  const json& p = a["position"];
  CHECK(p["seed"] == "42");
  CHECK(p["rng"].get<std::string>().rfind("x256:", 0) == 0);
  CHECK(p["round"] == 1);
  CHECK(p["to_move"] == 1);
  CHECK(p["pc"] == 5);
  CHECK(p["reserve"] == json::array({8, 8}));
  CHECK(p["anomalies"].size() == 2);
  CHECK(ask({{"id", 2}, {"new", "taixu"}, {"seed", "42"}})["position"] == p);
  CHECK(ask({{"id", 3}, {"new", "taixu"}, {"seed", "43"}})["position"] != p);
  CHECK(ask({{"new", "taixu"}})["position"]["seed"] == "0");
}

TEST_CASE("engine tool: legal lists canonical actions with costs — actions chain identically") {
  json pos = ask({{"id", 1}, {"new", "taixu"}, {"seed", "7"}})["position"];
  const json legal = ask({{"id", 2}, {"position", pos}, {"legal", true}});
  REQUIRE(legal["ok"] == true);
  CHECK(legal["actions"][0] == json::parse(R"({"type":"summon","to":"a8","cost":2})"));
  CHECK(legal["actions"].back() == json::parse(R"({"type":"end_turn","cost":0})"));
  CHECK(ask({{"position", pos}, {"legal", true}, {"player", 2}})["actions"].empty());
  // The same actions applied one request at a time (position fed back) and in-process.
  const std::vector<json> actions = {{{"type", "summon"}, {"to", "d8"}},
                                     {{"type", "move"}, {"from", "d8"}, {"to", "d7"}},
                                     {{"type", "end_turn"}},
                                     {{"type", "summon"}, {"to", "e1"}},
                                     {{"type", "move"}, {"from", "e1"}, {"to", "e2"}}};
  auto created = tabuleiro::protocol::find_game("taixu")->create(nullptr, nullptr, 7);
  auto& m = *std::get<0>(created);
  int id = 10;
  for (const json& a : actions) {
    const json r = ask({{"id", ++id}, {"position", pos}, {"action", a}});
    REQUIRE(r["ok"] == true);
    CHECK(r["id"] == id);
    CHECK(r["outcome"].is_null());
    CHECK(!r["events"].empty());
    REQUIRE(!m.advance(m.seats_to_act().front(), a));
    pos = r["position"];
    CHECK(pos == tabuleiro::protocol::find_game("taixu")->secret_position(m));
  }
  CHECK(pos["to_move"] == 2);
  const json ended = ask({{"position", pos}, {"action", {{"type", "end_turn"}}}});
  CHECK(ended["position"]["to_move"] == 1);  // the next turn has started
  CHECK(ended["position"]["round"] == 2);
  CHECK(ended["position"]["pc"] == 5);
  CHECK(ended["events"].back()["type"] == "turn_started");
}

TEST_CASE("engine tool: rule errors, player override, outcome") {
  const json pos = json::parse(R"({"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],"reserve":[5,7],
    "pieces":[{"at":"d4","owner":1,"charge":2},{"at":"e4","owner":1,"charge":2},{"at":"d6","owner":1,"charge":1},
              {"at":"d7","owner":2,"charge":3}],"anomalies":[]})");
  const json weak = ask({{"id", "w"}, {"position", pos}, {"action", {{"type", "move"}, {"from", "d6"}, {"to", "d7"}}}});
  CHECK(weak == json::parse(R"({"id":"w","ok":false,"error":{"code":"weaker_attacker",
    "message":"the attacker's charge is lower than the defender's"}})"));
  const json turn = ask({{"position", pos}, {"player", 2}, {"action", {{"type", "end_turn"}}}});
  CHECK(turn["error"]["code"] == "not_your_turn");
  const json win = ask({{"position", pos}, {"action", {{"type", "move"}, {"from", "d6"}, {"to", "d5"}}}});
  REQUIRE(win["ok"] == true);
  CHECK(win["outcome"] == json::parse(R"({"winner":1,"reason":"singularity"})"));
  CHECK(win["position"]["outcome"] == win["outcome"]);
  CHECK(win["position"]["seed"] == "0");
  const json after = ask({{"position", win["position"]}, {"action", {{"type", "end_turn"}}}});
  CHECK(after["error"]["code"] == "game_over");
}

TEST_CASE("engine tool: malformed lines get bad_action / bad_position and reading goes on") {
  const std::string input =
      "{not json\n"
      "\n"
      "[1,2]\n" +
      std::string(100, '[') + std::string(100, ']') + "\n" +
      R"({"id":4,"position":{"game":"taixu","to_move":1}})"
      "\n"
      R"({"id":5,"position":{"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],"reserve":[8,8],"pieces":[],"anomalies":[],"colour":1},"legal":true})"
      "\n"
      R"({"id":6,"new":"taixu","seed":"x"})"
      "\n"
      R"({"id":7,"new":"taixu","options":{"reserve":99}})"
      "\n"
      R"({"id":8,"new":"taixu","frobnicate":true})"
      "\n"
      R"({"id":9,"position":{"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],"reserve":[8,8],"pieces":[],"anomalies":[]},"action":{"type":"summon","to":"z9"}})"
      "\n"
      R"({"id":10,"new":"taixu"})"
      "\n";
  auto [lines, status] = run_engine(input);
  CHECK(status == 0);
  REQUIRE(lines.size() == 10);  // the blank line is skipped
  const std::vector<std::string> codes = {"bad_action",   "bad_action",   "bad_action", "bad_position", "bad_position",
                                          "bad_position", "bad_position", "bad_action", "bad_action"};
  for (std::size_t i = 0; i < codes.size(); ++i) {
    INFO("line " << i);
    CHECK(lines[i]["ok"] == false);
    CHECK(lines[i]["error"]["code"] == codes[i]);
    CHECK(lines[i]["error"]["message"].is_string());
  }
  CHECK(lines[0]["id"].is_null());
  CHECK(lines[4]["id"] == 5);
  CHECK(lines[9]["ok"] == true);
  CHECK(lines[9]["id"] == 10);
  auto [none, empty_status] = run_engine("");
  CHECK(none.empty());
  CHECK(empty_status == 0);
}

TEST_CASE("engine tool: QU4DRI new, legal and actions with full positions (every value)") {
  const json a = ask({{"id", 1}, {"new", "quadri"}, {"seed", "42"}, {"options", {{"majority", true}}}});
  REQUIRE(a["ok"] == true);
  json pos = a["position"];
  CHECK(pos["game"] == "quadri");
  CHECK(pos["tiles"].size() == 32);
  for (const auto& t : pos["tiles"]) CHECK(t.contains("value"));
  CHECK(pos["options"]["majority"] == true);
  CHECK(ask({{"new", "quadri"}, {"seed", "42"}, {"options", {{"majority", true}}}})["position"] == pos);
  const json legal = ask({{"position", pos}, {"legal", true}});
  REQUIRE(legal["ok"] == true);
  CHECK(legal["actions"].size() == 11);
  CHECK(legal["actions"][0] == json::parse(R"({"type":"move","path":["b4","c5"],"captures":0})"));
  const json r = ask({{"position", pos}, {"action", {{"type", "flip"}, {"at", "b6"}}}});
  REQUIRE(r["ok"] == true);
  CHECK(r["events"][0]["type"] == "tile_flipped");
  pos = r["position"];
  CHECK(pos["to_move"] == 2);
  const json refused = ask({{"position", pos}, {"action", {{"type", "flip"}, {"at", "b6"}}}});
  CHECK(refused["ok"] == false);
}

TEST_CASE("engine tool: Cyvasse - new, set-ups naming their player, the phase stays setup after one, then play") {
  const json a = ask({{"id", 1}, {"new", "cyvasse"}, {"seed", "7"}, {"options", {{"terrain", "random"}}}});
  REQUIRE(a["ok"] == true);
  json p = a["position"];
  CHECK(p["phase"] == "setup");
  CHECK(p["seed"] == "7");
  CHECK(p["terrain"]["mountains"].size() == 4);
  const json b = ask(
      {{"id", 2}, {"position", p}, {"player", 2}, {"action", {{"type", "setup"}, {"preset", "random"}}}});
  REQUIRE(b["ok"] == true);
  p = b["position"];
  CHECK(p["phase"] == "setup");
  CHECK(p["pieces"].size() == 19);  // the full position holds the secret set-up
  CHECK(p["submitted"] == json({false, true}));
  const json again = ask(
      {{"id", 3}, {"position", p}, {"player", 2}, {"action", {{"type", "setup"}, {"preset", "standard"}}}});
  CHECK(again["ok"] == false);
  CHECK(again["error"]["code"] == "not_your_turn");
  const json c = ask(
      {{"id", 4}, {"position", p}, {"player", 1}, {"action", {{"type", "setup"}, {"preset", "standard"}}}});
  REQUIRE(c["ok"] == true);
  p = c["position"];
  CHECK(p["phase"] == "play");
  CHECK(p["to_move"] == 1);
  const json legal = ask({{"id", 5}, {"position", p}, {"legal", true}});
  CHECK(legal["actions"].size() > 50);
  const json d = ask({{"id", 6}, {"position", p}, {"action", legal["actions"][0]}});
  REQUIRE(d["ok"] == true);
  CHECK(d["position"]["to_move"] == 2);
  CHECK(d["events"][0]["type"] == "moved");
}

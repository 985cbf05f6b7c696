// Match history over WebSocket and the export log over HTTP, against the real server.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {

// Asks c for the history page after version from; REQUIREs a history answer.
json history(ws_client& c, std::int64_t from) {
  c.send({{"type", "history"}, {"id", "h"}, {"from", from}});
  for (int i = 0; i < 50; ++i) {
    auto m = c.recv(10);
    REQUIRE(m.has_value());
    if ((*m)["type"] == "history") return *m;
    REQUIRE((*m)["type"] != "error");
  }
  FAIL("no history answer");
  return {};
}

// REQUIREs that page, applied to its view, goes through exactly the patches live viewers got.
void require_same_as_live(const json& page, const std::vector<json>& live) {
  json v = page["view"];
  for (const json& change : page["changes"]) {
    const std::int64_t version = change["version"];
    REQUIRE(version >= 1);
    REQUIRE(static_cast<std::size_t>(version) <= live.size());
    const json& patch = live[version - 1];
    REQUIRE(patch["version"] == version);
    CHECK(change["events"] == patch["events"]);
    CHECK(v.patch(change["ops"]) == json(v).patch(patch["ops"]));
    v = v.patch(change["ops"]);
  }
}

// The offline engine tool as a child process, one JSON line in, one out.
class engine_tool {
 public:
  engine_tool() {
    int in[2], out[2];
    REQUIRE(pipe(in) == 0);
    REQUIRE(pipe(out) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl(TABULEIRO_BIN, TABULEIRO_BIN, "engine", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
  }
  ~engine_tool() {
    fclose(to_);
    fclose(from_);
    int status;
    waitpid(pid_, &status, 0);
  }
  // Sends one request and returns its answer.
  json ask(const json& request) {
    const std::string line = request.dump() + "\n";
    fputs(line.c_str(), to_);
    fflush(to_);
    std::string answer;
    char buf[65536];
    while (fgets(buf, sizeof buf, from_)) {
      answer += buf;
      if (!answer.empty() && answer.back() == '\n') break;
    }
    return json::parse(answer);
  }

 private:
  int pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

}  // namespace

TEST_CASE("history: a late spectator and a reconnected player get the whole match as it was seen live") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv.port());
  std::mt19937 rng(5);
  tb.play(25, rng);
  const std::int64_t now = tb.at[0].t.version;
  REQUIRE(now >= 20);
  // A spectator who arrives now.
  ws_client late(srv.port());
  tracked_view lt;
  join(late, lt, tb.code, {{"as", "spectator"}});
  const json page = history(late, 0);
  CHECK(page["from"] == 0);
  CHECK(page["to"] == now);
  CHECK(page["more"] == false);
  CHECK(page["changes"].size() == static_cast<std::size_t>(now));
  require_same_as_live(page, tb.at[0].t.patches);
  // The last view the history reaches is the live one.
  json v = page["view"];
  for (const json& c : page["changes"]) v = v.patch(c["ops"]);
  CHECK(v == tb.at[0].t.view);
  // Seat 1 on a new connection (a reload): the same list, from its own patches.
  ws_client again(srv.port());
  tracked_view at1;
  join(again, at1, tb.code, {{"token", tb.at[1].t.token}});
  const json mine = history(again, 0);
  require_same_as_live(mine, tb.at[1].t.patches);
  // A page from a later version starts from the view at that version.
  const json tail = history(late, now - 3);
  CHECK(tail["changes"].size() == 3);
  CHECK(tail["changes"][0]["version"] == now - 2);
  // From beyond the current version: refused.
  late.send({{"type", "history"}, {"id", "x"}, {"from", now + 5}});
  CHECK(late.until("error")["code"] == "bad_message");
}

TEST_CASE("log: a running match's log withholds seed and actions - a finished one replays through the engine tool") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv.port());
  std::mt19937 rng(11);
  tb.play(12, rng);
  auto running = http_call(srv.port(), "GET", "/api/matches/" + tb.code + "/log");
  REQUIRE(running.status == 200);
  json r = running.json_body();
  CHECK(r["status"] == "live");
  CHECK_FALSE(r.contains("seed"));
  CHECK(r["players"] == json::array({{{"seat", 1}, {"name", nullptr}}, {{"seat", 2}, {"name", nullptr}}}));
  REQUIRE(r["changes"].size() == 12);
  for (const json& c : r["changes"]) {
    CHECK_FALSE(c.contains("action"));
    CHECK(c.contains("events"));
  }
  CHECK(r["changes"][0]["events"] == tb.at[0].t.patches[0]["events"]);
  // Seat 2 resigns: the match is over and its log opens up.
  tb.at[2].ws->send({{"type", "resign"}, {"id", "bye"}});
  for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
  auto finished = http_call(srv.port(), "GET", "/api/matches/" + tb.code + "/log");
  REQUIRE(finished.status == 200);
  json f = finished.json_body();
  CHECK(f["status"] == "finished");
  REQUIRE(f["seed"].is_string());
  REQUIRE(f["changes"].size() == 13);
  CHECK(f["changes"][12]["change"] == json{{"type", "resign"}, {"seat", 2}});
  // Anyone can verify it: the engine tool replays the actions from the seed to the final view.
  engine_tool tool;
  json pos = tool.ask({{"id", 0}, {"new", f["game"]}, {"seed", f["seed"]}, {"options", f["options"]}})["position"];
  for (const json& c : f["changes"]) {
    if (!c.contains("action")) continue;
    json answer = tool.ask({{"id", c["version"]}, {"position", pos}, {"action", c["action"]}, {"player", c["seat"]}});
    REQUIRE(answer["ok"] == true);
    pos = answer["position"];
  }
  const json& view = tb.at[0].t.view;
  for (const char* key : {"round", "pc", "bonus", "reserve", "to_move"}) CHECK(pos[key] == view[key]);
  std::set<std::string> squares, view_squares;
  for (const json& p : pos["pieces"]) squares.insert(p["at"].get<std::string>());
  for (const auto& [sq, p] : view["pieces"].items()) view_squares.insert(sq);
  CHECK_FALSE(squares.empty());
  CHECK(squares == view_squares);
  // Paging and bad input.
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + tb.code + "/log?from=10").json_body()["changes"].size() == 3);
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + tb.code + "/log?from=-1").status == 400);
  CHECK(http_call(srv.port(), "GET", "/api/matches/ZZZZZZ/log").status == 404);
}

TEST_CASE("log: the export names who played each seat") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  const named_match m = seat_named(srv.port(), "Ana", "Bruno");
  const json log = http_call(srv.port(), "GET", "/api/matches/" + m.code + "/log").json_body();
  CHECK(log["players"] == json::array({{{"seat", 1}, {"name", "Ana"}}, {{"seat", 2}, {"name", "Bruno"}}}));
}

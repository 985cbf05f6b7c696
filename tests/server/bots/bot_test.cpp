// Computer opponents through the real server: a match against a bot completes for each game
// (the bot's actions enter the same sequencer and are checked like anyone's), also across a
// restart; thinking stops when the match ends; answers for an old version are not played;
// draw offers are declined, rematches accepted; bad opponents are refused; shutdown does not
// wait for a think.
#include <functional>
#include <random>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// Flags plus more flags.
std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The server flags of these tests: no message rate limit, and bots that think briefly.
const std::vector<std::string> fast_bots = with(no_rate_limit, {"--bot-iterations", "16"});

// The one human seat of a match against a bot.
struct solo {
  std::string code;
  int seat = 0;
  std::unique_ptr<ws_client> ws;
  tracked_view t;
};

// Creates a match with body (game, opponent, …) and joins the creator's seat by its token.
solo open_solo(unsigned short port, const json& body) {
  created_match m = create_match(port, body);
  solo s{m.code, m.seat, std::make_unique<ws_client>(port), {}};
  json j = join(*s.ws, s.t, m.code, {{"token", m.token}});
  REQUIRE(j["seat"] == m.seat);
  s.t.token = m.token;
  return s;
}

// The human's choice: a capture when there is one, else (TAIXU) towards the Core, else random.
json human_pick(const std::string& game, const json& legal, std::mt19937& rng) {
  std::vector<json> captures;
  for (const json& a : legal)
    if (a.value("capture", false)) captures.push_back(a);
  if (!captures.empty()) return captures[std::uniform_int_distribution<std::size_t>(0, captures.size() - 1)(rng)];
  return pick_action(legal, rng, game == "taixu");
}

// Plays the human's side until the match is over, or (pause_after ≥ 0) until the human has
// acted pause_after times and it is the bot's turn. The bot answers on its own; the human's
// every request must be acknowledged. Returns the human's action count.
int play_human(solo& s, const std::string& game, std::mt19937& rng, int pause_after = -1, int max_actions = 3000) {
  int acted = 0;
  bool awaiting = false;
  while (s.t.outcome.is_null()) {
    if (!awaiting && pause_after >= 0 && acted >= pause_after && s.t.legal.empty()) break;
    if (!awaiting && !s.t.legal.empty()) {
      REQUIRE(acted < max_actions);
      s.ws->send({{"type", "act"}, {"id", "h" + std::to_string(acted)}, {"action", human_pick(game, s.t.legal, rng)}});
      awaiting = true;
      ++acted;
      continue;
    }
    auto m = s.ws->recv(30);
    INFO("after " << acted << " actions at version " << s.t.version);
    REQUIRE(m.has_value());
    const std::string type = m->value("type", "");
    INFO(m->dump().substr(0, 300));
    REQUIRE(type != "error");
    REQUIRE(type != "reject");
    s.t.apply(*m);
    if (type == "ack") awaiting = false;
  }
  return acted;
}

// One action of the human, acknowledged.
void act_once(solo& s, const std::string& game, std::mt19937& rng) {
  s.ws->send({{"type", "act"}, {"id", "one"}, {"action", human_pick(game, s.t.legal, rng)}});
  until_applying(*s.ws, s.t, "ack");
}

// The log of a match as GET /api/matches/{code}/log answers it, every page's changes merged.
json match_log(unsigned short port, const std::string& code) {
  json all;
  json next = 0;
  while (!next.is_null()) {
    auto a = http_call(port, "GET", "/api/matches/" + code + "/log?from=" + next.dump());
    REQUIRE(a.status == 200);
    json page = a.json_body();
    if (all.is_null()) all = page;
    else
      for (auto& c : page["changes"]) all["changes"].push_back(c);
    next = page["next"];
  }
  return all;
}

// Options that keep random games short.
json short_options(const std::string& game) {
  if (game == "cyvasse") return {{"quiet_limit", 60}};
  if (game == "quadri") return {{"quiet_limit", 40}};
  return json::object();
}

}  // namespace

TEST_CASE("bots: bad opponent values are refused with bad_request") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", fast_bots);
  for (const char* body :
       {R"({"game":"taixu","opponent":"easy"})", R"({"game":"taixu","opponent":null})",
        R"({"game":"taixu","opponent":{}})", R"({"game":"taixu","opponent":{"bot":"random"}})",
        R"({"game":"taixu","opponent":{"bot":"expert"}})", R"({"game":"taixu","opponent":{"bot":1}})",
        R"({"game":"taixu","opponent":{"bot":"EASY"}})", R"({"game":"taixu","opponent":{"bot":"easy","think_ms":5}})",
        R"({"game":"taixu","opponent":{"human":true}})"}) {
    INFO(body);
    auto a = http_call(srv.port(), "POST", "/api/matches", body);
    CHECK(a.status == 400);
    CHECK(a.json_body()["error"]["code"] == "bad_request");
  }
  // Nothing was created by the refusals.
  CHECK(http_call(srv.port(), "GET", "/api/matches").json_body()["matches"].empty());
}

TEST_CASE("bots: the bot's seat is taken at once and shown with its level, and it declines draws") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", fast_bots);
  solo s = open_solo(srv.port(), {{"game", "taixu"}, {"seat", 1}, {"opponent", {{"bot", "medium"}}}});
  auto sum = http_call(srv.port(), "GET", "/api/matches/" + s.code).json_body();
  CHECK(sum["seats"][1] == json({{"seat", 2}, {"taken", true}, {"connected", true}, {"bot", "medium"}}));
  CHECK_FALSE(sum["seats"][0].contains("bot"));
  // Nobody can sit in the bot's seat: a second player becomes a spectator.
  ws_client other(srv.port());
  tracked_view ot;
  json j = join(other, ot, s.code, {{"as", "player"}});
  CHECK(j["seat"].is_null());
  CHECK_FALSE(j.contains("token"));
  CHECK(j["presence"]["seats"][1]["bot"] == "medium");
  // A draw offer is answered by the bot: declined at once.
  s.ws->send({{"type", "draw"}, {"id", "d1"}, {"op", "offer"}});
  CHECK(s.ws->until("ack")["id"] == "d1");
  CHECK(s.ws->until("draw_offered")["by"] == 1);
  CHECK(s.ws->until("draw_declined")["by"] == 2);
  // The creator may take seat 2: the bot then moves first, before anyone joined.
  created_match m = create_match(srv.port(), {{"game", "taixu"}, {"seat", 2}, {"opponent", {{"bot", "easy"}}}});
  CHECK(m.seat == 2);
  ws_client second(srv.port());
  tracked_view st;
  join(second, st, m.code, {{"token", m.token}});
  if (st.version < 1) until_applying(second, st, "patch", 10);
  CHECK(st.version >= 1);
  CHECK(match_log(srv.port(), m.code)["changes"][0]["seat"] == 1);
}

TEST_CASE("bots: a match against the bot completes for each game and level") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", fast_bots);
  std::mt19937 rng(20261201);
  const char* levels[] = {"easy", "medium", "hard"};
  int level = 0;
  for (const std::string game : {"taixu", "cyvasse", "quadri"}) {
    for (int human = 1; human <= 2; ++human) {
      const char* l = levels[level++ % 3];
      INFO(game << ", human seat " << human << ", bot " << l);
      solo s = open_solo(
          srv.port(), {{"game", game}, {"seat", human}, {"options", short_options(game)}, {"opponent", {{"bot", l}}}});
      const int acted = play_human(s, game, rng);
      REQUIRE_FALSE(s.t.outcome.is_null());
      CHECK(acted > 0);
      // Both seats acted, and the log holds only what the server accepted.
      const json log = match_log(srv.port(), s.code);
      int by_bot = 0, by_human = 0;
      for (const json& c : log["changes"]) {
        if (c["seat"] == 3 - human) ++by_bot;
        if (c["seat"] == human) ++by_human;
        CHECK((c.contains("action") || c.contains("change")));
      }
      CHECK(by_bot > 0);
      CHECK(by_human == acted);
      CHECK(log["status"] == "finished");
    }
  }
  // Every bot action was accepted by the sequencer: none was refused.
  CHECK(http_call(srv.port(), "GET", "/metrics").body.find("tabuleiro_actions_rejected_total{") == std::string::npos);
  CHECK(metric(srv.port(), "tabuleiro_bot_actions_total") > 0);
}

TEST_CASE("bots: after a restart mid-match the bot resumes its seat and thinks again") {
  temp_dir dir;
  const std::string db = dir.path + "/b.db";
  std::mt19937 rng(7);
  for (const std::string game : {"taixu", "cyvasse", "quadri"}) {
    INFO(game);
    std::string code, token;
    std::int64_t paused_at = 0;
    {
      // The bot waits for the manual clock, so the server stops while it is the bot's turn.
      server_process srv(db, with(fast_bots, {"--clock", "manual", "--bot-delay-ms", "1000"}));
      solo s = open_solo(srv.port(),
                         {{"game", game}, {"options", short_options(game)}, {"opponent", {{"bot", "easy"}}}});
      code = s.code;
      token = s.t.token;
      for (int step = 0; step < 8; ++step) {
        REQUIRE(s.t.outcome.is_null());
        if (!s.t.legal.empty()) {
          act_once(s, game, rng);
        } else {
          advance_clock(srv.port(), 1000);  // the bot's time comes: it answers
          until_applying(*s.ws, s.t, "patch", 10);
        }
      }
      while (!s.t.legal.empty() && s.t.outcome.is_null()) act_once(s, game, rng);
      REQUIRE(s.t.outcome.is_null());
      paused_at = s.t.version;
      CHECK(srv.terminate() == 0);  // the bot's pending decision does not hold the shutdown
    }
    server_process srv(db, fast_bots);
    // Listed from the store before the room is loaded: the bot's seat with its level.
    bool listed = false;
    const json live = http_call(srv.port(), "GET", "/api/matches?status=live").json_body();
    for (const json& m : live["matches"])
      if (m["code"] == code) listed = m["seats"][1].value("bot", "") == "easy";
    INFO(live.dump());
    CHECK(listed);
    solo s{code, 1, std::make_unique<ws_client>(srv.port()), {}};
    join(*s.ws, s.t, code, {{"token", token}});
    REQUIRE(s.t.version == paused_at);
    // Nobody acts: the restored bot sees its turn and plays.
    json p = until_applying(*s.ws, s.t, "patch", 20);
    CHECK(p["version"] == paused_at + 1);
    play_human(s, game, rng);
    CHECK_FALSE(s.t.outcome.is_null());
  }
}

TEST_CASE("bots: resigning while the bot thinks stops it, nothing is appended after the end") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", with(fast_bots, {"--clock", "manual", "--bot-delay-ms", "5000"}));
  // The bot holds seat 1 and moves first; its decision waits on the manual clock.
  solo s = open_solo(srv.port(), {{"game", "taixu"}, {"seat", 2}, {"opponent", {{"bot", "hard"}}}});
  CHECK(s.t.version == 0);
  s.ws->send({{"type", "resign"}, {"id", "r"}});
  json over = until_applying(*s.ws, s.t, "game_over");
  CHECK(over["outcome"] == json({{"winner", 1}, {"reason", "resign"}}));
  CHECK(metric(srv.port(), "tabuleiro_bot_cancelled_total") == 1);
  advance_clock(srv.port(), 60000);  // the bot's time comes: it no longer thinks
  const json log = match_log(srv.port(), s.code);
  REQUIRE(log["changes"].size() == 1);
  CHECK(log["changes"][0]["change"]["type"] == "resign");
  CHECK(metric(srv.port(), "tabuleiro_bot_decisions_total") == 0);
  CHECK(metric(srv.port(), "tabuleiro_bot_actions_total") == 0);
  // Another match shows the same clock does start a decision when nobody ended the match.
  solo t = open_solo(srv.port(), {{"game", "taixu"}, {"seat", 2}, {"opponent", {{"bot", "hard"}}}});
  advance_clock(srv.port(), 5000);
  json p = until_applying(*t.ws, t.t, "patch", 10);
  CHECK(p["version"] == 1);
  CHECK(metric(srv.port(), "tabuleiro_bot_actions_total") == 1);
  CHECK(match_log(srv.port(), s.code)["changes"].size() == 1);
}

TEST_CASE("bots: a decision for a version that moved on is stopped, and the bot thinks again") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", with(fast_bots, {"--clock", "manual", "--bot-delay-ms", "1000"}));
  // Cyvasse's set-up is simultaneous: the bot starts deciding at version 0 with the human.
  solo s = open_solo(srv.port(), {{"game", "cyvasse"}, {"opponent", {{"bot", "easy"}}}});
  REQUIRE(s.t.legal.size() == 2);
  s.ws->send({{"type", "act"}, {"id", "s"}, {"action", {{"type", "setup"}, {"preset", "standard"}}}});
  CHECK(until_applying(*s.ws, s.t, "ack")["version"] == 1);
  CHECK(metric(srv.port(), "tabuleiro_bot_cancelled_total") == 1);  // the version-0 decision
  CHECK(s.t.view["phase"] == "setup");
  advance_clock(srv.port(), 1000);
  until_applying(*s.ws, s.t, "patch", 10);
  CHECK(s.t.version == 2);
  CHECK(s.t.view["phase"] == "play");
  CHECK(metric(srv.port(), "tabuleiro_bot_actions_total") == 1);
}

TEST_CASE("bots: shutdown does not wait for a long think") {
  temp_dir dir;
  // No fixed budget: the hard bot may think for a minute per decision.
  server_process srv(dir.path + "/b.db", {"--bot-time-ms", "60000"});
  created_match m = create_match(srv.port(), {{"game", "taixu"}, {"seat", 2}, {"opponent", {{"bot", "hard"}}}});
  CHECK(m.seat == 2);
  CHECK(srv.terminate(10) == 0);
}

TEST_CASE("bots: a bot is never away - a person who leaves the bot loses by abandonment") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", with(fast_bots, {"--clock", "manual", "--abandon-after", "600"}));
  solo s = open_solo(srv.port(), {{"game", "taixu"}, {"opponent", {{"bot", "easy"}}}});
  ws_client watcher(srv.port());
  tracked_view wt;
  join(watcher, wt, s.code, {{"as", "spectator"}});
  s.ws.reset();  // the person leaves; the bot stays
  // The countdown starts when the room hears of the leaving: only then may time move.
  for (bool gone = false; !gone;) {
    auto m = watcher.recv(5);
    REQUIRE(m.has_value());
    wt.apply(*m);
    gone = (*m)["type"] == "presence" && (*m)["seats"][0]["connected"] == false;
  }
  advance_clock(srv.port(), 599'000);
  bool ended = false;
  while (auto m = watcher.recv(0.5)) {
    wt.apply(*m);
    ended = ended || (*m)["type"] == "game_over";
  }
  CHECK_FALSE(ended);
  // Past the limit (a second at a time, so a late housekeeping tick still fires): the bot wins.
  for (int i = 0; i < 10 && !ended; ++i) {
    advance_clock(srv.port(), 1'000);
    while (auto m = watcher.recv(1)) {
      wt.apply(*m);
      if ((*m)["type"] == "game_over") ended = true;
    }
  }
  REQUIRE(ended);
  CHECK(wt.outcome == json({{"winner", 2}, {"reason", "abandoned"}}));
}

TEST_CASE("bots: a rematch against the bot starts at once, seats swapped, and the bot plays its new seat") {
  temp_dir dir;
  server_process srv(dir.path + "/b.db", fast_bots);
  // The person holds seat 2; the bot (seat 1) moves first.
  solo s = open_solo(srv.port(), {{"game", "taixu"}, {"seat", 2}, {"opponent", {{"bot", "easy"}}}});
  s.ws->send({{"type", "resign"}, {"id", "r"}});
  until_applying(*s.ws, s.t, "game_over");
  // One offer is enough: the bot accepts it, no rematch_offered waits for an answer.
  s.ws->send({{"type", "rematch"}, {"id", "again"}});
  json ready;
  for (int i = 0; i < 20 && ready.is_null(); ++i) {
    auto m = s.ws->recv(10);
    REQUIRE(m.has_value());
    REQUIRE((*m)["type"] != "reject");
    REQUIRE((*m)["type"] != "rematch_offered");
    if ((*m)["type"] == "rematch_ready") ready = *m;
  }
  REQUIRE(ready.is_object());
  CHECK(ready["seat"] == 1);
  REQUIRE(ready["token"].is_string());
  CHECK(s.ws->until("ack")["id"] == "again");
  const std::string code = ready["code"];
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + s.code).json_body()["rematch"] == code);
  // The new match: the person in seat 1 by the new token, the bot in seat 2 with the same level.
  auto sum = http_call(srv.port(), "GET", "/api/matches/" + code).json_body();
  CHECK(sum["seats"][1] == json({{"seat", 2}, {"taken", true}, {"connected", true}, {"bot", "easy"}}));
  CHECK_FALSE(sum["seats"][0].contains("bot"));
  solo next{code, 1, std::make_unique<ws_client>(srv.port()), {}};
  CHECK(join(*next.ws, next.t, code, {{"token", ready["token"]}})["seat"] == 1);
  // The person moves first now; after its turn the bot answers in its new seat.
  std::mt19937 rng(7);
  play_human(next, "taixu", rng, /*pause_after=*/1);
  for (int i = 0; i < 200 && next.t.legal.empty(); ++i) until_applying(*next.ws, next.t, "patch", 10);
  REQUIRE_FALSE(next.t.legal.empty());  // the bot's turn is over: the person's again
  const json log = match_log(srv.port(), code);
  REQUIRE(log["changes"].is_array());
  CHECK(log["changes"][0]["seat"] == 1);
  bool bot_moved = false;
  for (const json& c : log["changes"]) bot_moved = bot_moved || c["seat"] == 2;
  CHECK(bot_moved);
}

TEST_CASE(
    "bots: matches against the computer are limited per node and per address, and a finished one frees its place") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual", "--bot-matches", "2", "--bot-matches-per-address", "1",
                                          "--trusted-proxy", "127.0.0.1"});
  const json bot_match = {{"game", "taixu"}, {"seat", 1}, {"opponent", {{"bot", "easy"}}}};
  auto create_as = [&](const std::string& address, const json& body) {
    return http_call(srv.port(), "POST", "/api/matches", body.dump(), {{"X-Forwarded-For", address}});
  };
  const http_answer first = create_as("203.0.113.1", bot_match);
  REQUIRE(first.status == 201);
  const http_answer again = create_as("203.0.113.1", bot_match);
  CHECK(again.status == 429);
  CHECK(again.json_body()["error"]["code"] == "too_many_bot_matches");
  CHECK(again.header("Retry-After") == "60");
  CHECK(create_as("203.0.113.2", bot_match).status == 201);
  const http_answer busy = create_as("203.0.113.3", bot_match);
  CHECK(busy.status == 503);
  CHECK(busy.json_body()["error"]["code"] == "bots_busy");
  CHECK(busy.header("Retry-After") == "60");
  // A match between people takes no place.
  CHECK(create_as("203.0.113.3", {{"game", "taixu"}}).status == 201);
  // The first creator resigns: its place is free, for anyone.
  const json made = first.json_body();
  ws_client ws(srv.port());
  tracked_view t;
  join(ws, t, made["code"].get<std::string>(), {{"token", made["token"]}});
  ws.send({{"type", "resign"}, {"id", "r"}});
  until_applying(ws, t, "game_over");
  CHECK(create_as("203.0.113.3", bot_match).status == 201);
  CHECK(metric(srv.port(), "tabuleiro_actions_rejected_total{code=\"bots_busy\"}") == 1);
  CHECK(metric(srv.port(), "tabuleiro_actions_rejected_total{code=\"too_many_bot_matches\"}") == 1);
}

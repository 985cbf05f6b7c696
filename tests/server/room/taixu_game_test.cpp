// Real TAIXU matches through the real server: patches reproduce fresh views over whole games,
// seats and tokens, reconnection, room-level endings, bad inputs, and crash recovery.
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {

// Flags that keep the rate limit out of the way of no_rate_limit test clients.

// The summary of a match over HTTP.
json summary(unsigned short port, const std::string& code) {
  auto a = http_call(port, "GET", "/api/matches/" + code);
  REQUIRE(a.status == 200);
  return a.json_body();
}

// The summary once field equals want, polled for up to 3 s: viewers that a test just closed
// are counted out by the room asynchronously. Returns the last summary read.
json summary_when(unsigned short port, const std::string& code, const char* field, const json& want) {
  json sum = summary(port, code);
  for (int i = 0; i < 60 && sum[field] != want; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    sum = summary(port, code);
  }
  return sum;
}

// Plays up to n actions chosen from the legal lists, checking views after each.
int play(table& tb, std::mt19937& rng, int n, bool greedy, bool check_each = true) {
  int played = 0;
  for (; played < n; ++played) {
    const int seat = tb.to_act();
    if (seat == 0) break;
    tb.act(seat, pick_action(tb.at[seat].t.legal, rng, greedy));
    if (!tb.at[0].t.view["outcome"].is_null()) {
      for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
      ++played;
      break;
    }
    if (check_each) tb.check_views();
  }
  return played;
}

}  // namespace

TEST_CASE("game: a full TAIXU game with a spectator - patched views equal fresh views") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  // A posted position carries no seed (the server draws it), so reshuffles differ per run.
  const json start = json::parse(R"({"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],"reserve":[8,8],
      "pieces":[],"anomalies":[{"at":"b6","effect":"overload"},{"at":"g2","effect":"echo"}]})");
  table tb = table::open(srv.port(), {{"position", start}});
  std::mt19937 rng(20261129);
  tb.check_views();
  const int played = play(tb, rng, 4000, /*greedy=*/true);
  INFO("played " << played);
  REQUIRE_FALSE(tb.at[0].t.outcome.is_null());
  CHECK(tb.at[0].t.outcome["reason"] == "singularity");
  for (auto& s : tb.at) CHECK(s.t.outcome == tb.at[0].t.outcome);
  tb.check_views();
  CHECK(tb.at[1].t.legal.empty());
  CHECK(tb.at[2].t.legal.empty());
  // check_views' fresh spectators have just closed: wait until the room has counted them out.
  json sum = summary_when(srv.port(), tb.code, "spectators", 1);
  CHECK(sum["status"] == "finished");
  CHECK(sum["version"] == tb.at[0].t.version);
  CHECK(sum["spectators"] == 1);
  // Finished matches stay viewable, and refuse further actions.
  tb.at[1].ws->send({{"type", "act"}, {"id", "late"}, {"action", {{"type", "end_turn"}}}});
  json r = tb.at[1].ws->until("reject");
  CHECK(r["error"]["code"] == "game_over");
}

TEST_CASE("game: over random games, applying patches reproduces fresh-join views") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  for (unsigned seed : {1u, 2u, 3u}) {
    table tb = table::open(srv.port(), {{"seat", seed == 2 ? json(2) : json("random")}});
    std::mt19937 rng(seed);
    play(tb, rng, 60, /*greedy=*/false);
    if (tb.at[0].t.outcome.is_null()) {
      // End by resignation: a room-level change is a patch like any other.
      const int seat = 1 + int(seed % 2);
      tb.at[seat].ws->send({{"type", "resign"}, {"id", "bye"}});
      until_applying(*tb.at[seat].ws, tb.at[seat].t, "ack");
      for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
      CHECK(tb.at[0].t.outcome == json{{"winner", 3 - seat}, {"reason", "resign"}});
      CHECK(tb.at[0].t.view["outcome"] == tb.at[0].t.outcome);
    }
    tb.check_views();
  }
}

TEST_CASE("game: seats, spectators and tokens") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  created_match m = create_match(srv.port(), {{"game", "taixu"}, {"seat", 2}});
  CHECK(m.seat == 2);
  CHECK(m.token.size() >= 22);
  const std::string lower = [&] {
    std::string s = m.code;
    for (char& c : s) c = char(std::tolower(c));
    return s;
  }();
  ws_client p2(srv.port()), p1(srv.port()), third(srv.port()), watcher(srv.port());
  tracked_view t2, t1, t3, tw;
  CHECK(join(p2, t2, m.code, {{"token", m.token}})["seat"] == 2);
  json j1 = join(p1, t1, lower, {{"as", "player"}});  // codes are case-insensitive
  CHECK(j1["seat"] == 1);
  CHECK(j1["legal"].size() > 0);
  CHECK(join(third, t3, m.code, {{"as", "player"}})["seat"].is_null());  // no seat left
  CHECK(join(watcher, tw, m.code, {{"as", "spectator"}})["seat"].is_null());
  CHECK(tw.view == t3.view);
  CHECK(tw.view.dump().find("seed") == std::string::npos);
  CHECK(tw.view.dump().find("rng") == std::string::npos);
  json sum = summary(srv.port(), lower);
  CHECK(sum["seats"] ==
        json::parse(R"([{"seat":1,"taken":true,"connected":true},{"seat":2,"taken":true,"connected":true}])"));
  CHECK(sum["spectators"] == 2);
  CHECK(sum["status"] == "waiting");
  // The watch list shows public matches only.
  create_match(srv.port(), {{"game", "taixu"}, {"visibility", "unlisted"}});
  auto list = http_call(srv.port(), "GET", "/api/matches?game=taixu").json_body();
  REQUIRE(list["matches"].size() == 1);
  CHECK(list["matches"][0]["code"] == m.code);
}

TEST_CASE("game: reconnecting by token resumes the seat, replaces the old socket, catches up") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv.port());
  std::mt19937 rng(7);
  play(tb, rng, 6, false, false);
  const std::string token1 = tb.at[2].t.token;
  REQUIRE_FALSE(token1.empty());
  tracked_view saved = tb.at[2].t;  // seat 2's view at version v
  play(tb, rng, 4, false, false);   // seat 2's old socket keeps receiving meanwhile
  // Reconnect with the old version: the missed patches follow the joined message.
  ws_client again(srv.port());
  tracked_view t = saved;
  json j = join(again, t, tb.code, {{"token", token1}, {"version", saved.version}});
  CHECK(j["seat"] == 2);
  CHECK_FALSE(j.contains("view"));
  CHECK_FALSE(j.contains("token"));
  while (t.version < tb.at[0].t.version) until_applying(again, t, "patch");
  CHECK(t.view == tb.at[2].t.view);
  CHECK(tb.at[2].ws->wait_closed() == 4000);
  tb.at[2].ws = std::make_unique<ws_client>(srv.port());
  tb.at[2].t = tracked_view{};
  join(*tb.at[2].ws, tb.at[2].t, tb.code, {{"token", token1}});  // a full view this time
  CHECK(tb.at[2].t.view == t.view);
  CHECK(again.wait_closed() == 4000);
  play(tb, rng, 4, false);
}

TEST_CASE("game: each bad input gets its typed error or close code and changes nothing") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv.port());
  const json before = tb.at[0].t.view;
  const std::int64_t v0 = tb.at[0].t.version;
  auto reject_code = [&](int who, const json& msg) {
    tb.at[who].ws->send(msg);
    json r = tb.at[who].ws->until("reject");
    CHECK(r["id"] == msg["id"]);
    return r["error"]["code"].get<std::string>();
  };
  auto error_code = [&](ws_client& c, const std::string& text) {
    c.send_text(text);
    return c.until("error")["code"].get<std::string>();
  };
  CHECK(reject_code(0, {{"type", "act"}, {"id", "s"}, {"action", {{"type", "end_turn"}}}}) == "spectator");
  CHECK(reject_code(0, {{"type", "resign"}, {"id", "s2"}}) == "spectator");
  // A malformed request keeps its place after the room's own refusals (PROTOCOL.md, "Error
  // codes"): a spectator hears that it is one first.
  CHECK(reject_code(0, {{"type", "act"}, {"id", "s3"}}) == "spectator");
  CHECK(reject_code(0, {{"type", "draw"}, {"id", "s4"}, {"op", "maybe"}}) == "spectator");
  CHECK(reject_code(0, {{"type", "rematch"}, {"id", "s5"}, {"accept", "yes"}}) == "spectator");
  CHECK(reject_code(1, {{"type", "draw"}, {"id", "d0"}, {"op", "maybe"}}) == "bad_message");
  CHECK(reject_code(1, {{"type", "rematch"}, {"id", "r0"}, {"accept", "yes"}}) == "bad_message");
  CHECK(reject_code(2, {{"type", "act"}, {"id", "t"}, {"action", {{"type", "end_turn"}}}}) == "not_your_turn");
  CHECK(reject_code(1, {{"type", "act"}, {"id", "i"}, {"action", {{"type", "summon"}, {"to", "c1"}}}}) ==
        "not_home_edge");
  CHECK(reject_code(1, {{"type", "act"}, {"id", "b"}, {"action", {{"type", "fly"}}}}) == "bad_action");
  CHECK(reject_code(1, {{"type", "act"}, {"id", 9}, {"action", "end_turn"}}) == "bad_action");
  CHECK(reject_code(1, {{"type", "draw"}, {"id", "d"}, {"op", "accept"}}) == "no_draw_offer");
  CHECK(error_code(*tb.at[1].ws, "{\"type\":\"act\",") == "bad_json");
  CHECK(error_code(*tb.at[1].ws, R"({"type":"teleport"})") == "unknown_message");
  CHECK(error_code(*tb.at[1].ws, R"({"type":"act","action":{"type":"end_turn"}})") == "bad_message");
  CHECK(error_code(*tb.at[1].ws, "{\"type\":\"join\",\"code\":\"" + tb.code + "\"}") == "already_joined");
  ws_client stranger(srv.port());
  CHECK(error_code(stranger, R"({"type":"join","code":"ABCDEF"})") == "unknown_match");
  CHECK(error_code(stranger, "{\"type\":\"join\",\"code\":\"" + tb.code + "\",\"as\":\"king\"}") == "bad_message");
  CHECK(error_code(stranger, "{\"type\":\"join\",\"code\":\"" + tb.code + "\",\"token\":\"forged\"}") == "bad_token");
  CHECK(stranger.wait_closed() == 1008);
  ws_client binary(srv.port());
  binary.send_text("{\"type\":\"join\",\"code\":\"" + tb.code + "\"}");
  binary.until("joined");
  binary.send_binary("{\"type\":\"act\"}");
  CHECK(binary.wait_closed() == 1003);
  ws_client big(srv.port());
  big.send_text(R"({"type":"act","id":"x","action":{"type":"end_turn","pad":")" + std::string(20000, 'x') + "\"}}");
  CHECK(big.wait_closed() == 1009);
  // Nothing changed: same version and view for everyone, and the seats still play.
  tb.check_views();
  CHECK(tb.at[0].t.version == v0);
  CHECK(tb.at[0].t.view == before);
  CHECK(summary(srv.port(), tb.code)["version"] == v0);
  tb.act(1, tb.at[1].t.legal[0]);
}

TEST_CASE("game: a seat that joined with acks in_patch is acknowledged inside its patch, and only there") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  created_match m = create_match(srv.port(), {{"game", "taixu"}, {"seat", 1}});
  std::array<seat_client, 3> at;
  for (auto& s : at) s.ws = std::make_unique<ws_client>(srv.port());
  // Only "message" (the default) and "in_patch" are accepted.
  at[1].ws->send({{"type", "join"}, {"code", m.code}, {"token", m.token}, {"acks", "sometimes"}});
  CHECK(at[1].ws->expect("error")["code"] == "bad_message");
  join(*at[1].ws, at[1].t, m.code, {{"token", m.token}, {"acks", "in_patch"}});
  join(*at[2].ws, at[2].t, m.code, {{"as", "player"}, {"acks", "message"}});
  join(*at[0].ws, at[0].t, m.code, {{"as", "spectator"}});
  // Reads c's messages until a pong, and until an ack when want_ack (applying state messages);
  // returns the acks met on the way. (The pong may overtake an ack message: the session
  // answers a ping itself, while the ack comes from the match's room.)
  const auto acks_until_pong = [](seat_client& c, int t, bool want_ack) {
    c.ws->send({{"type", "ping"}, {"t", t}});
    std::vector<json> acks;
    bool ponged = false;
    for (int i = 0; i < 20; ++i) {
      auto msg = c.ws->recv();
      REQUIRE(msg.has_value());
      c.t.apply(*msg);
      if ((*msg)["type"] == "ack") acks.push_back(*msg);
      if ((*msg)["type"] == "pong") ponged = true;
      if (ponged && (!want_ack || !acks.empty())) return acks;
    }
    FAIL("no pong, or no ack");
    return acks;
  };
  std::mt19937 rng(7);
  std::array<int, 3> acted{};
  for (int i = 0; i < 60 && (acted[1] < 2 || acted[2] < 2); ++i) {
    const int seat = !at[1].t.legal.empty() ? 1 : 2;
    REQUIRE_FALSE(at[seat].t.legal.empty());
    ++acted[seat];
    const std::string id = "p" + std::to_string(i);
    const std::int64_t before = at[seat].t.version;
    at[seat].ws->send({{"type", "act"}, {"id", id}, {"action", pick_action(at[seat].t.legal, rng, false)}});
    json p = until_applying(*at[seat].ws, at[seat].t, "patch");
    CHECK(p["version"] == before + 1);
    const auto acks = acks_until_pong(at[seat], i, seat == 2);
    if (seat == 1) {  // acknowledged in the patch, and by nothing else
      CHECK(p["ack"] == id);
      CHECK(acks.empty());
    } else {  // the default: an ack message after the patch
      CHECK_FALSE(p.contains("ack"));
      REQUIRE(acks.size() == 1);
      CHECK(acks[0]["id"] == id);
      CHECK(acks[0]["version"] == before + 1);
    }
    for (int s = 0; s < 3; ++s) {
      if (s == seat) continue;
      json other = until_applying(*at[s].ws, at[s].t, "patch");
      CHECK_FALSE(other.contains("ack"));  // nobody else sees the requester's id
      CHECK(other["version"] == before + 1);
    }
  }
  CHECK(acted[1] >= 2);
  CHECK(acted[2] >= 2);
  // A request that publishes no patch (a draw offer) is still answered by an ack message.
  at[1].ws->send({{"type", "draw"}, {"id", "o1"}, {"op", "offer"}});
  CHECK(at[1].ws->until("ack")["id"] == "o1");
  CHECK(at[1].t.version == at[0].t.version);
  CHECK(at[1].t.view == at[0].t.view);
}

TEST_CASE("game: draw offers, decline and agreement - finished matches stay viewable after a restart") {
  temp_dir dir;
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv->port());
  tb.at[1].ws->send({{"type", "draw"}, {"id", "o1"}, {"op", "offer"}});
  CHECK(tb.at[1].ws->until("ack")["id"] == "o1");
  CHECK(tb.at[2].ws->until("draw_offered")["by"] == 1);
  tb.at[2].ws->send({{"type", "draw"}, {"id", "d1"}, {"op", "decline"}});
  CHECK(tb.at[1].ws->until("draw_declined")["by"] == 2);
  tb.at[2].ws->send({{"type", "draw"}, {"id", "o2"}, {"op", "offer"}});
  tb.at[1].ws->until("draw_offered");
  tb.at[1].ws->send({{"type", "draw"}, {"id", "a2"}, {"op", "accept"}});
  until_applying(*tb.at[1].ws, tb.at[1].t, "ack");
  for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
  const json agreed = {{"winner", nullptr}, {"reason", "agreement"}};
  CHECK(tb.at[0].t.outcome == agreed);
  tb.check_views();
  // A graceful stop, then a restart: the finished match replays to the same view.
  CHECK(srv->terminate() == 0);
  srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  ws_client late(srv->port());
  tracked_view t;
  json j = join(late, t, tb.code, {{"as", "player"}});
  CHECK(j["seat"].is_null());  // no seat is handed out in a finished match
  CHECK(t.outcome == agreed);
  CHECK(t.version == tb.at[0].t.version);
  CHECK(t.view == tb.at[0].t.view);
  CHECK(late.until("game_over")["outcome"] == agreed);
}

TEST_CASE("game: abandonment after the configured time, also for matches nobody reopens") {
  temp_dir dir;
  // Time is the server's injected clock, moved by the test: nothing here waits 600 s.
  const std::vector<std::string> flags = {"--msg-rate",      "100000", "--msg-burst", "100000",
                                          "--abandon-after", "600",    "--clock",     "manual"};
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  // Seat 2 leaves and stays away: seat 1, still connected, wins by abandonment.
  table ab = table::open(srv->port());
  ab.at[2].ws.reset();
  json away = summary(srv->port(), ab.code);
  for (int i = 0; i < 60 && away["seats"][1]["connected"] != false; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    away = summary(srv->port(), ab.code);
  }
  REQUIRE(away["seats"][1]["connected"] == false);
  CHECK(away["seats"][1]["abandon_in_ms"] == 600'000);
  // One second short of the limit: the match goes on.
  advance_clock(srv->port(), 599'000);
  bool ended = false;
  while (auto m = ab.at[0].ws->recv(0.5)) ended = ended || (*m)["type"] == "game_over";
  CHECK_FALSE(ended);
  CHECK(summary(srv->port(), ab.code)["outcome"].is_null());
  // At the limit (within a housekeeping tick of it): recorded as abandoned, seat 1 wins. The
  // clock moves a second at a time so that a tick re-armed late on a loaded machine still fires.
  bool over = false;
  for (int i = 0; i < 10 && !over; ++i) {
    advance_clock(srv->port(), 1'000);
    while (auto m = ab.at[1].ws->recv(1)) {
      ab.at[1].t.apply(*m);
      if ((*m)["type"] == "game_over") over = true;
    }
  }
  REQUIRE(over);
  until_applying(*ab.at[0].ws, ab.at[0].t, "game_over", 10);
  CHECK(ab.at[1].t.outcome == json{{"winner", 1}, {"reason", "abandoned"}});
  CHECK(ab.at[0].t.view["outcome"] == ab.at[1].t.outcome);
  CHECK(summary(srv->port(), ab.code)["status"] == "finished");
  // A match left open when the server died is recorded as abandoned after a restart even if
  // nobody asks for it again (the list below reads the store without loading rooms): the
  // sweep loads it once it is idle for the limit, and its room counts the limit again.
  created_match m = create_match(srv->port(), {{"game", "taixu"}});
  srv->kill9();
  srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  bool abandoned = false;
  for (int i = 0; i < 20 && !abandoned; ++i) {
    advance_clock(srv->port(), 601'000);
    for (int poll = 0; poll < 10 && !abandoned; ++poll) {
      json list = http_call(srv->port(), "GET", "/api/matches?status=finished").json_body();
      for (const json& x : list["matches"])
        if (x["code"] == m.code && x["outcome"]["reason"] == "abandoned") abandoned = true;
      if (!abandoned) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  CHECK(abandoned);
}

TEST_CASE("game: the manual clock answers only when the server runs with it") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  auto a = http_call(srv.port(), "POST", "/api/test/clock", R"({"advance_ms":1000})");
  CHECK(a.status == 404);
}

TEST_CASE("game: matches created per address per minute are limited") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--create-limit", "2"});
  create_match(srv.port(), {{"game", "taixu"}});
  create_match(srv.port(), {{"game", "taixu"}});
  auto third = http_call(srv.port(), "POST", "/api/matches", R"({"game":"taixu"})");
  CHECK(third.status == 429);
  CHECK(third.json_body()["error"]["code"] == "rate_limited");
}

TEST_CASE("game: kill -9 mid-game, restart on the same database, every ack survives") {
  temp_dir dir;
  const std::string db = dir.path + "/t.db";
  auto srv = std::make_unique<server_process>(db, no_rate_limit);
  table tb = table::open(srv->port());
  std::mt19937 rng(99);
  play(tb, rng, 15, false, false);
  const std::int64_t acked = tb.at[0].t.version;
  REQUIRE(acked >= 10);
  const std::array<tracked_view, 3> saved = {tb.at[0].t, tb.at[1].t, tb.at[2].t};
  const std::string token2 = tb.at[2].t.token;
  // One more action in flight while the server dies: it may or may not survive.
  const int seat = tb.to_act();
  REQUIRE(seat != 0);
  tb.at[seat].ws->send({{"type", "act"}, {"id", "inflight"}, {"action", tb.at[seat].t.legal[0]}});
  srv->kill9();

  srv = std::make_unique<server_process>(db, no_rate_limit);
  json sum = summary(srv->port(), tb.code);
  CHECK(sum["version"] >= acked);
  CHECK(sum["version"] <= acked + 1);
  table after;
  after.port = srv->port();
  after.code = tb.code;
  for (auto& c : after.at) c.ws = std::make_unique<ws_client>(srv->port());
  for (int st = 1; st <= 2; ++st) {
    json j = join(*after.at[st].ws, after.at[st].t, tb.code, {{"token", saved[st].token}});
    CHECK(j["seat"] == st);
    after.at[st].t.token = saved[st].token;
  }
  join(*after.at[0].ws, after.at[0].t, tb.code, {{"as", "spectator"}});
  CHECK(after.at[0].t.version == sum["version"]);
  if (sum["version"] == acked)
    for (int st = 0; st < 3; ++st) CHECK(after.at[st].t.view == saved[st].view);
  // A stale client (version older than the restart) gets a full view, not patches.
  ws_client stale(srv->port());
  tracked_view ts = saved[0];
  json j = join(stale, ts, tb.code, {{"as", "spectator"}, {"version", acked - 3}});
  CHECK(j.contains("view"));
  CHECK(ts.view == after.at[0].t.view);
  // Play continues after the restart.
  CHECK(play(after, rng, 5, false) == 5);
  after.check_views();
}

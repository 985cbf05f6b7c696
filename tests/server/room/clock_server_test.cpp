// Time controls through the real server, with its manual clock (no sleeps): the option and
// its refusals, the clock on the wire, TAIXU's per-turn clock and increment, a flag by the
// room's timer and by a late action, Cyvasse's shared set-up timer, and clocks across a
// restart (remaining time from the log's times; a deadline passed while down decided on
// recovery, at the deadline).
#include <ctime>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

const std::vector<std::string> flags = {"--msg-rate", "100000", "--msg-burst", "100000", "--clock", "manual"};

// The first legal entry of t's list whose type is (or, with other, is not) type.
json legal_of(const tracked_view& t, const std::string& type, bool other = false) {
  for (const json& a : t.legal)
    if ((a["type"] == type) != other) return a;
  FAIL("no legal " << (other ? "non-" : "") << type << " action");
  return {};
}

// The clock of the last patch seat s applied.
json last_clock(const table& tb, int s) {
  REQUIRE_FALSE(tb.at[s].t.patches.empty());
  return tb.at[s].t.patches.back().value("clock", json());
}

// Both seats end their first (untimed) turn; returns the server time seat 1's clock started.
std::int64_t play_first_turns(table& tb) {
  tb.act(1, legal_of(tb.at[1].t, "end_turn"));
  CHECK(last_clock(tb, 0)["running"].is_null());
  tb.act(2, legal_of(tb.at[2].t, "end_turn"));
  const json c = last_clock(tb, 0);
  REQUIRE(c["running"] == 1);
  return c["at"].get<std::int64_t>();
}

// ISO 8601 UTC text of a Unix millisecond time, as the log writes it.
std::string iso(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Reads c until game_over, applying to t; returns it.
json wait_over(ws_client& c, tracked_view& t) { return until_applying(c, t, "game_over", 10); }

}  // namespace

TEST_CASE("clock: the option is validated strictly and shown in the summary") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", flags);
  for (const char* bad : {R"({"game":"taixu","clock":"5+3"})", R"({"game":"taixu","clock":{}})",
                          R"({"game":"taixu","clock":{"initial_s":60}})",
                          R"({"game":"taixu","clock":{"initial_s":99999,"increment_s":0}})",
                          R"({"game":"taixu","clock":{"initial_s":60,"increment_s":2,"days_per_turn":1}})",
                          R"({"game":"taixu","clock":{"days_per_turn":30}})",
                          R"({"game":"taixu","clock":{"days_per_turn":1,"setup_s":1}})",
                          R"({"game":"taixu","clock":{"initial_s":60,"increment_s":0,"x":1}})"}) {
    INFO(bad);
    auto a = http_call(srv.port(), "POST", "/api/matches", bad);
    CHECK(a.status == 400);
    CHECK(a.json_body()["error"]["code"] == "bad_clock");
  }
  created_match m = create_match(srv.port(), {{"game", "taixu"}, {"clock", {{"initial_s", 180}, {"increment_s", 2}}}});
  json s = http_call(srv.port(), "GET", "/api/matches/" + m.code).json_body();
  CHECK(s["clock"] == json{{"initial_s", 180}, {"increment_s", 2}, {"setup_s", 300}});
  // A match without a clock says so, and its messages carry no clock field.
  table plain = table::open(srv.port());
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + plain.code).json_body()["clock"].is_null());
  plain.at[1].ws->send({{"type", "resync"}});
  json snap = until_applying(*plain.at[1].ws, plain.at[1].t, "snapshot");
  CHECK_FALSE(snap.contains("clock"));
  plain.act(1, legal_of(plain.at[1].t, "end_turn"));
  CHECK_FALSE(plain.at[0].t.patches.back().contains("clock"));
}

TEST_CASE("clock: TAIXU runs per turn - several actions, the increment once, then a flag by the timer") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", flags);
  table tb = table::open(srv.port(), {{"clock", {{"initial_s", 60}, {"increment_s", 5}}}});
  // Before anyone has moved there is no clock pressure: a long wait changes nothing.
  advance_clock(srv.port(), 3'600'000);
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + tb.code).json_body()["outcome"].is_null());
  play_first_turns(tb);
  advance_clock(srv.port(), 10'000);
  tb.act(1, legal_of(tb.at[1].t, "end_turn", true));  // an action that does not end the turn
  json c = last_clock(tb, 2);
  CHECK(c["running"] == 1);
  CHECK(c["remaining_ms"] == json::array({50'000, 60'000}));  // charged, no increment yet
  REQUIRE(tb.at[1].t.legal.size() > 0);
  advance_clock(srv.port(), 5'000);
  tb.act(1, legal_of(tb.at[1].t, "end_turn"));
  c = last_clock(tb, 2);
  CHECK(c["running"] == 2);
  CHECK(c["remaining_ms"] == json::array({50'000, 60'000}));  // 60 − 15 + 5: the increment once
  // The summary (what the match list shows) carries the same reading.
  const json summary_clock = http_call(srv.port(), "GET", "/api/matches/" + tb.code).json_body()["clock_now"];
  CHECK(summary_clock["remaining_ms"] == json::array({50'000, 60'000}));
  CHECK(summary_clock["running"] == 2);
  CHECK(summary_clock["at"].is_number_integer());
  // A resync is built now: seat 2's time has been running for 20 s.
  advance_clock(srv.port(), 20'000);
  tb.at[2].ws->send({{"type", "resync"}});
  json snap = until_applying(*tb.at[2].ws, tb.at[2].t, "snapshot");
  CHECK(snap["clock"]["remaining_ms"] == json::array({50'000, 40'000}));
  // Seat 2 lets its time run out; the room's timer flags it (after the grace) unasked.
  advance_clock(srv.port(), 40'000);
  CHECK(tb.at[0].ws->recv(0.3) == std::nullopt);  // at the deadline itself, still within grace
  advance_clock(srv.port(), 1'300);
  json over = wait_over(*tb.at[0].ws, tb.at[0].t);
  CHECK(over["outcome"] == json{{"winner", 1}, {"reason", "timeout"}});
  const json& flag = tb.at[0].t.patches.back();
  CHECK(flag["events"] == json::array({{{"type", "timeout"}, {"seat", 2}}}));
  CHECK(flag["clock"]["remaining_ms"] == json::array({50'000, 0}));
  CHECK(flag["clock"]["running"].is_null());
  CHECK(tb.at[0].t.view["outcome"] == over["outcome"]);
}

TEST_CASE("clock: a late action flags instead of being applied") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", flags);
  table tb = table::open(srv.port(), {{"clock", {{"initial_s", 30}, {"increment_s", 0}}}});
  play_first_turns(tb);
  // Past the deadline but before the timer's grace ends: the action itself finds the flag.
  advance_clock(srv.port(), 30'100);
  const std::int64_t before = tb.at[1].t.version;
  tb.at[1].ws->send({{"type", "act"}, {"id", "late"}, {"action", legal_of(tb.at[1].t, "end_turn")}});
  json r = until_applying(*tb.at[1].ws, tb.at[1].t, "reject");
  CHECK(r["id"] == "late");
  CHECK(r["error"]["code"] == "out_of_time");
  json over = wait_over(*tb.at[1].ws, tb.at[1].t);
  CHECK(over["outcome"] == json{{"winner", 2}, {"reason", "timeout"}});
  CHECK(tb.at[1].t.version == before + 1);  // the flag, not the action
  CHECK(tb.at[1].t.patches.back()["events"] == json::array({{{"type", "timeout"}, {"seat", 1}}}));
}

TEST_CASE("clock: an action that arrives with exactly 0 ms left is applied, 1 ms later it flags") {
  for (const std::int64_t late : {0, 1}) {
    INFO("ms past the deadline: " << late);
    temp_dir dir;
    server_process srv(dir.path + "/t.db", flags);
    table tb = table::open(srv.port(), {{"clock", {{"initial_s", 30}, {"increment_s", 0}}}});
    play_first_turns(tb);
    advance_clock(srv.port(), 30'000 + late);
    tb.at[1].ws->send({{"type", "act"}, {"id", "edge"}, {"action", legal_of(tb.at[1].t, "end_turn")}});
    if (late == 0) {
      CHECK(until_applying(*tb.at[1].ws, tb.at[1].t, "ack")["id"] == "edge");
      const json& p = tb.at[1].t.patches.back();
      CHECK(p["clock"]["remaining_ms"][0] == 0);
      CHECK(p["clock"]["running"] == 2);
    } else {
      CHECK(until_applying(*tb.at[1].ws, tb.at[1].t, "reject")["error"]["code"] == "out_of_time");
    }
  }
}

TEST_CASE("clock: Cyvasse's set-up runs one timer for both seats") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", flags);
  created_match m = create_match(srv.port(), {{"game", "cyvasse"},
                                              {"clock", {{"initial_s", 60}, {"increment_s", 0}, {"setup_s", 30}}}});
  ws_client a(srv.port()), b(srv.port());
  tracked_view ta, tb;
  json ja = join(a, ta, m.code, {{"token", m.token}});
  CHECK(ja["clock"]["setup_remaining_ms"].is_null());  // alone at the table: no timer yet
  json jb = join(b, tb, m.code);
  CHECK(jb["clock"]["setup_remaining_ms"] == 30'000);
  CHECK(jb["clock"]["running"].is_null());
  json presence = until_applying(a, ta, "presence");
  while (presence["seats"][1]["taken"] != true) presence = until_applying(a, ta, "presence");
  CHECK(presence["clock"]["setup_remaining_ms"] == 30'000);
  // Seat 1 sets up 10 s in (a preset); seat 2 never does.
  advance_clock(srv.port(), 10'000);
  a.send({{"type", "act"}, {"id", "s1"}, {"action", ta.legal[0]}});
  until_applying(a, ta, "ack");
  CHECK(ta.patches.back()["clock"]["setup_remaining_ms"] == 20'000);
  advance_clock(srv.port(), 21'300);
  json over = until_applying(b, tb, "game_over", 10);
  CHECK(over["outcome"] == json{{"winner", 1}, {"reason", "timeout"}});
  CHECK(tb.patches.back()["events"] == json::array({{{"type", "timeout"}, {"seat", 2}}}));
}

TEST_CASE("clock: the set-up timer survives a restart - it counts from when the second seat was taken") {
  temp_dir dir;
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  created_match m = create_match(srv->port(), {{"game", "cyvasse"},
                                               {"clock", {{"initial_s", 60}, {"increment_s", 0}, {"setup_s", 30}}}});
  std::int64_t seated_at = 0;
  {
    ws_client a(srv->port()), b(srv->port());
    tracked_view ta, tb;
    join(a, ta, m.code, {{"token", m.token}});
    json jb = join(b, tb, m.code);
    REQUIRE(jb["clock"]["setup_remaining_ms"] == 30'000);
    seated_at = jb["clock"]["at"];
    a.send({{"type", "act"}, {"id", "s1"}, {"action", ta.legal[0]}});  // only seat 1 sets up
    until_applying(a, ta, "ack");
  }
  srv->kill9();
  srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  ws_client w(srv->port());
  tracked_view t;
  json j = join(w, t, m.code, {{"as", "spectator"}});
  const std::int64_t now = j["clock"]["at"];
  if (now - seated_at < 30'000) {  // (a very slow restart would already have passed it)
    CHECK(j["clock"]["setup_remaining_ms"] == 30'000 - (now - seated_at));
    advance_clock(srv->port(), 31'300);
  }
  json over = wait_over(w, t);
  CHECK(over["outcome"] == json{{"winner", 1}, {"reason", "timeout"}});
}

TEST_CASE("clock: across a restart - remaining time from the log, a deadline passed while down decided on recovery") {
  temp_dir dir;
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  table tb = table::open(srv->port(), {{"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  const std::int64_t started = play_first_turns(tb);
  const std::string code = tb.code;
  tb.at = {};
  srv->kill9();
  {  // Restarted soon: seat 1's time kept running from the logged time of seat 2's last action.
    srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
    ws_client w(srv->port());
    tracked_view t;
    json j = join(w, t, code, {{"as", "spectator"}});
    REQUIRE(j["clock"]["running"] == 1);
    const std::int64_t left = j["clock"]["remaining_ms"][0];
    const std::int64_t now = j["clock"]["at"];
    CHECK(left == std::max<std::int64_t>(0, 60'000 - (now - started)));
    CHECK(left <= 60'000);
    CHECK(j["clock"]["remaining_ms"][1] == 60'000);
    srv->kill9();
  }
  // Down past the deadline: nobody is connected; the next look at the match decides it, and
  // the timeout is logged at the deadline, not at the recovery.
  srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  advance_clock(srv->port(), 120'000);
  ws_client w(srv->port());
  tracked_view t;
  join(w, t, code, {{"as", "spectator"}});  // loads the room: the passed deadline is decided
  json over = wait_over(w, t);
  CHECK(over["outcome"] == json{{"winner", 2}, {"reason", "timeout"}});
  // The timeout reaches the spectator as a patch, or already in its joined view when the
  // room decided it before the join was answered (a slow machine).
  if (!t.patches.empty()) CHECK(t.patches.back()["clock"]["remaining_ms"] == json::array({0, 60'000}));
  json log = http_call(srv->port(), "GET", "/api/matches/" + code + "/log").json_body();
  CHECK(log["outcome"] == over["outcome"]);  // stored before it was published
  const json& last = log["changes"].back();
  CHECK(last["change"] == json{{"type", "timeout"}, {"seat", 1}});
  CHECK(last["at"] == iso(started + 60'000));  // logged at the deadline
}

TEST_CASE("clock: correspondence shows the deadline and is not abandoned") {
  temp_dir dir;
  std::vector<std::string> f = flags;
  f.insert(f.end(), {"--abandon-after", "60"});
  server_process srv(dir.path + "/t.db", f);
  table tb = table::open(srv.port(), {{"clock", {{"days_per_turn", 2}}}});
  play_first_turns(tb);
  const json c = last_clock(tb, 0);
  CHECK(c["kind"] == "correspondence");
  CHECK(c["remaining_ms"][0] == 2 * 86'400'000LL);
  CHECK(c["deadline"].is_string());
  tb.at = {};  // everyone leaves for a day: the clock decides, not presence
  for (int i = 0; i < 24; ++i) advance_clock(srv.port(), 3'600'000);
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + tb.code).json_body()["outcome"].is_null());
  ws_client w(srv.port());
  tracked_view t;
  join(w, t, tb.code, {{"as", "spectator"}});
  advance_clock(srv.port(), 86'400'000 + 2'000);
  json over = wait_over(w, t);
  CHECK(over["outcome"] == json{{"winner", 2}, {"reason", "timeout"}});
}

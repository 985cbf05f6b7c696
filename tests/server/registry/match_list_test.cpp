// The match list: summaries (activity, to_act, progress, finished), the board preview, the
// recently finished matches, and the push feed (watch_list), against the real server.
#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

namespace {

const std::vector<std::string> manual = {"--clock", "manual", "--msg-rate", "100000", "--msg-burst", "100000"};

// GET /api/matches/{code}; REQUIREs 200.
json describe(unsigned short port, const std::string& code) {
  auto a = http_call(port, "GET", "/api/matches/" + code);
  REQUIRE(a.status == 200);
  return a.json_body();
}

// GET target; REQUIREs 200 and returns its "matches".
json listing(unsigned short port, const std::string& target) {
  auto a = http_call(port, "GET", target);
  INFO(a.body);
  REQUIRE(a.status == 200);
  return a.json_body().at("matches");
}

// The summary of code in a list of summaries, or null.
json find_code(const json& list, const std::string& code) {
  for (const json& s : list)
    if (s.at("code") == code) return s;
  return nullptr;
}

// Reads c until a presence message arrives (skipping others); REQUIREs one.
json next_presence(ws_client& c) { return c.until("presence"); }

// Sends seat's first legal action and waits for its ack.
void act_first(ws_client& c, tracked_view& t) {
  REQUIRE(!t.legal.empty());
  c.send({{"type", "act"}, {"id", "a"}, {"action", t.legal[0]}});
  for (int i = 0; i < 20; ++i) {
    auto m = c.recv(10);
    REQUIRE(m.has_value());
    if ((*m)["type"] == "patch") t.apply(*m);
    if ((*m)["type"] == "ack") return;
    REQUIRE((*m)["type"] != "reject");
  }
  FAIL("no ack");
}

// The next list feed push for code on w (skipping pushes about other matches); REQUIREs one.
json next_push_for(ws_client& w, const std::string& code) {
  for (int i = 0; i < 20; ++i) {
    auto m = w.recv(10);
    REQUIRE(m.has_value());
    REQUIRE((*m)["type"] == "match_list_changed");
    json s = find_code((*m)["matches"], code);
    if (!s.is_null()) return s;
  }
  FAIL("no push for " << code);
  return {};
}

}  // namespace

TEST_CASE("match list: a summary says open, ready, live, away, left and finished, with round and turn") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", manual);
  const auto m = create_match(srv.port(), {{"game", "taixu"}});

  json s = describe(srv.port(), m.code);
  CHECK(s["activity"] == "open");
  CHECK(s["to_act"] == json::array({1}));
  CHECK(s["progress"] == json{{"round", 1}});
  CHECK(s["finished"].is_null());

  ws_client watch(srv.port());
  tracked_view tw;
  join(watch, tw, m.code, {{"as", "spectator"}});
  next_presence(watch);

  auto a = std::make_unique<ws_client>(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  tracked_view ta, tb;
  join(*a, ta, m.code, {{"token", m.token}});
  next_presence(watch);
  CHECK(describe(srv.port(), m.code)["activity"] == "open");  // seat 2 is still free
  join(*b, tb, m.code);
  next_presence(watch);
  s = describe(srv.port(), m.code);
  CHECK(s["activity"] == "ready");  // both seats taken, no move yet: not "waiting for a player"
  CHECK(s["status"] == "waiting");

  act_first(*a, ta);
  s = describe(srv.port(), m.code);
  CHECK(s["activity"] == "live");
  CHECK(s["version"] == 1);
  CHECK(s["progress"]["round"] == 1);

  // Play seat 1's turn to its end: the turn passes to seat 2.
  while (ta.view["to_move"] == 1) act_first(*a, ta);
  s = describe(srv.port(), m.code);
  CHECK(s["to_act"] == json::array({2}));

  a.reset();  // seat 1 leaves
  next_presence(watch);
  CHECK(describe(srv.port(), m.code)["activity"] == "away");
  b.reset();  // and seat 2
  next_presence(watch);
  s = describe(srv.port(), m.code);
  CHECK(s["activity"] == "left");  // both players left; the match is not over
  CHECK(s["outcome"].is_null());

  ws_client back(srv.port());
  tracked_view tback;
  join(back, tback, m.code, {{"token", m.token}});
  back.send({{"type", "resign"}, {"id", "r"}});
  back.until("game_over");
  s = describe(srv.port(), m.code);
  CHECK(s["activity"] == "finished");
  CHECK(s["outcome"] == json{{"winner", 2}, {"reason", "resign"}});
  CHECK(s["to_act"] == json::array());
  REQUIRE(s["finished"].is_string());

  const json finished = listing(srv.port(), "/api/matches?status=finished");
  REQUIRE(!finished.empty());
  CHECK(finished[0]["code"] == m.code);
}

TEST_CASE("match list: GET /api/matches?preview=1 carries the spectator view, and the recent list is ordered by end") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", manual);
  const auto first = create_match(srv.port(), {{"game", "taixu"}});
  const auto second = create_match(srv.port(), {{"game", "taixu"}});
  const auto hidden = create_match(srv.port(), {{"game", "taixu"}, {"visibility", "unlisted"}});

  const json plain = listing(srv.port(), "/api/matches");
  CHECK(!find_code(plain, first.code).contains("preview"));
  CHECK(find_code(plain, hidden.code).is_null());
  const json with = listing(srv.port(), "/api/matches?preview=1");
  const json p = find_code(with, first.code);
  REQUIRE(p.contains("preview"));
  ws_client spec(srv.port());
  tracked_view ts;
  join(spec, ts, first.code, {{"as", "spectator"}});
  CHECK(p["preview"] == ts.view);  // exactly what a spectator sees
  CHECK(http_call(srv.port(), "GET", "/api/matches?preview=yes").status == 400);

  // The second match ends first, the first one later: the recent list starts with the first.
  for (const auto* mt : {&second, &first}) {
    ws_client c(srv.port());
    tracked_view t;
    join(c, t, mt->code, {{"token", mt->token}});
    c.send({{"type", "abort"}, {"id", "r"}});  // no opponent yet: the creator may abort
    c.until("game_over");
    advance_clock(srv.port(), 5000);
  }
  const json recent = listing(srv.port(), "/api/matches?status=finished");
  REQUIRE(recent.size() == 2);
  CHECK(recent[0]["code"] == first.code);
  CHECK(recent[1]["code"] == second.code);
  CHECK(recent[0]["finished"] != recent[1]["finished"]);
}

TEST_CASE("match list: watch_list sends the list, then pushes changes coalesced to one per second") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", manual);
  const auto m = create_match(srv.port(), {{"game", "taixu"}});
  const auto unlisted = create_match(srv.port(), {{"game", "taixu"}, {"visibility", "unlisted"}});

  ws_client w(srv.port());
  w.send({{"type", "watch_list"}, {"preview", true}});
  json list = w.expect("match_list");
  json s = find_code(list["matches"], m.code);
  REQUIRE(s.is_object());
  CHECK(s["activity"] == "open");
  CHECK(s["preview"]["game"] == "taixu");
  CHECK(find_code(list["matches"], unlisted.code).is_null());
  CHECK(list["recent"] == json::array());
  w.send({{"type", "watch_list"}});
  CHECK(w.expect("error")["code"] == "already_watching");

  ws_client plain(srv.port());
  plain.send({{"type", "watch_list"}});
  CHECK(!find_code(plain.expect("match_list")["matches"], m.code).contains("preview"));

  // The first change after a quiet second is pushed at once (the creation was pushed when
  // the match was made).
  advance_clock(srv.port(), 1000);
  ws_client a(srv.port());
  tracked_view ta;
  join(a, ta, m.code, {{"token", m.token}});
  s = next_push_for(w, m.code);
  CHECK(s["seats"][0]["connected"] == true);
  CHECK(next_push_for(plain, m.code)["seats"][0]["connected"] == true);

  // Within the next second: a join, a spectator, two moves — and a change to the unlisted
  // match. Nothing leaves until the clock passes the second, then one push with the latest.
  ws_client b(srv.port()), spec(srv.port()), other(srv.port());
  tracked_view tb, ts, to;
  join(b, tb, m.code);
  join(spec, ts, m.code, {{"as", "spectator"}});
  join(other, to, unlisted.code, {{"token", unlisted.token}});
  act_first(a, ta);
  act_first(a, ta);
  spec.until("presence");
  CHECK(!w.recv(0.3).has_value());
  advance_clock(srv.port(), 1000);
  auto push = w.recv(10);
  REQUIRE(push.has_value());
  REQUIRE((*push)["type"] == "match_list_changed");
  REQUIRE((*push)["matches"].size() == 1);  // the unlisted match is never listed
  s = (*push)["matches"][0];
  CHECK(s["code"] == m.code);
  CHECK(s["version"] == 2);
  CHECK(s["activity"] == "live");
  CHECK(s["spectators"] == 1);
  CHECK(s["to_act"] == json::array({ta.view["to_move"]}));
  CHECK(s["progress"]["round"] == ta.view["round"]);
  CHECK(s["preview"] == ta.view);   // TAIXU: every viewer sees the same view
  CHECK(!w.recv(0.3).has_value());  // one push only

  // The end: pushed with its result and time; a new watcher finds it among the recent ones.
  advance_clock(srv.port(), 1000);
  a.send({{"type", "resign"}, {"id", "r"}});
  s = next_push_for(w, m.code);
  CHECK(s["activity"] == "finished");
  CHECK(s["outcome"] == json{{"winner", 2}, {"reason", "resign"}});
  CHECK(s["finished"].is_string());
  ws_client late(srv.port());
  late.send({{"type", "watch_list"}, {"preview", true}});
  list = late.expect("match_list");
  CHECK(find_code(list["matches"], m.code).is_null());
  REQUIRE(!list["recent"].empty());
  CHECK(list["recent"][0]["code"] == m.code);
  CHECK(list["recent"][0]["preview"]["outcome"] == s["outcome"]);
}

TEST_CASE("match list: a stored match not in memory is listed from its row, without replay") {
  temp_dir dir;
  const std::string db = dir.path + "/t.db";
  std::string code;
  {
    server_process srv(db, manual);
    const auto m = create_match(srv.port(), {{"game", "taixu"}});
    code = m.code;
    ws_client a(srv.port()), b(srv.port());
    tracked_view ta, tb;
    join(a, ta, m.code, {{"token", m.token}});
    join(b, tb, m.code);
    act_first(a, ta);
  }
  server_process srv(db, manual);
  const json s = find_code(listing(srv.port(), "/api/matches?preview=1"), code);
  REQUIRE(s.is_object());
  CHECK(s["status"] == "live");
  CHECK(s["activity"] == "left");  // nobody is connected to a match that is not in memory
  CHECK(s["to_act"].is_null());
  CHECK(s["progress"].is_null());
  CHECK(s["preview"].is_null());
  CHECK(s["version"] == 1);
}

TEST_CASE("match list: a Cyvasse match in set-up shows no set-up in its summary or preview") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", manual);
  const auto m = create_match(srv.port(), {{"game", "cyvasse"}});
  ws_client a(srv.port()), b(srv.port());
  tracked_view ta, tb;
  join(a, ta, m.code, {{"token", m.token}});
  join(b, tb, m.code);
  // Seat 1 submits a preset set-up; the other seat and spectators must not see it yet.
  REQUIRE(!ta.legal.empty());
  a.send({{"type", "act"}, {"id", "s"}, {"action", ta.legal[0]}});
  a.until("ack");
  ws_client w(srv.port());
  w.send({{"type", "watch_list"}, {"preview", true}});
  const json s = find_code(w.expect("match_list")["matches"], m.code);
  REQUIRE(s.is_object());
  CHECK(s["progress"] == json{{"phase", "setup"}});
  CHECK(s["preview"]["pieces"] == json::object());
  CHECK(s["preview"]["submitted"] == json::array({true, false}));
  CHECK(s["to_act"] == json::array({2}));
}

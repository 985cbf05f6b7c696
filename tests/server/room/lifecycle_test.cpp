// The life of a match around the game, through the real server: nothing is accepted before
// both seats are taken, abort until both seats have moved (and its record survives a
// restart), rematch with seats swapped, display names, and the abandonment countdown.
#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {

// The error code of the reject c gets for msg.
std::string reject_code(ws_client& c, const json& msg) {
  c.send(msg);
  json r = c.until("reject");
  CHECK(r["id"] == msg["id"]);
  return r["error"]["code"];
}

// Sends rematch (accept as given, omitted when null) from seat's client and waits for its ack.
void rematch(seat_client& s, const std::string& id, const json& accept = nullptr) {
  json m = {{"type", "rematch"}, {"id", id}};
  if (!accept.is_null()) m["accept"] = accept;
  s.ws->send(m);
  CHECK(s.ws->until("ack")["id"] == id);
}

// Resigns seat's side of tb and lets every client see the end.
void resign(table& tb, int seat) {
  tb.at[seat].ws->send({{"type", "resign"}, {"id", "bye"}});
  until_applying(*tb.at[seat].ws, tb.at[seat].t, "ack");
  for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
}

// Plays legal actions until both seats have made at least one.
void play_until_both_moved(table& tb) {
  std::array<bool, 3> moved{};
  for (int i = 0; i < 200 && !(moved[1] && moved[2]); ++i) {
    const int seat = tb.to_act();
    REQUIRE(seat != 0);
    // Prefer ending the turn, so that the other seat gets to move soon.
    json pick = tb.at[seat].t.legal[0];
    for (const json& a : tb.at[seat].t.legal)
      if (a["type"] == "end_turn") pick = a;
    tb.act(seat, pick);
    moved[seat] = true;
  }
  REQUIRE((moved[1] && moved[2]));
}

}  // namespace

TEST_CASE("lifecycle: nothing is accepted before both seats are taken") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  created_match m = create_match(srv.port(), {{"game", "taixu"}});
  ws_client creator(srv.port());
  tracked_view t1;
  join(creator, t1, m.code, {{"token", m.token}});
  REQUIRE_FALSE(t1.legal.empty());  // the game's list; the room refuses it until seated
  CHECK(reject_code(creator, {{"type", "act"}, {"id", "a"}, {"action", t1.legal[0]}}) == "not_started");
  CHECK(reject_code(creator, {{"type", "draw"}, {"id", "d"}, {"op", "offer"}}) == "not_started");
  CHECK(reject_code(creator, {{"type", "resign"}, {"id", "r"}}) == "not_started");
  CHECK(match_summary(srv.port(), m.code)["version"] == 0);
  // The opponent arrives: the creator is told (presence), and play starts.
  ws_client other(srv.port());
  tracked_view t2;
  CHECK(join(other, t2, m.code, {{"as", "player"}})["seat"] == 2);
  json p = creator.until("presence");
  CHECK(p["seats"][1]["taken"] == true);
  creator.send({{"type", "act"}, {"id", "go"}, {"action", t1.legal[0]}});
  CHECK(until_applying(creator, t1, "ack")["version"] == 1);
}

TEST_CASE("lifecycle: abort before both seats moved, refused after, and recorded across a restart") {
  temp_dir dir;
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  // Before anyone else arrives, the creator may abort: no winner, reason aborted.
  created_match lone = create_match(srv->port(), {{"game", "taixu"}});
  {
    ws_client c(srv->port());
    tracked_view t;
    join(c, t, lone.code, {{"token", lone.token}});
    c.send({{"type", "abort"}, {"id", "x"}});
    json patch = until_applying(c, t, "patch");
    CHECK(patch["events"] == json::parse(R"([{"type":"aborted","seat":1}])"));
    until_applying(c, t, "ack");
    until_applying(c, t, "game_over");
    CHECK(t.outcome == json::parse(R"({"winner":null,"reason":"aborted"})"));
    CHECK(reject_code(c, {{"type", "abort"}, {"id", "y"}}) == "game_over");
  }
  json s = match_summary(srv->port(), lone.code);
  CHECK(s["status"] == "finished");
  CHECK(s["outcome"]["reason"] == "aborted");
  // After seat 1's first action, seat 2 (which has not moved) may still abort.
  table one = table::open(srv->port());
  const int first = one.to_act();
  one.act(first, one.at[first].t.legal[0]);
  one.at[3 - first].ws->send({{"type", "abort"}, {"id", "ab"}});
  until_applying(*one.at[3 - first].ws, one.at[3 - first].t, "ack");
  for (auto& c : one.at) until_applying(*c.ws, c.t, "game_over");
  CHECK(one.at[0].t.outcome == json::parse(R"({"winner":null,"reason":"aborted"})"));
  CHECK(one.at[0].t.view["outcome"] == one.at[0].t.outcome);
  // Once both seats have moved, neither may abort; spectators never may.
  table both = table::open(srv->port());
  CHECK(reject_code(*both.at[0].ws, {{"type", "abort"}, {"id", "s"}}) == "spectator");
  play_until_both_moved(both);
  CHECK(reject_code(*both.at[1].ws, {{"type", "abort"}, {"id", "late1"}}) == "abort_too_late");
  CHECK(reject_code(*both.at[2].ws, {{"type", "abort"}, {"id", "late2"}}) == "abort_too_late");
  // A restart replays the aborted match as aborted and the other as still running, with its
  // seats' moves remembered (abort still refused).
  const std::int64_t both_version = both.at[0].t.version;
  srv->kill9();
  srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  ws_client again(srv->port());
  tracked_view t;
  join(again, t, one.code, {{"as", "spectator"}});
  CHECK(t.outcome == json::parse(R"({"winner":null,"reason":"aborted"})"));
  auto log = http_call(srv->port(), "GET", "/api/matches/" + one.code + "/log").json_body();
  REQUIRE(log["changes"].size() == 2);
  CHECK(log["changes"][1]["change"] == json{{"type", "aborted"}, {"seat", 3 - first}});
  CHECK(log["outcome"]["reason"] == "aborted");
  ws_client resumed(srv->port());
  tracked_view tr;
  join(resumed, tr, both.code, {{"token", both.at[1].t.token}});
  CHECK(tr.version == both_version);
  CHECK(reject_code(resumed, {{"type", "abort"}, {"id", "late3"}}) == "abort_too_late");
}

TEST_CASE("lifecycle: rematch swaps seats, keeps the options, hands tokens out privately") {
  temp_dir dir;
  auto owned = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  server_process& srv = *owned;
  const json options = {{"reserve", 6}};
  table tb = table::open(srv.port(), {{"options", options}, {"visibility", "unlisted"}});
  CHECK(reject_code(*tb.at[1].ws, {{"type", "rematch"}, {"id", "early"}}) == "not_over");
  resign(tb, 1);
  CHECK(reject_code(*tb.at[0].ws, {{"type", "rematch"}, {"id", "spec"}}) == "spectator");
  CHECK(reject_code(*tb.at[1].ws, {{"type", "rematch"}, {"id", "n"}, {"accept", false}}) == "no_rematch_offer");
  // An offer, declined by the other seat.
  rematch(tb.at[2], "o1");
  for (auto& s : tb.at) CHECK(s.ws->until("rematch_offered")["by"] == 2);
  rematch(tb.at[1], "no", false);
  for (auto& s : tb.at) CHECK(s.ws->until("rematch_declined")["by"] == 1);
  // An offer withdrawn by its seat.
  rematch(tb.at[1], "o2");
  for (auto& s : tb.at) s.ws->until("rematch_offered");
  rematch(tb.at[1], "back", false);
  for (auto& s : tb.at) CHECK(s.ws->until("rematch_withdrawn")["by"] == 1);
  // A late spectator is told of a standing offer.
  rematch(tb.at[2], "o3");
  for (auto& s : tb.at) s.ws->until("rematch_offered");
  ws_client late(srv.port());
  tracked_view tl;
  join(late, tl, tb.code, {{"as", "spectator"}});
  CHECK(late.until("rematch_offered")["by"] == 2);
  // Accepted: each player its new seat and token, spectators only the code.
  tb.at[1].ws->send({{"type", "rematch"}, {"id", "yes"}});
  json r1 = tb.at[1].ws->until("rematch_ready");
  CHECK(tb.at[1].ws->until("ack")["id"] == "yes");
  json r2 = tb.at[2].ws->until("rematch_ready");
  json r0 = tb.at[0].ws->until("rematch_ready");
  json rl = late.until("rematch_ready");
  const std::string code = r1["code"];
  CHECK(code != tb.code);
  CHECK(r2["code"] == code);
  CHECK(r0 == json{{"type", "rematch_ready"}, {"code", code}});
  CHECK(rl == r0);
  CHECK(r1["seat"] == 2);
  CHECK(r2["seat"] == 1);
  REQUIRE(r1["token"].is_string());
  REQUIRE(r2["token"].is_string());
  CHECK(r1["token"] != r2["token"]);
  // The old match links to the new one; a second rematch is refused.
  CHECK(match_summary(srv.port(), tb.code)["rematch"] == code);
  CHECK(reject_code(*tb.at[2].ws, {{"type", "rematch"}, {"id", "again"}}) == "rematch_exists");
  ws_client old_viewer(srv.port());
  tracked_view to;
  CHECK(join(old_viewer, to, tb.code, {{"as", "spectator"}})["rematch"] == code);
  // The new match: same game and options and visibility, both seats taken, swapped.
  json s = match_summary(srv.port(), code);
  CHECK(s["game"] == "taixu");
  CHECK(s["options"] == options);
  CHECK(s["visibility"] == "unlisted");
  CHECK(s["seats"][0]["taken"] == true);
  CHECK(s["seats"][1]["taken"] == true);
  CHECK(s["rematch"].is_null());
  ws_client n1(srv.port()), n2(srv.port()), stranger(srv.port());
  tracked_view t1, t2, ts;
  CHECK(join(n1, t1, code, {{"token", r1["token"]}})["seat"] == 2);  // seat 1 there → seat 2
  CHECK(join(n2, t2, code, {{"token", r2["token"]}})["seat"] == 1);
  CHECK(t1.view["options"]["reserve"] == 6);
  CHECK(join(stranger, ts, code, {{"as", "player"}})["seat"].is_null());  // no seat left
  // Play starts at once: the new seat 1 may act.
  REQUIRE_FALSE(t2.legal.empty());
  n2.send({{"type", "act"}, {"id", "first"}, {"action", t2.legal[0]}});
  CHECK(until_applying(n2, t2, "ack")["version"] == 1);
  // The link and the new match survive a restart; the new tokens still hold their seats.
  const std::string old_code = tb.code;
  owned->kill9();
  owned = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  CHECK(match_summary(owned->port(), old_code)["rematch"] == code);
  CHECK(match_summary(owned->port(), code)["options"] == options);
  ws_client back(owned->port());
  tracked_view tb2;
  CHECK(join(back, tb2, code, {{"token", r1["token"]}})["seat"] == 2);
  CHECK(tb2.version == 1);
}

TEST_CASE("lifecycle: leaving withdraws a rematch offer") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  table tb = table::open(srv.port());
  resign(tb, 2);
  rematch(tb.at[1], "o");
  for (auto& s : tb.at) s.ws->until("rematch_offered");
  tb.at[1].ws.reset();  // seat 1 closes its tab
  CHECK(tb.at[2].ws->until("rematch_withdrawn")["by"] == 1);
  CHECK(tb.at[0].ws->until("rematch_withdrawn")["by"] == 1);
  // Seat 2's accept now is an offer of its own, not a rematch.
  rematch(tb.at[2], "mine");
  CHECK(tb.at[0].ws->until("rematch_offered")["by"] == 2);
  CHECK(match_summary(srv.port(), tb.code)["rematch"].is_null());
}

TEST_CASE("lifecycle: display names are cleaned, limited, shown, kept, and never a credential") {
  temp_dir dir;
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  created_match m = create_match(srv->port(), {{"game", "taixu"}});
  ws_client c1(srv->port()), c2(srv->port()), watcher(srv->port());
  tracked_view t1, t2, tw;
  join(c1, t1, m.code, {{"token", m.token}, {"name", "  Ana\u0007 \u202eMaria\t\n "}});
  join(watcher, tw, m.code, {{"as", "spectator"}, {"name", "ignored"}});
  join(c2, t2, m.code, {{"as", "player"}, {"name", std::string(40, 'z')}});
  json seats;
  for (int i = 0; i < 10; ++i) {  // the names arrive once durable, by presence
    seats = watcher.until("presence")["seats"];
    if (seats[0].contains("name") && seats[1].contains("name")) break;
  }
  CHECK(seats[0]["name"] == "Ana Maria");
  CHECK(seats[1]["name"] == std::string(24, 'z'));
  // Not a credential: the same name without the token gets no seat; a forged token with the
  // name is still refused.
  ws_client impostor(srv->port());
  tracked_view ti;
  CHECK(join(impostor, ti, m.code, {{"as", "player"}, {"name", "Ana Maria"}})["seat"].is_null());
  ws_client forger(srv->port());
  forger.send({{"type", "join"}, {"code", m.code}, {"token", "forged"}, {"name", "Ana Maria"}});
  CHECK(forger.until("error")["code"] == "bad_token");
  ws_client bad(srv->port());
  bad.send({{"type", "join"}, {"code", m.code}, {"name", 5}});
  CHECK(bad.until("error")["code"] == "bad_message");
  // A player may rename when it resumes its seat; names survive a restart.
  ws_client c1b(srv->port());
  tracked_view t1b;
  join(c1b, t1b, m.code, {{"token", m.token}, {"name", "Ana"}});
  for (int i = 0; i < 10; ++i)
    if (c1b.until("presence")["seats"][0].value("name", "") == "Ana") break;
  srv->kill9();
  srv = std::make_unique<server_process>(dir.path + "/t.db", no_rate_limit);
  json s = match_summary(srv->port(), m.code);
  CHECK(s["seats"][0]["name"] == "Ana");
  CHECK(s["seats"][1]["name"] == std::string(24, 'z'));
}

TEST_CASE("lifecycle: a disconnected seat's abandonment countdown is sent and counts down") {
  temp_dir dir;
  const std::vector<std::string> flags = {"--msg-rate",      "100000", "--msg-burst", "100000",
                                          "--abandon-after", "600",    "--clock",     "manual"};
  server_process srv(dir.path + "/t.db", flags);
  table tb = table::open(srv.port());
  tb.at[2].ws.reset();
  json p;
  for (int i = 0; i < 10; ++i) {
    p = tb.at[1].ws->until("presence");
    if (p["seats"][1]["taken"] == true && p["seats"][1]["connected"] == false) break;
  }
  INFO(p.dump());
  CHECK(p["seats"][1]["abandon_in_ms"] == 600'000);
  CHECK_FALSE(p["seats"][0].contains("abandon_in_ms"));
  REQUIRE(http_call(srv.port(), "POST", "/api/test/clock", R"({"advance_ms":100000})").status == 200);
  ws_client late(srv.port());
  tracked_view t;
  CHECK(join(late, t, tb.code, {{"as", "spectator"}})["presence"]["seats"][1]["abandon_in_ms"] == 500'000);
}

TEST_CASE("lifecycle: in Cyvasse each seat's set-up is its first move for abort") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", no_rate_limit);
  // One set-up in: the other seat (still setting up) may abort.
  table one = table::open(srv.port(), {{"game", "cyvasse"}});
  one.act(1, {{"type", "setup"}, {"preset", "standard"}});
  one.at[2].ws->send({{"type", "abort"}, {"id", "a"}});
  until_applying(*one.at[2].ws, one.at[2].t, "ack");
  until_applying(*one.at[2].ws, one.at[2].t, "game_over");
  CHECK(one.at[2].t.outcome == json::parse(R"({"winner":null,"reason":"aborted"})"));
  // Both set-ups in (simultaneous, before any piece moved): too late for either seat.
  table both = table::open(srv.port(), {{"game", "cyvasse"}});
  both.act(1, {{"type", "setup"}, {"preset", "standard"}});
  both.act(2, {{"type", "setup"}, {"preset", "random"}});
  CHECK(reject_code(*both.at[1].ws, {{"type", "abort"}, {"id", "b1"}}) == "abort_too_late");
  CHECK(reject_code(*both.at[2].ws, {{"type", "abort"}, {"id", "b2"}}) == "abort_too_late");
}

TEST_CASE(
    "lifecycle: a player's disconnections are recorded, shown live, in the result, the export and after a restart") {
  temp_dir dir;
  const std::vector<std::string> flags = {"--msg-rate",      "100000", "--msg-burst", "100000",
                                          "--abandon-after", "600",    "--clock",     "manual"};
  auto srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  table tb = table::open(srv->port());
  const std::string token2 = tb.at[2].t.token;
  REQUIRE_FALSE(token2.empty());
  // The start records nothing: nobody has been away yet.
  CHECK(http_call(srv->port(), "GET", "/api/matches/" + tb.code + "/log").json_body()["connections"]["changes"] ==
        json::array());

  // One move, then seat 2 drops: seat 1 hears of it at once (the change after version 1), and
  // presence says for how long it has been away.
  REQUIRE(tb.act(tb.to_act(), tb.at[tb.to_act()].t.legal[0]) == 1);
  tb.at[2].ws.reset();
  json rec = tb.at[1].ws->until("connections");
  REQUIRE(rec["changes"].size() == 1);
  CHECK(rec["changes"][0]["seat"] == 2);
  CHECK(rec["changes"][0]["online"] == false);
  CHECK(rec["changes"][0]["version"] == 1);
  CHECK(rec["seats"][1]["disconnections"] == 1);
  CHECK(rec["seats"][1]["offline"] == true);
  CHECK(rec["seats"][0]["disconnections"] == 0);
  json p = tb.at[1].ws->until("presence");
  CHECK(p["seats"][1]["offline_ms"] == 0);
  CHECK_FALSE(p["seats"][0].contains("offline_ms"));

  // Back 80 s later (the server's clock): recorded, with the time away.
  advance_clock(srv->port(), 80'000);
  tb.at[2].ws = std::make_unique<ws_client>(srv->port());
  tb.at[2].t = tracked_view{};
  join(*tb.at[2].ws, tb.at[2].t, tb.code, {{"token", token2}});
  rec = tb.at[2].ws->until("connections");  // the one who came back sees it too
  REQUIRE(rec["changes"].size() == 2);
  CHECK(rec["changes"][1] == json{{"seat", 2}, {"online", true}, {"at", rec["changes"][1]["at"]}, {"version", 1}});
  CHECK(rec["seats"][1]["offline_ms"] == 80'000);
  CHECK(rec["seats"][1]["offline"] == false);
  CHECK(tb.at[1].ws->until("connections") == rec);
  CHECK_FALSE(tb.at[1].ws->until("presence")["seats"][1].contains("offline_ms"));

  // Another move; away again, for good: abandonment, and the result comes with the record's totals.
  REQUIRE(tb.act(tb.to_act(), tb.at[tb.to_act()].t.legal[0]) == 2);
  tb.at[2].ws.reset();
  rec = tb.at[1].ws->until("connections");
  CHECK(rec["seats"][1]["disconnections"] == 2);
  CHECK(rec["changes"][2]["version"] == 2);
  json final_record;
  bool over = false;
  for (int i = 0; i < 20 && !over; ++i) {
    advance_clock(srv->port(), 60'000);
    while (auto m = tb.at[1].ws->recv(0.5)) {
      if ((*m)["type"] == "connections") final_record = *m;
      if ((*m)["type"] == "game_over") over = true;
    }
  }
  REQUIRE(over);
  REQUIRE(final_record.is_object());
  CHECK(final_record["seats"][1]["disconnections"] == 2);
  CHECK(final_record["seats"][1]["offline"] == true);
  const std::int64_t away_ms = final_record["seats"][1]["offline_ms"];
  CHECK(away_ms >= 80'000 + 600'000);
  CHECK(away_ms <= 80'000 + 600'000 + 60'000);
  final_record.erase("type");

  // The exported log carries the same record, and so does the match after a restart.
  json log = http_call(srv->port(), "GET", "/api/matches/" + tb.code + "/log").json_body();
  CHECK(log["outcome"]["reason"] == "abandoned");
  CHECK(log["connections"] == final_record);
  srv->kill9();
  srv = std::make_unique<server_process>(dir.path + "/t.db", flags);
  ws_client late(srv->port());
  tracked_view t;
  join(late, t, tb.code, {{"as", "spectator"}});
  json again = late.until("connections");
  again.erase("type");
  CHECK(again == final_record);
  CHECK(http_call(srv->port(), "GET", "/api/matches/" + tb.code + "/log").json_body()["connections"] == final_record);
}

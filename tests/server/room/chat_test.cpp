// The matches' chat through the real server (PROTOCOL.md "Chat"): the players' chat and the
// spectators' chat apart (the players read the spectators' once the match is over), lines
// stored before they are sent and read back after a restart, the 400-character limit, the
// rate (one a second, five at once, on the server's manual clock), mutes, reports, and chat
// turned off by a match's creator or by the server (--chat).
#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {

// Sends a chat line from c as request id; the ack (or the reject) it gets, with "own" the
// line as c itself was sent it (before the ack), when it was.
json say(ws_client& c, const std::string& text, const std::string& id = "c1") {
  c.send({{"type", "chat"}, {"id", id}, {"text", text}});
  json own;
  for (int i = 0; i < 50; ++i) {
    const auto m = c.recv(5);
    REQUIRE(m.has_value());
    if ((*m)["type"] == "chat" && (*m)["line"]["text"] == text) own = (*m)["line"];
    if (((*m)["type"] == "ack" || (*m)["type"] == "reject") && (*m)["id"] == id) {
      json answer = *m;
      answer["own"] = own;
      return answer;
    }
  }
  FAIL("no answer to chat " + id);
  return {};
}

// The chat lines c is sent within timeout_s (other messages skipped).
std::vector<json> lines_heard(ws_client& c, double timeout_s = 0.5) {
  std::vector<json> out;
  while (const auto m = c.recv(timeout_s))
    if ((*m)["type"] == "chat") out.push_back((*m)["line"]);
  return out;
}

}  // namespace

TEST_CASE("chat: the players talk, the spectators talk apart, and the players read the spectators once it is over") {
  temp_dir dir;
  server_process srv(dir.path + "/c.db");
  table t = table::open(srv.port());
  auto& spectator = *t.at[0].ws;
  auto& one = *t.at[1].ws;
  auto& two = *t.at[2].ws;
  const json said = say(one, "good luck");
  CHECK(said["type"] == "ack");
  const json heard = two.until("chat")["line"];
  CHECK(heard["text"] == "good luck");
  CHECK(heard["channel"] == "players");
  CHECK(heard["seat"] == 1);
  CHECK(said["own"]["id"] == heard["id"]);  // the writer is sent its own line, before the ack
  const json spoke = say(spectator, "nice opening", "s1");
  CHECK(spoke["type"] == "ack");
  const json among = spoke["own"];
  CHECK(among["channel"] == "spectators");
  CHECK(among["seat"] == 0);
  // Neither player hears the spectators while they play; the spectator never hears the players.
  CHECK(lines_heard(one).empty());
  CHECK(lines_heard(two).empty());
  CHECK(lines_heard(spectator).empty());
  // Markup is text like any other: stored and sent as it was written.
  const std::string markup = "<img src=x onerror=alert(1)> & <script>alert(2)</script>";
  CHECK(say(two, markup, "x")["type"] == "ack");
  CHECK(one.until("chat")["line"]["text"] == markup);

  // A late spectator reads the spectators' line only; the end gives the players both chats.
  ws_client late(srv.port());
  tracked_view lt;
  join(late, lt, t.code, {{"as", "spectator"}});
  const json late_history = late.until("chat_history");
  REQUIRE(late_history["lines"].size() == 1);
  CHECK(late_history["lines"][0]["text"] == "nice opening");
  CHECK(late_history["chat"] == "on");
  one.send({{"type", "resign"}, {"id", "r"}});
  const json after = two.until("chat_history");
  REQUIRE(after["lines"].size() == 3);
  CHECK(after["lines"][1]["text"] == "nice opening");
  CHECK(spectator.until("game_over")["type"] == "game_over");
  // After the end the players may still talk; the spectators still do not hear them.
  CHECK(say(two, "gg", "g")["type"] == "ack");
  CHECK(lines_heard(spectator).empty());
}

TEST_CASE(
    "chat: 400 characters, one line a second with five at once, mutes, reports, and lines kept across a restart") {
  temp_dir dir;
  const std::string db = dir.path + "/c.db";
  auto srv = std::make_unique<server_process>(db, std::vector<std::string>{"--clock", "manual"});
  const unsigned short port = srv->port();
  table t = table::open(port);
  auto& one = *t.at[1].ws;
  auto& two = *t.at[2].ws;
  auto& spectator = *t.at[0].ws;
  // 400 characters (code points, not bytes) pass; 401 do not; nothing but spaces is nothing.
  std::string four_hundred;
  for (int i = 0; i < 400; ++i) four_hundred += "é";
  CHECK(say(one, four_hundred, "a")["type"] == "ack");
  CHECK(say(one, four_hundred + "x", "b")["error"]["code"] == "too_long");
  CHECK(say(one, "   ", "c")["error"]["code"] == "bad_message");
  // Four more lines fill the burst of five; the sixth waits for the clock to move a second.
  for (int i = 0; i < 4; ++i) CHECK(say(one, "line " + std::to_string(i), "l" + std::to_string(i))["type"] == "ack");
  CHECK(say(one, "too fast", "f")["error"]["code"] == "chat_rate");
  advance_clock(port, 1000);
  CHECK(say(one, "in time", "t")["type"] == "ack");
  // Seat 2 mutes seat 1: it no longer hears seat 1, the spectator cannot mute anyone.
  lines_heard(two);
  two.send({{"type", "chat_mute"}, {"id", "m"}, {"mute", true}});
  const json muted = two.until("chat_history");
  CHECK(muted["muted"] == true);
  for (const auto& l : muted["lines"]) CHECK(l["seat"] != 1);
  advance_clock(port, 5000);
  CHECK(say(one, "are you there?", "q")["type"] == "ack");
  CHECK(lines_heard(two).empty());
  spectator.send({{"type", "chat_mute"}, {"id", "sm"}});
  CHECK(spectator.until("reject")["error"]["code"] == "spectator");
  // Reports: of a line one can read, once; not of one one cannot.
  const json line = say(two, "a line to report", "r0");
  (void)line;
  const std::int64_t reported = one.until("chat")["line"]["id"];
  one.send({{"type", "chat_report"}, {"id", "rp"}, {"message", reported}, {"reason", "rude"}});
  CHECK(one.until("ack")["id"] == "rp");
  spectator.send({{"type", "chat_report"}, {"id", "rs"}, {"message", reported}});
  CHECK(spectator.until("reject")["error"]["code"] == "unknown_line");
  spectator.send({{"type", "chat_report"}, {"id", "rb"}, {"message", "x"}});
  CHECK(spectator.until("reject")["error"]["code"] == "bad_message");

  // Stored: a restart reads the lines and the mute back.
  const std::string code = t.code;
  const std::string token = t.at[2].t.token;
  t = table{};
  srv->kill9();
  srv = std::make_unique<server_process>(db, std::vector<std::string>{"--clock", "manual"});
  ws_client back(srv->port());
  tracked_view bt;
  join(back, bt, code, {{"token", token}});
  const json history = back.until("chat_history");
  CHECK(history["muted"] == true);
  bool saw_own = false;
  for (const auto& l : history["lines"]) {
    CHECK(l["seat"] != 1);
    saw_own = saw_own || l["text"] == "a line to report";
  }
  CHECK(saw_own);
  back.send({{"type", "chat_mute"}, {"id", "um"}, {"mute", false}});
  const json unmuted = back.until("chat_history");
  CHECK(unmuted["muted"] == false);
  CHECK(unmuted["lines"].size() == 8);  // every line of both seats: seven of seat 1, one of seat 2
}

TEST_CASE("chat: a match's creator or the server turns it off, or keeps it to members") {
  temp_dir dir;
  {
    server_process srv(dir.path + "/c.db");
    table t = table::open(srv.port(), {{"chat", false}});
    const json h = t.at[1].ws->until("chat_history");
    CHECK(h["chat"] == "off");
    CHECK(say(*t.at[1].ws, "hello")["error"]["code"] == "chat_off");
    CHECK(http_call(srv.port(), "POST", "/api/matches", json{{"game", "taixu"}, {"chat", "no"}}.dump()).status == 400);
  }
  {
    server_process srv(dir.path + "/d.db", {"--chat", "off"});
    table t = table::open(srv.port());
    CHECK(t.at[2].ws->until("chat_history")["chat"] == "off");
    CHECK(say(*t.at[0].ws, "hello")["error"]["code"] == "chat_off");
  }
  {
    server_process srv(dir.path + "/e.db", {"--chat", "members"});
    const member ana = sign_up(srv.port(), "ana");
    table t = table::open(srv.port());
    CHECK(t.at[1].ws->until("chat_history")["chat"] == "members");
    CHECK(say(*t.at[1].ws, "hello")["error"]["code"] == "sign_in_required");
    ws_client member_ws(srv.port(), "", "/ws", "", ana.cookie);
    tracked_view mv;
    join(member_ws, mv, t.code, {{"as", "spectator"}});
    const json said = say(member_ws, "members only");
    CHECK(said["type"] == "ack");
    CHECK(said["own"]["text"] == "members only");
    CHECK(lines_heard(*t.at[0].ws).empty());  // the guest spectator reads nothing
  }
}

TEST_CASE(
    "chat: a player watching their own match on another socket reads the players' chat there, not the spectators'") {
  temp_dir dir;
  server_process srv(dir.path + "/c.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  // Ana's account holds seat 1 (she made the match signed in); a guest takes seat 2.
  const auto made = http_call(port, "POST", "/api/matches", json{{"game", "taixu"}}.dump(),
                              {{"Cookie", ana.cookie}, {"X-CSRF-Token", ana.csrf}});
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  ws_client one(port, "", "/ws", "", ana.cookie);
  tracked_view t1, t2, ts, tside, tagain;
  CHECK(join(one, t1, code)["seat"] == 1);
  ws_client two(port);
  CHECK(join(two, t2, code)["seat"] == 2);
  ws_client stranger(port);
  join(stranger, ts, code, {{"as", "spectator"}});
  // Ana's second socket, signed in, joins as a spectator.
  ws_client side(port, "", "/ws", "", ana.cookie);
  CHECK(join(side, tside, code, {{"as", "spectator"}})["seat"].is_null());  // a spectator

  CHECK(say(stranger, "psst: take the corner", "s1")["type"] == "ack");
  CHECK(lines_heard(side).empty());  // the spectators' line does not reach her there either
  CHECK(lines_heard(one).empty());
  CHECK(say(two, "good luck", "p1")["type"] == "ack");
  CHECK(side.until("chat")["line"]["text"] == "good luck");
  // What she writes there is seat 1's, in the players' chat; the spectators do not read it.
  const json own = say(side, "thanks", "p2");
  CHECK(own["own"]["channel"] == "players");
  CHECK(own["own"]["seat"] == 1);
  CHECK(lines_heard(stranger).empty());
  // Read again from a new socket: the players' lines only.
  ws_client again(port, "", "/ws", "", ana.cookie);
  join(again, tagain, code, {{"as", "spectator"}});
  const json history = again.until("chat_history");
  CHECK(history["lines"].size() == 2);
  for (const auto& l : history["lines"]) CHECK(l["channel"] == "players");
  // Once the match is over she reads the spectators' chat, like the players.
  two.send({{"type", "resign"}, {"id", "r"}});
  CHECK(two.until("ack")["id"] == "r");
  bool heard = false;
  const json after = side.until("chat_history");
  INFO(after.dump());
  for (const auto& l : after["lines"]) heard = heard || l["text"] == "psst: take the corner";
  CHECK(heard);
}

// The lobby through the real server (PROTOCOL.md "Lobby"): open challenges seen live and taken,
// the match they make, direct challenges, rating ranges, the author leaving, quick pairing, bad
// input, and two nodes on one PostgreSQL database (a change seen on the other node within a
// second; two members taking one challenge at once make one match).
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "pg_cluster.h"

using namespace tabuleiro::test;

namespace {

const json live_clock = {{"initial_s", 300}, {"increment_s", 3}};

// A WebSocket of member m (a guest's when m is null) that watches the lobby: its first list.
std::unique_ptr<ws_client> lobby_socket(unsigned short port, const member* m, json* list = nullptr) {
  auto ws = std::make_unique<ws_client>(port, "", "/ws", "", m ? m->cookie : "");
  ws->send({{"type", "watch_lobby"}});
  const json first = ws->until("lobby");
  if (list) *list = first;
  return ws;
}

// Posts body as a challenge from ws; the challenge_posted answer.
json post(ws_client& ws, json body) {
  body["type"] = "challenge";
  body["id"] = "post";
  ws.send(body);
  return ws.until("challenge_posted");
}

// Sends a lobby request and returns the error it is refused with.
json refused(ws_client& ws, json body) {
  ws.send(body);
  return ws.until("error");
}

// The seat member m's signed-in join (no token) takes in match code.
json join_as(unsigned short port, const member& m, const std::string& code) {
  ws_client ws(port, "", "/ws", "", m.cookie);
  ws.send({{"type", "join"}, {"code", code}});
  return ws.until("joined");
}

}  // namespace

TEST_CASE("lobby: an open challenge shows live to everyone watching, and taking it makes one match for both") {
  temp_dir dir;
  server_process srv(dir.path + "/l.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  const member bruno = sign_up(port, "bruno");
  json first;
  auto guest = lobby_socket(port, nullptr, &first);
  CHECK(first["challenges"] == json::array());
  CHECK(first["seek"].is_null());
  auto author = lobby_socket(port, &ana);
  auto taker = lobby_socket(port, &bruno);

  const json posted = post(*author, {{"game", "taixu"}, {"clock", live_clock}, {"rated", true}});
  const json c = posted["challenge"];
  CHECK(posted["id"] == "post");
  CHECK(c["kind"] == "open");
  CHECK(c["author"]["name"] == "ana");
  CHECK(c["author"]["rating"] == 1500);
  CHECK(c["author"]["provisional"] == true);
  CHECK(c["speed"] == "live");
  CHECK(c["rated"] == true);
  const std::string id = c["id"];
  for (auto* ws : {guest.get(), taker.get(), author.get()})
    CHECK(ws->until("challenge_added")["challenge"]["id"] == id);
  // A guest only watches; the author cannot take their own challenge.
  CHECK(refused(*guest, {{"type", "accept_challenge"}, {"challenge", id}})["code"] == "sign_in_required");
  CHECK(refused(*guest, {{"type", "challenge"}, {"game", "taixu"}})["code"] == "sign_in_required");
  CHECK(refused(*author, {{"type", "accept_challenge"}, {"challenge", id}})["code"] == "own_challenge");
  // A newcomer's list has it.
  json later;
  auto late = lobby_socket(port, nullptr, &later);
  REQUIRE(later["challenges"].size() == 1);
  CHECK(later["challenges"][0]["id"] == id);

  taker->send({{"type", "accept_challenge"}, {"id", 7}, {"challenge", id}});
  const json found = taker->until("match_found");
  CHECK(found["id"] == 7);
  const std::string code = found["code"];
  CHECK(author->until("match_found")["code"] == code);
  for (auto* ws : {guest.get(), late.get()}) {
    const json removed = ws->until("challenge_removed");
    CHECK(removed["challenge"] == id);
    CHECK(removed["reason"] == "accepted");
  }
  // Taken once: a second accept finds it gone.
  CHECK(refused(*taker, {{"type", "accept_challenge"}, {"challenge", id}})["code"] == "challenge_gone");

  // The match is public and rated, with the challenge's clock; each member's signed-in join
  // takes their own seat, and the two seats are the two members.
  const json sum = match_summary(port, code);
  CHECK(sum["game"] == "taixu");
  CHECK(sum["rated"] == true);
  CHECK(sum["clock"]["initial_s"] == 300);
  CHECK(sum["seats"][0]["taken"] == true);
  CHECK(sum["seats"][1]["taken"] == true);
  const int ana_seat = join_as(port, ana, code)["seat"];
  const int bruno_seat = join_as(port, bruno, code)["seat"];
  CHECK(ana_seat + bruno_seat == 3);
  CHECK(sum["seats"][ana_seat - 1]["name"] == "ana");
}

TEST_CASE("lobby: direct challenges, declines, rating ranges, withdrawals, bad input, and the author leaving") {
  temp_dir dir;
  server_process srv(dir.path + "/l.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  const member bruno = sign_up(port, "bruno");
  const member carla = sign_up(port, "carla");
  auto a = lobby_socket(port, &ana);
  auto b = lobby_socket(port, &bruno);
  auto c = lobby_socket(port, &carla);

  // A direct challenge: seen by its target and its author only, declined by the target.
  const json direct = post(*a, {{"game", "quadri"}, {"to", "BRUNO"}})["challenge"];
  CHECK(direct["kind"] == "direct");
  CHECK(direct["to"]["name"] == "bruno");
  CHECK(b->until("challenge_added")["challenge"]["id"] == direct["id"]);
  CHECK(refused(*c, {{"type", "accept_challenge"}, {"challenge", direct["id"]}})["code"] == "challenge_gone");
  CHECK(refused(*a, {{"type", "challenge"}, {"game", "quadri"}, {"to", "bruno"}})["code"] == "already_challenged");
  CHECK(refused(*a, {{"type", "challenge"}, {"game", "quadri"}, {"to", "nobody"}})["code"] == "unknown_player");
  CHECK(refused(*a, {{"type", "challenge"}, {"game", "quadri"}, {"to", "ana"}})["code"] == "own_challenge");
  b->send({{"type", "decline_challenge"}, {"challenge", direct["id"]}});
  CHECK(b->until("lobby_done")["challenge"] == direct["id"]);
  const json declined = a->until("challenge_removed");
  CHECK(declined["reason"] == "declined");

  // A rating range: a newcomer (1500) is outside 1600–1800.
  const json ranged = post(*a, {{"game", "taixu"}, {"min_rating", 1600}, {"max_rating", 1800}})["challenge"];
  CHECK(ranged["min_rating"] == 1600);
  CHECK(refused(*b, {{"type", "accept_challenge"}, {"challenge", ranged["id"]}})["code"] == "out_of_range");
  // Withdrawn by its author; then nobody can take it, and only its author could withdraw it.
  CHECK(refused(*b, {{"type", "cancel_challenge"}, {"challenge", ranged["id"]}})["code"] == "challenge_gone");
  a->send({{"type", "cancel_challenge"}, {"challenge", ranged["id"]}});
  a->until("lobby_done");
  CHECK(c->until("challenge_removed")["reason"] == "cancelled");

  // At most three open challenges at once.
  for (int i = 0; i < 3; ++i) post(*a, {{"game", "cyvasse"}});
  CHECK(refused(*a, {{"type", "challenge"}, {"game", "cyvasse"}})["code"] == "too_many_challenges");

  // Bad input is refused with the creation's own codes, or bad_message.
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "chess"}})["code"] == "unknown_game");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "taixu"}, {"rated", true}})["code"] == "bad_clock");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "taixu"}, {"bot", "easy"}})["code"] == "bad_message");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "taixu"}, {"min_rating", 1900}, {"max_rating", 1800}})["code"] ==
        "bad_message");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "taixu"}, {"to", "carla"}, {"min_rating", 1}})["code"] ==
        "bad_request");
  CHECK(refused(*b, {{"type", "accept_challenge"}})["code"] == "bad_message");
  CHECK(refused(*b, {{"type", "accept_challenge"}, {"challenge", "NOSUCH"}})["code"] == "challenge_gone");
  CHECK(refused(*b, {{"type", "seek"}, {"game", "taixu"}})["code"] == "bad_clock");
  CHECK(refused(*b, {{"type", "watch_lobby"}})["code"] == "already_watching");
  // Options the game refuses: the code POST /api/matches gives them, and no challenge is posted
  // (the list read below is empty while bruno is still here).
  const json bad_options = {{"nope", "<img src=x onerror=alert(1)>"}};
  const auto created = http_call(port, "POST", "/api/matches",
                                 json{{"game", "taixu"}, {"options", bad_options}}.dump());
  CHECK(created.status == 400);
  CHECK(created.json_body()["error"]["code"] == "bad_options");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "taixu"}, {"options", bad_options}})["code"] == "bad_options");
  CHECK(refused(*b, {{"type", "challenge"}, {"game", "cyvasse"}, {"options", {{"size", 3}}}})["code"] == "bad_options");

  // The author leaves: every challenge they held here ends at once.
  a.reset();
  int removed = 0;
  for (int i = 0; i < 3; ++i) {
    const json r = c->until("challenge_removed");
    removed += r["reason"] == "cancelled";
  }
  CHECK(removed == 3);
  json list;
  auto d = lobby_socket(port, nullptr, &list);
  CHECK(list["challenges"] == json::array());
}

TEST_CASE("lobby: quick pairing pairs two members seeking one game and clock, and a third waits") {
  temp_dir dir;
  server_process srv(dir.path + "/l.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  const member bruno = sign_up(port, "bruno");
  const member carla = sign_up(port, "carla");
  json list;
  auto a = lobby_socket(port, &ana);
  auto b = lobby_socket(port, &bruno);
  auto c = lobby_socket(port, &carla);
  a->send({{"type", "seek"}, {"game", "taixu"}, {"clock", live_clock}});
  const json seek = a->until("challenge_posted")["challenge"];
  CHECK(seek["kind"] == "seek");
  // Carla seeks another clock: she is not paired with either.
  c->send({{"type", "seek"}, {"game", "taixu"}, {"clock", {{"initial_s", 600}, {"increment_s", 0}}}});
  c->until("challenge_posted");
  b->send({{"type", "seek"}, {"game", "taixu"}, {"clock", live_clock}});
  const std::string code = a->until("match_found")["code"];
  CHECK(b->until("match_found")["code"] == code);
  const json sum = match_summary(port, code);
  CHECK(sum["clock"]["initial_s"] == 300);
  CHECK(join_as(port, ana, code)["seat"].get<int>() + join_as(port, bruno, code)["seat"].get<int>() == 3);
  // No match for carla; her own seek stays listed to her alone, and she can leave it.
  while (const auto m = c->recv(0.7)) CHECK((*m)["type"] != "match_found");
  auto again = lobby_socket(port, &carla, &list);
  CHECK(list["seek"]["kind"] == "seek");
  CHECK(list["challenges"] == json::array());
  c->send({{"type", "cancel_seek"}});
  c->until("lobby_done");
}

TEST_CASE("lobby: two nodes on PostgreSQL share the lobby within a second, and two accepts at once make one match") {
  pg_cluster cluster;
  const std::string url = cluster.create_database();
  temp_dir dir;
  server_process one(url, {"--node", "lobby-node-1"}, dir.path + "/one.log");
  server_process two(url, {"--node", "lobby-node-2"}, dir.path + "/two.log");
  const member ana = sign_up(one.port(), "ana");
  const member bruno = sign_up(two.port(), "bruno");
  const member carla = sign_up(two.port(), "carla");
  auto a = lobby_socket(one.port(), &ana);
  auto b = lobby_socket(one.port(), &bruno);
  auto c = lobby_socket(two.port(), &carla);
  for (int round = 0; round < 3; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const json posted = post(*a, {{"game", "taixu"}})["challenge"];
    const std::string id = posted["id"];
    CHECK(c->until("challenge_added", 2)["challenge"]["id"] == id);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 1.0);
    // Bruno on node 1 and carla on node 2 take it at the same moment: one match.
    b->send({{"type", "accept_challenge"}, {"challenge", id}});
    c->send({{"type", "accept_challenge"}, {"challenge", id}});
    int made = 0, gone = 0;
    std::string code;
    for (auto* ws : {b.get(), c.get()}) {
      for (int i = 0; i < 10; ++i) {
        const auto m = ws->recv(5);
        REQUIRE(m.has_value());
        if ((*m)["type"] == "match_found") {
          ++made;
          code = (*m)["code"];
          break;
        }
        if ((*m)["type"] == "error") {
          CHECK((*m)["code"] == "challenge_gone");
          ++gone;
          break;
        }
      }
    }
    CHECK(made == 1);
    CHECK(gone == 1);
    CHECK(a->until("match_found")["code"] == code);
    CHECK(match_summary(one.port(), code)["seats"][1]["taken"] == true);
  }
}

TEST_CASE("lobby: in maintenance taking a challenge or pairing seeks makes no match, and afterwards it does") {
  temp_dir dir;
  const std::string db = dir.path + "/l.db";
  server_process srv(db);
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  const member bruno = sign_up(port, "bruno");
  auto author = lobby_socket(port, &ana);
  auto taker = lobby_socket(port, &bruno);
  const std::string id = post(*author, {{"game", "taixu"}, {"clock", live_clock}})["challenge"]["id"];
  REQUIRE(run_command(std::string(TABULEIRO_BIN) + " admin maintenance on --db " + db).status == 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // the server re-reads the mode each second
  const json no = refused(*taker, {{"type", "accept_challenge"}, {"challenge", id}, {"id", "take"}});
  CHECK(no["code"] == "maintenance");
  CHECK(metric(port, "tabuleiro_matches_refused_maintenance_total") >= 1);
  // Two seeks meet: no match is made while maintenance is on.
  author->send({{"type", "seek"}, {"game", "taixu"}, {"clock", {{"initial_s", 600}, {"increment_s", 0}}}});
  author->until("challenge_posted");
  taker->send({{"type", "seek"}, {"game", "taixu"}, {"clock", {{"initial_s", 600}, {"increment_s", 0}}}});
  taker->until("challenge_posted");
  while (const auto m = author->recv(1.5)) CHECK((*m)["type"] != "match_found");

  REQUIRE(run_command(std::string(TABULEIRO_BIN) + " admin maintenance off --db " + db).status == 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  taker->send({{"type", "accept_challenge"}, {"challenge", id}, {"id", "take"}});
  CHECK_FALSE(taker->until("match_found")["code"].get<std::string>().empty());
}

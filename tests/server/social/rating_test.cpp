// Rated matches through the real server: who may create and sit in one, both players' ratings
// after its end (on every viewer's page, in the summary, for whoever joins later and after a
// restart), and the matches that do not count.
#include <random>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

http_answer create(unsigned short port, const json& body, const member* m) {
  header_list h;
  if (m) h = {{"Cookie", m->cookie}, {"X-CSRF-Token", m->csrf}};
  return http_call(port, "POST", "/api/matches", body.dump(), h);
}

const json rated_taixu = {{"game", "taixu"}, {"rated", true}, {"clock", {{"initial_s", 600}, {"increment_s", 5}}}};

// Seats ana (seat 1, the creator) and bruno on a rated match, with a guest watching.
table seat_members(unsigned short port, const member& ana, const member& bruno) {
  const auto made = create(port, rated_taixu, &ana);
  REQUIRE(made.status == 201);
  table t;
  t.port = port;
  t.code = made.json_body()["code"];
  t.at[0].ws = std::make_unique<ws_client>(port);
  t.at[1].ws = std::make_unique<ws_client>(port, "", "/ws", "", ana.cookie);
  t.at[2].ws = std::make_unique<ws_client>(port, "", "/ws", "", bruno.cookie);
  join(*t.at[0].ws, t.at[0].t, t.code, {{"as", "spectator"}});
  CHECK(join(*t.at[1].ws, t.at[1].t, t.code)["seat"] == 1);
  CHECK(join(*t.at[2].ws, t.at[2].t, t.code)["seat"] == 2);
  return t;
}

// Plays random legal actions until seat 2 has acted once.
void until_both_acted(table& t, std::mt19937& rng) {
  for (int i = 0; i < 300; ++i) {
    const int seat = t.to_act();
    REQUIRE(seat != 0);
    t.act(seat, pick_action(t.at[seat].t.legal, rng, false));
    if (seat == 2) return;
  }
  FAIL("seat 2 never acted");
}

}  // namespace

TEST_CASE(
    "ratings: only members create rated matches, never against the computer, always with a clock, and guests watch them") {
  temp_dir dir;
  server_process srv(dir.path + "/r.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana");
  const auto guest = create(port, rated_taixu, nullptr);
  CHECK(guest.status == 401);
  CHECK(guest.json_body()["error"]["code"] == "sign_in_required");
  json bot = rated_taixu;
  bot["opponent"] = {{"bot", "easy"}};
  CHECK(create(port, bot, &ana).json_body()["error"]["code"] == "bad_request");
  CHECK(create(port, {{"game", "taixu"}, {"rated", true}}, &ana).json_body()["error"]["code"] == "bad_clock");
  CHECK(create(port, {{"game", "taixu"}, {"rated", "yes"}}, &ana).json_body()["error"]["code"] == "bad_request");
  const auto made = create(port, rated_taixu, &ana);
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  const json summary = match_summary(port, code);
  CHECK(summary["rated"] == true);
  CHECK(summary["ratings"].is_null());
  // A guest asking for the free seat watches instead, and is told why.
  ws_client g(port);
  g.send({{"type", "join"}, {"code", code}});
  CHECK(g.until("joined")["seat"].is_null());
  CHECK(g.until("error")["code"] == "sign_in_required");
  CHECK(match_summary(port, code)["seats"][1]["taken"] == false);
  // An unrated match is as before.
  CHECK(match_summary(port, create(port, {{"game", "taixu"}}, nullptr).json_body()["code"])["rated"] == false);
}

TEST_CASE(
    "ratings: a rated match's end moves both ratings: every viewer hears it, later joins and restarts read it back") {
  temp_dir dir;
  const std::string db = dir.path + "/r.db";
  std::string code;
  json shown;
  {
    server_process srv(db);
    const unsigned short port = srv.port();
    const member ana = sign_up(port, "ana"), bruno = sign_up(port, "bruno");
    table t = seat_members(port, ana, bruno);
    code = t.code;
    std::mt19937 rng(7);
    until_both_acted(t, rng);
    t.at[2].ws->send({{"type", "resign"}, {"id", "r"}});
    for (int s = 0; s < 3; ++s) {
      CAPTURE(s);
      until_applying(*t.at[s].ws, t.at[s].t, "game_over");
      const json r = until_applying(*t.at[s].ws, t.at[s].t, "ratings")["ratings"];
      CHECK(r["counted"] == true);
      CHECK(r["speed"] == "live");
      REQUIRE(r["seats"].size() == 2);
      CHECK(r["seats"][0]["seat"] == 1);
      CHECK(r["seats"][0]["before"] == 1500);
      CHECK(r["seats"][0]["change"].get<int>() > 0);  // the winner gains
      CHECK(r["seats"][1]["change"].get<int>() < 0);  // the one who resigned loses
      CHECK(r["seats"][0]["change"] == r["seats"][0]["after"].get<int>() - r["seats"][0]["before"].get<int>());
      CHECK(r["seats"][0]["provisional"] == true);  // RD stays above 110 after one game
      if (s == 0) shown = r;
      else CHECK(r == shown);
    }
    CHECK(match_summary(port, code)["ratings"] == shown);
    const json exported = http_call(port, "GET", "/api/matches/" + code + "/log").json_body();
    CHECK(exported["rated"] == true);
    CHECK(exported["ratings"] == shown);
    // The winner's profile, under any spelling of the name; the board leaves provisional ratings out.
    const auto profile = http_call(port, "GET", "/api/players/ANA");
    REQUIRE(profile.status == 200);
    const json p = profile.json_body();
    CHECK(p["username"] == "ana");
    REQUIRE(p["ratings"].size() == 1);
    const json& r = p["ratings"][0];
    CHECK(r["game"] == "taixu");
    CHECK(r["speed"] == "live");
    CHECK(r["rating"] == shown["seats"][0]["after"]);
    CHECK(r["provisional"] == true);
    CHECK((r["games"] == 1 && r["wins"] == 1 && r["draws"] == 0 && r["losses"] == 0));
    REQUIRE(r["history"].size() == 1);
    CHECK(r["history"][0]["code"] == code);
    CHECK(r["history"][0]["score"] == 1.0);
    CHECK(r["history"][0]["opponent"] == "bruno");
    CHECK(http_call(port, "GET", "/api/players/bruno").json_body()["ratings"][0]["losses"] == 1);
    // An unknown name and a member without a rated game get the same answer.
    const auto nobody = http_call(port, "GET", "/api/players/nobody");
    CHECK(nobody.status == 404);
    sign_up(port, "carla");
    const auto carla = http_call(port, "GET", "/api/players/carla");
    CHECK(carla.status == 404);
    CHECK(carla.body == nobody.body);
    const auto board = http_call(port, "GET", "/api/leaderboard?game=taixu&speed=live");
    REQUIRE(board.status == 200);
    CHECK(board.json_body() == json{{"game", "taixu"}, {"speed", "live"}, {"lines", json::array()}});
    CHECK(http_call(port, "GET", "/api/leaderboard?game=chess").json_body()["error"]["code"] == "unknown_game");
    CHECK(http_call(port, "GET", "/api/leaderboard?game=taixu&speed=blitz").json_body()["error"]["code"] ==
          "bad_request");
    CHECK(http_call(port, "POST", "/api/leaderboard?game=taixu", "{}").status == 405);
    ws_client late(port);
    late.send({{"type", "join"}, {"code", code}});
    CHECK(late.until("ratings")["ratings"] == shown);
  }
  server_process again(db);
  ws_client late(again.port());
  late.send({{"type", "join"}, {"code", code}});
  CHECK(late.until("game_over")["outcome"]["reason"] == "resign");
  CHECK(late.until("ratings")["ratings"] == shown);
  CHECK(match_summary(again.port(), code)["ratings"] == shown);
}

TEST_CASE("ratings: an aborted rated match and one whose second player never acted do not count") {
  temp_dir dir;
  server_process srv(dir.path + "/r.db");
  const unsigned short port = srv.port();
  const member ana = sign_up(port, "ana"), bruno = sign_up(port, "bruno");
  {
    table t = seat_members(port, ana, bruno);
    t.at[1].ws->send({{"type", "abort"}, {"id", "a"}});
    const json r = until_applying(*t.at[2].ws, t.at[2].t, "ratings")["ratings"];
    CHECK(r == json{{"counted", false}, {"reason", "aborted"}});
    CHECK(http_call(port, "GET", "/api/matches/" + t.code + "/log").json_body()["ratings"] == r);
  }
  {
    table t = seat_members(port, ana, bruno);
    std::mt19937 rng(3);
    t.act(1, pick_action(t.at[1].t.legal, rng, false));
    t.at[1].ws->send({{"type", "resign"}, {"id", "r"}});
    const json r = until_applying(*t.at[1].ws, t.at[1].t, "ratings")["ratings"];
    CHECK(r == json{{"counted", false}, {"reason", "not_both_acted"}});
  }
}

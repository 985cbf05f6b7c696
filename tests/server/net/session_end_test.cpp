// A WebSocket does not outlive the session it signed in with (PROTOCOL.md "Close codes", 4004):
// signing out, signing out everywhere and changing the password close the sockets of the
// sessions that ended, on the node that ended them at once and on every other node within about
// a second (two servers on one PostgreSQL database), while the sockets of the sessions that go
// on stay open; a socket opened again with the ended session's cookie is a guest's.
#include <chrono>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "pg_cluster.h"

using namespace tabuleiro::test;

namespace {

// Signs in name (password "<name>'s password", as sign_up made it) on the server at port: a new
// session of the same account.
member sign_in(unsigned short port, const std::string& name) {
  const auto in = http_call(port, "POST", "/api/account/signin",
                            json{{"username", name}, {"password", name + "'s password"}}.dump());
  REQUIRE(in.status == 200);
  const std::string c = in.header("Set-Cookie");
  return {c.substr(0, c.find(';')), in.json_body()["csrf"]};
}

// POSTs body to an account route as member m's browser; the status.
int post_as(unsigned short port, const member& m, const std::string& route, const json& body = json::object()) {
  return http_call(port, "POST", "/api/account/" + route, body.dump(), {{"Cookie", m.cookie}, {"X-CSRF-Token", m.csrf}})
      .status;
}

// A socket signed in as m that watches the lobby (its first list read).
std::unique_ptr<ws_client> lobby_socket(unsigned short port, const member& m) {
  auto ws = std::make_unique<ws_client>(port, "", "/ws", "", m.cookie);
  ws->send({{"type", "watch_lobby"}});
  ws->until("lobby");
  return ws;
}

// Whether c is still open and answered: a ping gets its pong.
bool still_open(ws_client& c) {
  c.send({{"type", "ping"}, {"t", 7}});
  for (int i = 0; i < 20; ++i) {
    const auto m = c.recv(2);
    if (!m) return false;
    if ((*m)["type"] == "pong") return true;
  }
  return false;
}

// Seconds until c closes (its close code in *code), at most limit_s (then -1).
double seconds_to_close(ws_client& c, int* code, double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  *code = c.wait_closed(limit_s);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return *code == -1 ? -1 : s;
}

}  // namespace

TEST_CASE(
    "session end: signing out, everywhere, or changing the password closes the sockets of the sessions that ended") {
  temp_dir dir;
  server_process srv(dir.path + "/s.db");
  const unsigned short port = srv.port();
  const member laptop = sign_up(port, "ana");
  const member phone = sign_in(port, "ana");
  // Ana's account holds seat 1 of a match she made on her laptop.
  const auto made = http_call(port, "POST", "/api/matches", json{{"game", "taixu"}}.dump(),
                              {{"Cookie", laptop.cookie}, {"X-CSRF-Token", laptop.csrf}});
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  ws_client seat(port, "", "/ws", "", laptop.cookie);
  tracked_view t;
  REQUIRE(join(seat, t, code)["seat"] == 1);
  ws_client guest(port);
  tracked_view tg;
  REQUIRE(join(guest, tg, code)["seat"] == 2);
  auto lobby = lobby_socket(port, laptop);
  auto phone_lobby = lobby_socket(port, phone);

  // Signing out on the laptop closes the laptop's sockets (4004), not the phone's.
  REQUIRE(post_as(port, laptop, "signout") == 200);
  int closed = 0;
  const double took = seconds_to_close(seat, &closed, 1.0);
  INFO("closed after " << took << " s");
  CHECK(closed == 4004);
  CHECK(lobby->wait_closed(1.0) == 4004);
  CHECK(still_open(*phone_lobby));
  // A socket opened again with the ended session's cookie is a guest's: it cannot resume the
  // account's seat, nor post a challenge.
  ws_client again(port, "", "/ws", "", laptop.cookie);
  tracked_view ta;
  CHECK(join(again, ta, code)["seat"].is_null());  // a spectator
  again.send({{"type", "challenge"}, {"game", "taixu"}});
  CHECK(again.until("error")["code"] == "sign_in_required");

  // Changing the password on the phone ends every other session: the tablet's socket closes,
  // the phone's stays.
  const member tablet = sign_in(port, "ana");
  auto tablet_lobby = lobby_socket(port, tablet);
  REQUIRE(post_as(port, phone, "password", {{"current", "ana's password"}, {"password", "ana's new password"}}) == 200);
  CHECK(tablet_lobby->wait_closed(1.0) == 4004);
  CHECK(still_open(*phone_lobby));

  // Signing out everywhere closes the phone's own socket too.
  REQUIRE(post_as(port, phone, "signout-everywhere") == 200);
  CHECK(phone_lobby->wait_closed(1.0) == 4004);
}

TEST_CASE(
    "session end: two nodes on PostgreSQL, a sign-out on one closes its sockets on the other within about a second") {
  pg_cluster& cluster = shared_pg_cluster();
  const std::string url = cluster.create_database();
  server_process a(url, {"--node", "node-a"});
  server_process b(url, {"--node", "node-b"});
  const member laptop = sign_up(a.port(), "bruno");
  const member phone = sign_in(b.port(), "bruno");
  auto on_b = lobby_socket(b.port(), laptop);    // the laptop's session, on node b
  auto phone_b = lobby_socket(b.port(), phone);  // another session, on node b

  REQUIRE(post_as(a.port(), laptop, "signout") == 200);
  int closed = 0;
  const double took = seconds_to_close(*on_b, &closed, 3.0);
  INFO("closed on the other node after " << took << " s");
  CHECK(closed == 4004);
  CHECK(took < 2.0);  // twice a second each node reads the sessions that ended (about 0.5 s)
  CHECK(still_open(*phone_b));

  // A password changed on node b ends the tablet's session, whose socket is on node a.
  const member tablet = sign_in(a.port(), "bruno");
  auto tablet_a = lobby_socket(a.port(), tablet);
  REQUIRE(post_as(b.port(), phone, "password",
                  {{"current", "bruno's password"}, {"password", "bruno's new password"}}) == 200);
  const double again = seconds_to_close(*tablet_a, &closed, 3.0);
  INFO("closed on the other node after " << again << " s");
  CHECK(closed == 4004);
  CHECK(again < 2.0);
  CHECK(still_open(*phone_b));
}

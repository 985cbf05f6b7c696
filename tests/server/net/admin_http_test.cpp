// The admin routes of the real server and the account page's routes: the one-time set-up link,
// who may call /api/admin/…, disabling a user (sessions and sockets end at once), promotion,
// invitations for several sign-ups, revoking, password-reset links, maintenance mode, the
// audit log, and changing one's own display name, language and password.
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// The id of the listed user called name (0 when not listed).
std::int64_t user_id(unsigned short port, const browser& admin, const std::string& name) {
  const json listed = get(port, "/api/admin/users?q=" + name, admin).json_body();
  for (const auto& u : listed["users"])
    if (u["username"] == name) return u["id"];
  return 0;
}

}  // namespace

TEST_CASE("admin: the set-up link in the first start's log makes the first administrator, once, in invite mode too") {
  temp_dir dir;
  const std::string db = dir.path + "/a.db";
  std::string code;
  {
    server_process srv(db, {"--access", "invite"}, dir.path + "/first.log");
    code = setup_code(read_all(dir.path + "/first.log"));
    REQUIRE(code.size() == 24);
    const auto root = signed_in(post(srv.port(), "/api/account/signup",
                                     {{"username", "root"}, {"password", "root's password"}, {"invitation", code}}));
    CHECK(root.user["admin"] == true);
    // The administrator the set-up link made is in the audit log.
    const json audit = get(srv.port(), "/api/admin/audit", root).json_body();
    INFO(audit.dump());
    bool recorded = false;
    for (const auto& a : audit["entries"])
      recorded = recorded || (a["action"] == "create_admin" && a["detail"] == "signed up with the set-up link");
    CHECK(recorded);
    const auto again = post(srv.port(), "/api/account/signup",
                            {{"username", "other"}, {"password", "other's password"}, {"invitation", code}});
    CHECK(again.status == 403);
    CHECK(again.json_body()["error"]["code"] == "bad_invitation");
  }
  // Once an administrator exists, no link is made at start-up.
  server_process srv(db, {"--access", "invite"}, dir.path + "/second.log");
  CHECK(setup_code(read_all(dir.path + "/second.log")).empty());
}

TEST_CASE("admin: only a signed-in administrator is answered, and every POST needs the CSRF token and a right origin") {
  admin_server s;
  const auto ana = s.member("ana");
  CHECK(http_call(s.port(), "GET", "/api/admin/users").status == 401);
  const auto no = get(s.port(), "/api/admin/users", ana);
  CHECK(no.status == 403);
  CHECK(no.json_body()["error"]["code"] == "not_admin");
  CHECK(post(s.port(), "/api/admin/maintenance", {{"on", true}}, ana.headers()).status == 403);
  const auto users = get(s.port(), "/api/admin/users", s.root);
  REQUIRE(users.status == 200);
  CHECK(users.header("Cache-Control") == "no-store");
  CHECK(users.json_body()["users"].size() == 2);
  CHECK(users.body.find("argon2") == std::string::npos);
  auto bare = post(s.port(), "/api/admin/maintenance", {{"on", true}}, {{"Cookie", s.root.cookie}});
  CHECK(bare.status == 403);
  CHECK(bare.json_body()["error"]["code"] == "bad_csrf");
  header_list foreign = s.root.headers();
  foreign.emplace_back("Origin", "https://evil.example");
  CHECK(post(s.port(), "/api/admin/maintenance", {{"on", true}}, foreign).json_body()["error"]["code"] == "bad_origin");
  CHECK(get(s.port(), "/api/admin/server", s.root).json_body()["maintenance"] == false);  // nothing changed
  CHECK(get(s.port(), "/api/admin/nothing", s.root).status == 404);
  CHECK(http_call(s.port(), "GET", "/api/admin/maintenance", "", {{"Cookie", s.root.cookie}}).status == 405);
}

TEST_CASE("admin: disabling a user ends their sessions and closes their sockets at once, and enabling lets them back") {
  // On the manual clock the once-a-second watch for users disabled elsewhere never runs: the
  // close below is this node's own, made as the disable is answered.
  admin_server s({"--clock", "manual"});
  const auto ana = s.member("ana");
  const std::int64_t ana_id = user_id(s.port(), s.root, "ana");
  REQUIRE(ana_id > 0);
  ws_client socket(s.port(), "", "/ws", "", ana.cookie);
  socket.send({{"type", "watch_list"}});
  socket.until("match_list");
  ws_client guest(s.port());
  guest.send({{"type", "watch_list"}});
  guest.until("match_list");

  REQUIRE(post(s.port(), "/api/admin/users/" + std::to_string(ana_id) + "/disable", json::object(), s.root.headers())
              .status == 200);
  CHECK(socket.wait_closed(3) == 4003);
  CHECK_FALSE(guest.closed());
  CHECK(http_call(s.port(), "GET", "/api/account", "", {{"Cookie", ana.cookie}}).json_body()["user"].is_null());
  const auto refused = post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}});
  CHECK(refused.status == 403);
  CHECK(refused.json_body()["error"]["code"] == "account_disabled");
  // A wrong password still gets the same answer as an unknown name.
  CHECK(post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "wrong password"}})
            .json_body()["error"]["code"] == "bad_credentials");

  REQUIRE(post(s.port(), "/api/admin/users/" + std::to_string(ana_id) + "/enable", json::object(), s.root.headers())
              .status == 200);
  CHECK(post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}}).status == 200);

  // Nobody disables or demotes themselves, and the last administrator stays.
  const std::int64_t root_id = s.root.user["id"];
  const auto self = post(s.port(), "/api/admin/users/" + std::to_string(root_id) + "/disable", json::object(),
                         s.root.headers());
  CHECK(self.status == 409);
  CHECK(self.json_body()["error"]["code"] == "own_account");
  CHECK(post(s.port(), "/api/admin/users/999/disable", json::object(), s.root.headers()).status == 404);
}

TEST_CASE("admin: promoting and demoting, never leaving the server without an administrator") {
  admin_server s;
  const auto ana = s.member("ana");
  const std::string ana_path = "/api/admin/users/" + std::to_string(user_id(s.port(), s.root, "ana"));
  REQUIRE(post(s.port(), ana_path + "/promote", json::object(), s.root.headers()).status == 200);
  // Ana's session is an administrator's at once.
  CHECK(get(s.port(), "/api/admin/users", ana).status == 200);
  // Ana demotes root; root then cannot demote ana, the last administrator.
  const std::string root_path = "/api/admin/users/" + std::to_string(s.root.user["id"].get<std::int64_t>());
  REQUIRE(post(s.port(), root_path + "/demote", json::object(), ana.headers()).status == 200);
  CHECK(get(s.port(), "/api/admin/users", s.root).status == 403);
  const auto self = post(s.port(), ana_path + "/demote", json::object(), ana.headers());
  CHECK(self.json_body()["error"]["code"] == "own_account");
}

TEST_CASE("admin: invitations for several sign-ups, listed and revoked, and every action in the audit log") {
  admin_server s({"--access", "invite"});
  const auto made = post(s.port(), "/api/admin/invitations", {{"days", 2}, {"uses", 2}}, s.root.headers());
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  CHECK(made.json_body()["link"] == "http://127.0.0.1:" + std::to_string(s.port()) + "/signup?invite=" + code);
  CHECK(post(s.port(), "/api/admin/invitations", {{"days", 0}}, s.root.headers()).status == 400);
  CHECK(post(s.port(), "/api/admin/invitations", {{"uses", "many"}}, s.root.headers()).status == 400);
  for (const char* name : {"bia", "caio"})
    CHECK(post(s.port(), "/api/account/signup",
               {{"username", name}, {"password", "a fine password"}, {"invitation", code}})
              .status == 201);
  CHECK(post(s.port(), "/api/account/signup",
             {{"username", "davi"}, {"password", "a fine password"}, {"invitation", code}})
            .json_body()["error"]["code"] == "bad_invitation");

  const std::string other =
      post(s.port(), "/api/admin/invitations", json::object(), s.root.headers()).json_body()["code"];
  const json list = get(s.port(), "/api/admin/invitations", s.root).json_body()["invitations"];
  REQUIRE(list.size() == 3);                           // the two made here, and the used set-up link
  CHECK(list.dump().find(code) == std::string::npos);  // never a code again
  std::string open_id;
  for (const auto& i : list) {
    if (i["state"] == "open") open_id = i["id"];
    if (i["max_uses"] == 2) CHECK(i["uses"] == 2);
    if (i["max_uses"] == 2) CHECK(i["state"] == "used");
  }
  REQUIRE(open_id.size() == 16);
  CHECK(post(s.port(), "/api/admin/invitations/" + open_id + "/revoke", json::object(), s.root.headers()).status ==
        200);
  CHECK(post(s.port(), "/api/admin/invitations/0123456789abcdef/revoke", json::object(), s.root.headers()).status ==
        404);
  CHECK(post(s.port(), "/api/account/signup",
             {{"username", "davi"}, {"password", "a fine password"}, {"invitation", other}})
            .json_body()["error"]["code"] == "bad_invitation");

  const json audit = get(s.port(), "/api/admin/audit", s.root).json_body()["entries"];
  REQUIRE(audit.size() == 4);  // root's own making by the set-up link, then three actions
  CHECK(audit[3]["action"] == "create_admin");
  CHECK(audit[0]["action"] == "revoke_invitation");
  CHECK(audit[0]["actor"] == "root");
  CHECK(audit[0]["address"] == "127.0.0.1");
  CHECK(audit[2]["action"] == "invite");
  // Each invitation is named by its listed id, the one revoked included.
  CHECK(audit[0]["target"] == "invitation " + open_id);
  CHECK(audit[1]["target"] == "invitation " + open_id);
  CHECK(audit[2]["target"] != audit[1]["target"]);
  CHECK(audit.dump().find(code) == std::string::npos);
  // No invitation code in the metrics or the log (only the set-up link is logged, by design).
  const auto metrics = http_call(s.port(), "GET", "/metrics");
  CHECK(metrics.status == 200);
  CHECK(metrics.body.find(code) == std::string::npos);
  const std::string log = read_all(s.dir.path + "/server.log");
  for (const std::string& c : {code, other}) CHECK(log.find(c) == std::string::npos);
}

TEST_CASE("admin: maintenance refuses a rematch, and the offer stands until maintenance ends") {
  admin_server s;
  const auto made = create_match(s.port(), {{"game", "taixu"}});
  ws_client first(s.port());
  first.send({{"type", "join"}, {"code", made.code}, {"token", made.token}});
  first.until("joined");
  ws_client second(s.port());
  second.send({{"type", "join"}, {"code", made.code}});
  second.until("joined");
  first.send({{"type", "resign"}, {"id", "bye"}});
  first.until("game_over");
  second.until("game_over");
  first.send({{"type", "rematch"}, {"id", "offer"}});
  CHECK(first.until("ack")["id"] == "offer");
  REQUIRE(post(s.port(), "/api/admin/maintenance", {{"on", true}}, s.root.headers()).status == 200);
  second.send({{"type", "rematch"}, {"id", "accept"}});
  const json refused = second.until("reject");
  CHECK(refused["id"] == "accept");
  CHECK(refused["error"]["code"] == "maintenance");
  CHECK(http_call(s.port(), "GET", "/api/matches/" + made.code).json_body()["rematch"].is_null());
  REQUIRE(post(s.port(), "/api/admin/maintenance", {{"on", false}}, s.root.headers()).status == 200);
  second.send({{"type", "rematch"}, {"id", "accept again"}});
  const json ready = second.until("rematch_ready");
  CHECK(ready["seat"] == 1);  // seats swapped
  CHECK(second.until("ack")["id"] == "accept again");
  CHECK(http_call(s.port(), "GET", "/api/matches/" + made.code).json_body()["rematch"] == ready["code"]);
}

TEST_CASE("admin: maintenance refuses new matches and lets running ones go on") {
  admin_server s;
  const json game = {{"game", "taixu"}};
  const auto before = create_match(s.port(), game);
  REQUIRE(post(s.port(), "/api/admin/maintenance", {{"on", true}}, s.root.headers()).status == 200);
  const auto refused = post(s.port(), "/api/matches", game);
  CHECK(refused.status == 503);
  CHECK(refused.json_body()["error"]["code"] == "maintenance");
  CHECK(refused.header("Retry-After") == "300");
  CHECK(get(s.port(), "/api/admin/server", s.root).json_body()["maintenance"] == true);
  ws_client player(s.port());
  player.send({{"type", "join"}, {"code", before.code}, {"token", before.token}});
  CHECK(player.until("joined")["seat"] == before.seat);
  REQUIRE(post(s.port(), "/api/admin/maintenance", {{"on", false}}, s.root.headers()).status == 200);
  CHECK(post(s.port(), "/api/matches", game).status == 201);
  const json server = get(s.port(), "/api/admin/server", s.root).json_body();
  CHECK(server["version"].is_string());
  CHECK(server["connections"] == 1);
  CHECK(server["database_bytes"].get<std::int64_t>() > 0);
  CHECK(server["access"] == "open");
}

TEST_CASE("account page: display name and language, and a password change that ends the other sessions") {
  admin_server s;
  auto here = s.member("ana");
  const auto there = signed_in(
      post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}}));
  const auto renamed = post(s.port(), "/api/account/profile",
                            {{"display_name", "  Ana  Maria "}, {"language", "pt-BR"}}, here.headers());
  REQUIRE(renamed.status == 200);
  CHECK(renamed.json_body()["user"]["display_name"] == "Ana Maria");
  CHECK(renamed.json_body()["user"]["language"] == "pt-BR");
  CHECK(
      http_call(s.port(), "GET", "/api/account", "", {{"Cookie", there.cookie}}).json_body()["user"]["display_name"] ==
      "Ana Maria");
  CHECK(post(s.port(), "/api/account/profile", {{"language", "fr"}}, here.headers()).status == 400);
  CHECK(post(s.port(), "/api/account/profile", {{"language", "en"}}, {{"Cookie", here.cookie}}).status == 403);

  const auto wrong = post(s.port(), "/api/account/password",
                          {{"current", "not it at all"}, {"password", "a new password"}}, here.headers());
  CHECK(wrong.status == 401);
  CHECK(wrong.json_body()["error"]["code"] == "bad_credentials");
  CHECK(post(s.port(), "/api/account/password", {{"current", "ana's password"}, {"password", "short"}}, here.headers())
            .status == 400);
  REQUIRE(post(s.port(), "/api/account/password", {{"current", "ana's password"}, {"password", "a new password"}},
               here.headers())
              .status == 200);
  CHECK(http_call(s.port(), "GET", "/api/account", "", {{"Cookie", here.cookie}}).json_body()["user"]["username"] ==
        "ana");
  CHECK(http_call(s.port(), "GET", "/api/account", "", {{"Cookie", there.cookie}}).json_body()["user"].is_null());
  CHECK(post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}}).status == 401);
  CHECK(post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "a new password"}}).status == 200);
}

TEST_CASE("admin: a password-reset link sets a new password once and ends the user's sessions") {
  admin_server s;
  const auto ana = s.member("ana");
  const auto made = post(s.port(),
                         "/api/admin/users/" + std::to_string(user_id(s.port(), s.root, "ana")) + "/reset-link",
                         json::object(), s.root.headers());
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  CHECK(made.json_body()["link"].get<std::string>().ends_with("/reset?code=" + code));
  CHECK(post(s.port(), "/api/account/reset", {{"code", code}, {"password", "short"}}).json_body()["error"]["code"] ==
        "bad_password");
  REQUIRE(post(s.port(), "/api/account/reset", {{"code", code}, {"password", "brand new password"}}).status == 200);
  CHECK(http_call(s.port(), "GET", "/api/account", "", {{"Cookie", ana.cookie}}).json_body()["user"].is_null());
  CHECK(post(s.port(), "/api/account/signin", {{"username", "ana"}, {"password", "brand new password"}}).status == 200);
  const auto again = post(s.port(), "/api/account/reset", {{"code", code}, {"password", "another new password"}});
  CHECK(again.status == 403);
  CHECK(again.json_body()["error"]["code"] == "bad_reset");
  CHECK(post(s.port(), "/api/account/reset", {{"code", "made-up"}, {"password", "another new password"}}).status ==
        403);
  s.srv.terminate();
  const std::string log = read_all(s.dir.path + "/server.log");
  CHECK(log.find(code) == std::string::npos);
  CHECK(log.find("brand new password") == std::string::npos);
}

TEST_CASE(
    "admin: tabuleiro admin disable, from a shell on the same database, closes the user's sockets within seconds") {
  admin_server s;
  const auto ana = s.member("ana");
  ws_client socket(s.port(), "", "/ws", "", ana.cookie);
  socket.send({{"type", "watch_list"}});
  socket.until("match_list");
  const std::string out = s.dir.path + "/out.txt";
  const std::string admin = std::string(TABULEIRO_BIN) + " admin ";
  const std::string db = " --db " + s.dir.path + "/a.db > " + out + " 2>/dev/null";
  REQUIRE(std::system((admin + "disable ana" + db).c_str()) == 0);
  CHECK(read_all(out) == "disabled ana\n");
  // The server learns it from the database (as every node of a cluster does), not from a request.
  CHECK(socket.wait_closed(5) == 4003);
  CHECK(http_call(s.port(), "GET", "/api/account", "", {{"Cookie", ana.cookie}}).json_body()["user"].is_null());
  REQUIRE(std::system((admin + "audit" + db).c_str()) == 0);
  const std::string audit = read_all(out);
  CHECK(audit.find("\tshell\tshell\tdisable\tuser ") != std::string::npos);
  REQUIRE(std::system((admin + "invite --uses 2" + db).c_str()) == 0);
  CHECK(read_all(out).size() == 25);                              // the code and a line end, nothing else
  CHECK(std::system((admin + "demote root" + db).c_str()) != 0);  // the last administrator
  CHECK(std::system((admin + "frobnicate" + db).c_str()) != 0);
}

TEST_CASE(
    "admin: matches listed by status, game and player, a running one aborted with a reason both players read, a finished one deleted") {
  temp_dir dir;
  const std::string db = dir.path + "/a.db";
  std::string code, other;
  {
    admin_server s;
    const auto made = create_match(s.port(), {{"game", "taixu"}});
    code = made.code;
    ws_client first(s.port());
    first.send({{"type", "join"}, {"code", code}, {"token", made.token}, {"name", "Ana"}});
    first.until("joined");
    ws_client second(s.port());
    second.send({{"type", "join"}, {"code", code}, {"name", "Bruno"}});
    second.until("joined");
    other = create_match(s.port(), {{"game", "cyvasse"}}).code;

    const json listed = get(s.port(), "/api/admin/matches?player=bru", s.root).json_body()["matches"];
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["code"] == code);
    CHECK(listed[0]["players"] == json::array({"Ana", "Bruno"}));
    CHECK(get(s.port(), "/api/admin/matches?game=cyvasse", s.root).json_body()["matches"].size() == 1);
    CHECK(get(s.port(), "/api/admin/matches?status=finished", s.root).json_body()["matches"].empty());
    CHECK(get(s.port(), "/api/admin/matches?status=over", s.root).status == 400);

    const std::string abort_path = "/api/admin/matches/" + code + "/abort";
    CHECK(post(s.port(), abort_path, {{"reason", " \n "}}, s.root.headers()).status == 400);
    CHECK(post(s.port(), abort_path, json::object(), s.root.headers()).status == 400);
    CHECK(post(s.port(), abort_path, {{"reason", std::string(201, 'x')}}, s.root.headers()).status == 400);
    REQUIRE(post(s.port(), abort_path, {{"reason", "The server  moves\ttonight"}}, s.root.headers()).status == 200);
    for (ws_client* c : {&first, &second}) {
      const json over = c->until("game_over");
      CHECK(over["outcome"]["winner"].is_null());
      CHECK(over["outcome"]["reason"] == "aborted_by_host");
      CHECK(over["outcome"]["note"] == "The server moves tonight");
    }
    // A match the host ended has no rematch.
    first.send({{"type", "rematch"}, {"id", "again"}});
    const json no_rematch = first.until("reject");
    CHECK(no_rematch["id"] == "again");
    CHECK(no_rematch["error"]["code"] == "aborted_by_host");
    const auto again = post(s.port(), abort_path, {{"reason", "twice"}}, s.root.headers());
    CHECK(again.status == 409);
    CHECK(again.json_body()["error"]["code"] == "not_running");
    CHECK(post(s.port(), "/api/admin/matches/ZZZZZZ/abort", {{"reason", "x"}}, s.root.headers()).status == 404);
    const auto running = post(s.port(), "/api/admin/matches/" + other + "/delete", json::object(), s.root.headers());
    CHECK(running.status == 409);
    CHECK(running.json_body()["error"]["code"] == "not_finished");
    const json audit = get(s.port(), "/api/admin/audit", s.root).json_body()["entries"];
    REQUIRE_FALSE(audit.empty());
    CHECK(audit[0]["action"] == "abort_match");
    CHECK(audit[0]["detail"] == "The server moves tonight");
    s.srv.terminate();
    std::rename((s.dir.path + "/a.db").c_str(), db.c_str());
  }
  // After a restart the match is still over, with the host's words; then it is deleted.
  server_process srv(db);
  const auto summary = http_call(srv.port(), "GET", "/api/matches/" + code);
  REQUIRE(summary.status == 200);
  CHECK(summary.json_body()["outcome"]["note"] == "The server moves tonight");
  ws_client viewer(srv.port());
  viewer.send({{"type", "join"}, {"code", code}});
  CHECK(viewer.until("game_over")["outcome"]["note"] == "The server moves tonight");
  const auto root = signed_in(
      post(srv.port(), "/api/account/signin", {{"username", "root"}, {"password", "root's password"}}));
  REQUIRE(post(srv.port(), "/api/admin/matches/" + code + "/delete", json::object(), root.headers()).status == 200);
  CHECK(viewer.wait_closed(3) == 1001);
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + code).status == 404);
  CHECK(get(srv.port(), "/api/admin/matches", root).json_body()["matches"].size() == 1);
  CHECK(post(srv.port(), "/api/admin/matches/" + code + "/delete", json::object(), root.headers()).status == 404);
}

TEST_CASE(
    "members mode: a match may keep guests from watching, and then its summary, log, list entry, preview and room are members' only") {
  temp_dir web;
  std::ofstream(web.path + "/index.html") << "<!doctype html><title>Tabuleiro</title>";
  admin_server s({"--access", "members", "--web", web.path});
  const auto ana = s.member("ana");
  const auto bruno = s.member("bruno");
  const auto made = post(s.port(), "/api/matches", {{"game", "taixu"}, {"guests_watch", false}}, ana.headers());
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  const auto open_made = post(s.port(), "/api/matches", {{"game", "taixu"}}, ana.headers());
  REQUIRE(open_made.status == 201);
  CHECK(post(s.port(), "/api/matches", {{"game", "taixu"}, {"guests_watch", "no"}}, ana.headers()).status == 400);

  for (const std::string& target :
       {"/api/matches/" + code, "/api/matches/" + code + "/log", "/api/matches/" + code + "/preview.png"}) {
    const auto guest = http_call(s.port(), "GET", target);
    CHECK(guest.status == 401);
    CHECK(guest.json_body()["error"]["code"] == "sign_in_required");
    CHECK(get(s.port(), target, bruno).status == 200);
  }
  CHECK(get(s.port(), "/api/matches/" + code, bruno).json_body()["guests_watch"] == false);
  // Its page carries no link preview; the other match's page does.
  CHECK(http_call(s.port(), "GET", "/m/" + code).body.find("og:") == std::string::npos);
  CHECK(http_call(s.port(), "GET", "/m/" + open_made.json_body()["code"].get<std::string>()).body.find("og:title") !=
        std::string::npos);
  const std::string other = open_made.json_body()["code"];
  CHECK(http_call(s.port(), "GET", "/api/matches/" + other).json_body()["guests_watch"] == true);
  const json listed = http_call(s.port(), "GET", "/api/matches").json_body()["matches"];
  REQUIRE(listed.size() == 1);
  CHECK(listed[0]["code"] == other);

  ws_client guest(s.port());
  guest.send({{"type", "join"}, {"code", code}});
  CHECK(guest.until("error")["code"] == "sign_in_required");
  ws_client member(s.port(), "", "/ws", "", bruno.cookie);
  member.send({{"type", "join"}, {"code", code}, {"as", "spectator"}});
  CHECK(member.until("joined")["seat"].is_null());
}

TEST_CASE("open mode: everyone may watch every match, whatever its creator asked") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db");
  const auto made = post(srv.port(), "/api/matches", {{"game", "taixu"}, {"guests_watch", false}});
  REQUIRE(made.status == 201);
  const auto read = http_call(srv.port(), "GET", "/api/matches/" + made.json_body()["code"].get<std::string>());
  CHECK(read.status == 200);
  CHECK(read.json_body()["guests_watch"] == true);
}

TEST_CASE("admin: the backup download is an online copy of the whole database, for administrators only") {
  admin_server s;
  const auto ana = s.member("ana");
  CHECK(get(s.port(), "/api/admin/backup", ana).status == 403);
  const auto copy = get(s.port(), "/api/admin/backup", s.root);
  REQUIRE(copy.status == 200);
  CHECK(copy.header("Content-Type") == "application/vnd.sqlite3");
  CHECK(copy.header("Content-Disposition").starts_with("attachment; filename=\"tabuleiro-"));
  CHECK(copy.header("Cache-Control") == "no-store");
  REQUIRE(copy.body.size() > 4096);
  CHECK(copy.body.compare(0, 16, std::string("SQLite format 3\0", 16)) == 0);
  // The copy opens as a database with both accounts in it.
  const std::string path = s.dir.path + "/copy.db";
  std::ofstream(path, std::ios::binary) << copy.body;
  server_process restored(path);
  const auto back = signed_in(
      post(restored.port(), "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}}));
  CHECK(back.user["username"] == "ana");
  CHECK(get(s.port(), "/api/admin/audit", s.root).json_body()["entries"][0]["action"] == "backup");
}

TEST_CASE("admin: a reported chat line waits on the admin page with the conversation around it until handled") {
  admin_server s;
  table t = table::open(s.port());
  // Three lines of the players' chat, one of the spectators'; the middle players' line is reported.
  std::int64_t rude = 0;
  for (const auto& [seat, text] :
       std::vector<std::pair<int, std::string>>{{1, "hello"}, {2, "you will lose"}, {1, "we will see"}}) {
    t.at[seat].ws->send({{"type", "chat"}, {"id", text}, {"text", text}});
    json own = t.at[seat].ws->until("chat")["line"];  // the writer hears its line before the ack
    while (own["text"] != text) own = t.at[seat].ws->until("chat")["line"];
    if (text == "you will lose") rude = own["id"];
    t.at[seat].ws->until("ack");
  }
  t.at[0].ws->send({{"type", "chat"}, {"id", "s"}, {"text", "spectating"}});
  t.at[0].ws->until("ack");
  REQUIRE(rude > 0);
  t.at[1].ws->send({{"type", "chat_report"}, {"id", "r"}, {"message", rude}, {"reason", "unkind"}});
  CHECK(t.at[1].ws->until("ack")["id"] == "r");
  const json listed = get(s.port(), "/api/admin/reports", s.root).json_body();
  REQUIRE(listed["reports"].size() == 1);
  const json r = listed["reports"][0];
  CHECK(r["code"] == t.code);
  CHECK(r["channel"] == "players");
  CHECK(r["line"]["text"] == "you will lose");
  CHECK(r["line"]["seat"] == 2);
  CHECK(r["reason"] == "unkind");
  REQUIRE(r["conversation"].size() == 3);  // the players' lines only, in order
  CHECK(r["conversation"][0]["text"] == "hello");
  CHECK(r["conversation"][2]["text"] == "we will see");
  // Members are not answered; handling needs the CSRF token; then the report leaves the list.
  const auto ana = s.member("ana");
  CHECK(get(s.port(), "/api/admin/reports", ana).status == 403);
  const std::string handled = "/api/admin/reports/" + std::to_string(r["id"].get<std::int64_t>()) + "/handled";
  CHECK(post(s.port(), handled, json::object(), {{"Cookie", s.root.cookie}}).status == 403);
  CHECK(post(s.port(), handled, json::object(), s.root.headers()).status == 200);
  CHECK(post(s.port(), handled, json::object(), s.root.headers()).status == 404);
  CHECK(get(s.port(), "/api/admin/reports", s.root).json_body()["reports"].empty());
  const json audit = get(s.port(), "/api/admin/audit", s.root).json_body();
  CHECK(audit["entries"][0]["action"] == "handle_report");
  // A finished match is deleted with its chat.
  t.at[1].ws->send({{"type", "resign"}, {"id", "x"}});
  t.at[1].ws->until("game_over");
  t = table{};
  CHECK(post(s.port(), "/api/admin/matches/" + listed["reports"][0]["code"].get<std::string>() + "/delete",
             json::object(), s.root.headers())
            .status == 200);
}

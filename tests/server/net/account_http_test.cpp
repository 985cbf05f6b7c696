// The account routes of the real server: sign-up and sign-in cookies (HttpOnly, SameSite,
// Secure over TLS), rotation at sign-in, CSRF on signing out, foreign origins, delays after
// failed sign-ins, one answer for unknown names and wrong passwords, and no secret in the log.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// GET /api/account with the session cookie id ("" sends none).
json who(unsigned short port, const std::string& id) {
  header_list h;
  if (!id.empty()) h.emplace_back("Cookie", "theme=dark; tabuleiro_session=" + id + "; other=1");
  const auto a = http_call(port, "GET", "/api/account", "", h);
  REQUIRE(a.status == 200);
  CHECK(a.header("Cache-Control") == "no-store");
  return a.json_body();
}

}  // namespace

TEST_CASE(
    "accounts over HTTP: sign-up sets an HttpOnly SameSite cookie, sign-in rotates it, the account is read back") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db", {}, dir.path + "/server.log");
  const unsigned short port = srv.port();

  CHECK(who(port, "")["user"].is_null());
  const auto up = post(port, "/api/account/signup",
                       {{"username", "Ana.Maria"},
                        {"password", "correct horse battery"},
                        {"display_name", "Ana"},
                        {"language", "pt-BR"}});
  REQUIRE(up.status == 201);
  const std::string cookie = up.header("Set-Cookie");
  CHECK(cookie.find("; HttpOnly") != std::string::npos);
  CHECK(cookie.find("; SameSite=Lax") != std::string::npos);
  CHECK(cookie.find("; Path=/") != std::string::npos);
  CHECK(cookie.find("; Max-Age=2592000") != std::string::npos);
  CHECK(cookie.find("Secure") == std::string::npos);  // plain HTTP
  const std::string first = up.session_cookie();
  REQUIRE(first.size() == 44);
  const json body = up.json_body();
  CHECK(body["user"]["username"] == "Ana.Maria");
  CHECK(body["user"]["display_name"] == "Ana");
  CHECK(body["user"]["language"] == "pt-BR");
  CHECK(body["user"]["admin"] == false);
  CHECK(body["csrf"].get<std::string>().size() == 48);  // 192 bits in hex, derived from the id
  CHECK(up.body.find("correct horse") == std::string::npos);
  CHECK(up.body.find(first) == std::string::npos);  // the id only in the cookie

  const json me = who(port, first);
  CHECK(me["user"]["username"] == "Ana.Maria");
  CHECK(me["csrf"] == body["csrf"]);

  // Signing in again (with the old cookie) gives a new id and ends the old one.
  const auto in = post(port, "/api/account/signin", {{"username", "ana.maria"}, {"password", "correct horse battery"}},
                       {{"Cookie", "tabuleiro_session=" + first}});
  REQUIRE(in.status == 200);
  const std::string second = in.session_cookie();
  REQUIRE(second.size() == 44);
  CHECK(second != first);
  CHECK(in.json_body()["csrf"] != body["csrf"]);
  CHECK(who(port, second)["user"]["username"] == "Ana.Maria");
  CHECK(who(port, first)["user"].is_null());

  // A taken name, a bad name, a bad password, a body that is not an object of strings.
  CHECK(post(port, "/api/account/signup", {{"username", "ANA_MARIA"}, {"password", "another password"}}).status == 409);
  auto bad = post(port, "/api/account/signup", {{"username", "a b"}, {"password", "another password"}});
  CHECK(bad.status == 400);
  CHECK(bad.json_body()["error"]["code"] == "bad_username");
  CHECK(
      post(port, "/api/account/signup", {{"username", "bruno"}, {"password", "short"}}).json_body()["error"]["code"] ==
      "bad_password");
  CHECK(post(port, "/api/account/signup", {{"username", "bruno"}, {"password", 12345678}}).status == 400);
  CHECK(http_call(port, "POST", "/api/account/signup", "{", {}).json_body()["error"]["code"] == "bad_json");
  CHECK(http_call(port, "POST", "/api/account/signin", "{}", {{"Content-Type", "text/plain"}}).status == 415);
  CHECK(http_call(port, "GET", "/api/account/signin").status == 405);

  // Nothing secret in the log.
  srv.terminate();
  const std::string log = read_all(dir.path + "/server.log");
  CHECK(log.find("correct horse") == std::string::npos);
  CHECK(log.find(first) == std::string::npos);
  CHECK(log.find(second) == std::string::npos);
  CHECK(log.find(body["csrf"].get<std::string>()) == std::string::npos);
  CHECK(log.find("$argon2id$") == std::string::npos);
}

TEST_CASE("accounts over HTTP: signing out needs the session's CSRF token, here or everywhere") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db");
  const unsigned short port = srv.port();
  const auto up = post(port, "/api/account/signup", {{"username", "carla"}, {"password", "carla's password"}});
  REQUIRE(up.status == 201);
  const std::string a = up.session_cookie();
  const std::string csrf_a = up.json_body()["csrf"];
  const auto in = post(port, "/api/account/signin", {{"username", "carla"}, {"password", "carla's password"}});
  const std::string b = in.session_cookie();
  const std::string csrf_b = in.json_body()["csrf"];

  const header_list cookie_a{{"Cookie", "tabuleiro_session=" + a}};
  auto no_token = post(port, "/api/account/signout", json::object(), cookie_a);
  CHECK(no_token.status == 403);
  CHECK(no_token.json_body()["error"]["code"] == "bad_csrf");
  auto other_token = post(port, "/api/account/signout", json::object(),
                          {{"Cookie", "tabuleiro_session=" + a}, {"X-CSRF-Token", csrf_b}});
  CHECK(other_token.status == 403);
  CHECK_FALSE(who(port, a)["user"].is_null());
  auto out = post(port, "/api/account/signout", json::object(),
                  {{"Cookie", "tabuleiro_session=" + a}, {"X-CSRF-Token", csrf_a}});
  CHECK(out.status == 200);
  CHECK(out.header("Set-Cookie").find("tabuleiro_session=; Path=/; Max-Age=0") == 0);
  CHECK(who(port, a)["user"].is_null());
  CHECK_FALSE(who(port, b)["user"].is_null());

  const auto in2 = post(port, "/api/account/signin", {{"username", "carla"}, {"password", "carla's password"}});
  const std::string c = in2.session_cookie();
  CHECK(post(port, "/api/account/signout-everywhere", json::object(), {{"Cookie", "tabuleiro_session=" + b}}).status ==
        403);
  CHECK(post(port, "/api/account/signout-everywhere", json::object(),
             {{"Cookie", "tabuleiro_session=" + b}, {"X-CSRF-Token", csrf_b}})
            .status == 200);
  CHECK(who(port, b)["user"].is_null());
  CHECK(who(port, c)["user"].is_null());
  CHECK(post(port, "/api/account/signout-everywhere", json::object(), {{"Cookie", "tabuleiro_session=" + c}}).status ==
        401);
}

TEST_CASE(
    "accounts over HTTP: another origin changes nothing, unknown names and wrong passwords look alike, failures wait") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db");
  const unsigned short port = srv.port();
  auto foreign = post(port, "/api/account/signup", {{"username", "dario"}, {"password", "dario's password"}},
                      {{"Origin", "https://evil.example"}});
  CHECK(foreign.status == 403);
  CHECK(foreign.json_body()["error"]["code"] == "bad_origin");
  CHECK(foreign.header("Set-Cookie").empty());
  // The foreign sign-up created nothing: the name is free.
  REQUIRE(post(port, "/api/account/signup", {{"username", "dario"}, {"password", "dario's password"}},
               {{"Origin", "http://127.0.0.1:" + std::to_string(port)}})
              .status == 201);

  const auto wrong = post(port, "/api/account/signin", {{"username", "dario"}, {"password", "not the password"}});
  const auto unknown = post(port, "/api/account/signin", {{"username", "nadia"}, {"password", "not the password"}});
  CHECK(wrong.status == 401);
  CHECK(unknown.status == wrong.status);
  CHECK(unknown.body == wrong.body);
  // Five failures per address are free (two so far); the next attempt waits.
  for (int i = 0; i < 3; ++i)
    CHECK(post(port, "/api/account/signin", {{"username", "dario"}, {"password", "still wrong"}}).status == 401);
  const auto limited = post(port, "/api/account/signin", {{"username", "dario"}, {"password", "dario's password"}});
  CHECK(limited.status == 429);
  CHECK(limited.json_body()["error"]["code"] == "rate_limited");
  CHECK(limited.header("Retry-After") == "1");
}

TEST_CASE(
    "accounts over HTTP: five free failures per address and per name, and failed reset codes count with sign-ins") {
  temp_dir dir;
  // Behind a trusted proxy, each request names its client's address.
  server_process srv(dir.path + "/a.db", {"--trusted-proxy", "127.0.0.1"});
  const unsigned short port = srv.port();
  const auto from = [](const std::string& address) { return header_list{{"X-Forwarded-For", address}}; };
  REQUIRE(post(port, "/api/account/signup", {{"username", "elisa"}, {"password", "elisa's password"}}, from("10.0.0.1"))
              .status == 201);
  const json wrong = {{"username", "elisa"}, {"password", "not the password"}};
  const json right = {{"username", "elisa"}, {"password", "elisa's password"}};

  // One name from five addresses: five failures are free, the sixth attempt waits.
  for (int i = 1; i <= 5; ++i)
    CHECK(post(port, "/api/account/signin", wrong, from("10.0.1." + std::to_string(i))).status == 401);
  auto limited = post(port, "/api/account/signin", right, from("10.0.1.6"));
  CHECK(limited.status == 429);
  CHECK(limited.header("Retry-After") == "1");

  // One address, five names: the same.
  for (int i = 1; i <= 5; ++i)
    CHECK(post(port, "/api/account/signin", {{"username", "name" + std::to_string(i)}, {"password", "x"}},
               from("10.0.2.1"))
              .status == 401);
  CHECK(post(port, "/api/account/signin", {{"username", "other"}, {"password", "x"}}, from("10.0.2.1")).status == 429);

  // Reset codes: five failures free, then the address waits, for reset codes and sign-ins alike.
  const json bad_code = {{"code", "made-up-code"}, {"password", "a new password"}};
  for (int i = 0; i < 5; ++i) CHECK(post(port, "/api/account/reset", bad_code, from("10.0.3.1")).status == 403);
  CHECK(post(port, "/api/account/reset", bad_code, from("10.0.3.1")).status == 429);
  CHECK(post(port, "/api/account/signin", {{"username", "other"}, {"password", "x"}}, from("10.0.3.1")).status == 429);
  // And the other way round: failed sign-ins make the address's reset codes wait.
  for (int i = 0; i < 5; ++i)
    CHECK(post(port, "/api/account/signin", {{"username", "other"}, {"password", "x"}}, from("10.0.4.1")).status ==
          401);
  CHECK(post(port, "/api/account/reset", bad_code, from("10.0.4.1")).status == 429);
}

TEST_CASE("accounts over HTTP: the session cookie is Secure when a trusted proxy says the request came over TLS") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db", {"--trusted-proxy", "127.0.0.1"});
  const auto up = post(
      srv.port(), "/api/account/signup", {{"username", "elena"}, {"password", "elena's password"}},
      {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "games.example"}, {"Origin", "https://games.example"}});
  REQUIRE(up.status == 201);
  CHECK(up.header("Set-Cookie").find("; Secure") != std::string::npos);
  const auto plain = post(srv.port(), "/api/account/signin", {{"username", "elena"}, {"password", "elena's password"}});
  REQUIRE(plain.status == 200);
  CHECK(plain.header("Set-Cookie").find("Secure") == std::string::npos);
}

TEST_CASE("accounts over HTTP: the owner makes the first administrator with tabuleiro admin create-user") {
  temp_dir dir;
  const std::string db = dir.path + "/a.db";
  const std::string bin = TABULEIRO_BIN;
  const auto run = [&](const std::string& args, const std::string& stdin_text) {
    std::ofstream(dir.path + "/in.txt") << stdin_text;
    return std::system(
        (bin + " admin " + args + " --db " + db + " < " + dir.path + "/in.txt > " + dir.path + "/out.txt 2>&1")
            .c_str());
  };
  // The shell never makes a database: the server's first start does.
  CHECK(WEXITSTATUS(run("create-user Owner --admin", "owner's password\n")) == 1);
  CHECK_FALSE(std::filesystem::exists(db));
  { server_process first(db); }
  REQUIRE(run("create-user Owner --admin", "owner's password\n") == 0);
  std::ifstream out(dir.path + "/out.txt");
  std::string said((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
  CHECK(said.find("created user Owner") != std::string::npos);
  CHECK(said.find("administrator") != std::string::npos);
  CHECK(said.find("owner's password") == std::string::npos);
  CHECK(run("create-user owner", "another password\n") != 0);  // taken
  CHECK(run("create-user ab", "another password\n") != 0);     // bad name
  CHECK(run("create-user shorty", "short\n") != 0);            // bad password
  CHECK(WEXITSTATUS(run("create-user", "")) == 2);             // usage
  // Making an administrator is in the audit log, as done from the shell.
  REQUIRE(run("audit", "") == 0);
  std::ifstream audit(dir.path + "/out.txt");
  const std::string log((std::istreambuf_iterator<char>(audit)), std::istreambuf_iterator<char>());
  CHECK(log.find("shell\tshell\tcreate_admin\tuser ") != std::string::npos);

  server_process srv(db);
  const auto in = post(srv.port(), "/api/account/signin", {{"username", "owner"}, {"password", "owner's password"}});
  REQUIRE(in.status == 200);
  CHECK(in.json_body()["user"]["admin"] == true);
  CHECK(in.json_body()["user"]["username"] == "Owner");
}

TEST_CASE("accounts over HTTP: with --access members only signed-in members create matches and sit, guests watch") {
  temp_dir dir;
  server_process srv(dir.path + "/a.db", {"--access", "members"});
  const unsigned short port = srv.port();
  const json game = {{"game", "taixu"}};
  auto guest = post(port, "/api/matches", game);
  CHECK(guest.status == 401);
  CHECK(guest.json_body()["error"]["code"] == "sign_in_required");
  const auto up = post(port, "/api/account/signup", {{"username", "rosa"}, {"password", "rosa's password"}});
  REQUIRE(up.status == 201);
  const std::string cookie = "tabuleiro_session=" + up.session_cookie();
  const std::string csrf = up.json_body()["csrf"];
  CHECK(post(port, "/api/matches", game, {{"Cookie", cookie}}).json_body()["error"]["code"] == "bad_csrf");
  const auto made = post(port, "/api/matches", game, {{"Cookie", cookie}, {"X-CSRF-Token", csrf}});
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  const std::string token = made.json_body()["token"];

  // A guest's join watches; a guest's seat token is refused.
  ws_client watcher(port);
  watcher.send({{"type", "join"}, {"code", code}});
  const json joined = watcher.until("joined");
  CHECK(joined["seat"].is_null());
  ws_client thief(port);
  thief.send({{"type", "join"}, {"code", code}, {"token", token}});
  CHECK(thief.until("error")["code"] == "sign_in_required");
  // A member's connection (the cookie at the upgrade) sits: the creator in the seat her account
  // holds, another member in the free one.
  ws_client creator(port, "", "/ws", "", cookie);
  creator.send({{"type", "join"}, {"code", code}});
  CHECK(creator.until("joined")["seat"] == 1);
  const auto other = post(port, "/api/account/signup", {{"username", "saulo"}, {"password", "saulo's password"}});
  ws_client member(port, "", "/ws", "", "tabuleiro_session=" + other.session_cookie());
  member.send({{"type", "join"}, {"code", code}});
  CHECK(member.until("joined")["seat"] == 2);
}

TEST_CASE("accounts over HTTP: with --access invite a sign-up needs an invitation from tabuleiro admin invite") {
  temp_dir dir;
  const std::string db = dir.path + "/a.db";
  const std::string code_file = dir.path + "/code.txt";
  server_process srv(db, {"--access", "invite"});  // its first start makes the database
  REQUIRE(std::system(
              (std::string(TABULEIRO_BIN) + " admin invite --days 2 --db " + db + " > " + code_file + " 2>/dev/null")
                  .c_str()) == 0);
  std::ifstream in(code_file);
  std::string code;
  std::getline(in, code);
  REQUIRE(code.size() == 24);
  const json who_am_i = {{"username", "sara"}, {"password", "sara's password"}};
  auto none = post(srv.port(), "/api/account/signup", who_am_i);
  CHECK(none.status == 403);
  CHECK(none.json_body()["error"]["code"] == "invitation_required");
  json with = who_am_i;
  with["invitation"] = code;
  CHECK(post(srv.port(), "/api/account/signup", with).status == 201);
  with["username"] = "tina";
  CHECK(post(srv.port(), "/api/account/signup", with).json_body()["error"]["code"] == "bad_invitation");
}

TEST_CASE(
    "accounts over HTTP: a seat taken while signed in is resumed by signing in anywhere, and listed in my games") {
  temp_dir dir;
  const std::string db = dir.path + "/a.db";
  std::string ana_cookie, code;
  {
    server_process srv(db);
    const unsigned short port = srv.port();
    const auto ana = post(port, "/api/account/signup", {{"username", "ana"}, {"password", "ana's password"}});
    REQUIRE(ana.status == 201);
    const auto made = post(port, "/api/matches", {{"game", "taixu"}},
                           {{"Cookie", "tabuleiro_session=" + ana.session_cookie()},
                            {"X-CSRF-Token", ana.json_body()["csrf"]}});
    REQUIRE(made.status == 201);
    code = made.json_body()["code"];
    const auto bruno = post(port, "/api/account/signup", {{"username", "bruno"}, {"password", "bruno's password"}});
    ws_client b(port, "", "/ws", "", "tabuleiro_session=" + bruno.session_cookie());
    b.send({{"type", "join"}, {"code", code}, {"name", "Bruno"}});
    CHECK(b.until("joined")["seat"] == 2);

    // Ana on another device: signing in there is enough, no token.
    const auto again = post(port, "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}});
    ana_cookie = "tabuleiro_session=" + again.session_cookie();
    ws_client a(port, "", "/ws", "", ana_cookie);
    a.send({{"type", "join"}, {"code", code}});
    const json joined = a.until("joined");
    CHECK(joined["seat"] == 1);
    CHECK_FALSE(joined.contains("token"));
    // A guest without a token only watches; a member asking to watch watches.
    ws_client guest(port);
    guest.send({{"type", "join"}, {"code", code}});
    CHECK(guest.until("joined")["seat"].is_null());
    ws_client watching(port, "", "/ws", "", ana_cookie);
    watching.send({{"type", "join"}, {"code", code}, {"as", "spectator"}});
    CHECK(watching.until("joined")["seat"].is_null());

    const auto mine = http_call(port, "GET", "/api/account/matches", "", {{"Cookie", ana_cookie}});
    REQUIRE(mine.status == 200);
    const json list = mine.json_body()["matches"];
    REQUIRE(list.size() == 1);
    CHECK(list[0]["code"] == code);
    CHECK(list[0]["game"] == "taixu");
    CHECK(list[0]["seat"] == 1);
    CHECK(list[0]["opponent"] == "Bruno");
    CHECK(list[0]["status"] == "waiting");
    CHECK(http_call(port, "GET", "/api/account/matches").status == 401);
  }
  // The account's seat is durable: after a restart the same session resumes it.
  server_process srv(db);
  ws_client a(srv.port(), "", "/ws", "", ana_cookie);
  a.send({{"type", "join"}, {"code", code}});
  CHECK(a.until("joined")["seat"] == 1);
}

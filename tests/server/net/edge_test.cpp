// The HTTP edge of the real server: every state-changing route (every method but GET, HEAD and
// OPTIONS under /api/) is refused, before it changes anything, when it comes from a foreign
// Origin or the opaque `null` Origin (403 bad_origin), or carries its body as anything but
// application/json (415), even with the right session cookie and CSRF token. The walk covers
// every route PROTOCOL.md lists; the state every route could change is read before and after.
#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// A subscription as a browser sends it (RFC 8291's example browser key).
json browser_subscription(const std::string& endpoint) {
  return {{"endpoint", endpoint},
          {"keys",
           {{"p256dh", "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"},
            {"auth", "BTBZMqHH6r4Tts7J_aSIgg"}}},
          {"label", "edge"}};
}

// One state-changing request: method, target, a body that the route would accept.
struct route {
  std::string method, target;
  json body;
};

}  // namespace

TEST_CASE("edge: every state-changing route refuses a foreign or null Origin and a body not sent as JSON") {
  temp_dir dir;
  server_process srv(dir.path + "/e.db", {"--clock", "manual"}, dir.path + "/server.log");
  const unsigned short port = srv.port();
  std::smatch m;
  const std::string log = read_all(dir.path + "/server.log");
  REQUIRE(std::regex_search(log, m, std::regex("/signup\\?invite=([A-Za-z0-9_-]+)")));
  const browser root = signed_in(
      http_call(port, "POST", "/api/account/signup",
                json{{"username", "root"}, {"password", "root's password"}, {"invitation", m[1].str()}}.dump()));
  const browser ana = signed_in(
      http_call(port, "POST", "/api/account/signup", json{{"username", "ana"}, {"password", "ana's password"}}.dump()));
  const auto users = http_call(port, "GET", "/api/admin/users?q=ana", "", root.headers()).json_body()["users"];
  REQUIRE(users.size() == 1);
  const std::string ana_id = std::to_string(users[0]["id"].get<std::int64_t>());
  const auto made = http_call(port, "POST", "/api/matches", json{{"game", "taixu"}}.dump(), root.headers());
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  // Ana's own settings, so that each of her routes has something to change.
  REQUIRE(http_call(port, "POST", "/api/push/subscriptions", browser_subscription("https://push.example.net/a").dump(),
                    ana.headers())
              .status == 201);
  const auto hook = http_call(port, "POST", "/api/webhooks", json{{"url", "https://hooks.example.net/a"}}.dump(),
                              ana.headers());
  REQUIRE(hook.status == 201);
  const std::string hook_id = std::to_string(hook.json_body()["webhook"]["id"].get<std::int64_t>());
  const auto invited = http_call(port, "POST", "/api/admin/invitations", "{}", root.headers());
  REQUIRE(invited.status == 201);
  const auto invitations = http_call(port, "GET", "/api/admin/invitations", "", root.headers()).json_body();
  const std::string invitation_id = invitations["invitations"][0]["id"];

  // What any route could change, read as its owner reads it.
  const auto state = [&] {
    json s;
    s["ana"] = http_call(port, "GET", "/api/account", "", ana.headers()).json_body();
    s["root"] = http_call(port, "GET", "/api/account", "", root.headers()).json_body();
    s["push"] = http_call(port, "GET", "/api/push", "", ana.headers()).json_body();
    s["webhooks"] = http_call(port, "GET", "/api/webhooks", "", ana.headers()).json_body();
    s["users"] = http_call(port, "GET", "/api/admin/users", "", root.headers()).json_body();
    s["invitations"] = http_call(port, "GET", "/api/admin/invitations", "", root.headers()).json_body();
    s["audit"] = http_call(port, "GET", "/api/admin/audit", "", root.headers()).json_body();
    s["maintenance"] = http_call(port, "GET", "/api/admin/server", "", root.headers()).json_body()["maintenance"];
    s["match"] = http_call(port, "GET", "/api/matches/" + code, "").json_body();
    s["matches"] = http_call(port, "GET", "/api/matches?status=waiting", "").json_body();
    s["now_ms"] = http_call(port, "POST", "/api/test/clock", R"({"advance_ms":0})").json_body()["now_ms"];
    return s;
  };
  const json before = state();

  const std::string users_route = "/api/admin/users/" + ana_id + "/";
  const std::vector<route> ana_routes = {
      {"POST", "/api/matches", {{"game", "taixu"}}},
      {"POST", "/api/matches/publish", {{"game", "taixu"}, {"seed", "1"}, {"actions", json::array()}}},
      {"POST", "/api/account/signup", {{"username", "zed"}, {"password", "zed's password"}}},
      {"POST", "/api/account/signin", {{"username", "ana"}, {"password", "ana's password"}}},
      {"POST", "/api/account/signout", json::object()},
      {"POST", "/api/account/signout-everywhere", json::object()},
      {"POST", "/api/account/profile", {{"display_name", "Changed"}}},
      {"POST", "/api/account/password", {{"current", "ana's password"}, {"password", "a new password"}}},
      {"POST", "/api/account/reset", {{"code", "unknown-code"}, {"password", "a new password"}}},
      {"POST", "/api/push/subscriptions", browser_subscription("https://push.example.net/b")},
      {"POST", "/api/push/unsubscribe", {{"id", 1}}},
      {"POST", "/api/push/notify", {{"turn", false}}},
      {"POST", "/api/webhooks", {{"url", "https://hooks.example.net/b"}}},
      {"POST", "/api/webhooks/" + hook_id + "/events", {{"events", {"result"}}}},
      {"POST", "/api/webhooks/" + hook_id + "/secret", json::object()},
      {"POST", "/api/webhooks/" + hook_id + "/test", json::object()},
      {"DELETE", "/api/webhooks/" + hook_id, nullptr},
      {"POST", "/api/test/clock", {{"advance_ms", 60000}}},
  };
  const std::vector<route> root_routes = {
      {"POST", users_route + "disable", json::object()},
      {"POST", users_route + "enable", json::object()},
      {"POST", users_route + "promote", json::object()},
      {"POST", users_route + "demote", json::object()},
      {"POST", users_route + "reset-link", json::object()},
      {"POST", "/api/admin/invitations", {{"days", 2}}},
      {"POST", "/api/admin/invitations/" + invitation_id + "/revoke", json::object()},
      {"POST", "/api/admin/matches/" + code + "/abort", {{"reason", "edge"}}},
      {"POST", "/api/admin/matches/" + code + "/delete", json::object()},
      {"POST", "/api/admin/reports/1/handled", json::object()},
      {"POST", "/api/admin/webhooks/" + hook_id + "/remove", json::object()},
      {"POST", "/api/admin/maintenance", {{"on", true}}},
  };
  const std::string own = "http://127.0.0.1:" + std::to_string(port);
  const auto walk = [&](const std::vector<route>& routes, const browser& b) {
    for (const auto& r : routes) {
      INFO(r.method << " " << r.target);
      const std::string body = r.body.is_null() ? "" : r.body.dump();
      for (const std::string origin : {"https://evil.example", "null"}) {
        INFO("Origin: " << origin);
        header_list h = b.headers();
        h.emplace_back("Origin", origin);
        const auto a = http_call(port, r.method, r.target, body, h);
        CHECK(a.status == 403);
        CHECK(a.body.find("bad_origin") != std::string::npos);
      }
      if (r.method == "DELETE") continue;  // no body to type
      for (const std::string type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"}) {
        INFO("Content-Type: " << type);
        header_list h = b.headers();
        h.emplace_back("Origin", own);
        h.emplace_back("Content-Type", type);
        const auto a = http_call(port, r.method, r.target, body, h);
        CHECK(a.status == 415);
        CHECK(a.body.find("unsupported_media_type") != std::string::npos);
      }
    }
  };
  walk(ana_routes, ana);
  walk(root_routes, root);
  CHECK(state() == before);

  // The same requests from the site's own page are answered (the walk refused them for their
  // Origin or type alone): ana's notifications and webhook change.
  header_list page = ana.headers();
  page.emplace_back("Origin", own);
  CHECK(http_call(port, "POST", "/api/push/notify", json{{"turn", false}}.dump(), page).status == 200);
  CHECK(http_call(port, "POST", "/api/webhooks/" + hook_id + "/secret", "{}", page).status == 200);
  CHECK(http_call(port, "POST", "/api/webhooks/" + hook_id + "/test", "{}", page).status == 202);
  CHECK(http_call(port, "DELETE", "/api/webhooks/" + hook_id, "", page).status == 200);
  CHECK(state() != before);
}

TEST_CASE("edge: a body member that a route does not take is refused bad_request, and nothing changes") {
  temp_dir dir;
  server_process srv(dir.path + "/e.db", {}, dir.path + "/server.log");
  const unsigned short port = srv.port();
  std::smatch m;
  const std::string log = read_all(dir.path + "/server.log");
  REQUIRE(std::regex_search(log, m, std::regex("/signup\\?invite=([A-Za-z0-9_-]+)")));
  const browser root = signed_in(
      http_call(port, "POST", "/api/account/signup",
                json{{"username", "root"}, {"password", "root's password"}, {"invitation", m[1].str()}}.dump()));
  const auto invitations = [&] {
    return http_call(port, "GET", "/api/admin/invitations", "", root.headers()).json_body();
  };
  const json before = invitations();
  const auto refused = [&](const std::string& target, const json& body) {
    INFO(target << " " << body.dump());
    const auto a = http_call(port, "POST", target, body.dump(), root.headers());
    CHECK(a.status == 400);
    if (a.status == 400) CHECK(a.json_body()["error"]["code"] == "bad_request");
  };
  refused("/api/admin/invitations", {{"extra", 1}});
  refused("/api/admin/invitations", {{"days", 2}, {"admin", true}});
  CHECK(invitations() == before);
  refused("/api/admin/maintenance", {{"on", true}, {"for", "ever"}});
  CHECK(http_call(port, "GET", "/api/admin/server", "", root.headers()).json_body()["maintenance"] == false);
  refused("/api/account/profile", {{"display_name", "Changed"}, {"admin", true}});
  CHECK(http_call(port, "GET", "/api/account", "", root.headers()).json_body()["user"]["display_name"] == "root");
  refused("/api/account/signup", {{"username", "zed"}, {"password", "zed's password"}, {"admin", true}});
  refused("/api/account/signin", {{"username", "root"}, {"password", "root's password"}, {"display_name", "x"}});
  refused("/api/account/password", {{"current", "root's password"}, {"password", "a new password"}, {"x", 1}});
  refused("/api/account/reset", {{"code", "c"}, {"password", "a new password"}, {"user", 1}});
  refused("/api/push/unsubscribe", {{"id", 1}, {"all", true}});
  refused("/api/push/subscriptions", {{"endpoint", "https://push.example.net/a"}, {"owner", 1}});
  CHECK(http_call(port, "GET", "/api/admin/users?q=zed", "", root.headers()).json_body()["users"].empty());
  CHECK(
      http_call(port, "POST", "/api/account/signin", json{{"username", "root"}, {"password", "root's password"}}.dump())
          .status == 200);
  // The routes still take what PROTOCOL.md lists.
  CHECK(
      http_call(port, "POST", "/api/admin/invitations", json{{"days", 2}, {"uses", 3}}.dump(), root.headers()).status ==
      201);
}

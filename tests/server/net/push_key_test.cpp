// The notification routes of the real server: the Web Push key (GET /api/push/key), a P-256
// public key made on the first start and the same after a restart, never its private half;
// and a member's settings (/api/push…): subscriptions added, renewed, listed without their
// keys, deleted, checked; the choice of notifications; sign-in and CSRF required.
#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

namespace {

// A subscription as a browser sends it; its p256dh is RFC 8291's example browser key.
json subscription(const std::string& endpoint, const std::string& label = "Chromium on Linux") {
  return {{"endpoint", endpoint},
          {"keys",
           {{"p256dh", "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"},
            {"auth", "BTBZMqHH6r4Tts7J_aSIgg"}}},
          {"label", label}};
}

}  // namespace

TEST_CASE("push key: made on the first start, kept across a restart, only its public half served") {
  temp_dir dir;
  const std::string db = dir.path + "/push.db";
  std::string first;
  {
    server_process srv(db);
    const auto a = http_call(srv.port(), "GET", "/api/push/key");
    REQUIRE(a.status == 200);
    CHECK(a.header("Cache-Control") == "no-cache");
    first = a.json_body()["public_key"].get<std::string>();
    // 65 bytes (0x04, x, y) in unpadded base64url: 87 characters, the first 'B' (tests/server/notify
    // checks that the stored pair is a P-256 key pair).
    CHECK(first.size() == 87);
    CHECK(first[0] == 'B');
    CHECK(first.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
          std::string::npos);
    CHECK(a.json_body().size() == 1);  // the public key alone
    const auto post = http_call(srv.port(), "POST", "/api/push/key", "{}");
    CHECK(post.status == 405);
    CHECK(post.header("Allow") == "GET, HEAD");
    const auto options = http_call(srv.port(), "OPTIONS", "/api/push/key");
    CHECK(options.status == 204);
    CHECK(options.header("Allow") == "GET, OPTIONS");
    CHECK(srv.terminate() == 0);
  }
  server_process again(db);
  CHECK(http_call(again.port(), "GET", "/api/push/key").json_body()["public_key"] == first);
}

TEST_CASE("push settings: a member's subscriptions and choice, signed in and with the CSRF token") {
  temp_dir dir;
  server_process srv(dir.path + "/push.db");
  const unsigned short port = srv.port();
  const auto up = http_call(port, "POST", "/api/account/signup",
                            json{{"username", "ana"}, {"password", "correct horse battery"}}.dump());
  REQUIRE(up.status == 201);
  const std::string cookie = "tabuleiro_session=" + up.session_cookie();
  const std::string csrf = up.json_body()["csrf"];
  const header_list member = {{"Cookie", cookie}, {"X-CSRF-Token", csrf}};
  const header_list no_csrf = {{"Cookie", cookie}};

  // Signed out: no settings; without the CSRF token: no change.
  CHECK(http_call(port, "GET", "/api/push").status == 401);
  CHECK(http_call(port, "POST", "/api/push/subscriptions", subscription("https://push.example.net/a").dump()).status ==
        401);
  CHECK(http_call(port, "POST", "/api/push/subscriptions", subscription("https://push.example.net/a").dump(), no_csrf)
            .status == 403);

  auto settings = http_call(port, "GET", "/api/push", "", no_csrf);
  REQUIRE(settings.status == 200);
  CHECK(settings.header("Cache-Control") == "no-store");
  CHECK(settings.json_body()["public_key"] == http_call(port, "GET", "/api/push/key").json_body()["public_key"]);
  CHECK(settings.json_body()["notify"] ==
        json{{"turn", true}, {"started", true}, {"low_time", true}, {"challenge", true}, {"result", true}});
  CHECK(settings.json_body()["subscriptions"] == json::array());

  // Subscribing: 201 with the list, which names each browser's push service, never its keys.
  const auto added = http_call(port, "POST", "/api/push/subscriptions",
                               subscription("https://Push.Example.net/wpush/a").dump(), member);
  REQUIRE(added.status == 201);
  const json subs = added.json_body()["subscriptions"];
  REQUIRE(subs.size() == 1);
  CHECK(subs[0]["label"] == "Chromium on Linux");
  CHECK(subs[0]["origin"] == "https://push.example.net");
  CHECK(subs[0]["created"].get<std::string>().size() == 20);
  CHECK(added.body.find("wpush") == std::string::npos);
  CHECK(added.body.find("BTBZMqHH6r4Tts7J") == std::string::npos);
  // The same endpoint again (a renewed subscription) stays one; a second browser is another.
  REQUIRE(http_call(port, "POST", "/api/push/subscriptions",
                    subscription("https://Push.Example.net/wpush/a", "Phone").dump(), member)
              .status == 201);
  const auto two = http_call(port, "POST", "/api/push/subscriptions",
                             subscription("https://fcm.googleapis.com/fcm/send/b").dump(), member);
  REQUIRE(two.status == 201);
  REQUIRE(two.json_body()["subscriptions"].size() == 2);
  CHECK(two.json_body()["subscriptions"][1]["label"] == "Phone");

  // Refused: not https, a point off the curve, a short auth, a malformed body.
  const auto plain = http_call(port, "POST", "/api/push/subscriptions",
                               subscription("http://push.example.net/a").dump(), member);
  CHECK(plain.status == 400);
  CHECK(plain.error_code() == "bad_endpoint");
  json off = subscription("https://push.example.net/c");
  // RFC 8291's browser key with one character of y changed: 65 bytes, but not on the curve.
  off["keys"]["p256dh"] = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAjw4";
  CHECK(http_call(port, "POST", "/api/push/subscriptions", off.dump(), member).error_code() == "bad_keys");
  json short_auth = subscription("https://push.example.net/c");
  short_auth["keys"]["auth"] = "BTBZMqHH";
  CHECK(http_call(port, "POST", "/api/push/subscriptions", short_auth.dump(), member).error_code() == "bad_keys");
  CHECK(http_call(port, "POST", "/api/push/subscriptions", R"({"endpoint":"https://push.example.net/c"})", member)
            .error_code() == "bad_request");
  CHECK(http_call(port, "POST", "/api/push/subscriptions", "[1]", member).error_code() == "bad_request");

  // The choice: the names given change, the others stay; anything else is refused.
  const auto chosen = http_call(port, "POST", "/api/push/notify", R"({"started":false,"low_time":false})", member);
  REQUIRE(chosen.status == 200);
  CHECK(chosen.json_body()["notify"] ==
        json{{"turn", true}, {"started", false}, {"low_time", false}, {"challenge", true}, {"result", true}});
  CHECK(http_call(port, "POST", "/api/push/notify", R"({"turn":"yes"})", member).error_code() == "bad_request");
  CHECK(http_call(port, "POST", "/api/push/notify", R"({"sounds":true})", member).error_code() == "bad_request");
  CHECK(http_call(port, "GET", "/api/push", "", no_csrf).json_body()["notify"]["started"] == false);

  // Unsubscribing one's own subscription; another id is unknown.
  const std::int64_t id = two.json_body()["subscriptions"][0]["id"];
  const auto gone = http_call(port, "POST", "/api/push/unsubscribe", json{{"id", id}}.dump(), member);
  REQUIRE(gone.status == 200);
  CHECK(gone.json_body()["subscriptions"].size() == 1);
  const auto again = http_call(port, "POST", "/api/push/unsubscribe", json{{"id", id}}.dump(), member);
  CHECK(again.status == 404);
  CHECK(again.error_code() == "unknown_subscription");
  CHECK(http_call(port, "GET", "/api/push/unsubscribe", "", no_csrf).status == 405);
  CHECK(http_call(port, "OPTIONS", "/api/push/unsubscribe").header("Allow") == "POST, OPTIONS");
}

// The route table, walked: every line of server/net/route_table.cpp is requested from the real
// server without each thing its fields ask for (a session, the role, the CSRF token, an allowed
// Origin, the media type, a body within its limit), and each is refused by the router's one
// check, before its handler changes anything. The table's own rules are checked first, so that
// a route added with the wrong fields (an admin route anyone may call, a state change that reads
// no session) fails here.
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "harness.h"
#include "server/net/route_table.h"

using namespace tabuleiro::test;
namespace srv = tabuleiro::server;

namespace {

// The routes that change state with no session to check: each authenticates by its body (a
// password, an invitation, a reset code) or exists only in tests (the clock).
const std::set<std::string> body_authenticated = {"/api/account/signup", "/api/account/signin", "/api/account/reset",
                                                  "/api/test/clock"};

// A pattern's path with each parameter given a value of its type.
std::string path_of(const std::string& pattern, const std::string& code) {
  std::string out;
  std::size_t at = 0;
  while (at < pattern.size()) {
    const auto open = pattern.find('{', at);
    if (open == std::string::npos) return out + pattern.substr(at);
    const auto close = pattern.find('}', open);
    out += pattern.substr(at, open - at);
    const std::string param = pattern.substr(open, close + 1 - open);
    if (param.ends_with(":int}")) out += "987654";
    else if (param.find("code") != std::string::npos) out += code;
    else out += "ana";
    at = close + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("routes: the table's lines follow its rules") {
  const auto table = srv::route_table(srv::route_features::all());
  REQUIRE(table.size() > 50);
  std::set<std::string> lines;
  for (const auto& r : table) {
    const std::string method(boost::beast::http::to_string(r.method));
    INFO(method << " " << r.pattern);
    CHECK(lines.insert(method + " " + r.pattern).second);  // one line per method and path
    CHECK(r.handler);
    CHECK(r.body_limit <= srv::large_body_bytes);
    // Whatever is not a GET changes state; a POST's body is JSON.
    if (r.method != boost::beast::http::verb::get) CHECK(r.does == srv::effect::changes);
    if (r.method == boost::beast::http::verb::post) CHECK(r.body == srv::media::json);
    if (r.pattern.starts_with("/api/admin/")) CHECK(r.who == srv::caller::admin);
    if (r.pattern.starts_with("/api/webhooks") || r.pattern == "/api/push" || r.pattern.starts_with("/api/push/") ||
        r.pattern == "/api/account/matches" || r.pattern == "/api/account/profile" ||
        r.pattern == "/api/account/password")
      CHECK((r.who == srv::caller::member || r.pattern == "/api/push/key"));
    if (r.does == srv::effect::changes && r.who == srv::caller::anyone) CHECK(body_authenticated.contains(r.pattern));
  }
}

TEST_CASE("routes: every route refuses a request without its session, role, CSRF token, origin, media type or size") {
  admin_server s({"--clock", "manual"});
  const unsigned short port = s.port();
  const browser ana = s.member("ana");
  const auto made = http_call(port, "POST", "/api/matches", json{{"game", "taixu"}}.dump(), s.root.headers());
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  const auto audit = [&] { return get(port, "/api/admin/audit", s.root).body; };
  const std::string audit_before = audit();
  const std::string own = "http://127.0.0.1:" + std::to_string(port);

  int walked = 0;
  for (const auto& r : srv::route_table(srv::route_features::all())) {
    const std::string method(boost::beast::http::to_string(r.method));
    const std::string target = path_of(r.pattern, code);
    INFO(method << " " << target);
    ++walked;
    const bool changes = r.does == srv::effect::changes;
    const bool has_body = r.body == srv::media::json;
    const std::string body = has_body ? "{}" : "";
    // A browser's request from the site's own page, then with one thing taken away.
    const auto from = [&](const browser& b, bool with_csrf = true) {
      header_list h = {{"Cookie", b.cookie}, {"Origin", own}};
      if (with_csrf) h.emplace_back("X-CSRF-Token", b.csrf);
      return h;
    };

    // A body over the route's limit: 413 before it is read.
    const auto big = http_call(port, method, target, std::string(r.body_limit + 1, ' '), from(s.root));
    CHECK(big.status == 413);
    CHECK(big.error_code() == "too_large");
    if (changes) {
      header_list h = from(s.root);
      h[1] = {"Origin", "https://evil.example"};
      const auto foreign = http_call(port, method, target, body, h);
      CHECK(foreign.status == 403);
      CHECK(foreign.error_code() == "bad_origin");
    }
    if (has_body) {
      header_list h = from(s.root);
      h.emplace_back("Content-Type", "text/plain");
      const auto plain = http_call(port, method, target, body, h);
      CHECK(plain.status == 415);
      CHECK(plain.error_code() == "unsupported_media_type");
    }
    if (r.who == srv::caller::member || r.who == srv::caller::admin) {
      const auto nobody = http_call(port, method, target, body, {{"Origin", own}});
      CHECK(nobody.status == 401);
      CHECK(nobody.error_code() == "signed_out");
      const auto lapsed = http_call(port, method, target, body,
                                    {{"Origin", own}, {"Cookie", "tabuleiro_session=not-a-session"}});
      CHECK(lapsed.status == 401);
    }
    if (r.who == srv::caller::admin) {
      const auto member = http_call(port, method, target, body, from(ana));
      CHECK(member.status == 403);
      CHECK(member.error_code() == "not_admin");
    }
    if (changes && r.who != srv::caller::anyone) {
      const auto missing = http_call(port, method, target, body, from(s.root, false));
      CHECK(missing.status == 403);
      CHECK(missing.error_code() == "bad_csrf");
      header_list wrong = from(s.root, false);
      wrong.emplace_back("X-CSRF-Token", std::string(s.root.csrf.size(), 'A'));
      const auto forged = http_call(port, method, target, body, wrong);
      CHECK(forged.status == 403);
      CHECK(forged.error_code() == "bad_csrf");
    }
    // OPTIONS names the route's method; another method is 405 with the same list.
    const auto options = http_call(port, "OPTIONS", target, "", {{"Origin", own}});
    if (target.starts_with("/api/")) {
      CHECK(options.status == 204);
      CHECK(options.header("Allow").find(method) != std::string::npos);
    }
  }
  CHECK(walked == static_cast<int>(srv::route_table(srv::route_features::all()).size()));
  CHECK(audit() == audit_before);  // no administrator's change went through
  CHECK(get(port, "/api/account", ana).json_body()["user"]["username"] == "ana");  // no sign-out either
}

// The real server's hardening: origins, media types, OPTIONS, security headers, trusted
// proxies, Retry-After, server-drawn seeds, and no token in the log.
#include <fstream>

#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

namespace {

// The error code of a JSON error answer.

// A WebSocket upgrade request by hand (so that a refusal's HTTP answer can be read).
http_answer upgrade(unsigned short port, const std::string& origin) {
  header_list h = {{"Upgrade", "websocket"},
                   {"Connection", "Upgrade"},
                   {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                   {"Sec-WebSocket-Version", "13"}};
  if (!origin.empty()) h.emplace_back("Origin", origin);
  return http_call(port, "GET", "/ws", "", h);
}

// Whether a fresh WebSocket with this Origin is accepted and answers a ping.
bool ws_accepted(unsigned short port, const std::string& origin) {
  try {
    ws_client c(port, origin);
    c.send(json{{"type", "ping"}, {"t", 1}});
    auto m = c.recv(5);
    return m && (*m)["type"] == "pong";
  } catch (const std::exception&) {
    return false;
  }
}

const std::string taixu_body = R"({"game":"taixu"})";

}  // namespace

TEST_CASE("harden: a cross-origin WebSocket upgrade is refused with 403 bad_origin") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--public-url", "https://play.example/"});
  const std::string self = "http://127.0.0.1:" + std::to_string(srv.port());
  auto refused = upgrade(srv.port(), "https://evil.example");
  CHECK(refused.status == 403);
  CHECK(refused.error_code() == "bad_origin");
  CHECK(upgrade(srv.port(), "null").status == 403);
  CHECK(upgrade(srv.port(), "https://play.example.evil.example").status == 403);
  CHECK_FALSE(ws_accepted(srv.port(), "https://evil.example"));
  CHECK(ws_accepted(srv.port(), self));                    // http://<bind>:<port>
  CHECK(ws_accepted(srv.port(), "HTTPS://Play.Example"));  // the public URL's origin
  CHECK(ws_accepted(srv.port(), "https://play.example:443"));
  CHECK(ws_accepted(srv.port(), ""));  // no Origin: not a browser
}

TEST_CASE("harden: --allowed-origins adds origins, exactly") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--allowed-origins", "https://a.example, http://b.example:8000"});
  CHECK(ws_accepted(srv.port(), "https://a.example"));
  CHECK(ws_accepted(srv.port(), "http://b.example:8000"));
  CHECK_FALSE(ws_accepted(srv.port(), "http://b.example"));
  CHECK_FALSE(ws_accepted(srv.port(), "http://a.example"));
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Origin", "https://a.example"}}).status == 201);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Origin", "https://c.example"}}).status == 403);
}

TEST_CASE("harden: state-changing requests check Origin and Content-Type") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  const std::string self = "http://127.0.0.1:" + std::to_string(srv.port());
  auto foreign = http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Origin", "https://evil.example"}});
  CHECK(foreign.status == 403);
  CHECK(foreign.error_code() == "bad_origin");
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Origin", self}}).status == 201);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body).status == 201);  // no Origin
  auto plain = http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Content-Type", "text/plain"}});
  CHECK(plain.status == 415);
  CHECK(plain.error_code() == "unsupported_media_type");
  CHECK(
      http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Content-Type", "application/x-www-form-urlencoded"}})
          .status == 415);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body, {{"Content-Type", "Application/JSON; charset=utf-8"}})
            .status == 201);
  const std::string advance = R"({"advance_ms":1})";
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", advance, {{"Origin", "https://evil.example"}}).status == 403);
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", advance, {{"Content-Type", "text/plain"}}).status == 415);
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", advance).status == 200);
}

TEST_CASE("harden: OPTIONS on API routes answers 204 with Allow and grants no CORS") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  const header_list preflight = {{"Origin", "https://evil.example"}, {"Access-Control-Request-Method", "POST"}};
  auto o = http_call(srv.port(), "OPTIONS", "/api/matches", "", preflight);
  CHECK(o.status == 204);
  CHECK(o.header("Allow") == "GET, POST, OPTIONS");
  CHECK(http_call(srv.port(), "OPTIONS", "/api/matches/ABCDEF", "", preflight).header("Allow") == "GET, OPTIONS");
  CHECK(http_call(srv.port(), "OPTIONS", "/api/nothing", "", preflight).status == 404);
  for (const auto& [name, value] : o.headers) {
    INFO(name << ": " << value);
    CHECK_FALSE(name.rfind("Access-Control-", 0) == 0);
  }
}

TEST_CASE("harden: every file and API answer carries the security headers") {
  temp_dir dir;
  std::filesystem::create_directories(dir.path + "/web");
  std::ofstream(dir.path + "/web/index.html")
      << "<!doctype html><script type=\"importmap\">{\"imports\":{}}</script><script src=\"/a.js\"></script>";
  std::ofstream(dir.path + "/web/a.js") << "1";
  server_process srv(dir.path + "/t.db", {"--web", dir.path + "/web"});
  // sha256 of {"imports":{}}, the page's one inline script.
  const std::string hash = "'sha256-URrTy+Il/Nz0lHojVUx275hWqAWhkSF0VsHbUM4/6Hw='";
  for (const auto& [method, target] : std::vector<std::pair<std::string, std::string>>{{"GET", "/"},
                                                                                       {"GET", "/a.js"},
                                                                                       {"HEAD", "/a.js"},
                                                                                       {"GET", "/m/ABCDEF"},
                                                                                       {"GET", "/nothing"},
                                                                                       {"GET", "/api/matches"},
                                                                                       {"GET", "/api/matches/ABCDEF"},
                                                                                       {"POST", "/api/matches"},
                                                                                       {"GET", "/healthz"}}) {
    auto a = http_call(srv.port(), method, target, method == "POST" ? taixu_body : "");
    INFO(method << " " << target << " → " << a.status);
    const std::string csp = a.header("Content-Security-Policy");
    CHECK(csp.find("default-src 'none'") != std::string::npos);
    CHECK(csp.find("script-src 'self' " + hash) != std::string::npos);
    CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
    CHECK(csp.find("unsafe-inline") == std::string::npos);
    CHECK(a.header("X-Content-Type-Options") == "nosniff");
    CHECK(a.header("Referrer-Policy") == "no-referrer");
    CHECK(a.header("X-Frame-Options") == "DENY");
  }
}

TEST_CASE("harden: behind a trusted proxy, creation quotas are per X-Forwarded-For client") {
  temp_dir dir;
  server_process proxied(dir.path + "/p.db", {"--create-limit", "1", "--trusted-proxy", "10.0.0.0/8, 127.0.0.1, ::1"});
  auto create_as = [&](unsigned short port, const header_list& h) {
    return http_call(port, "POST", "/api/matches", taixu_body, h).status;
  };
  CHECK(create_as(proxied.port(), {{"X-Forwarded-For", "203.0.113.1"}}) == 201);
  CHECK(create_as(proxied.port(), {{"X-Forwarded-For", "203.0.113.1"}}) == 429);
  CHECK(create_as(proxied.port(), {{"X-Forwarded-For", "203.0.113.2"}}) == 201);
  // The right-most untrusted hop counts: a client cannot pick its key by prepending one.
  CHECK(create_as(proxied.port(), {{"X-Forwarded-For", "198.51.100.7, 203.0.113.2, 10.1.2.3"}}) == 429);
  CHECK(create_as(proxied.port(), {{"Forwarded", "for=\"[2001:db8::5]:4711\";proto=https"}}) == 201);
  CHECK(create_as(proxied.port(), {{"Forwarded", "for=\"[2001:db8::5]\""}}) == 429);
  CHECK(create_as(proxied.port(), {}) == 201);  // the proxy itself
  server_process direct(dir.path + "/d.db", {"--create-limit", "1"});
  CHECK(create_as(direct.port(), {{"X-Forwarded-For", "203.0.113.1"}}) == 201);
  CHECK(create_as(direct.port(), {{"X-Forwarded-For", "203.0.113.2"}}) == 429);  // ignored
}

TEST_CASE("harden: 429 carries Retry-After, the seconds until the oldest creation leaves the window") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--create-limit", "2", "--clock", "manual"});
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body).status == 201);
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", R"({"advance_ms":20000})").status == 200);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body).status == 201);
  auto limited = http_call(srv.port(), "POST", "/api/matches", taixu_body);
  CHECK(limited.status == 429);
  CHECK(limited.error_code() == "rate_limited");
  CHECK(limited.header("Retry-After") == "40");
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", R"({"advance_ms":39500})").status == 200);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body).header("Retry-After") == "1");
  CHECK(http_call(srv.port(), "POST", "/api/test/clock", R"({"advance_ms":500})").status == 200);
  CHECK(http_call(srv.port(), "POST", "/api/matches", taixu_body).status == 201);
}

TEST_CASE("harden: a posted position may not carry seed or rng") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  json position = json::parse(R"({"game":"taixu","to_move":1,"round":1,"pc":5,"bonus":[0,0],
      "reserve":[8,8],"pieces":[],"anomalies":[{"at":"b6","effect":"overload"},{"at":"g2","effect":"echo"}]})");
  CHECK(http_call(srv.port(), "POST", "/api/matches", json{{"game", "taixu"}, {"position", position}}.dump()).status ==
        201);
  for (const auto& [key, value] : std::vector<std::pair<std::string, json>>{{"seed", "42"}, {"rng", "0"}}) {
    json p = position;
    p[key] = value;
    auto a = http_call(srv.port(), "POST", "/api/matches", json{{"game", "taixu"}, {"position", p}}.dump());
    INFO(key << ": " << a.body);
    CHECK(a.status == 400);
    CHECK(a.error_code() == "bad_position");
    CHECK(a.json_body()["error"]["message"] == "a posted position may not carry seed or rng; the server draws its own");
  }
}

TEST_CASE("harden: seat tokens never reach the server's log") {
  temp_dir dir;
  const std::string db = dir.path + "/t.db";
  std::vector<std::string> tokens;
  {
    server_process srv(db);
    created_match m = create_match(srv.port(), {{"game", "taixu"}});
    tokens.push_back(m.token);
    tracked_view t1, t2, t2b, bad;
    auto p1 = std::make_unique<ws_client>(srv.port());
    join(*p1, t1, m.code, {{"token", m.token}});
    auto p2 = std::make_unique<ws_client>(srv.port());
    json j2 = join(*p2, t2, m.code);
    REQUIRE(j2.contains("token"));
    tokens.push_back(j2["token"]);
    p2.reset();  // reconnect seat 2 with its token
    ws_client p2b(srv.port());
    CHECK(join(p2b, t2b, m.code, {{"token", tokens[1]}})["seat"] == 2);
    ws_client p1b(srv.port());  // seat 1 again: replaces the older connection
    tracked_view t1b;
    CHECK(join(p1b, t1b, m.code, {{"token", m.token}})["seat"] == 1);
    CHECK(p1->wait_closed() == 4000);
    ws_client wrong(srv.port());
    const std::string guess = std::string(tokens[0].rbegin(), tokens[0].rend());
    wrong.send({{"type", "join"}, {"code", m.code}, {"token", guess}});
    CHECK(wrong.expect("error")["code"] == "bad_token");
    tokens.push_back(guess);
    CHECK(srv.terminate() == 0);
  }
  std::ifstream in(db + ".log");
  const std::string log((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(log.find("ws #") != std::string::npos);  // the log was written, at debug level
  for (const auto& t : tokens) {
    INFO("token " << t);
    CHECK(log.find(t) == std::string::npos);
  }
}

// The real server names itself by the address each request was sent to when no public URL is
// configured: same-origin from the request's own Host (or a trusted proxy's X-Forwarded-Host
// and -Proto), share links on that host, malformed Host values refused, and requests to other
// hosts refused while bound to loopback (DNS rebinding).
#include <boost/asio/connect.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

const std::string game = R"({"game":"taixu"})";

// The error code of a JSON error answer.

// POST /api/matches with these headers.
http_answer create(unsigned short port, const header_list& headers) {
  return http_call(port, "POST", "/api/matches", game, headers);
}

// The link of a 201 creation answer ("" when it was refused).
std::string link_of(const http_answer& a) { return a.status == 201 ? a.json_body()["link"].get<std::string>() : ""; }

// A WebSocket upgrade request by hand (so that a refusal's HTTP answer can be read).
http_answer upgrade(unsigned short port, const header_list& extra) {
  header_list h = {{"Upgrade", "websocket"},
                   {"Connection", "Upgrade"},
                   {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                   {"Sec-WebSocket-Version", "13"}};
  h.insert(h.end(), extra.begin(), extra.end());
  return http_call(port, "GET", "/ws", "", h);
}

// Whether a WebSocket with this Origin and Host completes its handshake and answers a ping.
bool ws_accepted(unsigned short port, const std::string& origin, const std::string& host) {
  try {
    ws_client c(port, origin, "/ws", host);
    c.send(json{{"type", "ping"}, {"t", 1}});
    auto m = c.recv(5);
    return m && (*m)["type"] == "pong";
  } catch (const std::exception&) {
    return false;
  }
}

// The status of the answer to a request written byte for byte (for header sets http_call
// cannot make: no Host, two Hosts).
int raw_status(unsigned short port, const std::string& request) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(5));
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(stream, net::buffer(request));
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(stream, buf, res);
  return static_cast<int>(res.result_int());
}

}  // namespace

TEST_CASE("site: without a public URL, a page from localhost may create and connect") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  const std::string p = std::to_string(srv.port());
  for (const std::string host : {"localhost", "127.0.0.1", "LocalHost"}) {
    INFO(host);
    const std::string origin = "http://" + host + ":" + p;
    const auto made = create(srv.port(), {{"Host", host + ":" + p}, {"Origin", origin}});
    CHECK(made.status == 201);
    CHECK(link_of(made) == "http://" + std::string(host == "LocalHost" ? "localhost" : host) + ":" + p + "/m/" +
                               made.json_body()["code"].get<std::string>());
    CHECK(ws_accepted(srv.port(), origin, host + ":" + p));
    CHECK(upgrade(srv.port(), {{"Host", host + ":" + p}, {"Origin", origin}}).status == 101);
  }
}

TEST_CASE("site: without a public URL, other origins are still refused") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  const std::string p = std::to_string(srv.port());
  const std::string host = "localhost:" + p;
  for (const std::string& origin : std::vector<std::string>{
           "http://evil.example", "http://evil.example:" + p, "https://localhost:" + p,
           "http://localhost:" + std::to_string(srv.port() == 65535 ? 1 : srv.port() + 1), "null"}) {
    INFO(origin);
    const auto refused = create(srv.port(), {{"Host", host}, {"Origin", origin}});
    CHECK(refused.status == 403);
    CHECK(refused.error_code() == "bad_origin");
    CHECK(upgrade(srv.port(), {{"Host", host}, {"Origin", origin}}).status == 403);
    CHECK_FALSE(ws_accepted(srv.port(), origin, host));
  }
  // A Host that merely names the attacker's origin is refused on a loopback server anyway.
  const auto rebound = create(srv.port(), {{"Host", "evil.example:" + p}, {"Origin", "http://evil.example:" + p}});
  CHECK(rebound.status == 400);
  CHECK(rebound.error_code() == "bad_host");
  CHECK_FALSE(ws_accepted(srv.port(), "http://evil.example:" + p, "evil.example:" + p));
}

TEST_CASE("site: each creator's link is built from the Host of its own request") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--allowed-origins", "http://192.168.1.10:8080"});
  const auto lan = create(srv.port(), {{"Host", "192.168.1.10:8080"}, {"Origin", "http://192.168.1.10:8080"}});
  REQUIRE(lan.status == 201);
  CHECK(link_of(lan).rfind("http://192.168.1.10:8080/m/", 0) == 0);
  const auto local = create(srv.port(), {{"Host", "localhost:" + std::to_string(srv.port())}});
  CHECK(link_of(local).rfind("http://localhost:" + std::to_string(srv.port()) + "/m/", 0) == 0);
  // The other request's Host left nothing behind: the first creator's link is its own.
  const auto again = create(srv.port(), {});
  CHECK(link_of(again).rfind("http://127.0.0.1:" + std::to_string(srv.port()) + "/m/", 0) == 0);
  // The listing and a match's description carry no link to anyone's host.
  const auto code = lan.json_body()["code"].get<std::string>();
  CHECK(http_call(srv.port(), "GET", "/api/matches/" + code).body.find("192.168") == std::string::npos);
  CHECK(http_call(srv.port(), "GET", "/api/matches").body.find("192.168") == std::string::npos);
}

TEST_CASE("site: bound to loopback, requests to another host are refused unless allowed") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  const auto lan = create(srv.port(), {{"Host", "192.168.1.10:8080"}});
  CHECK(lan.status == 400);
  CHECK(lan.error_code() == "bad_host");
  CHECK(http_call(srv.port(), "GET", "/", "", {{"Host", "192.168.1.10:8080"}}).status == 400);
  CHECK(http_call(srv.port(), "GET", "/healthz", "", {{"Host", "tabuleiro.localhost:1"}}).status == 200);
  CHECK(http_call(srv.port(), "GET", "/healthz", "", {{"Host", "[::1]:80"}}).status == 200);
  CHECK(http_call(srv.port(), "GET", "/healthz", "", {{"Host", "127.0.0.2"}}).status == 200);
}

TEST_CASE("site: a malformed Host is refused with 400 bad_host") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  for (const std::string& host :
       std::vector<std::string>{"bad host", "a/b", "[::1", "[::1]x", "localhost:", "localhost:99999", "localhost:8a",
                                "user@localhost", "999.1.1.1", "local..host", "[zz::1]", std::string(300, 'a')}) {
    INFO(host);
    const auto a = http_call(srv.port(), "GET", "/api/matches", "", {{"Host", host}});
    CHECK(a.status == 400);
    CHECK(a.error_code() == "bad_host");
  }
  const std::string p = std::to_string(srv.port());
  CHECK(raw_status(srv.port(), "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n") == 400);
  CHECK(raw_status(srv.port(), "GET /healthz HTTP/1.1\r\nHost: localhost:" + p +
                                   "\r\nHost: evil.example\r\n"
                                   "Connection: close\r\n\r\n") == 400);
  // HTTP/1.0 may leave Host out: the link is then on the address the connection reached.
  CHECK(raw_status(srv.port(), "GET /healthz HTTP/1.0\r\n\r\n") == 200);
}

TEST_CASE("site: behind a trusted proxy, the forwarded host and scheme name the site") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--trusted-proxy", "127.0.0.1"});
  const header_list forwarded = {
      {"Host", "tabuleiro:8080"}, {"X-Forwarded-Host", "play.example:8443"}, {"X-Forwarded-Proto", "https"}};
  auto with = [](header_list h, std::string name, std::string value) {
    h.emplace_back(std::move(name), std::move(value));
    return h;
  };
  const auto made = create(srv.port(), with(forwarded, "Origin", "https://play.example:8443"));
  CHECK(made.status == 201);
  CHECK(link_of(made).rfind("https://play.example:8443/m/", 0) == 0);
  CHECK(upgrade(srv.port(), with(forwarded, "Origin", "https://play.example:8443")).status == 101);
  CHECK(create(srv.port(), with(forwarded, "Origin", "http://play.example:8443")).status == 403);
  CHECK(create(srv.port(), with(forwarded, "Origin", "https://tabuleiro:8080")).status == 403);
  // The nearest proxy's value (the right-most) counts.
  const auto chained = create(srv.port(), {{"X-Forwarded-Host", "evil.example, play.example"},
                                           {"X-Forwarded-Proto", "http, https"}});
  CHECK(link_of(chained).rfind("https://play.example/m/", 0) == 0);
  // RFC 7239's Forwarded header, when X-Forwarded-Host is absent.
  const auto standard = create(srv.port(), {{"Forwarded", "for=203.0.113.9;host=\"games.example\";proto=https"}});
  CHECK(link_of(standard).rfind("https://games.example/m/", 0) == 0);
  // A malformed forwarded host is refused like a malformed Host.
  CHECK(create(srv.port(), {{"X-Forwarded-Host", "bad host"}}).status == 400);
}

TEST_CASE("site: from an untrusted peer, forwarded host and scheme are ignored") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--trusted-proxy", "10.0.0.0/8"});
  const std::string self = "localhost:" + std::to_string(srv.port());
  const header_list spoofed = {{"Host", self},
                               {"X-Forwarded-Host", "evil.example"},
                               {"X-Forwarded-Proto", "https"},
                               {"Forwarded", "host=evil.example;proto=https"}};
  auto h = spoofed;
  h.emplace_back("Origin", "https://evil.example");
  CHECK(create(srv.port(), h).status == 403);
  h.back().second = "http://" + self;
  const auto made = create(srv.port(), h);
  CHECK(made.status == 201);
  CHECK(link_of(made).rfind("http://" + self + "/m/", 0) == 0);
}

TEST_CASE("site: with a public URL, links and origins are the public URL's alone") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--public-url", "https://play.example/"});
  const std::string self = "localhost:" + std::to_string(srv.port());
  const auto made = create(srv.port(), {{"Host", self}});
  CHECK(link_of(made).rfind("https://play.example/m/", 0) == 0);
  CHECK(create(srv.port(), {{"Host", self}, {"Origin", "http://" + self}}).status == 403);
  CHECK(create(srv.port(), {{"Host", self}, {"Origin", "https://play.example"}}).status == 201);
  // Any host is answered (the public name is the operator's), but a malformed one is not.
  CHECK(create(srv.port(), {{"Host", "play.example"}}).status == 201);
  CHECK(create(srv.port(), {{"Host", "bad host"}}).status == 400);
}

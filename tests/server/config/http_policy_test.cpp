// The HTTP policy without a socket (server/config/http_policy.h): origins, JSON media types, the
// client's address behind trusted proxies; Host parsing, the site of a request (trusted
// proxies' forwarded host and scheme), which hosts are answered, which origins allowed, and
// the base of the links the server writes.
#include <catch2/catch.hpp>

#include "server/config/http_policy.h"

using namespace tabuleiro::server;
namespace http = boost::beast::http;

namespace {

// Headers from name/value pairs.
http::fields headers(std::initializer_list<std::pair<const char*, const char*>> list) {
  http::fields f;
  for (const auto& [name, value] : list) f.insert(name, value);
  return f;
}

// The site of a plain HTTP/1.1 request with these headers from an untrusted peer.
request_site direct(std::initializer_list<std::pair<const char*, const char*>> list) {
  auto site = site_of(headers(list), 11, false, "127.0.0.1:8080");
  REQUIRE(site);
  return *site;
}

}  // namespace

TEST_CASE("http policy: origins are compared as normalized scheme://host[:port]") {
  CHECK(normalize_origin("HTTPS://Play.Example:443/m/ABC") == "https://play.example");
  CHECK(normalize_origin("http://127.0.0.1:8080") == "http://127.0.0.1:8080");
  CHECK(normalize_origin("http://[::1]:80") == "http://[::1]");
  CHECK_FALSE(normalize_origin("null"));
  CHECK_FALSE(normalize_origin("ftp://x.example"));
  CHECK_FALSE(normalize_origin("http://u@x.example"));
  CHECK_FALSE(normalize_origin("http://x.example:port"));
  const auto own = own_origins("https://play.example/", "127.0.0.1", 8080, {"http://b.example:8000"});
  CHECK(origin_allowed("https://play.example", own));
  CHECK(origin_allowed("http://127.0.0.1:8080", own));
  CHECK(origin_allowed("http://B.example:8000", own));
  CHECK_FALSE(origin_allowed("http://127.0.0.1:8081", own));
  CHECK_FALSE(origin_allowed("http://play.example", own));
  CHECK(is_json_media_type("application/json"));
  CHECK(is_json_media_type(" Application/JSON ; charset=utf-8"));
  CHECK_FALSE(is_json_media_type("text/plain"));
  CHECK_FALSE(is_json_media_type("application/jsonx"));
  CHECK_FALSE(is_json_media_type(""));
}

TEST_CASE("http policy: the client address behind trusted proxies") {
  namespace ip = boost::asio::ip;
  auto t = trusted_proxies::parse("10.0.0.0/8, 192.0.2.1, fd00::/8");
  REQUIRE(t);
  CHECK(t->contains(ip::make_address("10.9.8.7")));
  CHECK(t->contains(ip::make_address("::ffff:10.9.8.7")));
  CHECK(t->contains(ip::make_address("fd12::1")));
  CHECK_FALSE(t->contains(ip::make_address("192.0.2.2")));
  CHECK_FALSE(t->contains(ip::make_address("fe80::1")));
  CHECK_FALSE(trusted_proxies::parse("10.0.0.0/33"));
  CHECK_FALSE(trusted_proxies::parse("proxy.example"));
  CHECK(trusted_proxies::parse("")->empty());
  boost::beast::http::fields h;
  h.set("X-Forwarded-For", "198.51.100.1, 203.0.113.9, 10.0.0.2");
  CHECK(client_address(ip::make_address("10.0.0.1"), h, *t) == "203.0.113.9");
  CHECK(client_address(ip::make_address("203.0.113.50"), h, *t) == "203.0.113.50");  // untrusted peer
  boost::beast::http::fields f;
  f.set("Forwarded", "for=192.0.2.60;proto=http, for=\"[2001:db8:cafe::17]:4711\"");
  CHECK(client_address(ip::make_address("10.0.0.1"), f, *t) == "2001:db8:cafe::17");
  CHECK(client_address(ip::make_address("10.0.0.1"), {}, *t) == "10.0.0.1");
}

TEST_CASE("site policy: Host values are host[:port] with a valid host") {
  CHECK(parse_host("LocalHost:8080")->host == "localhost");
  CHECK(parse_host("localhost:8080")->port == "8080");
  CHECK(parse_host("play.example")->port.empty());
  CHECK(parse_host("[::1]:80")->host == "[::1]");
  CHECK(parse_host("192.168.1.10:8080")->host == "192.168.1.10");
  CHECK(parse_host("my_box.lan.")->host == "my_box.lan.");
  for (const char* bad : {"", "a b", "a/b", "a@b", "[::1", "[::1]:", "[::1]8", "[g::1]", "x:", "x:65536", "x:1a",
                          "x:123456", ".x", "a..b", "1.2.3.256", "1.2.3", "x:8080:1"}) {
    INFO(bad);
    CHECK_FALSE(parse_host(bad));
  }
}

TEST_CASE("site policy: a request's site comes from Host, or from a trusted proxy's headers") {
  const auto plain = direct({{"Host", "localhost:8080"}});
  CHECK(plain.origin() == "http://localhost:8080");
  CHECK_FALSE(plain.forwarded);
  // An untrusted peer's forwarded headers are ignored.
  CHECK(direct({{"Host", "a.example"}, {"X-Forwarded-Host", "b.example"}, {"X-Forwarded-Proto", "https"}}).origin() ==
        "http://a.example");
  auto proxied = site_of(headers({{"Host", "up:8080"},
                                  {"X-Forwarded-Host", "x.example, play.example:8443"},
                                  {"X-Forwarded-Proto", "https"}}),
                         11, true, "");
  REQUIRE(proxied);
  CHECK(proxied->origin() == "https://play.example:8443");
  CHECK(proxied->forwarded);
  auto standard = site_of(headers({{"Host", "up"}, {"Forwarded", "for=1.2.3.4;host=\"g.example:444\";proto=https"}}),
                          11, true, "");
  REQUIRE(standard);
  CHECK(standard->origin() == "https://g.example:444");
  // A proxy's scheme other than http or https is not believed; its Host still counts.
  CHECK(site_of(headers({{"Host", "up"}, {"X-Forwarded-Proto", "gopher"}}), 11, true, "")->origin() == "http://up");
  CHECK_FALSE(site_of(headers({{"Host", "up"}, {"X-Forwarded-Host", "bad host"}}), 11, true, ""));
  // HTTP/1.1 needs Host (exactly one); HTTP/1.0 may leave it out for the connection's address.
  CHECK_FALSE(site_of(headers({}), 11, false, "127.0.0.1:8080"));
  http::fields two;
  two.insert(http::field::host, "a.example");
  two.insert(http::field::host, "b.example");
  CHECK_FALSE(site_of(two, 11, false, "127.0.0.1:8080"));
  CHECK(site_of(headers({}), 10, false, "127.0.0.1:8080")->origin() == "http://127.0.0.1:8080");
}

TEST_CASE("site policy: without a public URL, same-origin is the request's own site") {
  const site_policy any("", own_origins("", "0.0.0.0", 8080, {"https://extra.example"}), false);
  CHECK(any.from_requests());
  const auto lan = direct({{"Host", "192.168.1.10:8080"}});
  CHECK(any.refusal(lan).empty());
  CHECK(any.allows_origin("http://192.168.1.10:8080", lan));
  CHECK_FALSE(any.allows_origin("http://192.168.1.10:8081", lan));
  CHECK_FALSE(any.allows_origin("https://192.168.1.10:8080", lan));
  CHECK_FALSE(any.allows_origin("http://evil.example", lan));
  CHECK(any.allows_origin("https://extra.example", lan));  // --allowed-origins, everywhere
  CHECK(any.link_base(lan) == "http://192.168.1.10:8080");
  // The server never writes a link to an unspecified address: the browser that used one is
  // on this machine, which localhost names.
  CHECK(any.link_base(direct({{"Host", "0.0.0.0:8080"}})) == "http://localhost:8080");
  CHECK(any.link_base(direct({{"Host", "[::]:8080"}})) == "http://localhost:8080");
  CHECK(any.link_base(direct({{"Host", "[::ffff:0.0.0.0]:8080"}})) == "http://localhost:8080");
}

TEST_CASE("site policy: bound to loopback without a public URL, only this machine's names are answered") {
  const site_policy local("", own_origins("", "127.0.0.1", 8080, {"http://box.lan:8080"}), true);
  for (const char* host : {"localhost:8080", "127.0.0.1:8080", "127.1.2.3", "[::1]:8080", "app.localhost:8080",
                           "localhost.", "[::ffff:127.0.0.1]", "box.lan:9"}) {
    INFO(host);
    CHECK(local.refusal(direct({{"Host", host}})).empty());
  }
  for (const char* host : {"192.168.1.10:8080", "evil.example:8080", "0.0.0.0:8080", "localhost.evil.example"}) {
    INFO(host);
    CHECK_FALSE(local.refusal(direct({{"Host", host}})).empty());
  }
  // A trusted proxy decides which names reach it.
  auto proxied = site_of(headers({{"Host", "up"}, {"X-Forwarded-Host", "play.example"}}), 11, true, "");
  REQUIRE(proxied);
  CHECK(local.refusal(*proxied).empty());
}

TEST_CASE("site policy: with a public URL, its origin and the fixed ones alone are allowed") {
  const site_policy fixed("https://play.example", own_origins("https://play.example", "127.0.0.1", 8080, {}), true);
  CHECK_FALSE(fixed.from_requests());
  const auto site = direct({{"Host", "localhost:8080"}});
  CHECK(fixed.refusal(direct({{"Host", "anything.example"}})).empty());
  CHECK(fixed.allows_origin("https://play.example", site));
  CHECK(fixed.allows_origin("http://127.0.0.1:8080", site));
  CHECK_FALSE(fixed.allows_origin("http://localhost:8080", site));
  CHECK(fixed.link_base(site) == "https://play.example");
}

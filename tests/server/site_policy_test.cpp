// The site policy without a socket: Host parsing, the site of a request (trusted proxies'
// forwarded host and scheme), which hosts are answered, which origins allowed, and the base
// of the links the server writes; the public URL's validation.
#include <catch2/catch.hpp>

#include "server/config.h"
#include "server/http_policy.h"

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

TEST_CASE("site policy: Host values are host[:port] with a valid host") {
  CHECK(parse_host("LocalHost:8080")->host == "localhost");
  CHECK(parse_host("localhost:8080")->port == "8080");
  CHECK(parse_host("play.example")->port.empty());
  CHECK(parse_host("[::1]:80")->host == "[::1]");
  CHECK(parse_host("192.168.1.10:8080")->host == "192.168.1.10");
  CHECK(parse_host("my_box.lan.")->host == "my_box.lan.");
  for (const char* bad : {"", "a b", "a/b", "a@b", "[::1", "[::1]:", "[::1]8", "[g::1]", "x:", "x:65536",
                          "x:1a", "x:123456", ".x", "a..b", "1.2.3.256", "1.2.3", "x:8080:1"}) {
    INFO(bad);
    CHECK_FALSE(parse_host(bad));
  }
}

TEST_CASE("site policy: a request's site comes from Host, or from a trusted proxy's headers") {
  const auto plain = direct({{"Host", "localhost:8080"}});
  CHECK(plain.origin() == "http://localhost:8080");
  CHECK_FALSE(plain.forwarded);
  // An untrusted peer's forwarded headers are ignored.
  CHECK(direct({{"Host", "a.example"}, {"X-Forwarded-Host", "b.example"}, {"X-Forwarded-Proto", "https"}})
            .origin() == "http://a.example");
  auto proxied = site_of(headers({{"Host", "up:8080"}, {"X-Forwarded-Host", "x.example, play.example:8443"},
                                  {"X-Forwarded-Proto", "https"}}), 11, true, "");
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

TEST_CASE("site policy: --public-url must be an http(s) URL with a real host") {
  std::string error;
  bool help = false;
  for (const char* good : {"https://play.example", "http://192.168.1.10:8080/", "https://x.example/games"}) {
    INFO(good);
    CHECK(parse_config({"--public-url", good}, error, help));
  }
  CHECK(parse_config({"--public-url", ""}, error, help)->public_url.empty());
  for (const char* bad : {"play.example", "ftp://play.example", "http://0.0.0.0:8080", "http://[::]:8080",
                          "https://play.example/?x=1", "http://bad host", "http://:8080"}) {
    INFO(bad);
    CHECK_FALSE(parse_config({"--public-url", bad}, error, help));
  }
}

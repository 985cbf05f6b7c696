// Outbound requests' rules that need no network (server/notify/outbound.h): https URLs split
// into host, port and target; which addresses are internal. tests/server/notify/outbound_check.mjs
// sends real requests.
#include <catch2/catch.hpp>

#include "server/notify/outbound.h"

using namespace tabuleiro::server::notify;

TEST_CASE("outbound: an https URL is split into host, port and target, and anything else is refused") {
  auto u = parse_https_url("https://fcm.googleapis.com/fcm/send/abc?x=1#frag");
  REQUIRE(u);
  CHECK(u->host == "fcm.googleapis.com");
  CHECK(u->port == "443");
  CHECK(u->target == "/fcm/send/abc?x=1");
  u = parse_https_url("https://localhost:8443");
  REQUIRE(u);
  CHECK(u->port == "8443");
  CHECK(u->target == "/");
  u = parse_https_url("https://[::1]:9000/p");
  REQUIRE(u);
  CHECK(u->host == "::1");
  CHECK(u->port == "9000");
  u = parse_https_url("https://push.example.net?q");
  REQUIRE(u);
  CHECK(u->target == "/?q");
  for (const char* bad : {"http://push.example.net/", "https://", "https:///x", "https://user@push.example.net/",
                          "https://push.example.net:/", "https://push.example.net:99999/",
                          "https://push.example.net:8a/", "https://[::1/x", "https://[::1]x/", "ftp://x/"})
    CHECK_FALSE(parse_https_url(bad));
}

TEST_CASE("outbound: loopback, private, link-local, shared, multicast and reserved addresses are internal") {
  const auto internal = [](const char* a) { return internal_address(boost::asio::ip::make_address(a)); };
  for (const char* a : {"127.0.0.1", "127.9.9.9", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                        "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::", "::1",
                        "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.1.2.3"})
    CHECK(internal(a));
  for (const char* a : {"8.8.8.8", "172.32.0.1", "172.15.255.255", "192.169.0.1", "100.128.0.1", "1.1.1.1",
                        "2001:4860:4860::8888", "::ffff:8.8.8.8"})
    CHECK_FALSE(internal(a));
}

// Unit tests of the server's parsing pieces: JSON depth guard, configuration.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "server/config.h"
#include "server/wire.h"

using namespace tabuleiro::server;

TEST_CASE("json_depth counts nesting outside strings") {
  CHECK(json_depth("1") == 0);
  CHECK(json_depth("{\"a\":[1,{\"b\":2}]}") == 3);
  CHECK(json_depth("\"[[[[\"") == 0);
  CHECK(json_depth(R"({"a":"\"[[[["})") == 1);
  std::string why;
  CHECK(parse_client_json(std::string(32, '[') + std::string(32, ']'), why));
  CHECK_FALSE(parse_client_json(std::string(33, '[') + std::string(33, ']'), why));
  CHECK_FALSE(parse_client_json(std::string(100000, '['), why));
  CHECK_FALSE(parse_client_json("{\"a\":", why));
}

TEST_CASE("config: flags override environment, bad values are refused") {
  setenv("TABULEIRO_PORT", "9000", 1);
  setenv("TABULEIRO_DB", "/tmp/x.db", 1);
  std::string error;
  bool help = false;
  auto c = parse_config({"--port", "9001", "--public-url=https://t.example/"}, error, help);
  REQUIRE(c);
  CHECK(c->port == 9001);
  CHECK(c->db == "/tmp/x.db");
  CHECK(c->public_url == "https://t.example");
  CHECK_FALSE(parse_config({"--port", "70000"}, error, help));
  CHECK_FALSE(parse_config({"--bogus", "1"}, error, help));
  CHECK_FALSE(parse_config({"--threads"}, error, help));
  setenv("TABULEIRO_PORT", "abc", 1);
  CHECK_FALSE(parse_config({}, error, help));
  unsetenv("TABULEIRO_PORT");
  unsetenv("TABULEIRO_DB");
  CHECK(parse_config({"--help"}, error, help));
  CHECK(help);
}

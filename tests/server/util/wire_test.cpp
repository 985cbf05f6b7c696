// The client JSON gate (server/util/wire.h): nesting depth outside strings, the depth limit.
#include <catch2/catch.hpp>

#include "server/util/wire.h"

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

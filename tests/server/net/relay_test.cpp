// net/relay.h's match_code_of: which requests a cluster node routes by the match they name.
#include <catch2/catch.hpp>

#include "server/net/relay.h"

using tabuleiro::server::match_code_of;

TEST_CASE(
    "match_code_of: the WebSocket's ?code=, /api/matches/{code}…, /api/admin/matches/{code}/… and /m/{code}, in any case, and nothing else",
    "[relay]") {
  CHECK(match_code_of("/ws?code=K7M2QX") == "K7M2QX");
  CHECK(match_code_of("/ws?x=1&code=k7m2qx") == "K7M2QX");
  CHECK(match_code_of("/api/matches/K7M2QX") == "K7M2QX");
  CHECK(match_code_of("/api/matches/k7m2qx/log?from=3") == "K7M2QX");
  CHECK(match_code_of("/m/K7M2QX") == "K7M2QX");
  CHECK(match_code_of("/m/K7M2QX?lang=pt-BR") == "K7M2QX");
  // No code, or not a share code: served where it arrived.
  CHECK(match_code_of("/ws").empty());
  CHECK(match_code_of("/ws?code=").empty());
  CHECK(match_code_of("/ws?code=K7M2").empty());
  CHECK(match_code_of("/api/matches").empty());
  CHECK(match_code_of("/api/matches/publish").empty());
  CHECK(match_code_of("/api/matches/").empty());
  CHECK(match_code_of("/m/").empty());
  CHECK(match_code_of("/m/K7M2QX-extra").empty());
  CHECK(match_code_of("/api/admin/matches/K7M2QX/delete") == "K7M2QX");
  CHECK(match_code_of("/api/admin/matches").empty());
  CHECK(match_code_of("/K7M2QX").empty());
  CHECK(match_code_of("/wsx?code=K7M2QX").empty());
}

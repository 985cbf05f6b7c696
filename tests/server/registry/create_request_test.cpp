// POST /api/matches bodies parsed into a typed create_request (server/registry/create_request.h): every
// field as documented, and each refusal's code and message (protocol/PROTOCOL.md).
#include <catch2/catch.hpp>

#include "server/registry/create_request.h"

using namespace tabuleiro::server;
using json = nlohmann::json;

namespace {

// The refusal of body ("" code when it was accepted).
request_error refusal(const json& body) {
  auto r = parse_create_request(body);
  if (auto* e = std::get_if<request_error>(&r)) return *e;
  return {};
}

}  // namespace

TEST_CASE("create request: a valid body gives the typed request, with the documented defaults") {
  auto plain = parse_create_request(json{{"game", "taixu"}});
  REQUIRE(std::holds_alternative<create_request>(plain));
  const auto& p = std::get<create_request>(plain);
  CHECK(p.kind->name() == "taixu");
  CHECK(p.options == json::object());
  CHECK(p.position.is_null());
  CHECK(p.seat == 1);
  CHECK(p.visibility == "public");
  CHECK(p.clock.type == clock_options::kind::none);
  CHECK_FALSE(p.bot_level);
  auto full = parse_create_request(json{{"game", "cyvasse"},
                                        {"options", {{"x", 1}}},
                                        {"seat", "random"},
                                        {"visibility", "unlisted"},
                                        {"clock", {{"days_per_turn", 2}}},
                                        {"opponent", {{"bot", "hard"}}}});
  REQUIRE(std::holds_alternative<create_request>(full));
  const auto& f = std::get<create_request>(full);
  CHECK(f.kind->name() == "cyvasse");
  CHECK(f.options == json{{"x", 1}});  // the game judges its options when the match is made
  CHECK(f.seat == 0);
  CHECK(f.visibility == "unlisted");
  CHECK(f.clock.type == clock_options::kind::correspondence);
  CHECK(f.bot_level == "hard");
  CHECK(std::get<create_request>(parse_create_request(json{{"game", "quadri"}, {"seat", 2}})).seat == 2);
}

TEST_CASE("create request: each malformed body is refused with its documented code") {
  CHECK(refusal(json::array()).code == "bad_request");
  CHECK(refusal(json{{"game", "taixu"}, {"colour", 1}}).message == "unknown field 'colour'");
  CHECK(refusal(json::object()).code == "unknown_game");
  CHECK(refusal(json{{"game", "chess"}}).code == "unknown_game");
  CHECK(refusal(json{{"game", "taixu"}, {"options", 3}}).code == "bad_options");
  CHECK(refusal(json{{"game", "taixu"}, {"position", "x"}}).code == "bad_position");
  CHECK(refusal(json{{"game", "taixu"}, {"position", {{"seed", "1"}}}}).message ==
        "a posted position may not carry seed or rng; the server draws its own");
  CHECK(refusal(json{{"game", "taixu"}, {"position", {{"rng", 1}}}}).code == "bad_position");
  CHECK(refusal(json{{"game", "taixu"}, {"seat", 3}}).message == "seat must be 1, 2 or \"random\"");
  CHECK(refusal(json{{"game", "taixu"}, {"seat", "1"}}).code == "bad_request");
  CHECK(refusal(json{{"game", "taixu"}, {"visibility", "private"}}).code == "bad_request");
  CHECK(refusal(json{{"game", "taixu"}, {"clock", {{"initial_s", -1}}}}).code == "bad_clock");
  CHECK(refusal(json{{"game", "taixu"}, {"opponent", "bot"}}).code == "bad_request");
  CHECK(refusal(json{{"game", "taixu"}, {"opponent", {{"bot", "easy"}, {"x", 1}}}}).message ==
        "unknown opponent field 'x'");
  CHECK(refusal(json{{"game", "taixu"}, {"opponent", {{"bot", "random"}}}}).message ==
        "opponent.bot must be \"easy\", \"medium\" or \"hard\"");
  // The first problem in the documented order is the one reported.
  CHECK(refusal(json{{"game", "chess"}, {"seat", 3}}).code == "unknown_game");
}

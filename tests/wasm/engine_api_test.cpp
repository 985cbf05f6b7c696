// wasm::engine_api natively: the browser engine's JSON calls (hosted games, bots, legality from
// a view) answer as the server's match does, and refuse malformed requests with a code.
#include <catch2/catch.hpp>

#include "protocol/core/game.h"
#include "protocol/core/json_util.h"
#include "wasm/engine_api.h"

namespace tabuleiro {
namespace {

using protocol::json;

// api's answer to request, parsed.
json ask(wasm::engine_api& api, const json& request) { return json::parse(api.call(request.dump())); }

// The error code of an answer that must be a refusal.
std::string refused(const json& answer) {
  REQUIRE(answer["ok"] == false);
  return answer["error"]["code"].get<std::string>();
}

TEST_CASE("engine api - a hosted game answers as the server's match, to its end") {
  for (const auto name : protocol::game_names()) {
    INFO(name);
    wasm::engine_api api;
    const json made = ask(api, {{"op", "new"}, {"game", name}, {"seed", "42"}});
    REQUIRE(made["ok"] == true);
    const int id = made["match"];
    auto twin = std::get<std::unique_ptr<protocol::match>>(
        protocol::find_game(name)->create(json::object(), nullptr, 42));
    int moves = 0;
    for (; moves < 600; ++moves) {
      for (int viewer = 0; viewer <= 2; ++viewer) {
        const json st = ask(api, {{"op", "state"}, {"match", id}, {"viewer", viewer}});
        REQUIRE(st["ok"] == true);
        REQUIRE(st["view"] == twin->observe().view_of(viewer));
        REQUIRE(st["to_act"] == json(twin->seats_to_act()));
        if (viewer) REQUIRE(st["legal"] == twin->legal(viewer).actions);
      }
      const auto to_act = twin->seats_to_act();
      if (to_act.empty()) break;
      const int seat = to_act.front();
      const json bot = ask(
          api, {{"op", "bot"}, {"match", id}, {"seat", seat}, {"level", "easy"}, {"seed", std::to_string(moves)}});
      REQUIRE(bot["ok"] == true);
      REQUIRE(ask(api, {{"op", "check"}, {"match", id}, {"seat", seat}, {"action", bot["action"]}})["ok"] == true);
      const json done = ask(api, {{"op", "apply"}, {"match", id}, {"seat", seat}, {"action", bot["action"]}});
      REQUIRE(done["ok"] == true);
      auto applied = twin->apply(seat, bot["action"]);
      REQUIRE(std::holds_alternative<protocol::applied>(applied));
      const auto& pub = std::get<protocol::applied>(applied).pub;
      for (int viewer = 0; viewer <= 2; ++viewer) REQUIRE(done["events"][viewer] == pub.events_of(viewer));
      REQUIRE(done["action"] == std::get<protocol::applied>(applied).action);
    }
    CHECK(moves > 10);
    CHECK(twin->outcome().has_value());
    CHECK(ask(api, {{"op", "state"}, {"match", id}, {"viewer", 0}})["outcome"] ==
          protocol::outcome_json(twin->outcome()));
    CHECK(ask(api, {{"op", "free"}, {"match", id}})["ok"] == true);
    CHECK(refused(ask(api, {{"op", "state"}, {"match", id}, {"viewer", 0}})) == "no_match");
  }
}

TEST_CASE("engine api - a resignation ends a hosted game, and a refused action changes nothing") {
  wasm::engine_api api;
  const int id = ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", "7"}})["match"];
  const json before = ask(api, {{"op", "state"}, {"match", id}, {"viewer", 1}});
  const json wrong = ask(api, {{"op", "apply"}, {"match", id}, {"seat", 2}, {"action", before["legal"][0]}});
  CHECK(refused(wrong) == "not_your_turn");
  CHECK(ask(api, {{"op", "state"}, {"match", id}, {"viewer", 1}}) == before);
  const json ended = ask(api, {{"op", "conclude"}, {"match", id}, {"winner", 2}, {"reason", "resign"}});
  REQUIRE(ended["ok"] == true);
  CHECK(ended["outcome"] == json{{"winner", 2}, {"reason", "resign"}});
  CHECK(ask(api, {{"op", "state"}, {"match", id}, {"viewer", 1}})["to_act"] == json::array());
}

TEST_CASE("engine api - a hosted game starts from a given position, and a bad one is refused") {
  wasm::engine_api api;
  const json position = {{"game", "taixu"},
                         {"options", {{"reserve", 8}, {"destroyed_pieces", "reserve"}}},
                         {"to_move", 1},
                         {"round", 3},
                         {"pc", 4},
                         {"bonus", {0, 0}},
                         {"reserve", {7, 8}},
                         {"pieces", {{{"at", "d6"}, {"owner", 1}, {"charge", 2}, {"idle", 0}}}},
                         {"anomalies", json::array()}};
  const json made = ask(api, {{"op", "new"}, {"game", "taixu"}, {"position", position}, {"seed", "1"}});
  REQUIRE(made["ok"] == true);
  const json st = ask(api, {{"op", "state"}, {"match", made["match"]}, {"viewer", 1}});
  CHECK(st["view"]["round"] == 3);
  CHECK(st["view"]["pc"] == 4);
  CHECK(st["view"]["pieces"]["d6"]["charge"] == 2);
  CHECK(st["view"]["reserve"] == json{7, 8});
  json broken = position;
  broken["reserve"] = {8, 8};  // nine pieces of player 1 where the option says eight
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "taixu"}, {"position", broken}, {"seed", "1"}})) == "bad_position");
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "taixu"}, {"position", "d6"}, {"seed", "1"}})) == "bad_position");
}

TEST_CASE("engine api - legality from a view: the seat's own list and the server's refusal codes") {
  wasm::engine_api api;
  auto m = std::get<std::unique_ptr<protocol::match>>(
      protocol::find_game("quadri")->create(json::object(), nullptr, 3));
  const json view = m->observe().view_of(1);
  const json legal = ask(api, {{"op", "view_legal"}, {"game", "quadri"}, {"seat", 1}, {"view", view}});
  REQUIRE(legal["ok"] == true);
  CHECK(legal["legal"] == m->legal(1).actions);
  CHECK(legal["complete"] == true);
  CHECK(ask(api, {{"op", "view_check"},
                  {"game", "quadri"},
                  {"seat", 1},
                  {"view", view},
                  {"action", m->legal(1).actions[0]}})["ok"] == true);
  const json wrong = ask(
      api, {{"op", "view_check"}, {"game", "quadri"}, {"seat", 2}, {"view", view}, {"action", m->legal(1).actions[0]}});
  CHECK(refused(wrong) == m->check(2, m->legal(1).actions[0])->code);
  CHECK(refused(ask(api, {{"op", "view_legal"}, {"game", "quadri"}, {"seat", 1}, {"view", {{"game", "quadri"}}}})) ==
        "bad_view");
}

TEST_CASE("engine api - malformed requests are refused with a code, never a crash") {
  wasm::engine_api api;
  CHECK(refused(json::parse(api.call("not json"))) == "bad_request");
  CHECK(refused(json::parse(api.call("[1,2]"))) == "bad_request");
  CHECK(refused(json::parse(api.call(std::string(wasm::max_request_bytes + 1, ' ')))) == "too_large");
  CHECK(refused(ask(api, {{"op", "fly"}})) == "bad_request");
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "chess"}, {"seed", "1"}})) == "unknown_game");
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", 1}})) == "bad_request");
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", "1"}, {"options", {{"reserve", 99}}}})) ==
        "bad_options");
  CHECK(refused(ask(api, {{"op", "bot"}, {"match", 1}, {"seat", 1}, {"level", "easy"}, {"seed", "1"}})) == "no_match");
  const int id = ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", "1"}})["match"];
  CHECK(refused(ask(api, {{"op", "bot"}, {"match", id}, {"seat", 1}, {"level", "grandmaster"}, {"seed", "1"}})) ==
        "bad_request");
  CHECK(refused(ask(api, {{"op", "conclude"}, {"match", id}, {"winner", 3}, {"reason", "resign"}})) == "bad_request");
  CHECK(refused(ask(api, {{"op", "apply"}, {"match", id}, {"seat", 1}, {"action", "e4"}})) == "bad_action");
  for (std::size_t i = 1; i < wasm::max_matches; ++i)
    REQUIRE(ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", "1"}})["ok"] == true);
  CHECK(refused(ask(api, {{"op", "new"}, {"game", "taixu"}, {"seed", "1"}})) == "too_many_matches");
}

}  // namespace
}  // namespace tabuleiro

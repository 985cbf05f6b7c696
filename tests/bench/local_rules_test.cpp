// The load generator's players that join with "legal": false compute their legal lists from
// their own views (bench/load/local_rules.h): along random games of every game, each seat's
// list computed from its view must be, byte for byte, the list the server would send it.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "bench/load/game_actions.h"
#include "bench/load/local_rules.h"
#include "bench/load/wire_stats.h"
#include "protocol/core/game.h"

using namespace tabuleiro;
using nlohmann::json;

namespace {

// The server's legal fields of seat in m, split as local_legal splits them.
bench::legal_texts server_legal(const protocol::match& m, int seat) {
  const std::string fields = "{" + m.legal_fields(seat) + "}";
  bench::legal_texts out;
  for (const auto& f : bench::top_level_members(fields)) {
    if (f.key == "legal") out.legal = f.value;
    else if (f.key == "expects") out.expects = f.value;
  }
  return out;
}

}  // namespace

TEST_CASE("local rules: a seat's legal list from its view is the server's, along random games of every game") {
  for (const char* game : {"taixu", "cyvasse", "quadri"}) {
    const auto* actions = bench::find_game_actions(game);
    REQUIRE(actions != nullptr);
    std::mt19937_64 rng(7);
    int compared = 0, non_empty = 0, incomplete = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto created = protocol::find_game(game)->create(json::object(), nullptr, seed);
      REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
      auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
      for (int step = 0; step < 150 && !m->outcome(); ++step) {
        const auto pub = m->observe();
        for (int seat = 1; seat <= 2; ++seat) {
          INFO(game << " seed " << seed << " step " << step << " seat " << seat);
          const auto local = bench::local_legal(game, pub.view_of(seat), seat, rng);
          REQUIRE(local.has_value());
          const auto server = server_legal(*m, seat);
          CHECK(local->legal == server.legal);
          CHECK(local->expects == server.expects);
          ++compared;
          if (server.legal != "[]") ++non_empty;
          if (!server.expects.empty()) ++incomplete;
        }
        // The seat to act (the later one in a simultaneous phase) plays as the generator does.
        const auto to_act = m->seats_to_act();
        REQUIRE_FALSE(to_act.empty());
        const int seat = to_act.back();
        const auto legal = server_legal(*m, seat);
        const json expects = legal.expects.empty() ? json() : json::parse(legal.expects);
        const auto chosen = bench::choose_action(*actions, bench::array_elements(legal.legal), expects, rng);
        REQUIRE(chosen.has_value());
        REQUIRE_FALSE(m->advance(seat, json::parse(*chosen)).has_value());
      }
    }
    INFO(game);
    CHECK(compared > 300);
    CHECK(non_empty > 100);
    if (std::string(game) == "cyvasse") CHECK(incomplete >= 3);  // the secret set-ups
  }
  // A view that does not read gives no list.
  std::mt19937_64 rng(1);
  CHECK_FALSE(bench::local_legal("taixu", json{{"game", "taixu"}}, 1, rng).has_value());
  CHECK_FALSE(bench::local_legal("chess", json::object(), 1, rng).has_value());
}

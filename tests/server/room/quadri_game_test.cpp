// A real QU4DRI match through the real server: two seats and a spectator play a whole game;
// patched views equal fresh views, every view is the same for all three and shows no value of
// an unrevealed talisman, and the game ends by the rules.
#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {

// A random legal action, moves preferred (captures are forced by the rules anyway).
json pick(const json& legal, std::mt19937& rng) {
  std::vector<json> moves;
  for (const json& a : legal)
    if (a["type"] == "move") moves.push_back(a);
  const bool use_moves = !moves.empty() && std::uniform_int_distribution<int>(0, 3)(rng) != 0;
  const auto& from = use_moves ? moves : legal.get_ref<const json::array_t&>();
  return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
}

// No tile of view shows a value before it is revealed (unless the game is over).
void require_no_hidden_value(const json& view) {
  if (!view["outcome"].is_null()) return;
  for (const auto& [cell, t] : view["tiles"].items()) {
    INFO("tile " << cell);
    if (!t["revealed"].get<bool>()) REQUIRE_FALSE(t.contains("value"));
  }
}

}  // namespace

TEST_CASE("game: a whole QU4DRI game with a spectator - patched views equal fresh views, no hidden value") {
  temp_dir dir;
  server_process srv(dir.path + "/q.db", no_rate_limit);
  table tb = table::open(srv.port(), {{"game", "quadri"}, {"options", {{"quiet_limit", 40}}}});
  std::mt19937 rng(20261201);
  tb.check_views();
  int played = 0, captures = 0;
  for (; played < 2000; ++played) {
    const int seat = tb.to_act();
    if (seat == 0) break;
    const json a = pick(tb.at[seat].t.legal, rng);
    if (a.value("captures", 0) > 0) ++captures;
    tb.act(seat, a);
    REQUIRE(tb.at[0].t.view == tb.at[1].t.view);
    REQUIRE(tb.at[0].t.view == tb.at[2].t.view);
    require_no_hidden_value(tb.at[0].t.view);
    if (!tb.at[0].t.view["outcome"].is_null()) {
      for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
      ++played;
      break;
    }
    if (played % 20 == 0) tb.check_views();
  }
  WARN("played " << played << ", captures " << captures);
  REQUIRE_FALSE(tb.at[0].t.outcome.is_null());
  CHECK(captures > 0);
  for (auto& s : tb.at) CHECK(s.t.outcome == tb.at[0].t.outcome);
  tb.check_views();
  // At the end every value is public.
  for (const auto& [cell, t] : tb.at[0].t.view["tiles"].items()) CHECK(t.contains("value"));
  CHECK(tb.at[1].t.legal.empty());
  CHECK(tb.at[2].t.legal.empty());
}

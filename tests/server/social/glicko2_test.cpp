// Glicko-2 (server/social/glicko2): Glickman's worked example and the edges of the system.
#include "server/social/glicko2.h"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

using namespace tabuleiro::server::social;

TEST_CASE("glicko-2: Glickman's worked example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0") {
  const rating player{1500, 200, 0.06};
  const std::vector<game_result> games{{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const rating after = rate(player, games);
  CHECK(after.value == Approx(1464.06).margin(0.01));
  CHECK(after.deviation == Approx(151.52).margin(0.01));
  CHECK(after.volatility == Approx(0.05999).margin(0.00001));
}

TEST_CASE("glicko-2: a period without games grows the deviation only (step 6)") {
  const rating player{1620, 80, 0.06};
  const rating after = rate(player, {});
  CHECK(after.value == 1620);
  CHECK(after.volatility == 0.06);
  // sqrt(80^2 + (0.06 * 173.7178)^2) = 80.6761…
  CHECK(after.deviation == Approx(80.6761).margin(0.001));
}

TEST_CASE("glicko-2: a win raises the rating, a loss lowers it, a draw between equals changes nothing but RD") {
  const rating a{1500, 100, 0.06};
  const rating b{1500, 100, 0.06};
  const rating won = rate(a, std::vector<game_result>{{b, 1}});
  const rating lost = rate(a, std::vector<game_result>{{b, 0}});
  const rating drew = rate(a, std::vector<game_result>{{b, 0.5}});
  CHECK(won.value > 1500);
  CHECK(lost.value < 1500);
  CHECK(won.value - 1500 == Approx(1500 - lost.value).margin(1e-6));
  CHECK(drew.value == Approx(1500).margin(1e-9));
  CHECK(drew.deviation < 100);
}

TEST_CASE("glicko-2: extreme deviations stay within bounds and the numbers stay finite") {
  SECTION("a newcomer beating a newcomer moves far but keeps RD at most 350") {
    const rating after = rate(initial_rating(), std::vector<game_result>{{initial_rating(), 1}});
    CHECK(after.value > 1600);
    CHECK(after.deviation < 350);
    CHECK(after.deviation >= 45);
  }
  SECTION("a settled player's RD never drops below 45, however many games") {
    std::vector<game_result> games;
    for (int i = 0; i < 200; ++i) games.push_back({{1800, 46, 0.06}, i % 2 ? 1.0 : 0.0});
    const rating r = rate({1800, 50, 0.06}, games);
    CHECK(r.deviation == Approx(45).margin(1e-9));
    CHECK(r.value == Approx(1800).margin(1));
    // Alone, game after game, the deviation settles where volatility balances what a game teaches.
    rating one{1800, 50, 0.06};
    for (int i = 0; i < 200; ++i) one = rate(one, std::vector<game_result>{{{1800, 46, 0.06}, i % 2 ? 1.0 : 0.0}});
    CHECK(one.deviation > 45);
    CHECK(one.deviation < 70);
  }
  SECTION("an upset against a far stronger certain player, and a certain player beaten by an unknown one") {
    const rating upset = rate({1000, 30, 0.06}, std::vector<game_result>{{{2800, 30, 0.06}, 1}});
    CHECK(std::isfinite(upset.value));
    CHECK(upset.value > 1000);
    CHECK(std::isfinite(upset.volatility));
    CHECK(upset.volatility > 0.06);  // a surprising result makes the player look more erratic
    const rating certain = rate({2000, 45, 0.06}, std::vector<game_result>{{{1500, 350, 0.06}, 0}});
    CHECK(certain.value < 2000);
    CHECK(certain.value > 1990);  // an unknown opponent's result weighs little
  }
}

TEST_CASE("glicko-2: an idle player's deviation grows with the days, up to a newcomer's") {
  const rating r{1700, 60, 0.06};
  CHECK(after_idle(r, 0).deviation == Approx(60).margin(1e-9));
  CHECK(after_idle(r, -5).deviation == Approx(60).margin(1e-9));
  const double month = after_idle(r, 30).deviation;
  const double year = after_idle(r, 365).deviation;
  CHECK(month > 60);
  CHECK(year > month);
  CHECK(after_idle(r, 1e9).deviation == 350);
  CHECK(after_idle(r, 30).value == 1700);
}

TEST_CASE("glicko-2: a rating is provisional while its RD is above 110") {
  CHECK(provisional(initial_rating()));
  CHECK(provisional({1530, 110.5, 0.06}));
  CHECK_FALSE(provisional({1530, 110, 0.06}));
}

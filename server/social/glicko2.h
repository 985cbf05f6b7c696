// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and
// its volatility, updated after a rating period. Tabuleiro makes one rated game one period, as
// online servers do, and lets the deviation grow with the days a player has not played.
#pragma once

#include <span>

namespace tabuleiro::server::social {

// A player's rating on the Glicko scale (1500 is the start), its deviation (RD, how unsure it
// is) and its volatility (how erratic the player's results are).
struct rating {
  double value = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

// One game of a rating period: the opponent's rating before it and the player's score (1 win,
// 0.5 draw, 0 loss).
struct game_result {
  rating opponent;
  double score = 0;
};

// The system's constants. tau bounds how fast volatility changes (Glickman: 0.3 to 1.2).
struct glicko2_constants {
  double tau = 0.5;
  double min_deviation = 45;         // a rating never becomes certain enough to stop moving
  double max_deviation = 350;        // nor less certain than a newcomer's
  double periods_per_day = 0.21436;  // an idle player's deviation grows as one period per ~4.7 days
};

// A newcomer's rating: 1500, RD 350, volatility 0.06.
constexpr rating initial_rating() { return {}; }

// The player's rating after a period with these games (Glickman's steps 2 to 8); with no games
// only the deviation grows (step 6). The deviation is kept within the constants' bounds.
rating rate(const rating& player, std::span<const game_result> games, const glicko2_constants& k = {});

// The player's rating after idle_days without a rated game: the deviation grows as after
// idle_days * periods_per_day empty periods, up to max_deviation.
rating after_idle(const rating& player, double idle_days, const glicko2_constants& k = {});

// Whether a rating is still provisional (RD above 110), shown with a question mark ("1530?").
constexpr bool provisional(const rating& r) { return r.deviation > 110; }

}  // namespace tabuleiro::server::social

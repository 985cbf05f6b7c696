// Glicko-2's steps, on the internal scale (mu, phi) where 173.7178 is one unit.
#include "server/social/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tabuleiro::server::social {
namespace {

constexpr double scale = 173.7178;
constexpr double convergence = 0.000001;

// The weight of an opponent's result by how unsure their rating is.
double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

// The expected score against an opponent at mu_j with deviation phi_j.
double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, by the Illinois algorithm on f (Glickman's formulation).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a;
  double hi;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    hi = a - k * tau;
  }
  double f_lo = f(lo);
  double f_hi = f(hi);
  // Each step replaces one end; the bracket closes on f's root.
  for (int step = 0; std::abs(hi - lo) > convergence && step < 100; ++step) {
    const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    const double f_c = f(c);
    if (f_c * f_hi <= 0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2;
    }
    hi = c;
    f_hi = f_c;
  }
  return std::exp(lo / 2);
}

}  // namespace

rating rate(const rating& player, std::span<const game_result> games, const glicko2_constants& k) {
  const double mu = (player.value - 1500) / scale;
  const double phi = player.deviation / scale;
  const double sigma = player.volatility;
  const auto bounded = [&](double deviation) { return std::clamp(deviation, k.min_deviation, k.max_deviation); };
  if (games.empty()) return {player.value, bounded(scale * std::sqrt(phi * phi + sigma * sigma)), sigma};
  double inverse_v = 0;
  double improvement = 0;  // the sum of g(phi_j)(s_j - E_j)
  for (const game_result& game : games) {
    const double mu_j = (game.opponent.value - 1500) / scale;
    const double phi_j = game.opponent.deviation / scale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1 / inverse_v;
  const double sigma_new = new_volatility(sigma, phi, v, v * improvement, k.tau);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  return {1500 + scale * mu_new, bounded(scale * phi_new), sigma_new};
}

rating after_idle(const rating& player, double idle_days, const glicko2_constants& k) {
  const double phi = player.deviation / scale;
  const double periods = std::max(0.0, idle_days) * k.periods_per_day;
  const double grown = scale * std::sqrt(phi * phi + periods * player.volatility * player.volatility);
  return {player.value, std::min(std::max(grown, player.deviation), k.max_deviation), player.volatility};
}

}  // namespace tabuleiro::server::social

// The TAIXU bot: whole-turn planning with the generic search. A tree path runs through the
// several actions of the bot's turn; each playout finishes the turn in progress and plays the
// next whole turn with a greedy policy, then evaluates at that turn boundary. The hidden part
// (the PRNG that decides reshuffles and rifts) is a fresh seed per determinization.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "bots/games.h"

namespace tabuleiro::bots {

namespace {

using namespace taixu;

// Chebyshev distance from sq to the nearest Core square.
int core_distance(int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  const int df = f < 3 ? 3 - f : f > 4 ? f - 4 : 0;
  const int dr = r < 3 ? 3 - r : r > 4 ? r - 4 : 0;
  return std::max(df, dr);
}

// The position's worth for player p (higher is better), ignoring whose turn it is.
double side_score(const state& s, seat p) {
  double v = 0;
  int core_charged = 0;
  for (int sq = 0; sq < board_size; ++sq) {
    const piece& pc = s.board[sq];
    if (pc.owner != p) continue;
    v += 1.0;                                        // material on the board
    v += pc.charge >= 4 ? 0.3 : 0.25 * pc.charge;    // range and combat strength
    v += 0.35 * std::max(0, 3 - core_distance(sq));  // closeness to the Core
    if (is_core(sq)) {
      v += 1.5;
      if (pc.charge >= 2) ++core_charged;
    }
    if (pc.charge >= 4) v -= 0.4;  // one more charge explodes it
  }
  v += 0.6 * s.reserve[p - 1];
  v += 0.4 * s.bonus[p - 1];
  v += core_charged >= 2 ? 2.5 * core_charged : 1.2 * core_charged;  // two of three for Singularity
  return v;
}

// Evaluation for seat 1 in [0, 1].
double evaluate(const state& s) {
  if (s.outcome) return outcome_value(*s.outcome);
  double d = side_score(s, 1) - side_score(s, 2);
  const double tempo = 0.6 + 0.15 * s.pc;  // the player to move acts first with s.pc to spend
  d += s.to_move == 1 ? tempo : -tempo;
  return 1.0 / (1.0 + std::exp(-d / 3.0));
}

// A cheap guess of how good action a is for p in s (no apply): the move ordering and the
// playout policy.
double action_score(const state& s, seat p, const action& a) {
  switch (a.kind) {
    case action_kind::end_turn: return -3;
    case action_kind::summon: return 2;
    case action_kind::stabilize: {
      const int c = s.board[a.a].charge;
      return c >= 4 ? 3 : c == 3 ? 0 : -2.5;
    }
    case action_kind::swap: {
      const piece& x = s.board[a.a];
      const piece& y = s.board[a.b];
      // Worth it when it brings a charged piece onto the Core.
      const bool gain = (is_core(a.b) && x.charge >= 2 && y.charge < 2) ||
                        (is_core(a.a) && y.charge >= 2 && x.charge < 2);
      return gain ? 3.5 : -2;
    }
    case action_kind::move: {
      const piece& m = s.board[a.a];
      const piece& t = s.board[a.b];
      double v = 0.6 * (core_distance(a.a) - core_distance(a.b));
      int arrival = m.charge + 1 + (is_energy_zone(a.b) ? 1 : 0);
      const effect e = s.anomalies[a.b];
      if (e == effect::overload) ++arrival;
      if (e == effect::drain) --arrival;
      if (e == effect::echo) v += 1;
      if (t.owner && t.owner != p) {
        if (t.charge == m.charge) return -0.5 + (m.charge >= 4 ? -3 : 0);  // repelled
        v += 3 + t.charge;
      }
      if (arrival >= 5) v -= 4;  // explodes on arrival
      if (is_core(a.b)) v += arrival >= 2 ? 3 : 1.5;
      if (is_core(a.a)) v -= 2;
      return v;
    }
  }
  return 0;
}

// The search policy (bots/search.h contract). Thread-safety: stateless.
struct taixu_policy {
  using game = taixu::game;
  static constexpr bool stable_legality = false;  // a rift or a reshuffle depends on the sample

  static state sample(const observation& o, seat, engine::rng& r) { return from_observation(o, r.next()); }

  static seat actor(const state& s) { return s.outcome ? 0 : s.to_move; }

  static void order(const state& s, seat p, std::vector<action>& acts, engine::rng& r) {
    std::vector<std::pair<double, action>> scored;
    scored.reserve(acts.size());
    for (const action& a : acts)
      scored.emplace_back(action_score(s, p, a) + 0.01 * static_cast<double>(r.uniform(100)), a);
    std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < acts.size(); ++i) acts[i] = scored[i].second;
  }

  // Finishes the turn in progress and plays the next whole turn (at most 30 actions), each
  // action the best-scored one (or one time in five a random one), then evaluates.
  static double playout(state& s, engine::rng& r) {
    std::vector<action> acts;
    std::vector<event> events;
    int turn_ends = 0;
    for (int step = 0; step < 30 && !s.outcome && turn_ends < 2; ++step) {
      const seat p = s.to_move;
      legal_actions_into(s, p, acts);
      std::size_t pick = 0;
      if (r.uniform(5) == 0) {
        pick = r.uniform(acts.size());
      } else {
        double best = -1e9;
        for (std::size_t i = 0; i < acts.size(); ++i) {
          const double v = action_score(s, p, acts[i]) + 0.3 * static_cast<double>(r.uniform(10)) / 10.0;
          if (v > best) {
            best = v;
            pick = i;
          }
        }
      }
      events.clear();
      apply_into(s, p, acts[pick], events);
      if (s.to_move != p) ++turn_ends;
    }
    return evaluate(s);
  }
};

}  // namespace

search_result<taixu::action> search_taixu(const taixu::observation& o, engine::seat me,
                                          std::vector<taixu::action> legal, const budget& b, std::uint64_t seed) {
  return search<taixu_policy>(o, me, std::move(legal), b, seed);
}

}  // namespace tabuleiro::bots

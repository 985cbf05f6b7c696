// The QU4DRI bot: the generic search over determinizations of the unrevealed talisman values
// (drawn from what each aura's multiset still holds). Captures are mandatory and whole, so the
// branching stays small; playouts resolve pending captures before the evaluation (energy,
// predictors, advance).
#include <algorithm>
#include <cmath>

#include "bots/games.h"

namespace tabuleiro::bots {

namespace {

using namespace quadri;

// Evaluation for seat 1 in [0, 1]: the energy race first, then predictors (queens above pawns,
// hand pieces a little below), then pawns advanced towards promotion.
double evaluate(const state& s) {
  if (s.outcome) return outcome_value(*s.outcome);
  double d = 0.8 * (s.energy[0] - s.energy[1]);
  d += 1.4 * (s.hand[0] - s.hand[1]);
  for (int c = 0; c < area_size; ++c) {
    const predictor pr = s.preds[c];
    if (!pr.owner) continue;
    const double sign = pr.owner == 1 ? 1 : -1;
    const int ahead = pr.owner == 1 ? rank_of(c) : 9 - rank_of(c);
    d += sign * (pr.queen ? 5.0 : 2.0 + 0.1 * ahead);
  }
  d += s.to_move == 1 ? 0.5 : -0.5;
  return 1.0 / (1.0 + std::exp(-d / 8.0));
}

// Move-ordering score: longer capture sequences first, then moves, drops, flips, shifts.
double action_score(const action& a) {
  switch (a.kind) {
    case action_kind::move: return a.len > 2 ? 10.0 + a.len : 2;
    case action_kind::drop: return 1;
    case action_kind::flip: return 0;
    case action_kind::shift: return -1;
  }
  return 0;
}

// The search policy (bots/search.h contract). Thread-safety: stateless.
struct quadri_policy {
  using game = quadri::game;
  static constexpr bool stable_legality = true;  // values never change what is legal

  static state sample(const observation& o, seat, engine::rng& r) { return determinize(o, r); }

  static seat actor(const state& s) { return s.outcome ? 0 : s.to_move; }

  static void order(const state&, seat, std::vector<action>& acts, engine::rng& r) {
    for (std::size_t i = acts.size(); i > 1; --i) std::swap(acts[i - 1], acts[r.uniform(i)]);
    std::stable_sort(acts.begin(), acts.end(),
                     [](const action& x, const action& y) { return action_score(x) > action_score(y); });
  }

  // Six plies, then on while a capture is pending (at most six more): the longest capture two
  // times in three, moves preferred to talisman actions; then the evaluation.
  static double playout(state& s, engine::rng& r) {
    std::vector<action> acts;
    std::vector<event> events;
    for (int ply = 0; ply < 12 && !s.outcome; ++ply) {
      const bool capture = capture_available(s, s.to_move);
      if (ply >= 6 && !capture) break;
      legal_actions_into(s, s.to_move, acts);
      if (acts.empty()) break;
      std::size_t pick = r.uniform(acts.size());
      if (r.uniform(3) != 0) {
        double best = -1e9;
        for (std::size_t i = 0; i < acts.size(); ++i) {
          const double v = action_score(acts[i]) + 0.5 * static_cast<double>(r.uniform(4));
          if (v > best) {
            best = v;
            pick = i;
          }
        }
      }
      events.clear();
      apply_into(s, s.to_move, acts[pick], events);
    }
    return evaluate(s);
  }
};

}  // namespace

search_result<quadri::action> search_quadri(const quadri::observation& o, engine::seat me,
                                            std::vector<quadri::action> legal, const budget& b, std::uint64_t seed) {
  return search<quadri_policy>(o, me, std::move(legal), b, seed);
}

}  // namespace tabuleiro::bots

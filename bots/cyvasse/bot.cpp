// The Cyvasse bot. Set-up: a formation of the engine's library, drawn from the seed and mirrored
// one time in two. Play (both set-ups revealed, nothing hidden): the generic search with
// captures first in the move ordering, short capture-preferring playouts and a material,
// threat and advance evaluation.
#include <algorithm>
#include <cmath>

#include "bots/games.h"

namespace tabuleiro::bots {

namespace {

using namespace cyvasse;

// Material worth per kind (none, king, tower, dragon, trebuchet, crossbow, elephant,
// heavy_horse, light_horse, spearman, militia); the King's loss ends the game instead.
constexpr std::array<double, kind_count + 1> worth = {0, 4, 3, 9, 5, 3, 5, 4, 3.5, 2, 1.5};

double worth_of(kind k) { return worth[static_cast<int>(k)]; }

// Evaluation for seat 1 in [0, 1]: material, what the side to move can take now (and what it
// leaves hanging), pieces advanced towards the other side.
double evaluate(const state& s) {
  if (s.outcome) return outcome_value(*s.outcome);
  const arena& a = s.board;
  std::array<std::array<std::uint8_t, board_size>, 2> attacks;
  attack_counts(a, 1, attacks[0]);
  attack_counts(a, 2, attacks[1]);
  const seat mover = s.to_move;
  double d = 0;
  double best_take = 0, worst_hang = 0;
  for (int sq = 0; sq < board_size; ++sq) {
    const piece pc = a.pieces[sq];
    if (!pc.owner) continue;
    const double sign = pc.owner == 1 ? 1 : -1;
    d += sign * worth_of(pc.what);
    const int ahead = pc.owner == 1 ? rank_of(sq) : 9 - rank_of(sq);
    if (pc.what != kind::king && pc.what != kind::tower) d += sign * 0.05 * ahead;
    const int hits = attacks[opponent(pc.owner) - 1][sq];
    const bool open = static_cast<int>(stats_of(pc.what).armor) - hits <= 0 && !tower_protected(a, sq);
    if (!open) continue;
    const double v = pc.what == kind::king ? 30 : worth_of(pc.what);
    if (pc.owner == mover) worst_hang = std::max(worst_hang, v);
    else best_take = std::max(best_take, v);
  }
  const double sign = mover == 1 ? 1 : -1;
  d += sign * (0.7 * best_take - 0.3 * worst_hang);
  return 1.0 / (1.0 + std::exp(-d / 6.0));
}

// Move-ordering score: captures by victim worth (the King above all), then the rest.
double move_score(const arena& a, const action& m) {
  const piece t = a.pieces[m.to];
  if (!t.owner) return 0;
  return t.what == kind::king ? 100 : 10 + worth_of(t.what);
}

// The search policy (bots/search.h contract). Thread-safety: stateless.
struct cyvasse_policy {
  using game = cyvasse::game;
  static constexpr bool stable_legality = true;  // nothing is hidden in play

  static state sample(const observation& o, seat me, engine::rng& r) { return determinize(o, me, r); }

  static seat actor(const state& s) {
    if (s.outcome || s.ph != phase::play) return 0;
    return s.to_move;
  }

  static void order(const state& s, seat, std::vector<action>& acts, engine::rng& r) {
    for (std::size_t i = acts.size(); i > 1; --i) std::swap(acts[i - 1], acts[r.uniform(i)]);
    std::stable_sort(acts.begin(), acts.end(),
                     [&](const action& x, const action& y) { return move_score(s.board, x) > move_score(s.board, y); });
  }

  // Four plies: a King capture when there is one, else the best capture four times in five,
  // else a random move; then the evaluation.
  static double playout(state& s, engine::rng& r) {
    std::vector<move> moves;
    std::vector<event> events;
    for (int ply = 0; ply < 4 && !s.outcome && s.ph == phase::play; ++ply) {
      legal_moves_into(s, s.to_move, moves);
      if (moves.empty()) break;
      std::size_t pick = r.uniform(moves.size());
      double best = 0;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const piece t = s.board.pieces[moves[i].to];
        if (!t.owner) continue;
        const double v = t.what == kind::king ? 100 : worth_of(t.what);
        if (v > best) {
          best = v;
          if (v >= 100 || r.uniform(5) != 0) pick = i;
        }
      }
      events.clear();
      apply_move(s, moves[pick], events);
    }
    return evaluate(s);
  }
};

}  // namespace

search_result<cyvasse::action> search_cyvasse(const cyvasse::observation& o, engine::seat me,
                                              std::vector<cyvasse::action> legal, const budget& b, std::uint64_t seed) {
  return search<cyvasse_policy>(o, me, std::move(legal), b, seed);
}

cyvasse::action cyvasse_setup(engine::seat me, std::uint64_t seed) {
  engine::rng r(seed);
  const auto& lib = formations();
  const formation& f = lib[r.uniform(lib.size())];
  action a;
  a.type = action::setup;
  a.pieces = formation_for(f, me, r.uniform(2) == 1);
  return a;
}

}  // namespace tabuleiro::bots

// The one search every bot uses: open-loop information-set Monte Carlo tree search (UCT with
// progressive widening) over determinizations sampled from an observation, with short playouts
// ended by an evaluation. Generic over an engine::game; the per-game parts come from a policy P.
//
// Policy contract (static members of P):
//   using game = G;                                  an engine::game
//   sample(const G::observation&, seat me, engine::rng&) -> G::state
//                                                    a full state consistent with the observation
//                                                    (hidden parts drawn from the rng, never read
//                                                    from the true state)
//   actor(const G::state&) -> seat                   the seat to act, 0 when the game is over
//   order(const G::state&, seat, std::vector<G::action>&, engine::rng&)
//                                                    sorts actions best-first (move ordering; the
//                                                    tree widens in this order)
//   playout(G::state&, engine::rng&) -> double       a short policy playout then an evaluation:
//                                                    the value for seat 1 in [0, 1]
//   stable_legality                                  true when legality along a path of actions
//                                                    does not depend on the hidden parts (no
//                                                    check needed while descending)
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::bots {

// How long one search may run: at most iterations playouts, stopping early at the deadline (when
// set) or as soon as *stop becomes true. Thread-safety: read-only during a search.
struct budget {
  int iterations = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const std::atomic<bool>* stop = nullptr;
};

// The value of a finished game for seat 1: 1 win, 0 loss, 0.5 draw.
inline double outcome_value(const engine::outcome& o) { return !o.winner ? 0.5 : *o.winner == 1 ? 1.0 : 0.0; }

// What a search returns: the chosen action (nullopt when stopped) and the playouts it ran.
// Thread-safety: a plain value.
template <class A>
struct search_result {
  std::optional<A> action;
  int iterations = 0;
};

// Searches seat me's best action among legal (seat me's legal actions in the observed position)
// from observation o. Deterministic for a fixed iteration budget and seed (no deadline).
// nullopt when legal is empty or the stop flag was raised.
// Thread-safety: reentrant; everything it touches is local.
template <class P>
search_result<typename P::game::action> search(const typename P::game::observation& o, engine::seat me,
                                               std::vector<typename P::game::action> legal, const budget& b,
                                               std::uint64_t seed) {
  using G = typename P::game;
  using action = typename G::action;
  using clock = std::chrono::steady_clock;
  struct node {  // one tree node; the tree is local to this call
    action a{};
    engine::seat mover = 0;  // who played a (0 at the root)
    int parent = -1;
    std::vector<int> children;
    std::vector<action> untried;  // best-first; consumed from the front
    std::size_t next_untried = 0;
    bool listed = false;
    double w = 0;  // sum of values for mover
    int n = 0;
  };
  const auto stopped = [&] {
    if (b.stop && b.stop->load(std::memory_order_relaxed)) return true;
    return b.deadline && clock::now() >= *b.deadline;
  };
  search_result<action> out;
  if (legal.empty() || (b.stop && b.stop->load())) return out;
  engine::rng r(seed);
  if (legal.size() == 1) {
    out.action = legal.front();
    return out;
  }
  std::vector<node> tree(1);
  {
    typename G::state s0 = P::sample(o, me, r);
    P::order(s0, me, legal, r);
  }
  tree[0].untried = std::move(legal);
  tree[0].listed = true;
  constexpr double explore = 0.35;
  std::vector<int> path;
  for (int it = 0; it < b.iterations; ++it) {
    if (stopped()) {
      if (b.stop && b.stop->load()) return out;
      break;
    }
    typename G::state s = P::sample(o, me, r);
    int cur = 0;
    path.assign(1, 0);
    double value = 0.5;
    bool done = false;
    for (;;) {
      if (auto res = G::result(s)) {
        value = outcome_value(*res);
        done = true;
        break;
      }
      const engine::seat p = P::actor(s);
      if (p == 0) break;
      node& nd = tree[cur];
      if (!nd.listed) {
        nd.untried = G::legal_actions(s, p);
        P::order(s, p, nd.untried, r);
        nd.listed = true;
      }
      // Progressive widening: a node with n visits may hold about 2·sqrt(n) children.
      const std::size_t width = 1 + static_cast<std::size_t>(2.0 * std::sqrt(static_cast<double>(nd.n)));
      if (nd.next_untried < nd.untried.size() && nd.children.size() < width) {
        action a = nd.untried[nd.next_untried++];
        if (!P::stable_legality && G::check(s, p, a)) break;  // not legal in this sample
        G::apply(s, p, a);
        node child;
        child.a = std::move(a);
        child.mover = p;
        child.parent = cur;
        const int id = static_cast<int>(tree.size());
        tree.push_back(std::move(child));
        tree[cur].children.push_back(id);
        path.push_back(id);
        break;
      }
      int best = -1;
      double best_score = -1;
      const double log_n = std::log(static_cast<double>(nd.n) + 1.0);
      for (int c : nd.children) {
        const node& ch = tree[c];
        const double score = ch.w / ch.n + explore * std::sqrt(log_n / ch.n);
        if (score > best_score) {
          if (!P::stable_legality && G::check(s, p, ch.a)) continue;
          best_score = score;
          best = c;
        }
      }
      if (best < 0) break;
      G::apply(s, p, tree[best].a);
      cur = best;
      path.push_back(cur);
    }
    if (!done) value = P::playout(s, r);
    for (int id : path) {
      node& nd = tree[id];
      ++nd.n;
      nd.w += nd.mover == 2 ? 1.0 - value : value;
    }
    ++out.iterations;
  }
  // The most visited root child; ties go to the better mean, then to the earlier one.
  const node& root = tree[0];
  int best = -1;
  for (int c : root.children) {
    const node& ch = tree[c];
    if (best < 0 || ch.n > tree[best].n || (ch.n == tree[best].n && ch.w > tree[best].w)) best = c;
  }
  out.action = best >= 0 ? tree[best].a : root.untried.front();
  return out;
}

}  // namespace tabuleiro::bots

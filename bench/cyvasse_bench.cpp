// Engine benchmark: Cyvasse move generation and apply over a corpus of positions met in random
// playouts (both seats set up with library formations). Rates are per CPU second of the thread.
//
//   ./build/cyvasse_bench [--seconds 1.0]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "bench/bench_util.h"
#include "engine/cyvasse/rules.h"

using namespace tabuleiro::cyvasse;
using tabuleiro::bench::per_second;

int main(int argc, char** argv) {
  double seconds = 1.0;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--seconds") == 0) seconds = std::atof(argv[i + 1]);
  tabuleiro::engine::rng r(42);
  std::vector<state> states;
  std::vector<move> chosen, moves;
  std::vector<event> ev;
  while (states.size() < 4096) {
    state s = new_game(options{}, r.next());
    for (seat p : {1, 2}) {
      action a;
      a.type = action::setup;
      a.pieces = formation_for(formations()[r.uniform(formations().size())], p, r.uniform(2) == 1);
      apply_into(s, p, a, ev);
    }
    for (int i = 0; i < 200 && !s.outcome && states.size() < 4096; ++i) {
      legal_moves_into(s, s.to_move, moves);
      const move m = moves[r.uniform(moves.size())];
      states.push_back(s);
      chosen.push_back(m);
      apply_move(s, m, ev);
    }
  }
  long long total = 0;
  for (const state& s : states) {
    legal_moves_into(s, s.to_move, moves);
    total += static_cast<long long>(moves.size());
  }
  std::size_t i = 0;
  const double gen = per_second(seconds, [&] {
    for (int k = 0; k < 256; ++k, i = (i + 1) % states.size()) legal_moves_into(states[i], states[i].to_move, moves);
    return 256;
  });
  const double app = per_second(seconds, [&] {
    for (int k = 0; k < 256; ++k, i = (i + 1) % states.size()) {
      state t = states[i];
      ev.clear();
      apply_move(t, chosen[i], ev);
    }
    return 256;
  });
  const double chk = per_second(seconds, [&] {
    int ok = 0;
    for (int k = 0; k < 256; ++k, i = (i + 1) % states.size()) {
      action a;
      a.from = chosen[i].from;
      a.to = chosen[i].to;
      ok += check(states[i], states[i].to_move, a) == error::ok;
    }
    return ok;
  });
  std::printf("cyvasse_bench: corpus of %zu positions (mean %.1f legal moves), %.2f CPU s per measurement\n\n",
              states.size(), static_cast<double>(total) / static_cast<double>(states.size()), seconds);
  std::printf("| measurement (per CPU second) | rate |\n|---|---:|\n");
  std::printf("| legal-move generations | %.0f |\n", gen);
  std::printf("| moves applied (copy + apply, with the next player's no-move test) | %.0f |\n", app);
  std::printf("| exact checks of a legal move | %.0f |\n", chk);
  return 0;
}

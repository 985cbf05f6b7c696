// Engine benchmark: random QU4DRI playouts. Prints a markdown table of medians over several
// runs: playout steps (legal generation + apply), legal-action generations and actions applied
// per CPU second of this thread, over a corpus of positions met in playouts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "engine/quadri/rules.h"

using namespace tabuleiro::quadri;
using tabuleiro::bench::fmt;
using tabuleiro::bench::median;
using tabuleiro::bench::per_second;

namespace {

// Positions met in random playouts (uniform legal actions, games cut at 300 actions).
std::vector<state> make_corpus(std::size_t n, std::uint64_t seed) {
  std::vector<state> c;
  tabuleiro::engine::rng r(seed);
  std::vector<action> legal;
  std::vector<event> ev;
  while (c.size() < n) {
    state s = new_game({}, r.next());
    for (int i = 0; i < 300 && !s.outcome && c.size() < n; ++i) {
      c.push_back(s);
      legal_actions_into(s, s.to_move, legal);
      ev.clear();
      apply_into(s, s.to_move, legal[r.uniform(legal.size())], ev);
    }
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  double seconds = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
    else if (k == "--seconds") seconds = std::max(0.05, std::atof(argv[i + 1]));
  }
  const auto corpus = make_corpus(4096, 20261201);
  std::vector<action> legal;
  std::vector<event> ev;
  double total_legal = 0;
  for (const auto& s : corpus) {
    legal_actions_into(s, s.to_move, legal);
    total_legal += static_cast<double>(legal.size());
  }
  std::vector<double> steps, gens, applies;
  for (int run = 0; run < runs; ++run) {
    tabuleiro::engine::rng r(static_cast<std::uint64_t>(run) + 1);
    state s = new_game({}, r.next());
    steps.push_back(per_second(seconds, [&] {
      for (int i = 0; i < 256; ++i) {
        if (s.outcome) s = new_game({}, r.next());
        legal_actions_into(s, s.to_move, legal);
        ev.clear();
        apply_into(s, s.to_move, legal[r.uniform(legal.size())], ev);
      }
      return 256;
    }));
    std::size_t k = 0;
    gens.push_back(per_second(seconds, [&] {
      for (int i = 0; i < 256; ++i) {
        const state& q = corpus[k++ % corpus.size()];
        legal_actions_into(q, q.to_move, legal);
      }
      return 256;
    }));
    applies.push_back(per_second(seconds, [&] {
      for (int i = 0; i < 256; ++i) {
        state t = corpus[k++ % corpus.size()];
        legal_actions_into(t, t.to_move, legal);
        const action a = legal[k % legal.size()];
        ev.clear();
        apply_into(t, t.to_move, a, ev);
      }
      return 256;
    }));
  }
  auto row = [](const char* name, std::vector<double> v) {
    std::printf("| %s | %s | %s | %s |\n", name, fmt(median(v)).c_str(),
                fmt(*std::min_element(v.begin(), v.end())).c_str(), fmt(*std::max_element(v.begin(), v.end())).c_str());
  };
  std::printf("quadri_bench: QU4DRI random playouts, %d runs x %.2f CPU s per measurement, corpus of %zu positions "
              "(mean %.1f legal actions)\n\n",
              runs, seconds, corpus.size(), total_legal / static_cast<double>(corpus.size()));
  std::printf("| measurement (per CPU second) | median | min | max |\n|---|---:|---:|---:|\n");
  row("playout steps (legal generation + apply)", steps);
  row("legal-action generations", gens);
  row("actions applied (copy, legal list, apply with events)", applies);
  return 0;
}

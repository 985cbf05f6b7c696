// Engine benchmark: random TAIXU playouts. Prints a markdown table of medians over several
// bounded runs (bench/engine_bench.sh writes it into the "Engine" section of RESULTS.md).
//
//   ./build/engine_bench [--runs 5] [--seconds 1.0]
//
// Per run, each measurement loops for --seconds of thread CPU time (rates are per CPU second,
// so other work on the machine does not lower them):
//   playout steps/s      legal-action generation + random choice + apply (events collected)
//   legal generations/s  legal_actions_into over a fixed corpus of positions from playouts
//   actions applied/s    copy of a corpus position + apply_into of one of its legal actions
//   JSON actions/s       protocol::match::apply (parse, exact check, apply, views and events → JSON)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "engine/taixu/rules.h"
#include "protocol/core/game.h"

namespace {

using namespace tabuleiro::taixu;
using tabuleiro::bench::fmt;
using tabuleiro::bench::median;
using tabuleiro::bench::per_second;

constexpr int max_actions_per_game = 300;

// A random player: a uniformly chosen non-end action, or end_turn one time in eight.
const action& choose(const std::vector<action>& legal, tabuleiro::engine::rng& r) {
  if (legal.size() > 1 && r.uniform(8) != 0) return legal[r.uniform(legal.size() - 1)];
  return legal.back();
}

// Positions met in random playouts, each with one of its legal actions.
struct corpus {
  std::vector<state> states;
  std::vector<action> actions;
};

corpus make_corpus(std::size_t n, std::uint64_t seed) {
  corpus c;
  tabuleiro::engine::rng r(seed);
  std::vector<action> legal;
  std::vector<event> events;
  while (c.states.size() < n) {
    state s = new_game(options{}, r.next());
    for (int i = 0; i < max_actions_per_game && !s.outcome && c.states.size() < n; ++i) {
      legal_actions_into(s, s.to_move, legal);
      const action a = choose(legal, r);
      c.states.push_back(s);
      c.actions.push_back(a);
      events.clear();
      apply_into(s, s.to_move, a, events);
    }
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  double seconds = 1.0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::clamp(std::atoi(argv[++i]), 1, 50);
    else if (arg == "--seconds" && i + 1 < argc) seconds = std::clamp(std::atof(argv[++i]), 0.05, 10.0);
    else {
      std::fprintf(stderr, "usage: engine_bench [--runs N] [--seconds S]\n");
      return 2;
    }
  }
  const corpus c = make_corpus(4096, 12345);
  double mean_legal = 0;
  {
    std::vector<action> legal;
    for (const state& s : c.states) {
      legal_actions_into(s, s.to_move, legal);
      mean_legal += static_cast<double>(legal.size());
    }
    mean_legal /= static_cast<double>(c.states.size());
  }
  const auto* kind = tabuleiro::protocol::find_game("taixu");
  std::vector<double> playout, generation, applied, json_applied;
  long long games = 0;
  for (int run = 0; run < runs; ++run) {
    tabuleiro::engine::rng r(1000 + static_cast<std::uint64_t>(run));
    std::vector<action> legal;
    std::vector<event> events;
    state s = new_game(options{}, r.next());
    int in_game = 0;
    playout.push_back(per_second(seconds, [&] {
      for (int k = 0; k < 256; ++k) {
        if (s.outcome || ++in_game > max_actions_per_game) {
          s = new_game(options{}, r.next());
          in_game = 0;
          ++games;
        }
        legal_actions_into(s, s.to_move, legal);
        events.clear();
        apply_into(s, s.to_move, choose(legal, r), events);
      }
      return 256;
    }));
    std::size_t i = 0;
    generation.push_back(per_second(seconds, [&] {
      for (int k = 0; k < 256; ++k, i = (i + 1) % c.states.size())
        legal_actions_into(c.states[i], c.states[i].to_move, legal);
      return 256;
    }));
    applied.push_back(per_second(seconds, [&] {
      for (int k = 0; k < 256; ++k, i = (i + 1) % c.states.size()) {
        state copy = c.states[i];
        events.clear();
        apply_into(copy, copy.to_move, c.actions[i], events);
      }
      return 256;
    }));
    auto created = kind->create(nullptr, nullptr, r.next());
    auto match = std::move(std::get<0>(created));
    int json_in_game = 0;
    json_applied.push_back(per_second(seconds, [&] {
      for (int k = 0; k < 16; ++k) {
        if (match->seats_to_act().empty() || ++json_in_game > max_actions_per_game) {
          match = std::move(std::get<0>(kind->create(nullptr, nullptr, r.next())));
          json_in_game = 0;
        }
        const int p = match->seats_to_act().front();
        const auto legal_json = match->legal(p).actions;
        auto a = legal_json.back();
        if (legal_json.size() > 1 && r.uniform(8) != 0) a = legal_json[r.uniform(legal_json.size() - 1)];
        match->apply(p, a);
      }
      return 16;
    }));
  }
  std::printf("engine_bench: TAIXU random playouts, %d runs x %.2f CPU s per measurement, "
              "corpus of %zu positions (mean %.1f legal actions)\n\n",
              runs, seconds, c.states.size(), mean_legal);
  std::printf("| measurement (per CPU second) | median | min | max |\n|---|---:|---:|---:|\n");
  auto row = [](const char* name, const std::vector<double>& v) {
    std::printf("| %s | %s | %s | %s |\n", name, fmt(median(v)).c_str(),
                fmt(*std::min_element(v.begin(), v.end())).c_str(), fmt(*std::max_element(v.begin(), v.end())).c_str());
  };
  row("playout steps (legal generation + apply)", playout);
  row("legal-action generations", generation);
  row("actions applied (state copy + apply)", applied);
  row("JSON actions via protocol::match (legal JSON + apply)", json_applied);
  std::printf("\nplayout games started: %lld\n", games);
  return 0;
}

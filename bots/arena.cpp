// Bot-against-bot games through protocol::match, on a bounded pool of threads.
#include "bots/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace tabuleiro::bots {

std::uint64_t derive_seed(std::uint64_t base, std::uint64_t salt) {
  std::uint64_t z = base + 0x9e3779b97f4a7c15ULL * (salt + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

// Plays game index of config; appends each decision time (ms) of A and B to the given lists.
arena_game play_one(const arena_config& c, const protocol::game_kind& kind, int index, std::vector<double>& times_a,
                    std::vector<double>& times_b) {
  arena_game g;
  g.index = index;
  g.seed = derive_seed(c.seed, static_cast<std::uint64_t>(index));
  g.a_seat = index % 2 == 0 ? 1 : 2;
  auto created = kind.create(protocol::json::object(), nullptr, g.seed);
  if (auto* err = std::get_if<protocol::rule_error>(&created)) {
    g.reason = "error";
    g.error = err->code + ": " + err->message;
    return g;
  }
  protocol::match& m = *std::get<0>(created);
  const std::atomic<bool> never{false};
  while (g.actions < c.max_actions) {
    const auto to_act = m.seats_to_act();
    if (to_act.empty()) break;
    for (const engine::seat s : to_act) {
      const bool is_a = s == g.a_seat;
      const level l = is_a ? c.a : c.b;
      limits lim;
      lim.iterations = c.iterations ? *c.iterations : default_iterations(kind.name(), l);
      const auto t0 = std::chrono::steady_clock::now();
      auto act = choose(m, s, l, lim, derive_seed(g.seed, static_cast<std::uint64_t>(g.actions) * 2 + s), never);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      (is_a ? times_a : times_b).push_back(ms);
      std::optional<protocol::rule_error> refused;
      if (!act) refused = protocol::rule_error{"no_action", "the bot returned no action"};
      else refused = m.check(s, *act);
      if (!refused) refused = m.advance(s, *act);
      if (refused) {
        g.reason = "error";
        g.error = std::string(level_name(l)) + " seat " + std::to_string(s) + ": " + refused->code + " " +
                  (act ? act->dump() : std::string("null"));
        return g;
      }
      ++g.actions;
    }
  }
  if (auto o = m.outcome()) {
    g.winner = o->winner;
    g.reason = o->reason;
  } else {
    g.reason = "cap";
  }
  return g;
}

// The timing figures of a list of decision times.
arena_timing timing_of(level l, std::vector<double> t) {
  arena_timing out;
  out.who = l;
  out.decisions = static_cast<int>(t.size());
  if (t.empty()) return out;
  std::sort(t.begin(), t.end());
  out.median_ms = t[t.size() / 2];
  out.p95_ms = t[std::min(t.size() - 1, static_cast<std::size_t>(std::ceil(0.95 * t.size())) - 1)];
  out.max_ms = t.back();
  return out;
}

}  // namespace

arena_report run_arena(const arena_config& c) {
  const protocol::game_kind* kind = protocol::find_game(c.game);
  if (!kind) throw std::invalid_argument("unknown game '" + c.game + "'");
  if (c.games < 1 || c.games > 100000) throw std::invalid_argument("games must be 1..100000");
  if (c.threads < 1 || c.threads > 64) throw std::invalid_argument("threads must be 1..64");
  if (c.max_actions < 1) throw std::invalid_argument("max_actions must be positive");
  if (c.iterations && (*c.iterations < 1 || *c.iterations > 10000000))
    throw std::invalid_argument("iterations must be 1..10000000");
  arena_report r;
  r.config = c;
  r.games.resize(c.games);
  std::vector<double> times_a, times_b;
  std::mutex mu;
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < c.games; i = next++) {
      std::vector<double> ta, tb;
      arena_game g = play_one(c, *kind, i, ta, tb);
      std::lock_guard lock(mu);
      r.games[i] = std::move(g);
      times_a.insert(times_a.end(), ta.begin(), ta.end());
      times_b.insert(times_b.end(), tb.begin(), tb.end());
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::min(c.threads, c.games); ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  double sum = 0;
  std::vector<double> scores;
  for (const arena_game& g : r.games) {
    double x = 0.5;
    if (g.reason == "error") ++r.errors;
    if (g.reason == "cap") ++r.capped;
    if (!g.winner) ++r.draws;
    else if (*g.winner == g.a_seat) {
      ++r.wins;
      x = 1;
    } else {
      ++r.losses;
      x = 0;
    }
    scores.push_back(x);
    sum += x;
  }
  const double n = static_cast<double>(scores.size());
  r.score = sum / n;
  if (scores.size() > 1) {
    double var = 0;
    for (double x : scores) var += (x - r.score) * (x - r.score);
    var /= n - 1;
    r.ci95 = 1.96 * std::sqrt(var / n);
  }
  if (c.a == c.b) {
    times_a.insert(times_a.end(), times_b.begin(), times_b.end());
    r.timing.push_back(timing_of(c.a, std::move(times_a)));
  } else {
    r.timing.push_back(timing_of(c.a, std::move(times_a)));
    r.timing.push_back(timing_of(c.b, std::move(times_b)));
  }
  return r;
}

protocol::json arena_json(const arena_report& r) {
  using protocol::json;
  json timing = json::array();
  for (const arena_timing& t : r.timing)
    timing.push_back({{"level", level_name(t.who)},
                      {"decisions", t.decisions},
                      {"median_ms", t.median_ms},
                      {"p95_ms", t.p95_ms},
                      {"max_ms", t.max_ms}});
  json games = json::array();
  for (const arena_game& g : r.games) {
    json e = {{"index", g.index},   {"seed", std::to_string(g.seed)},
              {"a_seat", g.a_seat}, {"winner", g.winner ? json(*g.winner) : json(nullptr)},
              {"reason", g.reason}, {"actions", g.actions}};
    if (!g.error.empty()) e["error"] = g.error;
    games.push_back(std::move(e));
  }
  const arena_config& c = r.config;
  return {{"game", c.game},
          {"a", level_name(c.a)},
          {"b", level_name(c.b)},
          {"games", c.games},
          {"seed", std::to_string(c.seed)},
          {"iterations", c.iterations ? json(*c.iterations) : json(nullptr)},
          {"max_actions", c.max_actions},
          {"wins", r.wins},
          {"draws", r.draws},
          {"losses", r.losses},
          {"capped", r.capped},
          {"errors", r.errors},
          {"score", r.score},
          {"ci95", r.ci95},
          {"timing", std::move(timing)},
          {"results", std::move(games)}};
}

}  // namespace tabuleiro::bots

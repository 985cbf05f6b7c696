// Codec benchmark: what a room pays per action inside protocol::match, for every game, without
// sockets or the store. Random games are recorded first (the actions the load generator's
// players send: random legal entries stripped of their annotations; Cyvasse set-ups built from
// expects); each run then replays them into fresh matches and, per action, does what the server
// does between reading a frame and sending it on:
//   apply     parse the action's JSON, exact check, apply, observe every viewer class, redact events
//   patches   one patch per distinct (view before, view after) pair (view::patch_from); the events
//             are written as text by apply
//   legal     the legal fields of both seats (match_feed::legal_text)
// Rates are per CPU second of the thread (medians of the runs); the split into the three parts
// is by wall time inside the runs.
//
//   ./build/codec_bench [--runs 5] [--seconds 1.0] [--game taixu|cyvasse|quadri]
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/bench_util.h"
#include "bench/load/game_actions.h"
#include "protocol/core/game.h"

namespace {

namespace protocol = tabuleiro::protocol;
namespace bench = tabuleiro::bench;
using json = nlohmann::json;
using clock_type = std::chrono::steady_clock;

constexpr int games_per_corpus = 24;
constexpr int max_actions_per_game = 300;

// One recorded game: its seed and the actions sent, in order.
struct recorded_game {
  std::uint64_t seed = 0;
  std::vector<std::pair<int, std::string>> actions;  // (seat, action JSON text)
};

// A new match of kind from seed (default options); exits on failure (a broken build).
std::unique_ptr<protocol::match> new_match(const protocol::game_kind& kind, std::uint64_t seed) {
  auto created = kind.create(json::object(), nullptr, seed);
  if (!std::holds_alternative<std::unique_ptr<protocol::match>>(created)) {
    std::fprintf(stderr, "codec_bench: cannot create a %s match\n", std::string(kind.name()).c_str());
    std::exit(1);
  }
  return std::move(std::get<std::unique_ptr<protocol::match>>(created));
}

// Random games of kind as the load generator plays them, each cut at max_actions_per_game.
std::vector<recorded_game> record_games(const protocol::game_kind& kind, std::uint64_t seed) {
  const auto* player = bench::find_game_actions(kind.name());
  std::mt19937_64 rng(seed);
  std::vector<recorded_game> out;
  for (int g = 0; g < games_per_corpus; ++g) {
    recorded_game game{rng(), {}};
    auto m = new_match(kind, game.seed);
    while (game.actions.size() < max_actions_per_game) {
      const auto to_act = m->seats_to_act();
      if (to_act.empty()) break;
      const int seat = to_act[rng() % to_act.size()];
      const auto legal = m->legal(seat);
      std::vector<std::string> texts;
      for (const auto& a : legal.actions) texts.push_back(a.dump());
      const std::vector<std::string_view> views(texts.begin(), texts.end());
      const auto chosen = bench::choose_action(*player, views, legal.expects, rng);
      if (!chosen || !std::holds_alternative<protocol::applied>(m->apply(seat, json::parse(*chosen)))) {
        std::fprintf(stderr, "codec_bench: a recorded %s action was refused\n", std::string(kind.name()).c_str());
        std::exit(1);
      }
      game.actions.emplace_back(seat, *chosen);
    }
    out.push_back(std::move(game));
  }
  return out;
}

// Wall time spent in each part of the per-action work, in seconds.
struct parts {
  double apply = 0, patches = 0, legal = 0;
};

// Replays the corpus in a loop, one action per step, doing the server's per-action work.
class replayer {
 public:
  replayer(const protocol::game_kind& kind, const std::vector<recorded_game>& games) : kind_(kind), games_(games) {}

  // Replays n actions (starting the next game when one ends); returns n.
  int step(int n, parts& spent) {
    for (int k = 0; k < n; ++k) {
      if (!m_ || next_ == games_[game_].actions.size()) start_next();
      const auto& [seat, text] = games_[game_].actions[next_++];
      const auto t0 = clock_type::now();
      auto result = m_->apply(seat, json::parse(text));
      auto& pub = std::get<protocol::applied>(result).pub;
      const auto t1 = clock_type::now();
      std::vector<std::pair<const protocol::view*, const protocol::view*>> done;
      for (int c = 0; c < 3; ++c) {
        const auto* after = pub.view_for(c).get();
        bool seen = false;
        for (const auto& d : done) seen = seen || (d.first == views_[c].get() && d.second == after);
        if (!seen) {
          done.emplace_back(views_[c].get(), after);
          sink_ += after->patch_from(*views_[c]).size();
        }
      }
      for (const auto& e : pub.events) sink_ += e->text().size();
      for (int c = 0; c < 3; ++c) views_[c] = pub.view_for(c);
      const auto t2 = clock_type::now();
      for (int s = 1; s <= 2; ++s) sink_ += m_->legal_fields(s).size();
      const auto t3 = clock_type::now();
      spent.apply += std::chrono::duration<double>(t1 - t0).count();
      spent.patches += std::chrono::duration<double>(t2 - t1).count();
      spent.legal += std::chrono::duration<double>(t3 - t2).count();
    }
    return n;
  }

  // Bytes written (kept so that no work is optimised away).
  std::size_t sink() const { return sink_; }

 private:
  void start_next() {
    if (m_) game_ = (game_ + 1) % games_.size();
    m_ = new_match(kind_, games_[game_].seed);
    next_ = 0;
    const auto pub = m_->observe();
    for (int c = 0; c < 3; ++c) views_[c] = pub.view_for(c);
  }

  const protocol::game_kind& kind_;
  const std::vector<recorded_game>& games_;
  std::unique_ptr<protocol::match> m_;
  std::size_t game_ = 0, next_ = 0, sink_ = 0;
  std::array<protocol::view_ptr, 3> views_;
};

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  double seconds = 1.0;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::clamp(std::atoi(argv[++i]), 1, 50);
    else if (arg == "--seconds" && i + 1 < argc) seconds = std::clamp(std::atof(argv[++i]), 0.05, 10.0);
    else if (arg == "--game" && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: codec_bench [--runs N] [--seconds S] [--game taixu|cyvasse|quadri]\n");
      return 2;
    }
  }
  std::printf("codec_bench: per action through protocol::match, %d runs x %.2f CPU s per game, "
              "%d recorded games of up to %d actions each\n\n",
              runs, seconds, games_per_corpus, max_actions_per_game);
  std::printf("| game | actions per CPU s (median) | min | max | µs per action | apply | patches | legal lists |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  std::size_t sink = 0;
  for (const auto name : protocol::game_names()) {
    if (!only.empty() && name != only) continue;
    if (!bench::find_game_actions(name)) continue;
    const auto& kind = *protocol::find_game(name);
    const auto games = record_games(kind, 20261203);
    replayer r(kind, games);
    std::vector<double> rates;
    parts spent;
    for (int run = 0; run < runs; ++run) rates.push_back(bench::per_second(seconds, [&] { return r.step(64, spent); }));
    const double rate = bench::median(rates), total = spent.apply + spent.patches + spent.legal;
    std::printf("| %s | %s | %s | %s | %.1f | %.0f%% | %.0f%% | %.0f%% |\n", std::string(name).c_str(),
                bench::fmt(rate).c_str(), bench::fmt(*std::min_element(rates.begin(), rates.end())).c_str(),
                bench::fmt(*std::max_element(rates.begin(), rates.end())).c_str(), 1e6 / rate,
                100 * spent.apply / total, 100 * spent.patches / total, 100 * spent.legal / total);
    sink += r.sink();
  }
  std::printf("\n(%zu bytes written)\n", sink);
  return 0;
}

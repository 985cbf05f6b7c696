// TAIXU property test: many random games from random seeds, invariants checked after every
// action, the legal list checked against the exact check, and every game replayed from its seed.
#include <algorithm>
#include <cstdlib>

#include <catch2/catch.hpp>

#include "taixu_builder.h"

using namespace taixu_test;
using tabuleiro::engine::rng;

namespace {

constexpr int max_actions_per_game = 150;

// Games to play: 10,000, or TAIXU_PROPERTY_GAMES from the environment (for quick local runs).
int game_count() {
  if (const char* env = std::getenv("TAIXU_PROPERTY_GAMES")) return std::max(1, std::atoi(env));
  return 10000;
}

// A random, usually illegal action (off-board squares included now and then).
action random_action(rng& r) {
  action a;
  a.kind = static_cast<action_kind>(r.uniform(5));
  auto square_of = [&]() -> square {
    if (r.uniform(50) == 0) return r.uniform(2) ? no_square : static_cast<square>(64);
    return static_cast<square>(r.uniform(64));
  };
  if (a.kind != action_kind::end_turn) a.a = square_of();
  if (a.kind == action_kind::move || a.kind == action_kind::swap) a.b = square_of();
  if (a.kind == action_kind::swap && a.a > a.b) std::swap(a.a, a.b);
  return a;
}

// The first broken invariant of a state reached by play, or "" (one assertion per step keeps
// the suite fast).
std::string invariant_problem(const state& s, const state& prev) {
  if (const char* problem = validate(s)) return problem;  // charges 0..4, idle 0..2, pool, moved…
  if (s.pc < 0 || s.bonus[0] < 0 || s.bonus[1] < 0) return "negative PC or bonus";
  for (seat p = 1; p <= 2; ++p) {
    const int total = pieces_on_board(s, p) + s.reserve[p - 1];
    if (s.opts.destroyed == destroyed_mode::reserve && total != s.opts.reserve) return "pool not conserved";
    if (total > pieces_on_board(prev, p) + prev.reserve[p - 1]) return "pool grew";
  }
  std::array<int, 2> halves{};
  for (int q = 0; q < board_size; ++q)
    if (s.anomalies[q] != effect::none) ++halves[is_north(q) ? 0 : 1];
  if (halves[0] > anomalies_per_half(s.round) || halves[1] > anomalies_per_half(s.round)) return "too many anomalies";
  // A running turn always has something to do besides end_turn.
  if (!s.outcome && (s.pc <= 0 || !has_non_end_action(s))) return "turn should have ended";
  return "";
}

// Checks that exactly the listed actions pass the exact check, over every possible action.
void require_list_is_exact(const state& s, const std::vector<action>& legal) {
  auto listed = [&](const action& a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); };
  auto agrees = [&](const action& a) {
    const bool ok = (check(s, s.to_move, a) == error::ok) == listed(a);
    if (!ok) FAIL("check and legal list disagree: kind " << int(a.kind) << " a " << int(a.a) << " b " << int(a.b));
  };
  for (int a = 0; a < 64; ++a) {
    agrees({action_kind::summon, static_cast<square>(a), no_square});
    agrees({action_kind::stabilize, static_cast<square>(a), no_square});
    for (int b = 0; b < 64; ++b) {
      agrees({action_kind::move, static_cast<square>(a), static_cast<square>(b)});
      if (b > a) agrees({action_kind::swap, static_cast<square>(a), static_cast<square>(b)});
    }
  }
  REQUIRE(listed(end_turn()));
}

}  // namespace

TEST_CASE("taixu property: random games keep every invariant and replay identically") {
  const int games = game_count();
  rng meta(0x7a1c5eedULL);
  std::vector<action> legal, history;
  std::vector<event> events;
  long long actions_applied = 0, finished = 0;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = meta.next();
    options o;
    o.reserve = 4 + static_cast<int>(meta.uniform(13));
    o.destroyed = meta.uniform(3) == 0 ? destroyed_mode::removed : destroyed_mode::reserve;
    INFO("game " << g << " seed " << seed << " reserve " << o.reserve);
    state s = new_game(o, seed);
    REQUIRE(invariant_problem(s, s).empty());
    history.clear();
    for (int step = 0; step < max_actions_per_game && !s.outcome; ++step) {
      const seat p = s.to_move;
      legal_actions_into(s, p, legal);
      if (legal.empty() || !(legal.back() == end_turn()) || !game::legal_actions(s, opponent(p)).empty())
        FAIL("legal list malformed, or the opponent may act");
      bool all_pass = true;  // one assertion per step keeps the suite fast
      for (const action& a : legal) all_pass = all_pass && check(s, p, a) == error::ok;
      REQUIRE(all_pass);
      if (g % 500 == 0 && step % 10 == 0) require_list_is_exact(s, legal);
      if (g % 50 == 0 && step % 5 == 0) {  // every listed action is accepted by apply itself
        bool all_applied = true;
        for (const action& a : legal) {
          state copy = s;
          events.clear();
          all_applied = all_applied && apply_into(copy, p, a, events) == error::ok;
        }
        REQUIRE(all_applied);
      }
      // Probe: a random action is accepted iff listed; a refused one changes nothing.
      for (int k = 0; k < 2; ++k) {
        const action bad = random_action(meta);
        const error e = check(s, p, bad);
        const bool listed = std::find(legal.begin(), legal.end(), bad) != legal.end();
        state copy = s;
        events.clear();
        const seat who = k == 0 ? p : opponent(p);
        const error applied = apply_into(copy, who, bad, events);
        const bool consistent = (e == error::ok) == listed && (who == p || applied == error::not_your_turn) &&
                                (applied == error::ok || (copy == s && events.empty()));
        if (!consistent) FAIL("probe kind " << int(bad.kind) << " a " << int(bad.a) << " b " << int(bad.b));
      }
      // A random player that ends its turn now and then.
      action chosen = legal.back();
      if (legal.size() > 1 && meta.uniform(8) != 0) chosen = legal[meta.uniform(legal.size() - 1)];
      const state prev = s;
      events.clear();
      if (apply_into(s, p, chosen, events) != error::ok || events.empty()) FAIL("listed action refused");
      history.push_back(chosen);
      ++actions_applied;
      const std::string problem = invariant_problem(s, prev);
      if (!problem.empty()) FAIL(problem << " after step " << step);
    }
    finished += s.outcome.has_value();
    state replay = new_game(o, seed);
    for (const action& a : history) {
      events.clear();
      if (apply_into(replay, replay.to_move, a, events) != error::ok) FAIL("replay refused an action");
    }
    REQUIRE(replay == s);
  }
  CHECK(actions_applied > games * 20LL);
  if (games >= 1000) CHECK(finished > 0);  // some random games reach an outcome
  WARN(games << " games, " << actions_applied << " actions, " << finished << " finished");
}

// QU4DRI: perft from the opening, and a property test over random games from random seeds
// (energy accounting, talisman and predictor counts, connectivity, the legal list against the
// exact check, check and apply agreeing, the captures each action announces, the no-action loss
// only without a legal action, deterministic replay).
#include <algorithm>
#include <cstdlib>

#include <catch2/catch.hpp>

#include "quadri_builder.h"

using namespace quadri_test;
using tabuleiro::engine::rng;

namespace {

std::uint64_t perft(const state& s, int depth) {
  if (depth == 0 || s.outcome) return 1;
  std::vector<action> list;
  legal_actions_into(s, s.to_move, list);
  if (depth == 1) return list.size();
  std::uint64_t n = 0;
  std::vector<event> ev;
  for (const auto& a : list) {
    state t = s;
    ev.clear();
    apply_into(t, t.to_move, a, ev);
    n += perft(t, depth - 1);
  }
  return n;
}

// Games to play: 2,000, or QUADRI_PROPERTY_GAMES from the environment.
int game_count() {
  if (const char* env = std::getenv("QUADRI_PROPERTY_GAMES")) return std::max(1, std::atoi(env));
  return 2000;
}

// A random, usually illegal action (off-area cells now and then).
action random_action(rng& r) {
  action a;
  a.kind = static_cast<action_kind>(r.uniform(4));
  auto cell_of = [&]() -> cell {
    if (r.uniform(60) == 0) return off_area;
    return static_cast<cell>(r.uniform(area_size));
  };
  a.len = a.kind == action_kind::move    ? static_cast<std::uint8_t>(2 + r.uniform(3))
          : a.kind == action_kind::shift ? 2
                                         : 1;
  for (int i = 0; i < a.len; ++i) a.path[i] = cell_of();
  return a;
}

// The first broken invariant of s reached from prev by an action with events ev, or "".
std::string invariant_problem(const state& s, const state& prev, const std::vector<event>& ev) {
  if (const char* m = validate(s)) return m;
  std::array<int, 3> tiles{};
  for (const auto& t : s.tiles) ++tiles[t.aura];
  if (tiles[1] != 16 || tiles[2] != 16) return "talisman count changed";
  if (!grid_connected(s)) return "grid disconnected";
  // Energy accounting: every change is an energy_changed event, by the captured tile's value.
  std::array<int, 2> energy = prev.energy;
  int captures = 0;
  for (const auto& any : ev) {
    if (std::holds_alternative<captured>(any)) ++captures;
    const auto* e = std::get_if<energy_changed>(&any);
    if (!e) continue;
    if (energy[e->player - 1] != e->from) return "energy_changed.from mismatch";
    const int delta = e->to - e->from;
    if (std::abs(delta) != prev.tiles[e->at].value) return "energy change is not the tile's value";
    energy[e->player - 1] = e->to;
  }
  if (energy != s.energy) return "energy changed without event";
  for (seat p = 1; p <= 2; ++p) {
    const int now = on_grid(s, p) + s.hand[p - 1], before = on_grid(prev, p) + prev.hand[p - 1];
    const int lost = static_cast<int>(std::count_if(ev.begin(), ev.end(), [&](const event& e) {
      const auto* c = std::get_if<captured>(&e);
      return c && c->victim_owner == p;
    }));
    if (now != before - lost) return "predictor count not conserved";
  }
  if (captures == 0 && s.quiet != prev.quiet + 1) return "quiet count";
  if (captures > 0 && s.quiet != 0) return "quiet reset";
  for (int c = 0; c < area_size; ++c)
    if (s.tiles[c].location && !s.tiles[c].revealed) return "location side unrevealed";
  for (int c = 0; c < area_size; ++c)
    if (prev.tiles[c].revealed && prev.tiles[c].aura) {
      bool kept = false;
      for (const auto& t : s.tiles)
        kept = kept || (t.aura == prev.tiles[c].aura && t.phase == prev.tiles[c].phase && t.dir == prev.tiles[c].dir &&
                        t.revealed);
      if (!kept) return "a revealed value was hidden again";
    }
  return "";
}

// Every drop, flip and shift and every two-cell move of s passes the exact check exactly when
// it is listed (longer paths are covered by the sampled random actions).
void require_list_is_exact(const state& s, const std::vector<action>& legal) {
  auto agrees = [&](const action& a) {
    const bool in_list = std::find(legal.begin(), legal.end(), a) != legal.end();
    return (check(s, s.to_move, a) == error::ok) == in_list;
  };
  for (int c = 0; c < area_size; ++c) {
    const cell x = static_cast<cell>(c);
    if (!agrees(drop_action(x)) || !agrees(flip_action(x))) FAIL("drop/flip list is not exact at " << c);
    for (int d = 0; d < 4; ++d) {
      const cell n = neighbour(c, d);
      if (n >= 0 && !agrees(shift_action(x, n))) FAIL("shift list is not exact at " << c);
    }
    if (s.preds[c].owner != s.to_move) continue;
    for (int to = 0; to < area_size; ++to)
      if (!agrees(move_action({x, static_cast<cell>(to)}))) FAIL("move list is not exact at " << c << "-" << to);
  }
  for (const auto& a : legal)
    if (a.kind == action_kind::move && a.len > 2) {
      action prefix = a;
      prefix.len = static_cast<std::uint8_t>(a.len - 1);
      if (check(s, s.to_move, prefix) == error::ok) FAIL("a prefix of a listed sequence is accepted");
    }
}

}  // namespace

TEST_CASE("quadri perft from the opening (depths 1-3)") {
  const state s = new_game({}, 1);
  CHECK(perft(s, 1) == 11);
  CHECK(perft(s, 2) == 114);
  CHECK(perft(s, 3) == 1203);
  // Values and placement never change the counts this early.
  CHECK(perft(new_game({}, 987654321), 3) == perft(s, 3));
}

TEST_CASE("quadri property: random games keep the invariants, the legal list is exact, replay is deterministic") {
  const int games = game_count();
  rng meta(20261201);
  std::vector<action> list;
  std::vector<event> ev;
  int finished = 0, captures_seen = 0, shifts_seen = 0;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = meta.next();
    options o;
    o.majority = meta.uniform(4) == 0;
    state s = new_game(o, seed);
    rng pick(seed ^ 0x9e3779b97f4a7c15ull);
    std::vector<action> played;
    for (int step = 0; step < 400 && !s.outcome; ++step) {
      legal_actions_into(s, s.to_move, list);
      REQUIRE_FALSE(list.empty());
      // Every listed action passes the exact check; a few random ones agree with the list, and
      // a refused one changes nothing when applied.
      for (const auto& a : list)
        if (check(s, s.to_move, a) != error::ok) FAIL("listed action refused: " << error_code(check(s, s.to_move, a)));
      for (int k = 0; k < 4; ++k) {
        const action r = random_action(pick);
        const bool in_list = std::find(list.begin(), list.end(), r) != list.end();
        const error e = check(s, s.to_move, r);
        if ((e == error::ok) != in_list) FAIL("check and list disagree");
        if (e != error::ok) {
          state t = s;
          ev.clear();
          if (apply_into(t, t.to_move, r, ev) != e || !(t == s) || !ev.empty()) FAIL("apply and check disagree");
        }
      }
      if (check(s, opponent(s.to_move), list[0]) != error::not_your_turn) FAIL("other seat accepted");
      if (g < 200 && step % 10 == 0) require_list_is_exact(s, list);
      // Prefer captures and talisman actions now and then so games reach every rule.
      const action a = list[pick.uniform(list.size())];
      const state prev = s;
      ev.clear();
      REQUIRE(apply_into(s, s.to_move, a, ev) == error::ok);
      const std::string problem = invariant_problem(s, prev, ev);
      if (!problem.empty()) FAIL(problem);
      // The captures a legal action announces (the legal list's "captures") are the ones it makes.
      const auto taken = std::count_if(ev.begin(), ev.end(),
                                       [](const event& e) { return std::holds_alternative<captured>(e); });
      if (captures_of(prev, prev.to_move, a) != taken)
        FAIL("captures_of " << captures_of(prev, prev.to_move, a) << " but " << taken << " captured");
      // The no-action loss only when the player to move has no legal action at all.
      if (s.outcome && s.outcome->reason == "no_action") {
        state t = s;
        t.outcome.reset();
        legal_actions_into(t, t.to_move, list);
        if (!list.empty()) FAIL("lost by no_action with " << list.size() << " legal actions");
      }
      if (a.kind == action_kind::move && a.len > 2) ++captures_seen;
      for (const auto& e : ev) captures_seen += std::holds_alternative<captured>(e) && a.len == 2;
      shifts_seen += a.kind == action_kind::shift;
      played.push_back(a);
    }
    finished += s.outcome.has_value();
    // Replay from the seed gives the same state.
    state r = new_game(o, seed);
    for (const auto& a : played) {
      ev.clear();
      REQUIRE(apply_into(r, r.to_move, a, ev) == error::ok);
    }
    if (!(r == s)) FAIL("replay differs");
  }
  CHECK(finished > games / 2);
  CHECK(captures_seen > 0);
  CHECK(shifts_seen > 0);
}

// TAIXU as an engine::game: over positions reached by random play, the exact check accepts
// exactly the legal list and agrees with apply; observations hide the PRNG and seed and are the
// same for every viewer; events are shown as they are.
#include <algorithm>

#include <catch2/catch.hpp>

#include "taixu_builder.h"

using namespace taixu_test;
using tabuleiro::engine::rng;
using tabuleiro::engine::rule_error;
using tabuleiro::engine::viewer;

namespace {

constexpr std::array<viewer, 3> viewers = {viewer::spectator, viewer::seat1, viewer::seat2};

// Every action of every kind on every pair of squares (swaps in both orders), plus a few
// malformed ones: off-board squares and an unknown kind.
std::vector<action> every_action() {
  std::vector<action> out;
  const std::array<square, 2> off = {no_square, static_cast<square>(64)};
  for (int a = 0; a < board_size; ++a) {
    const auto sa = static_cast<square>(a);
    out.push_back({action_kind::summon, sa, no_square});
    out.push_back({action_kind::stabilize, sa, no_square});
    for (int b = 0; b < board_size; ++b) {
      out.push_back({action_kind::move, sa, static_cast<square>(b)});
      out.push_back({action_kind::swap, sa, static_cast<square>(b)});
    }
    for (square o : off) {
      out.push_back({action_kind::move, sa, o});
      out.push_back({action_kind::swap, o, sa});
    }
  }
  for (square o : off) {
    out.push_back({action_kind::summon, o, no_square});
    out.push_back({action_kind::stabilize, o, no_square});
  }
  out.push_back(end_turn());
  out.push_back({static_cast<action_kind>(9), 0, 1});
  return out;
}

// a with its swap squares in order (the form in which the legal list holds a swap).
action normalised(action a) {
  if (a.kind == action_kind::swap && a.a > a.b) std::swap(a.a, a.b);
  return a;
}

// "" when game::check accepts exactly the listed actions of seat p in s and apply agrees with
// check on every action (same rule error, or success; a refusal changes nothing); else the
// first disagreement.
std::string contract_problem(const state& s, seat p, const std::vector<action>& all) {
  const std::vector<action> legal = game::legal_actions(s, p);
  if (!game::legal_complete(s, p)) return "legal_complete is false";
  for (const action& a : all) {
    const std::optional<rule_error> refused = game::check(s, p, a);
    const bool listed = std::find(legal.begin(), legal.end(), normalised(a)) != legal.end();
    state copy = s;
    const auto applied = game::apply(copy, p, a);
    const auto* err = std::get_if<rule_error>(&applied);
    const std::string what = "seat " + std::to_string(p) + " kind " + std::to_string(int(a.kind)) + " a " +
                             std::to_string(a.a) + " b " + std::to_string(a.b);
    if (refused.has_value() == listed) return "check and legal list disagree: " + what;
    if (refused && (!err || !(*err == *refused))) return "apply refused differently: " + what;
    if (refused && !(copy == s)) return "a refused action changed the state: " + what;
    if (!refused && err) return "apply refused a checked action: " + what;
    if (refused && (refused->code.empty() || refused->message.empty())) return "empty rule error: " + what;
  }
  return "";
}

// Two states that differ only in their secrets (PRNG state and seed).
std::pair<state, state> secret_twins(const state& s) {
  state other = s;
  other.rng = rng(0xdecafbadULL);
  other.seed = std::nullopt;
  return {s, other};
}

}  // namespace

TEST_CASE("taixu game: check accepts exactly the legal list and agrees with apply, over random games") {
  const std::vector<action> all = every_action();
  rng meta(0x5eed0c4eULL);
  long long states = 0;
  for (int g = 0; g < 20; ++g) {  // about 800 positions x 8,400 actions: a few seconds
    options o;
    o.reserve = 4 + static_cast<int>(meta.uniform(13));
    o.destroyed = meta.uniform(2) ? destroyed_mode::removed : destroyed_mode::reserve;
    state s = new_game(o, meta.next());
    for (int step = 0; step < 40 && !s.outcome; ++step, ++states) {
      INFO("game " << g << " step " << step);
      for (seat p = 1; p <= 2; ++p) {
        if (p != s.to_move && step % 4 != 0) continue;  // the waiting seat: every 4th position
        const std::string problem = contract_problem(s, p, all);
        if (!problem.empty()) FAIL(problem);
      }
      const auto legal = game::legal_actions(s, s.to_move);
      action chosen = legal.back();
      if (legal.size() > 1 && meta.uniform(8) != 0) chosen = legal[meta.uniform(legal.size() - 1)];
      REQUIRE(std::holds_alternative<std::vector<event>>(game::apply(s, s.to_move, chosen)));
    }
  }
  CHECK(states > 600);
}

TEST_CASE("taixu game: the precise rule errors come from check, with apply's code and message") {
  const state s = build("d5:1:1 d6:2:2 a8:1:0", "", setup{.pc = 1});
  const auto weak = game::check(s, 1, {action_kind::move, sq("d5"), sq("d6")});
  REQUIRE(weak);
  CHECK(*weak == rule_error{"weaker_attacker", "the attacker's charge is lower than the defender's"});
  const auto poor = game::check(s, 1, {action_kind::stabilize, sq("d5"), no_square});
  REQUIRE(poor);
  CHECK(*poor == rule_error{"insufficient_pc", "not enough PC for this action"});
  CHECK(game::check(s, 2, end_turn())->code == "not_your_turn");
  CHECK(!game::check(s, 1, {action_kind::move, sq("d5"), sq("d4")}));
  state over = s;
  over.outcome = tabuleiro::engine::outcome{1, "singularity"};
  const std::vector<action> all = every_action();
  CHECK(game::legal_actions(over, 1).empty());
  CHECK(game::seats_to_act(over).empty());
  for (seat p = 1; p <= 2; ++p) {
    CHECK(game::check(over, p, end_turn())->code == "game_over");
    CHECK(contract_problem(over, p, all).empty());
  }
}

TEST_CASE("taixu game: observations carry every public field, no secret, and are the same for all") {
  rng meta(0x0b5e7e11ULL);
  for (int g = 0; g < 20; ++g) {
    state s = new_game(options{}, meta.next());
    for (int step = 0; step < 40 && !s.outcome; ++step) {
      const observation o = game::observe(s, viewer::spectator);
      for (viewer v : viewers) REQUIRE(game::observe(s, v) == o);
      REQUIRE(o.opts == s.opts);
      REQUIRE(o.board == s.board);
      REQUIRE(o.anomalies == s.anomalies);
      REQUIRE((o.to_move == s.to_move && o.round == s.round && o.pc == s.pc));
      REQUIRE((o.bonus == s.bonus && o.reserve == s.reserve && o.outcome == s.outcome));
      REQUIRE(summon_cost(o, o.to_move) == summon_cost(s, s.to_move));
      // Secrets do not show: states that differ only in rng and seed look the same.
      const auto [a, b] = secret_twins(s);
      REQUIRE(!(a == b));
      for (viewer v : viewers) REQUIRE(game::observe(a, v) == game::observe(b, v));
      const auto legal = game::legal_actions(s, s.to_move);
      const auto r = game::apply(s, s.to_move, legal[meta.uniform(legal.size())]);
      for (const event& e : std::get<std::vector<event>>(r))
        for (viewer v : viewers) REQUIRE(game::redact(e, v) == std::optional<event>(e));
    }
  }
  // A public change shows: a different board is a different observation.
  const state s = build("d5:1:2");
  state t = s;
  t.board[sq("d5")].charge = 3;
  CHECK(!(game::observe(s, viewer::seat1) == game::observe(t, viewer::seat1)));
}

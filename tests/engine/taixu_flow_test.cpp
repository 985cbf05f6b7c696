// TAIXU rules §3, §5 (reshuffle), §6, §7, §8: collapse and waves, Multiple Collapse bonus,
// inactivity, PC schedule, automatic end of turn, Singularity, Extermination.
#include <catch2/catch.hpp>

#include "taixu_builder.h"

using namespace taixu_test;

namespace {

setup rich(int to_move = 1) {
  setup o;
  o.pc = 20;
  o.to_move = to_move;
  return o;
}

// Anomalies per half: {north, south}.
std::array<int, 2> anomaly_counts(const state& s) {
  std::array<int, 2> n{};
  for (int q = 0; q < 64; ++q)
    if (s.anomalies[q] != effect::none) {
      REQUIRE(is_anomaly_eligible(q));
      ++n[is_north(q) ? 0 : 1];
    }
  return n;
}

}  // namespace

TEST_CASE("taixu §6: a piece reaching 5 explodes — its wave hits the 8 neighbours") {
  state s = build("d2:1:4 c4:2:0 e4:2:2 e2:1:1 d6:2:1", "", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("d2", "d3"), &ev) == error::ok);
  CHECK(at(s, "d3").owner == 0);
  CHECK(s.reserve[0] == 7);       // exploded piece back to the reserve
  CHECK(at(s, "c4").owner == 0);  // charge 0 hit: destroyed
  CHECK(s.reserve[1] == 6);
  CHECK(at(s, "e4").charge == 1);
  CHECK(at(s, "e2").charge == 0);
  CHECK(at(s, "d6").charge == 1);  // not adjacent
  const wave& w = first<wave>(ev);
  CHECK(w.center == sq("d3"));
  CHECK(w.actor == 1);
  CHECK(w.ring_count == 8);
  CHECK(w.hit_count == 3);
  CHECK(count<destroyed>(ev) == 1);
  CHECK(first<exploded>(ev).owner == 1);

  state edge = build("a5:1:4", "", rich());
  ev.clear();
  REQUIRE(play(edge, move("a5", "a4"), &ev) == error::ok);
  CHECK(first<wave>(ev).ring_count == 5);  // only in-board squares
}

TEST_CASE("taixu §6.4: a wave hitting 2+ enemy pieces earns +1 PC, credited next turn") {
  state s = build("d2:1:4 c4:2:0 e4:2:2 e2:1:1 h1:2:0", "", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("d2", "d3"), &ev) == error::ok);
  CHECK(count<bonus_earned>(ev) == 1);
  CHECK(s.bonus[0] == 1);
  CHECK(s.pc == 19);  // not credited now
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(s.pc == 5);
  CHECK(s.bonus[0] == 1);
  ev.clear();
  REQUIRE(play(s, end_turn(), &ev) == error::ok);
  CHECK(s.to_move == 1);
  CHECK(s.pc == 6);
  CHECK(s.bonus[0] == 0);
  CHECK(first<turn_started>(ev).bonus == 1);

  state one = build("d2:1:4 c4:2:0 e2:1:1 h1:2:0", "", rich());
  REQUIRE(play(one, move("d2", "d3")) == error::ok);
  CHECK(one.bonus[0] == 0);  // one enemy hit is not enough
}

TEST_CASE("taixu §6: simultaneous explosions, acting piece first, waves stack") {
  state s = build("d5:1:4 d4:2:4 e4:2:2 c5:2:1 d3:1:2 d6:1:3", "", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("d5", "d4"), &ev) == error::ok);
  REQUIRE(count<exploded>(ev) == 2);
  std::vector<square> order;
  for (const auto& e : ev)
    if (const auto* x = std::get_if<exploded>(&e)) order.push_back(x->at);
  CHECK(order == std::vector<square>{sq("d5"), sq("d4")});  // acting piece first
  CHECK(at(s, "d4").owner == 0);
  CHECK(at(s, "d5").owner == 0);
  CHECK(at(s, "e4").charge == 0);  // hit by both waves: 2 → 0
  CHECK(at(s, "c5").owner == 0);   // 1 → 0, then destroyed by the second wave
  CHECK(at(s, "d3").charge == 1);
  CHECK(at(s, "d6").charge == 2);
  CHECK(s.reserve == std::array<int, 2>{8 - 2, 8 - 1});
  CHECK(s.bonus[0] == 2);  // both waves hit two enemy pieces
}

TEST_CASE("taixu §7: a piece not moved for 3 own turns loses 1 charge — stabilize is not a move") {
  state s = build("b8:1:2 c8:1:2 h8:1:0 h1:2:3", "", rich());
  REQUIRE(play(s, move("h8", "h7")) == error::ok);
  REQUIRE(play(s, stabilize("c8")) == error::ok);
  REQUIRE(play(s, summon("d8")) == error::ok);
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(at(s, "b8").idle == 1);
  CHECK(at(s, "c8").idle == 1);
  CHECK(at(s, "h7").idle == 0);
  CHECK(at(s, "d8").idle == 0);
  CHECK_FALSE(at(s, "h7").moved);
  REQUIRE(play(s, end_turn()) == error::ok);
  REQUIRE(play(s, move("h7", "h8")) == error::ok);
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(at(s, "b8").idle == 2);
  CHECK(at(s, "b8").charge == 2);
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(at(s, "h1").idle == 2);
  REQUIRE(play(s, move("h8", "h7")) == error::ok);
  std::vector<event> ev;
  REQUIRE(play(s, end_turn(), &ev) == error::ok);
  CHECK(at(s, "b8").charge == 1);
  CHECK(at(s, "b8").idle == 0);
  CHECK(at(s, "c8").charge == 0);
  CHECK(at(s, "c8").idle == 0);
  CHECK(at(s, "h7").charge == 3);
  CHECK(count<idle_decay>(ev) == 2);  // b8 and c8 (d8 was summoned a turn later)
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(at(s, "h1").charge == 2);  // the opponent's idle piece decays at its own turn end
}

TEST_CASE("taixu §7: a distortion counts as moving both pieces") {
  state s = build("a8:1:1:2 b8:1:3:2 h1:2:0");
  REQUIRE(play(s, swap("a8", "b8")) == error::ok);
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(at(s, "a8").charge == 3);
  CHECK(at(s, "a8").idle == 0);
  CHECK(at(s, "b8").charge == 1);
  CHECK(at(s, "b8").idle == 0);
}

TEST_CASE("taixu §3: PC schedule 5/6/7/8 by round — PC is set at turn start, not added") {
  CHECK(base_pc(1) == 5);
  CHECK(base_pc(5) == 5);
  CHECK(base_pc(6) == 6);
  CHECK(base_pc(10) == 6);
  CHECK(base_pc(11) == 7);
  CHECK(base_pc(16) == 8);
  CHECK(base_pc(500) == 8);
  setup o;
  o.to_move = 2;
  o.round = 5;
  state s = build("a8:1:0 a1:2:0", "", o);
  std::vector<event> ev;
  REQUIRE(play(s, end_turn(), &ev) == error::ok);
  CHECK(s.round == 6);
  CHECK(s.to_move == 1);
  CHECK(s.pc == 6);
  CHECK(first<turn_started>(ev).pc == 6);
  setup left;
  left.pc = 4;
  state t = build("a8:1:0 a1:2:0", "", left);
  REQUIRE(play(t, end_turn()) == error::ok);
  REQUIRE(play(t, end_turn()) == error::ok);
  CHECK(t.pc == 5);
  CHECK(t.round == 2);
}

TEST_CASE("taixu §3: the turn ends automatically when PC reaches 0") {
  setup o;
  o.pc = 1;
  state s = build("h8:1:0 a1:2:0", "", o);
  std::vector<event> ev;
  REQUIRE(play(s, move("h8", "h7"), &ev) == error::ok);
  CHECK(s.to_move == 2);
  CHECK(s.pc == 5);
  CHECK(first<turn_ended>(ev).automatic);
  // RULES.md: PC 0 ends the turn even when a free-distortion swap would still be possible.
  state f = build("a7:1:0 h8:1:0 a1:2:0", "a7:free_distortion", o);
  bool free_swap_listed = false;
  for (const action& a : game::legal_actions(f, 1)) free_swap_listed |= a.kind == action_kind::swap;
  CHECK(free_swap_listed);
  REQUIRE(play(f, move("h8", "h7")) == error::ok);
  CHECK(f.to_move == 2);
}

TEST_CASE("taixu §3: the turn ends automatically when only end_turn is left") {
  setup o;
  o.pc = 3;
  state s = build("a8:1:0 a7:2:1 b8:2:1", "", o);
  REQUIRE(play(s, stabilize("a8")) == error::ok);  // PC 1: no move, summon or stabilize left
  CHECK(s.to_move == 2);
  // A turn that starts with nothing to do passes at once.
  state t = build("a1:1:0 b1:1:0 c1:1:0 d1:1:0 e1:1:0 f1:1:0 g1:1:0 h1:1:0");
  std::vector<event> ev;
  REQUIRE(play(t, end_turn(), &ev) == error::ok);
  CHECK(t.to_move == 1);
  CHECK(t.round == 2);
  CHECK(count<turn_started>(ev) == 2);
  CHECK(count<turn_ended>(ev) == 2);
}

TEST_CASE("taixu §5: anomalies grow 1+1 … 4+4 and are redrawn at rounds 4, 7, 10, 13") {
  setup o;
  o.to_move = 2;
  o.round = 3;
  state s = build("", "a2:overload a7:echo", o);
  for (int i = 0; i < 11; ++i) {
    const auto before = s.anomalies;
    std::vector<event> ev;
    REQUIRE(play(s, end_turn(), &ev) == error::ok);  // player 2 ends: a new round starts
    REQUIRE(s.to_move == 1);
    const int r = s.round;
    if (r == 4 || r == 7 || r == 10 || r == 13) {
      const int k = std::min(4, 1 + (r - 1) / 3);
      CHECK(anomaly_counts(s) == std::array<int, 2>{k, k});
      REQUIRE(count<anomalies_reshuffled>(ev) == 1);
      CHECK(std::holds_alternative<anomalies_reshuffled>(ev[1]));  // before PC is granted
      CHECK(std::holds_alternative<turn_started>(ev[2]));
    } else {
      CHECK(s.anomalies == before);
      CHECK(count<anomalies_reshuffled>(ev) == 0);
    }
    REQUIRE(play(s, end_turn()) == error::ok);
  }
  CHECK(s.round == 14);
}

TEST_CASE("taixu §5: reshuffle draws only free eligible squares — fewer when too few are free") {
  setup o;
  o.to_move = 2;
  o.round = 3;
  o.opts.reserve = 16;
  const char* north = "a7:1:0 b7:1:0 c7:1:0 d7:1:0 e7:1:0 f7:1:0 g7:1:0 "
                      "a5:2:0 b5:2:0 g5:2:0 h5:2:0 a6:2:0 b6:2:0 g6:2:0 h6:2:0";
  state s = build(north, "", o);
  REQUIRE(play(s, end_turn()) == error::ok);
  CHECK(anomaly_counts(s) == std::array<int, 2>{1, 2});
  CHECK(s.anomalies[sq("h7")] != effect::none);
  state g = new_game(options{}, 99);
  CHECK(anomaly_counts(g) == std::array<int, 2>{1, 1});
  CHECK(g == new_game(options{}, 99));
  bool differs = false;
  for (std::uint64_t seed = 1; seed < 20; ++seed) differs |= !(new_game(options{}, seed).anomalies == g.anomalies);
  CHECK(differs);
}

TEST_CASE("taixu §8: Singularity: 3 own pieces of charge >= 2 on the Core win at once") {
  state s = build("d4:1:2 e4:1:2 d6:1:1 a1:2:0", "", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("d6", "d5"), &ev) == error::ok);
  REQUIRE(s.outcome.has_value());
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "singularity");
  CHECK(count<game_over>(ev) == 1);
  CHECK(game::seats_to_act(s).empty());
  CHECK(play(s, end_turn()) == error::game_over);

  state low = build("d4:1:2 e4:1:2 d6:1:0 a1:2:0", "", rich());
  REQUIRE(play(low, move("d6", "d5")) == error::ok);  // arrives with charge 1
  CHECK_FALSE(low.outcome.has_value());
  state two = build("d4:1:2 d6:1:1 a1:2:0", "", rich());
  REQUIRE(play(two, move("d6", "d5")) == error::ok);
  CHECK_FALSE(two.outcome.has_value());

  state by_swap = build("d4:1:2 e4:1:2 a8:1:3 d5:1:0 a1:2:0", "", rich());
  REQUIRE(play(by_swap, swap("a8", "d5")) == error::ok);
  CHECK(by_swap.outcome->winner == 1);

  // A repelled attack can hand the defender its Singularity.
  state gift = build("d4:2:2 e4:2:2 d5:2:1 d6:1:1", "", rich());
  REQUIRE(play(gift, move("d6", "d5")) == error::ok);
  CHECK(gift.outcome->winner == 2);
}

TEST_CASE("taixu §8: Extermination with destroyed_pieces \"removed\" — draw when both at once") {
  setup o = rich();
  o.opts.destroyed = destroyed_mode::removed;
  o.reserve1 = 0;
  o.reserve2 = 0;
  state s = build("d4:1:2 d5:2:1", "", o);
  REQUIRE(play(s, move("d4", "d5")) == error::ok);
  REQUIRE(s.outcome.has_value());
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "extermination");
  CHECK(s.reserve[1] == 0);  // the captured piece left the game

  state kept = build("d4:1:2 d5:2:1", "", rich());
  REQUIRE(play(kept, move("d4", "d5")) == error::ok);
  CHECK_FALSE(kept.outcome.has_value());  // default: back to the reserve
  CHECK(kept.reserve[1] == 8);

  state both = build("d2:1:4 d4:2:0", "", o);
  REQUIRE(play(both, move("d2", "d3")) == error::ok);  // explodes; its wave kills d4
  REQUIRE(both.outcome.has_value());
  CHECK_FALSE(both.outcome->winner.has_value());
  CHECK(both.outcome->reason == "extermination");
}

namespace {

// Number of action sequences of length depth from s (perft, as in chess engines).
long long perft(const state& s, int depth) {
  if (depth == 0 || s.outcome) return 1;
  long long n = 0;
  for (const action& a : game::legal_actions(s, s.to_move)) {
    state next = s;
    std::vector<event> ev;
    REQUIRE(apply_into(next, next.to_move, a, ev) == error::ok);
    n += perft(next, depth - 1);
  }
  return n;
}

}  // namespace

TEST_CASE("taixu perft: action counts from the opening, derived by hand") {
  const state s = new_game(options{}, 42);
  CHECK(perft(s, 1) == 9);  // 8 summons on rank 8 + end_turn
  // After a summon on a8/h8: 7 summons + 2 moves + 1 stabilize + end_turn = 11; on b8..g8 one
  // more move (12). After end_turn: player 2's 8 summons + end_turn = 9.
  CHECK(perft(s, 2) == 2 * 11 + 6 * 12 + 9);
}

TEST_CASE("taixu §10: the anomaly draw procedure is pinned (stored matches replay from seeds)") {
  // RULES.md "Squares and PRNG draws": changing the draw order would change every replay.
  const state s = new_game(options{}, 42);
  std::vector<std::pair<square, effect>> placed;
  for (int q = 0; q < 64; ++q)
    if (s.anomalies[q] != effect::none) placed.emplace_back(static_cast<square>(q), s.anomalies[q]);
  CHECK(placed == std::vector<std::pair<square, effect>>{{sq("b2"), effect::rift}, {sq("g6"), effect::drain}});
}

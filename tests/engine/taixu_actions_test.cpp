// TAIXU rules §1, §4, §5: board, summon, shift ranges, paths, combat, arrival, anomalies,
// stabilize, distortion. Each test builds a position by hand and pins one rule.
#include <algorithm>

#include <catch2/catch.hpp>

#include "taixu_builder.h"

using namespace taixu_test;

namespace {

// Sorted destination names of the moves listed for the piece on from.
std::vector<std::string> destinations(const state& s, std::string_view from) {
  std::vector<std::string> out;
  for (const action& a : game::legal_actions(s, s.to_move))
    if (a.kind == action_kind::move && a.a == sq(from))
      out.push_back({static_cast<char>('a' + file_of(a.b)), static_cast<char>('1' + rank_of(a.b))});
  std::sort(out.begin(), out.end());
  return out;
}

setup rich() {
  setup o;
  o.pc = 20;
  return o;
}

}  // namespace

TEST_CASE("taixu §1: Core, Energy Zones, Core ring and anomaly-eligible squares") {
  int core = 0, zones = 0, ring = 0, north = 0, south = 0;
  for (int s = 0; s < 64; ++s) {
    core += is_core(s);
    zones += is_energy_zone(s);
    ring += is_core_ring(s);
    if (is_anomaly_eligible(s)) (is_north(s) ? north : south)++;
  }
  CHECK(core == 4);
  CHECK(zones == 4);
  CHECK(ring == 12);
  CHECK(north == 16);
  CHECK(south == 16);
  for (auto name : {"d4", "e4", "d5", "e5"}) CHECK(is_core(sq(name)));
  for (auto name : {"c3", "f3", "c6", "f6"}) CHECK(is_energy_zone(sq(name)));
  for (auto name : {"a2", "h7", "b5", "g3"}) CHECK(is_anomaly_eligible(sq(name)));
  for (auto name : {"a1", "h8", "c3", "d6", "e4"}) CHECK_FALSE(is_anomaly_eligible(sq(name)));
}

TEST_CASE("taixu §4.1: summon places a charge-0 piece on an empty home-edge square") {
  state s = build("", "", rich());
  REQUIRE(play(s, summon("c8")) == error::ok);
  CHECK(at(s, "c8").owner == 1);
  CHECK(at(s, "c8").charge == 0);
  CHECK(at(s, "c8").moved);
  CHECK(s.reserve[0] == 7);
  CHECK(s.pc == 18);
  CHECK(play(s, summon("c7")) == error::not_home_edge);
  CHECK(play(s, summon("c1")) == error::not_home_edge);
  CHECK(play(s, summon("c8")) == error::square_occupied);

  setup two = rich();
  two.to_move = 2;
  state t = build("", "", two);
  CHECK(play(t, summon("c8")) == error::not_home_edge);
  CHECK(play(t, summon("h1")) == error::ok);
  CHECK(at(t, "h1").owner == 2);
}

TEST_CASE("taixu §4.1: summon needs a reserve piece and enough PC") {
  setup o = rich();
  o.opts.reserve = 4;
  state full = build("a8:1:0 b8:1:0 c8:1:0 d8:1:0", "", o);
  CHECK(full.reserve[0] == 0);
  CHECK(play(full, summon("e8")) == error::no_reserve);
  setup poor;
  poor.pc = 1;
  state p = build("a1:2:0", "", poor);
  const state before = p;
  CHECK(play(p, summon("e8")) == error::insufficient_pc);
  CHECK(p == before);
}

TEST_CASE("taixu §4: summon cost is 2 + floor(pieces on board / 4)") {
  setup o = rich();
  o.opts.reserve = 16;
  CHECK(summon_cost(build("", "", o), 1) == 2);
  CHECK(summon_cost(build("a8:1:0 b8:1:0 c8:1:0", "", o), 1) == 2);
  state four = build("a8:1:0 b8:1:0 c8:1:0 d8:1:0 a1:2:0 b1:2:0 c1:2:0 d1:2:0 e1:2:0", "", o);
  CHECK(summon_cost(four, 1) == 3);  // own pieces only
  CHECK(summon_cost(build("a8:1:0 b8:1:0 c8:1:0 d8:1:0 e8:1:0 f8:1:0 g8:1:0", "", o), 1) == 3);
  CHECK(summon_cost(build("a7:1:0 b7:1:0 c7:1:0 d7:1:0 e7:1:0 f7:1:0 g7:1:0 h7:1:0", "", o), 1) == 4);
  REQUIRE(play(four, summon("e8")) == error::ok);
  CHECK(four.pc == 17);
}

TEST_CASE("taixu §4.2: shift range depends on charge (0: 1 orth, 1: 2 orth, 2: 2 any, 3-4: 3 any)") {
  CHECK(destinations(build("d4:1:0", "", rich()), "d4") == std::vector<std::string>{"c4", "d3", "d5", "e4"});
  CHECK(destinations(build("d4:1:1", "", rich()), "d4") ==
        std::vector<std::string>{"b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"});
  CHECK(destinations(build("d4:1:2", "", rich()), "d4").size() == 16);
  CHECK(destinations(build("d4:1:3", "", rich()), "d4").size() == 24);
  CHECK(destinations(build("d4:1:4", "", rich()), "d4").size() == 24);
  state s = build("d4:1:0 a8:1:1 h8:1:2 a1:1:3", "", rich());
  CHECK(check(s, 1, move("d4", "e5")) == error::out_of_range);  // charge 0: no diagonal
  CHECK(check(s, 1, move("d4", "d6")) == error::out_of_range);
  CHECK(check(s, 1, move("a8", "a6")) == error::ok);
  CHECK(check(s, 1, move("a8", "b7")) == error::out_of_range);  // charge 1: no diagonal
  CHECK(check(s, 1, move("h8", "f6")) == error::ok);
  CHECK(check(s, 1, move("h8", "e5")) == error::out_of_range);
  CHECK(check(s, 1, move("h8", "g6")) == error::out_of_range);  // not a straight line
  CHECK(check(s, 1, move("a1", "d4")) == error::own_piece);
  CHECK(check(s, 1, move("a1", "a4")) == error::ok);
  CHECK(check(s, 1, move("a1", "a5")) == error::out_of_range);
  CHECK(check(s, 1, move("d4", "d4")) == error::out_of_range);
}

TEST_CASE("taixu §4.2: every square strictly between must be empty (no jumping)") {
  state s = build("d2:1:1 d3:2:0 a1:1:3 b2:1:0 h1:1:3 g2:2:4", "", rich());
  CHECK(check(s, 1, move("d2", "d4")) == error::path_blocked);
  CHECK(check(s, 1, move("a1", "c3")) == error::path_blocked);
  CHECK(check(s, 1, move("h1", "f3")) == error::path_blocked);
  CHECK(check(s, 1, move("a1", "a4")) == error::ok);
  CHECK(destinations(s, "d2") == std::vector<std::string>{"c2", "d1", "d3", "e2", "f2"});  // b2 own, d3 capturable
}

TEST_CASE("taixu §4.2: stronger attacker captures — the victim goes to its owner's reserve") {
  state s = build("d4:1:2 d5:2:1", "", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("d4", "d5"), &ev) == error::ok);
  CHECK(at(s, "d4").owner == 0);
  CHECK(at(s, "d5").owner == 1);
  CHECK(at(s, "d5").charge == 3);
  CHECK(s.reserve[1] == 8);
  CHECK(s.pc == 19);
  CHECK(count<captured>(ev) == 1);
  CHECK(first<captured>(ev) ==
        captured{.at = sq("d5"), .attacker_owner = 1, .victim_owner = 2, .victim_charge = 1, .removed = false});
  CHECK(count<exploded>(ev) == 0);
}

TEST_CASE("taixu §4.2: equal charges repel: nobody moves, both +1, PC spent, no arrival effects") {
  state s = build("c5:1:1 c6:2:1 a6:1:2 a7:2:2", "a7:overload", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("c5", "c6"), &ev) == error::ok);
  CHECK(at(s, "c5").owner == 1);
  CHECK(at(s, "c5").charge == 2);
  CHECK(at(s, "c6").owner == 2);
  CHECK(at(s, "c6").charge == 2);
  CHECK(s.pc == 19);
  CHECK(count<repelled>(ev) == 1);
  CHECK(count<zone_bonus>(ev) == 0);
  REQUIRE(play(s, move("a6", "a7"), &ev) == error::ok);
  CHECK(at(s, "a6").charge == 3);
  CHECK(at(s, "a7").charge == 3);
  CHECK(count<anomaly_triggered>(ev) == 0);
}

TEST_CASE("taixu §4.2: a weaker attacker is illegal and changes nothing, not even PC") {
  setup o;
  o.pc = 1;
  state s = build("d4:1:1 d5:2:2", "", o);
  const state before = s;
  CHECK(play(s, move("d4", "d5")) == error::weaker_attacker);
  CHECK(s == before);
  CHECK(destinations(s, "d4") == std::vector<std::string>{"b4", "c4", "d2", "d3", "e4", "f4"});
}

TEST_CASE("taixu §4.3: arrival: +1, Energy Zone +1 more, then the anomaly") {
  state s = build("a3:1:0 h3:1:2", "a4:drain h4:drain", rich());
  REQUIRE(play(s, move("a3", "a4")) == error::ok);
  CHECK(at(s, "a4").charge == 0);  // +1 then −1; drain first would have left 1
  REQUIRE(play(s, move("h3", "h4")) == error::ok);
  CHECK(at(s, "h4").charge == 2);
  state z = build("c2:1:0", "", rich());
  REQUIRE(play(z, move("c2", "c3")) == error::ok);
  CHECK(at(z, "c3").charge == 2);
  state cap = build("c1:1:3 c3:2:1", "", rich());
  std::vector<event> ev;
  REQUIRE(play(cap, move("c1", "c3"), &ev) == error::ok);
  CHECK(at(cap, "c3").owner == 0);  // 3 + 1 + 1 = 5: it explodes on arrival
  CHECK(count<zone_bonus>(ev) == 1);
  CHECK(count<exploded>(ev) == 1);
}

TEST_CASE("taixu §4.3: the collapse check runs after the anomaly (rift then explosion)") {
  state s = build("a5:1:4", "a6:rift", rich());
  std::vector<event> ev;
  REQUIRE(play(s, move("a5", "a6"), &ev) == error::ok);
  const teleported& tp = first<teleported>(ev);
  const exploded& ex = first<exploded>(ev);
  REQUIRE(tp.to != no_square);
  CHECK(tp.from == sq("a6"));
  CHECK(is_core_ring(tp.to));
  CHECK(ex.at == tp.to);
  CHECK(at(s, "a6").owner == 0);
  CHECK(pieces_on_board(s, 1) == 0);
  CHECK(s.reserve[0] == 8);
}

TEST_CASE("taixu §5: overload +1, echo +1 PC, drain −1 (min 0) — anomalies stay") {
  state s = build("a2:1:0 b2:1:0 g2:1:0", "a3:overload b3:echo g3:drain", rich());
  REQUIRE(play(s, move("a2", "a3")) == error::ok);
  CHECK(at(s, "a3").charge == 2);
  CHECK(s.pc == 19);
  REQUIRE(play(s, move("b2", "b3")) == error::ok);
  CHECK(at(s, "b3").charge == 1);
  CHECK(s.pc == 19);  // paid 1, echo gave 1 back
  REQUIRE(play(s, move("g2", "g3")) == error::ok);
  CHECK(at(s, "g3").charge == 0);
  CHECK(s.anomalies[sq("a3")] == effect::overload);
  CHECK(s.anomalies[sq("b3")] == effect::echo);
  CHECK(s.anomalies[sq("g3")] == effect::drain);
}

TEST_CASE("taixu §5: rift teleports to an empty Core-ring square and the new square triggers nothing") {
  setup o = rich();
  o.opts.reserve = 16;
  // Every Core-ring square but c3 (an Energy Zone) is occupied.
  state s = build("a2:1:0 d3:2:0 e3:2:0 f3:2:0 c4:2:0 f4:2:0 c5:2:0 f5:2:0 c6:2:0 d6:2:0 e6:2:0 f6:2:0", "a3:rift", o);
  std::vector<event> ev;
  REQUIRE(play(s, move("a2", "a3"), &ev) == error::ok);
  CHECK(at(s, "a3").owner == 0);
  CHECK(at(s, "c3").owner == 1);
  CHECK(at(s, "c3").charge == 1);  // no Energy Zone bonus after a teleport
  CHECK(count<zone_bonus>(ev) == 0);
  // With every Core-ring square occupied the piece stays.
  state u = build("a2:1:0 c3:2:0 d3:2:0 e3:2:0 f3:2:0 c4:2:0 f4:2:0 c5:2:0 f5:2:0 c6:2:0 d6:2:0 e6:2:0 f6:2:0",
                  "a3:rift", o);
  ev.clear();
  REQUIRE(play(u, move("a2", "a3"), &ev) == error::ok);
  CHECK(at(u, "a3").owner == 1);
  CHECK(first<teleported>(ev).to == no_square);
}

TEST_CASE("taixu §5: free distortion: no arrival effect — a swap from it costs 0") {
  state s = build("a2:1:0 h8:1:3 b8:1:1", "a3:free_distortion", rich());
  REQUIRE(play(s, move("a2", "a3")) == error::ok);
  CHECK(at(s, "a3").charge == 1);
  CHECK(s.pc == 19);
  REQUIRE(play(s, swap("a3", "h8")) == error::ok);
  CHECK(s.pc == 19);
  CHECK(at(s, "a3").charge == 3);
  CHECK(at(s, "h8").charge == 1);
  REQUIRE(play(s, swap("h8", "b8")) == error::ok);
  CHECK(s.pc == 16);
}

TEST_CASE("taixu §4.4: stabilize sets any own charge to 0 for 2 PC, charge 0 included") {
  state s = build("d4:1:4 e4:1:0 d5:2:3", "", rich());
  REQUIRE(play(s, stabilize("d4")) == error::ok);
  CHECK(at(s, "d4").charge == 0);
  CHECK(s.pc == 18);
  CHECK_FALSE(at(s, "d4").moved);
  REQUIRE(play(s, stabilize("e4")) == error::ok);
  CHECK(s.pc == 16);
  CHECK(play(s, stabilize("d5")) == error::not_your_piece);
  CHECK(play(s, stabilize("a1")) == error::no_piece);
}

TEST_CASE("taixu §4.5: distortion swaps two own pieces anywhere — charges kept — no zone/anomaly effect") {
  state s = build("a8:1:1 h1:1:3 d5:2:0", "a2:overload", rich());
  REQUIRE(play(s, swap("h1", "a8")) == error::ok);
  CHECK(at(s, "a8").charge == 3);
  CHECK(at(s, "h1").charge == 1);
  CHECK(at(s, "a8").moved);
  CHECK(at(s, "h1").moved);
  CHECK(s.pc == 17);
  state z = build("c3:1:0 b1:1:1", "", rich());  // no effect landing on a zone by swap
  state o = build("a2:1:0 b1:1:1", "a2:overload", rich());
  REQUIRE(play(z, swap("c3", "b1")) == error::ok);
  CHECK(at(z, "c3").charge == 1);
  REQUIRE(play(o, swap("a2", "b1")) == error::ok);
  CHECK(at(o, "a2").charge == 1);
  CHECK(play(s, swap("a8", "a8")) == error::same_piece);
  CHECK(play(s, swap("a8", "d5")) == error::not_your_piece);
  CHECK(play(s, swap("a8", "c4")) == error::no_piece);
  setup poor;
  poor.pc = 2;
  state p = build("a8:1:1 h1:1:3", "", poor);
  CHECK(play(p, swap("a8", "h1")) == error::insufficient_pc);
}

TEST_CASE("taixu §9: error precedence is deterministic (RULES.md)") {
  setup o;
  o.pc = 0;
  state s = build("d2:1:1 d3:1:0 d4:2:3 h8:1:0", "", o);
  CHECK(check(s, 2, end_turn()) == error::not_your_turn);
  CHECK(check(s, 1, move("d4", "d5")) == error::not_your_piece);
  CHECK(check(s, 1, move("e4", "e5")) == error::no_piece);
  CHECK(check(s, 1, move("d2", "d4")) == error::path_blocked);     // before own/weaker
  CHECK(check(s, 1, move("d3", "d4")) == error::weaker_attacker);  // before insufficient_pc
  CHECK(check(s, 1, move("d3", "e3")) == error::insufficient_pc);
  CHECK(check(s, 1, action{action_kind::move, 3, 64}) == error::bad_action);
  CHECK(check(s, 1, end_turn()) == error::ok);
  state over = s;
  over.outcome = tabuleiro::engine::outcome{1, "singularity"};
  CHECK(check(over, 2, end_turn()) == error::game_over);  // before not_your_turn
  CHECK(game::legal_actions(over, 1).empty());
  CHECK(game::seats_to_act(over).empty());
}

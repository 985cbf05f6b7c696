// QU4DRI: one test per rule of /work/shared/rules/quadri.md and engine/quadri/RULES.md, each from
// a hand-built position and failing if that rule were broken.
#include <algorithm>
#include <map>

#include <catch2/catch.hpp>

#include "quadri_builder.h"

using namespace quadri_test;

namespace {

error try_action(const state& s, const action& a) { return check(s, s.to_move, a); }

// Number of events of kind E (count_kind<captured>(ev)).
template <class E>
int count_kind(const std::vector<event>& ev) {
  return static_cast<int>(
      std::count_if(ev.begin(), ev.end(), [](const event& e) { return std::holds_alternative<E>(e); }));
}

}  // namespace

TEST_CASE("quadri: the opening grid is the 32 dark cells of b2-i9, aura by rank, pairs and values from the seed") {
  const state s = new_game({}, 42);
  int tiles = 0;
  std::map<int, std::map<int, int>> values;  // aura → value → count
  std::array<std::array<bool, 16>, 3> pairs{};
  for (int c = 0; c < area_size; ++c) {
    const tile& t = s.tiles[c];
    const int f = file_of(c), r = rank_of(c);
    const bool in_block = f >= 1 && f <= 8 && r >= 1 && r <= 8 && is_dark(c);
    REQUIRE((t.aura != 0) == in_block);
    if (!t.aura) continue;
    ++tiles;
    CHECK(t.aura == (((r + 1) % 2 == 0) ? green : red));
    CHECK_FALSE(t.location);
    CHECK_FALSE(t.revealed);
    const int pair = static_cast<int>(t.phase) * 4 + static_cast<int>(t.dir);
    CHECK_FALSE(pairs[t.aura][pair]);
    pairs[t.aura][pair] = true;
    ++values[t.aura][t.value];
    const int rank = r + 1;
    if (rank <= 4) CHECK(s.preds[c] == predictor{1, false});
    else if (rank >= 7) CHECK(s.preds[c] == predictor{2, false});
    else CHECK(s.preds[c].owner == 0);
  }
  CHECK(tiles == 32);
  for (int aura : {1, 2})
    for (int v = 1; v <= 4; ++v) CHECK(values[aura][v] == 4);
  CHECK(on_grid(s, 1) == 12);
  CHECK(on_grid(s, 2) == 12);
  CHECK(s.hand == std::array<int, 2>{4, 4});
  CHECK(s.energy == std::array<int, 2>{32, 32});
  CHECK(s.to_move == 1);
  CHECK(grid_connected(s));
  // The draw depends on the seed and only on it.
  CHECK(new_game({}, 42) == s);
  CHECK_FALSE(new_game({}, 43).tiles == s.tiles);
}

TEST_CASE("quadri: a pawn steps forward onto an adjacent empty talisman only") {
  state s = build("d4:1 g9:2");
  CHECK(listed(s, path("d4 c5")));
  CHECK(listed(s, path("d4 e5")));
  CHECK(try_action(s, path("d4 c3")) == error::illegal_path);  // backwards
  CHECK(try_action(s, path("d4 f6")) == error::illegal_path);  // two cells
  s.to_move = 2;
  CHECK(listed(s, path("g9 f8")));
  CHECK(listed(s, path("g9 h8")));
  CHECK(try_action(s, path("g9 f10")) == error::no_tile);
}

TEST_CASE("quadri: a step onto a cell without talisman is no_tile, onto a predictor occupied") {
  const state s = build("b4:1 d4:1 e5:1 g9:2");
  CHECK(try_action(s, path("b4 a5")) == error::no_tile);
  CHECK(try_action(s, path("d4 e5")) == error::occupied);
}

TEST_CASE("quadri: a queen flies over consecutive empty talismans - a cell without talisman ends the line") {
  state s = build("d4:1q g9:2");
  for (const char* to : {"e5", "f6", "g7", "h8", "i9", "c3", "b2", "c5", "b6", "e3", "f2"})
    CHECK(listed(s, path(std::string("d4 ") + to)));
  CHECK(try_action(s, path("d4 j10")) == error::no_tile);
  s = build("d4:1q f6:1 g9:2");
  CHECK(try_action(s, path("d4 g7")) == error::illegal_path);
  CHECK(listed(s, path("d4 e5")));
}

TEST_CASE("quadri: captures are mandatory for every kind of action") {
  setup o;
  o.hand = {2, 2};
  const state s = build("d4:1 e5:2 h8:2", o);
  const auto l = legal(s);
  REQUIRE(l.size() == 1);
  CHECK(l[0] == path("d4 f6"));
  CHECK(try_action(s, path("d4 c5")) == error::capture_required);
  CHECK(try_action(s, flip_action(at("b6"))) == error::capture_required);
  CHECK(try_action(s, drop_action(at("b6"))) == error::capture_required);
}

TEST_CASE("quadri: a pawn captures backwards too") {
  state s = build("e5:1 d4:2 h8:2");
  CHECK(legal(s) == std::vector<action>{path("e5 c3")});
  play(s, path("e5 c3"));
  CHECK(s.preds[at("d4")].owner == 0);
  CHECK(s.preds[at("c3")].owner == 1);
}

TEST_CASE("quadri: a queen captures at a distance and lands on any empty talisman beyond") {
  const state s = build("b2:1q e5:2 c9:2");
  const auto l = legal(s);
  CHECK(l.size() == 4);
  for (const char* to : {"f6", "g7", "h8", "i9"}) CHECK(listed(s, path(std::string("b2 ") + to)));
  // Not over two predictors, not over its own.
  CHECK(legal(build("b2:1q d4:2 e5:2 c9:2")).empty() == false);
  CHECK_FALSE(listed(build("b2:1q d4:2 e5:2 c9:2"), path("b2 f6")));
  CHECK(try_action(build("b2:1q d4:1 e5:2 c9:2"), path("b2 f6")) == error::illegal_path);
}

TEST_CASE("quadri: a capture sequence goes on while it can - removal at the end") {
  state s = build("c3:1 d4:2 d6:2 h8:2");
  CHECK(legal(s) == std::vector<action>{path("c3 e5 c7")});
  CHECK(try_action(s, path("c3 e5")) == error::incomplete_capture);
  const auto ev = play(s, path("c3 e5 c7"));
  CHECK(count_kind<captured>(ev) == 2);
  REQUIRE(std::holds_alternative<moved>(ev[0]));
  CHECK(std::get<moved>(ev[0]).len == 3);
  CHECK(std::get<moved>(ev[0]).capture);
  CHECK(s.preds[at("d4")].owner == 0);
  CHECK(s.preds[at("d6")].owner == 0);
  CHECK(s.preds[at("c7")].owner == 1);
  CHECK(s.preds[at("c3")].owner == 0);
}

TEST_CASE("quadri: no predictor is jumped twice, and a jumped one stays until the end") {
  const state s = build("c3:1 d4:2 h8:2");
  CHECK(legal(s) == std::vector<action>{path("c3 e5")});
  CHECK(try_action(s, path("c3 e5 c3")) == error::illegal_path);
  // A queen whose only way on is over the predictor it already jumped stops.
  const state q = build("b2:1q d4:2 i9:2");
  for (const auto& a : legal(q)) CHECK(a.len == 2);
}

TEST_CASE("quadri: option majority keeps only the sequences that capture the most") {
  state s = build("c3:1 d4:2 d6:2 g3:1 h4:2 e9:2");
  CHECK(legal(s).size() == 2);
  s.opts.majority = true;
  CHECK(legal(s) == std::vector<action>{path("c3 e5 c7")});
  CHECK(try_action(s, path("g3 i5")) == error::capture_required);
}

TEST_CASE(
    "quadri: a predictor captured on its own aura costs its owner the value - on the other aura the capturer gains it") {
  state s = build("d4:1 e5:2 h8:2");
  s.tiles[at("e5")].value = 3;  // e5: rank 5, red
  const auto ev = play(s, path("d4 f6"));
  CHECK(s.energy == std::array<int, 2>{32, 29});
  CHECK(s.tiles[at("e5")].location);
  CHECK(s.tiles[at("e5")].revealed);
  CHECK(count_kind<tile_flipped>(ev) == 1);
  CHECK(count_kind<energy_changed>(ev) == 1);

  state t = build("c3:1 d4:2 h8:2");
  t.tiles[at("d4")].value = 4;  // d4: rank 4, green
  play(t, path("c3 e5"));
  CHECK(t.energy == std::array<int, 2>{36, 32});
}

TEST_CASE("quadri: a capture on a location-side talisman flips it back to energy - its value stays public") {
  state s = build("d4:1 e5:2 h8:2");
  s.tiles[at("e5")].location = s.tiles[at("e5")].revealed = true;
  play(s, path("d4 f6"));
  CHECK_FALSE(s.tiles[at("e5")].location);
  CHECK(s.tiles[at("e5")].revealed);
  CHECK(s.energy[1] == 30);
  CHECK(observe_state(s).tiles[at("e5")].value == 2);
}

TEST_CASE("quadri: drops go on an empty energy-side talisman of either aura, at most 12 on the grid") {
  setup o;
  o.hand = {1, 0};
  state s = build("d4:1 i9:2", o);
  s.tiles[at("f6")].location = s.tiles[at("f6")].revealed = true;
  CHECK(listed(s, drop_action(at("b6"))));
  CHECK(listed(s, drop_action(at("c5"))));  // a red talisman
  CHECK(try_action(s, drop_action(at("f6"))) == error::not_energy_side);
  CHECK(try_action(s, drop_action(at("d4"))) == error::occupied);
  CHECK(try_action(s, drop_action(at("a1"))) == error::no_tile);
  play(s, drop_action(at("b6")));
  CHECK(s.preds[at("b6")] == predictor{1, false});
  CHECK(s.hand[0] == 0);
  s.to_move = 1;
  CHECK(try_action(s, drop_action(at("c5"))) == error::empty_hand);
  state full = build("b2:1 d2:1 f2:1 h2:1 c3:1 e3:1 g3:1 i3:1 b4:1 d4:1 f4:1 h4:1 i9:2", o);
  CHECK(try_action(full, drop_action(at("b6"))) == error::grid_full);
}

TEST_CASE("quadri: a flip turns an own talisman without predictor - showing location reveals its value") {
  state s = build("d4:1 i9:2");
  CHECK(try_action(s, flip_action(at("c5"))) == error::not_own_talisman);
  CHECK(try_action(s, flip_action(at("d4"))) == error::predictor_on_tile);
  CHECK(try_action(s, flip_action(at("a1"))) == error::no_tile);
  const auto ev = play(s, flip_action(at("b6")));
  CHECK(s.tiles[at("b6")].location);
  CHECK(s.tiles[at("b6")].revealed);
  REQUIRE(std::holds_alternative<tile_flipped>(ev[0]));
  CHECK(std::get<tile_flipped>(ev[0]) == tile_flipped{.at = at("b6"), .by = 1, .location_up = true, .value = 2});
  play(s, path("i9 h8"));
  play(s, flip_action(at("b6")));
  CHECK_FALSE(s.tiles[at("b6")].location);
  CHECK(s.tiles[at("b6")].revealed);
}

TEST_CASE("quadri: a shift moves an own location-side talisman to an adjacent empty cell, keeping the grid connected") {
  state s = build("d4:1 b8:2 i9:2");
  CHECK(try_action(s, shift_action(at("b6"), at("a7"))) == error::energy_side_fixed);
  s.tiles[at("b6")].location = s.tiles[at("b6")].revealed = true;
  CHECK(try_action(s, shift_action(at("b6"), at("c5"))) == error::occupied);
  CHECK(try_action(s, shift_action(at("b6"), at("b7"))) == error::illegal_path);
  CHECK(try_action(s, shift_action(at("c5"), at("a7"))) == error::not_own_talisman);
  CHECK(try_action(s, shift_action(at("b6"), off_area)) == error::outside_area);
  CHECK(listed(s, shift_action(at("b6"), at("a7"))));
  CHECK(listed(s, shift_action(at("b6"), at("a5"))));
  // A predictor of the player rides along; an opponent's forbids the shift.
  s.preds[at("b6")] = predictor{1, false};
  play(s, shift_action(at("b6"), at("a7")));
  CHECK(s.tiles[at("a7")].aura == green);
  CHECK(s.tiles[at("b6")].aura == 0);
  CHECK(s.preds[at("a7")].owner == 1);
  state e = build("d4:1 b6:2 i9:2");
  e.tiles[at("b6")].location = e.tiles[at("b6")].revealed = true;
  CHECK(try_action(e, shift_action(at("b6"), at("a7"))) == error::predictor_on_tile);
  // Disconnection.
  state d;
  d.rng = tabuleiro::engine::rng(1);
  put_tile(d, at("b2"), green, 1);
  put_tile(d, at("c3"), red, 1);
  put_tile(d, at("d4"), green, 1, true);
  CHECK(try_action(d, shift_action(at("d4"), at("e5"))) == error::disconnects_grid);
  CHECK(try_action(d, shift_action(at("d4"), at("e3"))) == error::disconnects_grid);
  CHECK(try_action(d, shift_action(at("d4"), at("c5"))) == error::disconnects_grid);
}

TEST_CASE("quadri: promotion only when a pawn's whole action ends on the grid's current last row") {
  state s = build("d8:1 c3:2");
  play(s, path("d8 e9"));
  CHECK(s.preds[at("e9")].queen);
  // Passing the last row inside a sequence does not promote.
  s = build("e7:1 f8:2 h8:2 c3:2");
  CHECK(legal(s) == std::vector<action>{path("e7 g9 i7")});
  play(s, path("e7 g9 i7"));
  CHECK_FALSE(s.preds[at("i7")].queen);
  // Ending a capture on it does.
  s = build("e7:1 f8:2 c3:2");
  play(s, path("e7 g9"));
  CHECK(s.preds[at("g9")].queen);
  // "Last row" is the grid's current one, not rank 9.
  state small;
  small.rng = tabuleiro::engine::rng(1);
  put_tile(small, at("c3"), red, 1);
  put_tile(small, at("d4"), green, 1);
  put_tile(small, at("e5"), red, 1);
  put_tile(small, at("b2"), green, 1);
  small.preds[at("c3")] = predictor{1, false};
  small.preds[at("b2")] = predictor{2, false};
  play(small, path("c3 d4"));
  CHECK_FALSE(small.preds[at("d4")].queen);
  play(small, flip_action(at("e5")));  // red flips its own talisman
  play(small, path("d4 e5"));
  CHECK(small.preds[at("e5")].queen);
  // A drop on the last row never promotes.
  setup o;
  o.hand = {1, 0};
  state d = build("c3:2", o);
  play(d, drop_action(at("e9")));
  CHECK_FALSE(d.preds[at("e9")].queen);
}

TEST_CASE("quadri: reaching 64 energy wins, reaching 0 loses") {
  setup o;
  o.energy = {62, 32};
  state s = build("c3:1 d4:2 h8:2", o);  // d4 green: green gains 2
  const auto ev = play(s, path("c3 e5"));
  REQUIRE(s.outcome);
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "energy_64");
  CHECK(std::holds_alternative<game_over>(ev.back()));
  o.energy = {32, 2};
  state t = build("d4:1 e5:2 h8:2", o);  // e5 red: red loses 2
  play(t, path("d4 f6"));
  REQUIRE(t.outcome);
  CHECK(t.outcome->winner == 1);
  CHECK(t.outcome->reason == "energy_0");
  CHECK(game::seats_to_act(t).empty());
  CHECK(try_action(t, path("h8 g7")) == error::game_over);
}

TEST_CASE("quadri: a player with no predictor on the grid or in hand loses") {
  state s = build("d4:1 e5:2");
  play(s, path("d4 f6"));
  REQUIRE(s.outcome);
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "no_predictors");
  setup o;
  o.hand = {0, 1};
  state t = build("d4:1 e5:2", o);
  play(t, path("d4 f6"));
  CHECK_FALSE(t.outcome);
}

TEST_CASE("quadri: a player with no legal action on their turn loses") {
  state s;
  s.rng = tabuleiro::engine::rng(1);
  s.hand = {0, 0};
  put_tile(s, at("c3"), red, 1);
  put_tile(s, at("d4"), green, 1);
  put_tile(s, at("e5"), green, 1);
  put_tile(s, at("f6"), green, 1);
  s.preds[at("c3")] = predictor{2, false};
  s.preds[at("e5")] = predictor{1, false};
  play(s, path("e5 f6"));
  REQUIRE(s.outcome);
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "no_action");
}

TEST_CASE("quadri: a player whose only legal action is a shift plays on") {
  // Seat 2's pawn on c3 cannot step (no talisman on b2 or d2), has no hand and no free own
  // talisman to flip; its location-side talisman can shift to d2, still touching e3.
  state s;
  s.rng = tabuleiro::engine::rng(1);
  s.hand = {0, 0};
  put_tile(s, at("c3"), red, 1, true);
  put_tile(s, at("d4"), green, 1);
  put_tile(s, at("e3"), green, 1);
  put_tile(s, at("e5"), green, 1);
  put_tile(s, at("f6"), green, 1);
  s.preds[at("c3")] = predictor{2, false};
  s.preds[at("e5")] = predictor{1, false};
  play(s, path("e5 f6"));
  CHECK_FALSE(s.outcome);
  std::vector<action> list;
  legal_actions_into(s, 2, list);
  CHECK(list == std::vector<action>{shift_action(at("c3"), at("d2"))});
}

TEST_CASE("quadri: quiet_limit consecutive actions without a capture draw - a capture resets the count") {
  setup o;
  o.opts.quiet_limit = 3;
  o.quiet = 1;
  state s = build("d4:1 i9:2", o);
  play(s, path("d4 e5"));
  CHECK(s.quiet == 2);
  CHECK_FALSE(s.outcome);
  play(s, path("i9 h8"));
  REQUIRE(s.outcome);
  CHECK_FALSE(s.outcome->winner);
  CHECK(s.outcome->reason == "quiet");
  state c = build("d4:1 e5:2 h8:2", o);
  play(c, path("d4 f6"));
  CHECK(c.quiet == 0);
}

TEST_CASE("quadri: nobody observes an unrevealed value - revealed values stay public - all at game over") {
  state s = new_game({}, 9);
  for (auto v :
       {tabuleiro::engine::viewer::spectator, tabuleiro::engine::viewer::seat1, tabuleiro::engine::viewer::seat2}) {
    const observation o = game::observe(s, v);
    for (const auto& t : o.tiles) CHECK(t.value == 0);
    CHECK(o == game::observe(s, tabuleiro::engine::viewer::spectator));
  }
  play(s, flip_action(at("b6")));
  observation o = observe_state(s);
  CHECK(o.tiles[at("b6")].value == s.tiles[at("b6")].value);
  CHECK(o.tiles[at("d6")].value == 0);
  s.outcome = tabuleiro::engine::outcome{1, "resign"};
  o = observe_state(s);
  for (int c = 0; c < area_size; ++c) CHECK(o.tiles[c].value == s.tiles[c].value);
}

TEST_CASE("quadri: turn, game-over and piece errors, in the documented precedence") {
  state s = build("d4:1 e5:1 i9:2");
  CHECK(check(s, 2, path("i9 h8")) == error::not_your_turn);
  CHECK(try_action(s, path("f4 g5")) == error::no_piece);
  CHECK(try_action(s, path("i9 h8")) == error::not_your_piece);
  action bad = flip_action(at("b6"));
  bad.len = 2;
  CHECK(try_action(s, bad) == error::bad_action);
  CHECK(try_action(s, path("d4")) == error::bad_action);
  CHECK(try_action(s, drop_action(off_area)) == error::outside_area);
  s.outcome = tabuleiro::engine::outcome{2, "resign"};
  CHECK(check(s, 2, path("i9 h8")) == error::game_over);
  // A refused action changes nothing.
  state t = build("d4:1 i9:2");
  const state before = t;
  std::vector<event> ev;
  CHECK(apply_into(t, 1, path("d4 c3"), ev) == error::illegal_path);
  CHECK(t == before);
  CHECK(ev.empty());
}

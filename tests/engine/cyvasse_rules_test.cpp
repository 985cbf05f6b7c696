// One test per Cyvasse rule (rules file /work/shared/rules/cyvasse.md, decisions in
// engine/cyvasse/RULES.md), each on a hand-built position that the rule decides.
#include <algorithm>
#include <set>

#include <catch2/catch.hpp>

#include "cyvasse_builder.h"
#include "engine/cyvasse/rules.h"

using namespace tabuleiro;
using namespace tabuleiro::cyvasse;
using namespace tabuleiro::cyvasse::test;

namespace {

void set_ground(state& s, const char* sq, terrain t) { s.board.ground[at(sq)] = t; }

int count_pieces(const state& s, int owner) {
  return static_cast<int>(
      std::count_if(s.board.pieces.begin(), s.board.pieces.end(), [&](const piece& p) { return p.owner == owner; }));
}

}  // namespace

TEST_CASE("rules 1: the 10x10 board and its default terrain, symmetric under a half-turn") {
  const state s = new_game(options{}, 5);
  std::set<std::string> mountains, water;
  for (int sq = 0; sq < board_size; ++sq) {
    const std::string n = std::string(1, char('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
    if (s.board.ground[sq] == terrain::mountain) mountains.insert(n);
    if (s.board.ground[sq] == terrain::water) water.insert(n);
    CHECK(s.board.ground[sq] == s.board.ground[half_turn(sq)]);
  }
  CHECK(mountains == std::set<std::string>{"b5", "e5", "f6", "i6"});
  CHECK(water == std::set<std::string>{"d5", "h5", "c6", "g6"});
  CHECK(s.ph == phase::setup);
}

TEST_CASE("rules 1: random terrain - 4 mountains, 4 water on ranks 5-6, half-turn symmetric, no wall, from the seed") {
  std::set<std::vector<int>> layouts;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const state s = new_game(options{true, 100}, seed);
    CHECK(s == new_game(options{true, 100}, seed));
    int m = 0, w = 0;
    std::vector<int> layout;
    for (int sq = 0; sq < board_size; ++sq) {
      const terrain t = s.board.ground[sq];
      CHECK(t == s.board.ground[half_turn(sq)]);
      if (t != terrain::plain) {
        CHECK((rank_of(sq) == 4 || rank_of(sq) == 5));
        layout.push_back(sq * 3 + static_cast<int>(t));
      }
      m += t == terrain::mountain;
      w += t == terrain::water;
      if (t != terrain::mountain) continue;
      // no mountain touches two other mountains, and no two touching pairs touch
      int touching = 0;
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
          const int f = file_of(sq) + df, r = rank_of(sq) + dr;
          if ((df || dr) && on_board(f, r) && s.board.ground[make_square(f, r)] == terrain::mountain) ++touching;
        }
      CHECK(touching <= 1);
    }
    CHECK(m == 4);
    CHECK(w == 4);
    layouts.insert(layout);
  }
  CHECK(layouts.size() > 100);
}

TEST_CASE("rules 2: the army - 19 pieces with their counts, armor, move and attack") {
  int total = 0;
  for (int k = 1; k <= kind_count; ++k) total += stats[k].count;
  CHECK(total == 19);
  CHECK(stats_of(kind::tower).move == 0);
  CHECK(stats_of(kind::trebuchet).attack_min == 2);
  CHECK(stats_of(kind::trebuchet).attack_max == 4);
  CHECK(stats_of(kind::dragon).move == 4);
  CHECK(stats_of(kind::militia).count == 4);
  CHECK(stats_of(kind::spearman).count == 3);
  const state s = standard_opening();
  CHECK(count_pieces(s, 1) == 19);
  CHECK(count_pieces(s, 2) == 19);
  CHECK(s.board.pieces[at("e1")] == piece{1, kind::king});
  CHECK(s.board.pieces[at("f10")] == piece{2, kind::king});  // half-turn of e1
  CHECK(s.board.pieces[at("e3")] == piece{1, kind::spearman});
  CHECK(s.board.pieces[at("f8")] == piece{2, kind::spearman});
}

TEST_CASE("rules 3: set-up is simultaneous, the phase stays setup after one seat, play starts with seat 1") {
  state s = new_game(options{}, 9);
  CHECK(game::seats_to_act(s) == std::vector<seat>{1, 2});
  CHECK_FALSE(game::legal_complete(s, 1));
  CHECK(game::legal_actions(s, 2).size() == 2);  // the two presets
  std::vector<event> ev;
  REQUIRE(apply_into(s, 2, preset_action(preset::random), ev) == error::ok);
  CHECK(s.ph == phase::setup);
  CHECK(game::seats_to_act(s) == std::vector<seat>{1});
  CHECK(game::legal_complete(s, 2));
  CHECK(check(s, 2, preset_action(preset::standard)) == error::not_your_turn);
  CHECK(check(s, 1, mv("e2", "e3")) == error::wrong_phase);
  REQUIRE(apply_into(s, 1, placement_action(formation_for(formations()[3], 1)), ev) == error::ok);
  CHECK(s.ph == phase::play);
  CHECK(s.to_move == 1);
  CHECK(game::seats_to_act(s) == std::vector<seat>{1});
  CHECK(ev.back().type == event::revealed);
  CHECK(check(s, 1, preset_action(preset::standard)) == error::wrong_phase);
}

TEST_CASE("rules 3: a set-up is hidden from the opponent and spectators until both are in") {
  state a = new_game(options{}, 3), b = a;
  std::vector<event> ev;
  apply_into(a, 1, preset_action(preset::standard), ev);
  apply_into(b, 1, placement_action(formation_for(formations()[5], 1, true)), ev);
  for (auto v : {engine::viewer::seat2, engine::viewer::spectator}) {
    CHECK(game::observe(a, v) == game::observe(b, v));
    CHECK(game::legal_actions(a, 2) == game::legal_actions(b, 2));
  }
  CHECK_FALSE(game::observe(a, engine::viewer::seat1) == game::observe(b, engine::viewer::seat1));
  const auto seen = game::observe(a, engine::viewer::seat2);
  CHECK(std::none_of(seen.board.pieces.begin(), seen.board.pieces.end(), [](const piece& p) { return p.owner; }));
  CHECK(seen.submitted == std::array<bool, 2>{true, false});
  apply_into(a, 2, preset_action(preset::standard), ev);
  CHECK(game::observe(a, engine::viewer::spectator).board == a.board);  // both revealed at once
}

TEST_CASE("rules 3: bad_setup - count, zone, mountain, duplicate square, kind counts") {
  state s = new_game(options{}, 4);
  auto base = formation_for(formations()[0], 1);
  auto is_bad = [&](std::vector<placement> p, const char* needle) {
    const auto err = game::check(s, 1, placement_action(std::move(p)));
    REQUIRE(err.has_value());
    CHECK(err->code == "bad_setup");
    CHECK(err->message.find(needle) != std::string::npos);
  };
  auto fewer = base;
  fewer.pop_back();
  is_bad(fewer, "19");
  auto outside = base;
  outside[0].at = at("a5");
  is_bad(outside, "zone");
  auto mountain = base;
  s.board.ground[at("a3")] = terrain::mountain;  // only a custom position has one in a zone
  mountain[0].at = at("a3");
  is_bad(mountain, "mountain");
  s.board.ground[at("a3")] = terrain::plain;
  auto dup = base;
  dup[0].at = dup[1].at;
  is_bad(dup, "two pieces");
  auto kinds = base;
  kinds[0].what = kind::king;
  is_bad(kinds, "number of pieces");
  auto unknown = base;
  unknown[0].what = kind::none;
  is_bad(unknown, "unknown");
  auto seat2 = formation_for(formations()[0], 2);
  CHECK(check(s, 2, placement_action(seat2)) == error::ok);
  CHECK(check(s, 1, placement_action(seat2)) == error::bad_setup);
}

TEST_CASE(
    "rules 3: formations - at least six named, valid for both seats, random differs per seed, King not in front") {
  REQUIRE(formations().size() >= 6);
  CHECK(formations()[0].name == "standard");
  const state s = new_game(options{}, 1);
  for (const auto& f : formations())
    for (seat p : {1, 2})
      for (bool flip : {false, true}) {
        INFO(f.name << " seat " << p);
        CHECK(check(s, p, placement_action(formation_for(f, p, flip))) == error::ok);
      }
  std::set<std::vector<int>> seen;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    const state g = new_game(options{}, seed);
    for (seat p : {1, 2}) {
      const auto pl = random_setup(g, p);
      CHECK(check(g, p, placement_action(pl)) == error::ok);
      for (const auto& x : pl)
        if (x.what == kind::king) CHECK((p == 1 ? rank_of(x.at) : 9 - rank_of(x.at)) == 0);
      std::vector<int> key;
      for (const auto& x : pl) key.push_back(x.at * 16 + static_cast<int>(x.what));
      std::sort(key.begin(), key.end());
      seen.insert(key);
    }
  }
  CHECK(seen.size() >= 12);
}

TEST_CASE("rules 4: movement is a path of king steps up to the move value, not necessarily straight") {
  // light horse (move 3) from a3 to c6 around a blocking enemy wall
  state s = position({{"c3", 1, kind::light_horse}, {"d4", 2, kind::militia}}, true);
  CHECK(chk(s, mv("c3", "f6")) == error::no_path);  // every 3-step path goes through d4
  CHECK(chk(s, mv("c3", "a6")) == error::ok);       // 3 diagonal steps
  CHECK(chk(s, mv("c3", "g3")) == error::out_of_range);
  CHECK(chk(s, mv("c3", "e5")) == error::ok);  // around d4 (c4, d5, e5)
  state t = position({{"e1", 1, kind::militia}}, true);
  CHECK(chk(t, mv("e1", "f2")) == error::ok);
  CHECK(chk(t, mv("e1", "e3")) == error::out_of_range);
  CHECK(chk(t, mv("e1", "e1")) == error::no_path);
}

TEST_CASE("rules 4: own pieces are passable, except for the Elephant, enemies never") {
  state s = position({{"c1", 1, kind::heavy_horse},
                      {"c2", 1, kind::militia},
                      {"b2", 1, kind::militia},
                      {"d2", 1, kind::militia},
                      {"e1", 1, kind::elephant},
                      {"d1", 1, kind::militia}},
                     true);
  CHECK(chk(s, mv("c1", "c3")) == error::ok);  // over own c2
  state e = position({{"c1", 1, kind::elephant},
                      {"b2", 1, kind::militia},
                      {"c2", 1, kind::militia},
                      {"d2", 1, kind::militia},
                      {"b1", 1, kind::militia},
                      {"d1", 1, kind::militia}},
                     true);
  CHECK(e.board.pieces[at("c1")].what == kind::elephant);
  std::vector<move> moves;
  legal_moves_into(e, 1, moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](move m) { return m.from == at("c1"); }));
  // an elephant with move 1 never passes anything; the rule shows on a heavy horse's twin:
  // enemies block the heavy horse
  state h = position({{"c1", 1, kind::heavy_horse},
                      {"b2", 2, kind::militia},
                      {"c2", 2, kind::tower},
                      {"d2", 2, kind::tower},
                      {"b1", 1, kind::militia},
                      {"d1", 1, kind::militia}},
                     true);
  CHECK(chk(h, mv("c1", "c3")) == error::no_path);
}

TEST_CASE("rules 4: the Elephant cannot pass its own pieces (checked on a longer path via the Dragon contrast)") {
  // Elephant: move 1, so any destination is a neighbour; a neighbour with an own piece is occupied
  state s = position({{"e4", 1, kind::elephant}, {"e5", 1, kind::militia}}, true);
  CHECK(chk(s, mv("e4", "e5")) == error::occupied);
  CHECK(chk(s, mv("e4", "e6")) == error::out_of_range);
  // the capture line of an Elephant is blocked by an own piece (see also rules 5)
}

TEST_CASE("rules 1/4: mountains block paths, only the Dragon passes over them, nobody stops on one") {
  state s = position({{"c3", 1, kind::heavy_horse}, {"g3", 1, kind::dragon}}, true);
  for (const char* m : {"b4", "c4", "d4", "b3", "d3", "b2", "c2", "d2"}) set_ground(s, m, terrain::mountain);
  CHECK(chk(s, mv("c3", "c5")) == error::no_path);
  CHECK(chk(s, mv("c3", "c4")) == error::no_path);
  for (const char* m : {"f4", "g4", "h4", "f3", "h3", "f2", "g2", "h2"}) set_ground(s, m, terrain::mountain);
  CHECK(chk(s, mv("g3", "g5")) == error::ok);
  CHECK(chk(s, mv("g3", "g4")) == error::no_path);
}

TEST_CASE("rules 1/4: entering water ends the path (not for the Dragon)") {
  state s = position({{"c3", 1, kind::light_horse}, {"h3", 1, kind::dragon}}, true);
  for (const char* w : {"b4", "c4", "d4", "b3", "d3", "b2", "c2", "d2"}) set_ground(s, w, terrain::water);
  CHECK(chk(s, mv("c3", "c4")) == error::ok);
  CHECK(chk(s, mv("c3", "c5")) == error::no_path);
  for (const char* w : {"g4", "h4", "i4", "g3", "i3", "g2", "h2", "i2"}) set_ground(s, w, terrain::water);
  CHECK(chk(s, mv("h3", "h6")) == error::ok);
  // a piece in water leaves it on a later turn, as far as its move allows
  state t = position({{"c4", 1, kind::light_horse}}, true);
  set_ground(t, "c4", terrain::water);
  CHECK(chk(t, mv("c4", "c7")) == error::ok);
}

TEST_CASE("rules 4: an enemy spear zone ends the path (not for the Dragon)") {
  // seat 2 spearman on e7: its zone is e6 and e5 (towards rank 1)
  state s = position({{"e7", 2, kind::spearman}, {"d4", 1, kind::light_horse}, {"c4", 1, kind::dragon}}, true);
  std::array<bool, board_size> zone;
  spear_zones(s.board, 1, zone);
  CHECK(zone[at("e6")]);
  CHECK(zone[at("e5")]);
  CHECK_FALSE(zone[at("e4")]);
  CHECK(chk(s, mv("d4", "e5")) == error::ok);
  CHECK(chk(s, mv("d4", "f6")) == error::ok);  // d5 → e6? no: via d5, e6 is a zone; via e4? f5, f6
  CHECK(chk(s, mv("d4", "e6")) == error::ok);  // path d5 → e6 ends there
  state t = position({{"e7", 2, kind::spearman},
                      {"e4", 1, kind::light_horse},
                      {"d6", 2, kind::tower},
                      {"f6", 2, kind::tower},
                      {"d5", 2, kind::tower},
                      {"f5", 2, kind::tower}},
                     true);
  // from e4 straight up: e5 is a zone square, so e6 cannot be reached through it
  CHECK(chk(t, mv("e4", "e6")) == error::no_path);
  state d = position({{"e7", 2, kind::spearman},
                      {"e4", 1, kind::dragon},
                      {"d6", 2, kind::tower},
                      {"f6", 2, kind::tower},
                      {"d5", 2, kind::tower},
                      {"f5", 2, kind::tower}},
                     true);
  CHECK(chk(d, mv("e4", "e6")) == error::ok);
}

TEST_CASE("rules 4: the destination must be empty and not a mountain") {
  state s = position({{"c3", 1, kind::heavy_horse}, {"c4", 1, kind::militia}}, true);
  set_ground(s, "d4", terrain::mountain);
  CHECK(chk(s, mv("c3", "c4")) == error::occupied);
  CHECK(chk(s, mv("c3", "d4")) == error::no_path);
  CHECK(chk(s, mv("c5", "c6")) == error::no_piece);
  CHECK(chk(s, mv("j10", "j9")) == error::not_your_piece);
}

TEST_CASE("rules 5: attack lines - range, own pieces passable, enemies and mountains block") {
  // seat 1 crossbow (range 3) on c1 attacks along c-file through own militia c2
  state s = position({{"c1", 1, kind::crossbow}, {"c2", 1, kind::tower}, {"c4", 2, kind::militia}}, true);
  CHECK(remaining_armor(s.board, at("c4")) == 0);
  s.board.pieces[at("c3")] = piece{2, kind::militia};  // an enemy in between blocks c4
  CHECK(remaining_armor(s.board, at("c4")) == 1);
  CHECK(remaining_armor(s.board, at("c3")) == 0);
  state m = position({{"c1", 1, kind::crossbow}, {"c4", 2, kind::militia}}, true);
  set_ground(m, "c3", terrain::mountain);
  CHECK(remaining_armor(m.board, at("c4")) == 1);
  set_ground(m, "c3", terrain::water);  // water does not block attacks
  CHECK(remaining_armor(m.board, at("c4")) == 0);
  state far = position({{"c1", 1, kind::crossbow}, {"c5", 2, kind::militia}}, true);
  CHECK(remaining_armor(far.board, at("c5")) == 1);  // distance 4 > 3
  // an Elephant's line is blocked by its own pieces
  state e = position({{"c1", 1, kind::elephant}, {"c2", 1, kind::tower}, {"c3", 2, kind::militia}}, true);
  CHECK(remaining_armor(e.board, at("c3")) == 1);
  e.board.pieces[at("c2")] = piece{};
  CHECK(remaining_armor(e.board, at("c3")) == 0);
  // the Dragon's attack is stopped by a mountain like anyone's
  state d = position({{"c1", 1, kind::dragon}, {"c3", 2, kind::militia}}, true);
  CHECK(remaining_armor(d.board, at("c3")) == 0);
  set_ground(d, "c2", terrain::mountain);
  CHECK(remaining_armor(d.board, at("c3")) == 1);
}

TEST_CASE("rules 5: the Trebuchet attacks at distance 2-4 over everything, never at 1") {
  state s = position({{"c1", 1, kind::trebuchet},
                      {"c2", 2, kind::militia},
                      {"c3", 2, kind::militia},
                      {"c5", 2, kind::militia},
                      {"c6", 2, kind::militia}},
                     true);
  set_ground(s, "c4", terrain::mountain);
  CHECK(remaining_armor(s.board, at("c2")) == 1);
  CHECK(remaining_armor(s.board, at("c3")) == 0);
  CHECK(remaining_armor(s.board, at("c5")) == 0);
  CHECK(remaining_armor(s.board, at("c6")) == 1);
}

TEST_CASE("rules 5: the Spearman attacks only its spear zone, the Tower never attacks") {
  state s = position({{"e4", 1, kind::spearman},
                      {"e6", 2, kind::militia},
                      {"f5", 2, kind::militia},
                      {"e3", 2, kind::militia},
                      {"g4", 1, kind::tower},
                      {"h4", 2, kind::militia}},
                     true);
  CHECK(remaining_armor(s.board, at("e6")) == 0);  // two ahead
  CHECK(remaining_armor(s.board, at("f5")) == 1);  // diagonal: no
  CHECK(remaining_armor(s.board, at("e3")) == 1);  // behind: no
  CHECK(remaining_armor(s.board, at("h4")) == 1);  // the Tower beside it: no
  state t = position({{"e7", 2, kind::spearman}, {"e5", 1, kind::militia}}, true);
  CHECK(remaining_armor(t.board, at("e5")) == 0);  // seat 2's ahead is towards rank 1
}

TEST_CASE("rules 5: remaining armor = armor - attackers, capturable at 0 or less") {
  // heavy horse (armor 2) on e5 attacked by militia e4 and d4: 0
  state s = position({{"e5", 2, kind::heavy_horse}, {"e4", 1, kind::militia}}, true);
  CHECK(remaining_armor(s.board, at("e5")) == 1);
  CHECK_FALSE(capturable(s.board, at("e5")));
  s.board.pieces[at("d4")] = piece{1, kind::militia};
  CHECK(remaining_armor(s.board, at("e5")) == 0);
  CHECK(capturable(s.board, at("e5")));
  s.board.pieces[at("f4")] = piece{1, kind::militia};
  CHECK(remaining_armor(s.board, at("e5")) == -1);
  // armor 0 pieces are capturable without attack
  state t = position({{"e5", 2, kind::crossbow}}, true);
  CHECK(capturable(t.board, at("e5")));
}

TEST_CASE("rules 5: a Tower protects its neighbours, not itself") {
  state s = position({{"e5", 2, kind::crossbow}, {"f6", 2, kind::tower}, {"e4", 1, kind::militia}}, true);
  CHECK_FALSE(capturable(s.board, at("e5")));
  CHECK(chk(s, mv("e4", "e5")) == error::not_capturable);
  s.board.pieces[at("f6")] = piece{};
  CHECK(chk(s, mv("e4", "e5")) == error::ok);
  state t = position({{"e5", 2, kind::tower}, {"e4", 1, kind::militia}, {"d4", 1, kind::militia}}, true);
  CHECK(capturable(t.board, at("e5")));
  CHECK(chk(t, mv("e4", "e5")) == error::ok);
}

TEST_CASE("rules 6: a capture is a straight line within the move value, through passable squares") {
  // light horse (move 3) on b2 captures a crossbow (armor 0) on e5 diagonally; not on d5
  state s = position({{"b2", 1, kind::light_horse}, {"e5", 2, kind::crossbow}, {"d6", 2, kind::crossbow}}, true);
  CHECK(chk(s, mv("b2", "e5")) == error::ok);
  CHECK(chk(s, mv("b2", "d6")) == error::out_of_range);  // reachable by a path, not straight
  s.board.pieces[at("c3")] = piece{1, kind::militia};    // own piece on the line: passable
  CHECK(chk(s, mv("b2", "e5")) == error::ok);
  s.board.pieces[at("d4")] = piece{2, kind::tower};  // enemy on the line: blocked
  CHECK(chk(s, mv("b2", "e5")) == error::no_path);
  state w = position({{"b2", 1, kind::light_horse}, {"e5", 2, kind::crossbow}}, true);
  set_ground(w, "c3", terrain::water);  // water would end the path
  CHECK(chk(w, mv("b2", "e5")) == error::no_path);
  std::vector<event> ev;
  state g = position({{"b2", 1, kind::light_horse}, {"e5", 2, kind::crossbow}}, true);
  REQUIRE(apply_into(g, 1, mv("b2", "e5"), ev) == error::ok);
  CHECK(g.board.pieces[at("e5")] == piece{1, kind::light_horse});
  CHECK(g.board.pieces[at("b2")] == piece{});
  CHECK(ev[0].type == event::captured);
  CHECK(ev[0].victim == kind::crossbow);
  CHECK_FALSE(ev[0].ranged);
}

TEST_CASE("rules 6: the capturer need not attack the target, armor left forbids it") {
  // a crossbow (armor 0) is capturable by a Dragon although an attack by a militia is absent
  state s = position({{"a4", 1, kind::dragon}, {"e4", 2, kind::militia}, {"e3", 1, kind::crossbow}}, true);
  CHECK(chk(s, mv("a4", "e4")) == error::ok);  // e4 armor 1 − crossbow e3 attack = 0; the Dragon is at 4
  s.board.pieces[at("e3")] = piece{};
  CHECK(chk(s, mv("a4", "e4")) == error::not_capturable);
}

TEST_CASE("rules 6: the Trebuchet captures by a ranged shot at 2-4 without moving, never at 1") {
  state s = position({{"c1", 1, kind::trebuchet}, {"c4", 2, kind::crossbow}, {"d2", 2, kind::crossbow}}, true);
  set_ground(s, "c2", terrain::mountain);
  CHECK(chk(s, mv("c1", "d2")) == error::out_of_range);
  CHECK(chk(s, mv("c1", "c4")) == error::ok);
  std::vector<event> ev;
  REQUIRE(apply_into(s, 1, mv("c1", "c4"), ev) == error::ok);
  CHECK(s.board.pieces[at("c1")] == piece{1, kind::trebuchet});
  CHECK(s.board.pieces[at("c4")] == piece{});
  CHECK(ev[0].ranged);
  state t = position({{"c1", 1, kind::trebuchet}, {"c6", 2, kind::crossbow}}, true);
  CHECK(chk(t, mv("c1", "c6")) == error::out_of_range);
  CHECK(chk(t, mv("c1", "d2")) == error::ok);  // an ordinary step
}

TEST_CASE("rules 6: the Crossbow never captures, the Tower never moves") {
  state s = position({{"c1", 1, kind::crossbow}, {"c2", 2, kind::crossbow}, {"e1", 1, kind::tower}}, true);
  CHECK(capturable(s.board, at("c2")));
  CHECK(chk(s, mv("c1", "c2")) == error::cannot_capture);
  CHECK(chk(s, mv("e1", "e2")) == error::immobile);
}

TEST_CASE("rules 7: capturing the King wins") {
  state s = position({{"e5", 2, kind::king}, {"e4", 1, kind::militia}, {"d4", 1, kind::militia}}, true);
  std::vector<event> ev;
  REQUIRE(apply_into(s, 1, mv("e4", "e5"), ev) == error::ok);
  REQUIRE(s.outcome.has_value());
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "king_captured");
  CHECK(ev.back().type == event::game_over);
  CHECK(game::seats_to_act(s).empty());
  CHECK(check(s, 2, mv("j10", "j9")) == error::game_over);
}

TEST_CASE("rules 7: a player with no legal move on their turn loses") {
  // seat 2: King j10 boxed in by own Towers (immobile) and Tower j9 etc.
  state s = position(
      {{"j10", 2, kind::king}, {"i10", 2, kind::tower}, {"i9", 2, kind::tower}, {"a3", 1, kind::militia}}, true);
  s.board.pieces[at("j9")] = piece{2, kind::militia};
  s.board.pieces[at("j8")] = piece{1, kind::tower};
  s.board.pieces[at("i8")] = piece{1, kind::tower};
  s.board.pieces[at("h8")] = piece{1, kind::tower};
  s.board.pieces[at("h9")] = piece{1, kind::tower};
  s.board.pieces[at("h10")] = piece{1, kind::tower};
  // j9 militia (armor 1) beside its own towers cannot be captured and cannot move
  std::vector<event> ev;
  REQUIRE(apply_into(s, 1, mv("a3", "a4"), ev) == error::ok);
  REQUIRE(s.outcome.has_value());
  CHECK(s.outcome->winner == 1);
  CHECK(s.outcome->reason == "no_moves");
}

TEST_CASE("rules 7: quiet_limit consecutive turns without a capture draw") {
  state s = position({{"a3", 1, kind::militia}, {"j7", 2, kind::militia}}, true);
  s.opts.quiet_limit = 10;
  s.quiet_turns = 8;
  std::vector<event> ev;
  REQUIRE(apply_into(s, 1, mv("a3", "a4"), ev) == error::ok);
  CHECK_FALSE(s.outcome.has_value());
  CHECK(s.quiet_turns == 9);
  REQUIRE(apply_into(s, 2, mv("j7", "j6"), ev) == error::ok);
  REQUIRE(s.outcome.has_value());
  CHECK_FALSE(s.outcome->winner.has_value());
  CHECK(s.outcome->reason == "quiet_turns");
  state c = position({{"a3", 1, kind::militia}, {"a4", 2, kind::crossbow}}, true);
  c.quiet_turns = 50;
  REQUIRE(apply_into(c, 1, mv("a3", "a4"), ev) == error::ok);
  CHECK(c.quiet_turns == 0);
}

TEST_CASE("rules 8: error codes and their precedence") {
  state s = new_game(options{}, 2);
  CHECK(check(s, 1, mv("e2", "e3")) == error::wrong_phase);
  CHECK(check(s, 3, preset_action(preset::standard)) == error::not_your_turn);
  state p = standard_opening();
  CHECK(check(p, 2, mv("e9", "e8")) == error::not_your_turn);
  CHECK(check(p, 1, preset_action(preset::standard)) == error::wrong_phase);
  CHECK(check(p, 1, mv("e5", "e6")) == error::no_piece);
  CHECK(check(p, 1, mv("e9", "e8")) == error::not_your_piece);
  CHECK(check(p, 1, mv("f1", "f3")) == error::immobile);
  CHECK(check(p, 1, mv("d2", "e2")) == error::occupied);
  CHECK(check(p, 1, mv("d2", "d4")) == error::out_of_range);
  CHECK(check(p, 1, mv("b2", "b9")) == error::cannot_capture);
  CHECK(check(p, 1, mv("d1", "d9")) == error::out_of_range);
  action bad = mv("a1", "a2");
  bad.from = 100;
  CHECK(check(p, 1, bad) == error::bad_action);
  p.outcome = engine::outcome{1, "king_captured"};
  p.ph = phase::over;
  CHECK(check(p, 2, mv("e9", "e8")) == error::game_over);
}

// Cyvasse over random games: invariants, replay determinism, the legal list against the exact
// check, check and apply agreeing; and perft counts from the standard opening.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "cyvasse_builder.h"
#include "engine/cyvasse/rules.h"

using namespace tabuleiro;
using namespace tabuleiro::cyvasse;
using namespace tabuleiro::cyvasse::test;

namespace {

std::uint64_t perft(const state& s, int depth) {
  if (depth == 0 || s.outcome) return 1;
  std::vector<move> moves;
  legal_moves_into(s, s.to_move, moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  std::vector<event> ev;
  for (move m : moves) {
    state t = s;
    ev.clear();
    apply_move(t, m, ev);
    n += perft(t, depth - 1);
  }
  return n;
}

int games_to_play() {
  if (const char* v = std::getenv("CYVASSE_PROPERTY_GAMES")) return std::max(1, std::atoi(v));
  return 2000;
}

// A reference of rules §4 written independently of the engine: every path of king steps tried
// by depth-first search, collecting the empty destinations.
void paths(const arena& a, int p, bool dragon, bool elephant, const std::array<bool, board_size>& zone, int x, int left,
           std::array<bool, board_size>& dest) {
  if (left == 0) return;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      const int f = file_of(x) + df, r = rank_of(x) + dr;
      if ((!df && !dr) || !on_board(f, r)) continue;
      const int y = make_square(f, r);
      const piece q = a.pieces[y];
      const terrain t = a.ground[y];
      if (t == terrain::mountain && !dragon) continue;
      if (q.owner && q.owner != p) continue;
      if (q.owner == p && elephant) continue;
      if (!q.owner && t != terrain::mountain) dest[y] = true;
      if (!dragon && (t == terrain::water || zone[y])) continue;
      paths(a, p, dragon, elephant, zone, y, left - 1, dest);
    }
}

// The non-capturing moves of the reference agree with the generator's.
void reference_moves_agree(const state& s) {
  const seat p = s.to_move;
  std::array<bool, board_size> zone{};
  for (int sq = 0; sq < board_size; ++sq) {
    const piece q = s.board.pieces[sq];
    if (q.owner != opponent(p) || q.what != kind::spearman) continue;
    for (int d = 1; d <= 2; ++d) {
      const int r = rank_of(sq) + (q.owner == 1 ? d : -d);
      if (r >= 0 && r < 10) zone[make_square(file_of(sq), r)] = true;
    }
  }
  std::vector<move> expected, got;
  for (int from = 0; from < board_size; ++from) {
    const piece q = s.board.pieces[from];
    if (q.owner != p) continue;
    std::array<bool, board_size> dest{};
    paths(s.board, p, q.what == kind::dragon, q.what == kind::elephant, zone, from, stats_of(q.what).move, dest);
    for (int to = 0; to < board_size; ++to)
      if (dest[to]) expected.push_back(move{static_cast<square>(from), static_cast<square>(to)});
  }
  legal_moves_into(s, p, got);
  std::erase_if(got, [&](move m) { return s.board.pieces[m.to].owner != 0; });
  REQUIRE(got == expected);
}

// Every (from, to) pair the exact check accepts equals the legal list.
void legal_matches_check(const state& s) {
  const seat p = s.to_move;
  std::vector<move> moves;
  legal_moves_into(s, p, moves);
  std::vector<move> accepted;
  for (int from = 0; from < board_size; ++from) {
    if (s.board.pieces[from].owner != p) continue;
    for (int to = 0; to < board_size; ++to)
      if (check(s, p, action{action::move, static_cast<square>(from), static_cast<square>(to), preset::none, {}}) ==
          error::ok)
        accepted.push_back(move{static_cast<square>(from), static_cast<square>(to)});
  }
  REQUIRE(moves == accepted);
}

void invariants(const state& s) {
  REQUIRE(validate(s) == nullptr);
  std::array<int, 2> count{};
  for (const piece& pc : s.board.pieces)
    if (pc.owner) ++count[pc.owner - 1];
  REQUIRE(count[0] <= army_size);
  REQUIRE(count[1] <= army_size);
}

}  // namespace

TEST_CASE("perft from the standard opening (depths 1-3)") {
  const state s = standard_opening();
  CHECK(perft(s, 1) == PERFT1);
  CHECK(perft(s, 2) == PERFT2);
  CHECK(perft(s, 3) == PERFT3);
}

TEST_CASE("random games: invariants, replay, legal list = exact check, check and apply agree") {
  const int games = games_to_play();
  engine::rng r(20261201);
  int finished = 0, captures = 0, shots = 0, plies_total = 0;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = r.next();
    options o;
    o.random_terrain = (seed & 1) != 0;
    o.quiet_limit = 40;
    state s = new_game(o, seed);
    std::vector<action> log;
    std::vector<seat> who;
    std::vector<event> ev;
    // set-up: seat order, presets or a formation from the library
    for (seat p : (seed & 2) ? std::vector<seat>{2, 1} : std::vector<seat>{1, 2}) {
      action a = (r.uniform(3) == 0) ? preset_action(preset::standard)
                 : r.uniform(2)      ? preset_action(preset::random)
                                     : placement_action(formation_for(formations()[r.uniform(formations().size())], p,
                                                                      r.uniform(2) == 1));
      REQUIRE(check(s, p, a) == error::ok);
      REQUIRE(apply_into(s, p, a, ev) == error::ok);
      log.push_back(a);
      who.push_back(p);
      invariants(s);
    }
    std::vector<move> moves;
    for (int ply = 0; ply < 300 && !s.outcome; ++ply) {
      if (ply % 41 == 0 && g % 4 == 0) legal_matches_check(s);
      if (ply % 7 == 0) reference_moves_agree(s);
      legal_moves_into(s, s.to_move, moves);
      REQUIRE_FALSE(moves.empty());  // a seat without moves would already have lost
      const move m = moves[r.uniform(moves.size())];
      const action a{action::move, m.from, m.to, preset::none, {}};
      REQUIRE(check(s, s.to_move, a) == error::ok);
      // a refused action changes nothing
      const state before = s;
      const action wrong{action::move, m.from, m.from, preset::none, {}};
      REQUIRE(apply_into(s, s.to_move, wrong, ev) != error::ok);
      REQUIRE(s == before);
      ev.clear();
      const seat p = s.to_move;
      REQUIRE(apply_into(s, p, a, ev) == error::ok);
      for (const event& e : ev) {
        captures += e.type == event::captured;
        shots += e.type == event::captured && e.ranged;
      }
      log.push_back(a);
      who.push_back(p);
      invariants(s);
      ++plies_total;
    }
    finished += s.outcome.has_value();
    // replay: the same seed and actions give the same state
    state t = new_game(o, seed);
    for (std::size_t i = 0; i < log.size(); ++i) REQUIRE(apply_into(t, who[i], log[i], ev) == error::ok);
    REQUIRE(t == s);
  }
  WARN(games << " games, " << plies_total << " plies, " << finished << " finished, " << captures << " captures, "
             << shots << " ranged shots");
  CHECK(finished > games / 2);
  CHECK(captures > 0);
  CHECK(shots > 0);
}

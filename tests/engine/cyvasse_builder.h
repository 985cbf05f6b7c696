// Hand-built Cyvasse positions for the rule tests.
#pragma once

#include <initializer_list>
#include <string>

#include "engine/cyvasse/rules.h"

namespace tabuleiro::cyvasse::test {

// "e1" → square.
inline square at(const std::string& n) { return make_square(n[0] - 'a', std::stoi(n.substr(1)) - 1); }

struct spec {
  const char* sq;
  int owner;
  kind what;
};

// A play-phase position with the given pieces (Kings added far away when absent: seat 1's on
// a1, seat 2's on j10), the default terrain unless plain, seat `to_move` to move.
inline state position(std::initializer_list<spec> pieces, bool plain = false, seat to_move = 1) {
  state s = new_game(options{}, 1);
  if (plain) s.board.ground.fill(terrain::plain);
  s.ph = phase::play;
  s.submitted = {true, true};
  s.to_move = to_move;
  bool king1 = false, king2 = false;
  for (const spec& p : pieces) {
    s.board.pieces[at(p.sq)] = piece{static_cast<std::uint8_t>(p.owner), p.what};
    if (p.what == kind::king) (p.owner == 1 ? king1 : king2) = true;
  }
  if (!king1) s.board.pieces[at("a1")] = piece{1, kind::king};
  if (!king2) s.board.pieces[at("j10")] = piece{2, kind::king};
  return s;
}

inline action mv(const char* from, const char* to) {
  action a;
  a.from = at(from);
  a.to = at(to);
  return a;
}

inline action preset_action(preset p) {
  action a;
  a.type = action::setup;
  a.use = p;
  return a;
}

inline action placement_action(std::vector<placement> pieces) {
  action a;
  a.type = action::setup;
  a.pieces = std::move(pieces);
  return a;
}

inline error chk(const state& s, const action& a, seat p = 0) { return check(s, p ? p : s.to_move, a); }

// The two seats' standard set-ups applied: the standard opening.
inline state standard_opening(std::uint64_t seed = 1) {
  state s = new_game(options{}, seed);
  std::vector<event> ev;
  apply_into(s, 1, preset_action(preset::standard), ev);
  apply_into(s, 2, preset_action(preset::standard), ev);
  return s;
}

}  // namespace tabuleiro::cyvasse::test

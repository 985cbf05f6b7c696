// Test helper: builds QU4DRI states by hand (the standard 32-talisman grid or any set of
// talismans) and names cells tersely.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/quadri/rules.h"

namespace quadri_test {

using namespace tabuleiro::quadri;

// The cell index of "a1".."j10" (throws on anything else).
inline cell at(std::string_view name) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] > 'j')
    throw std::invalid_argument("bad cell " + std::string(name));
  const int r = std::stoi(std::string(name.substr(1)));
  if (r < 1 || r > 10) throw std::invalid_argument("bad cell " + std::string(name));
  return make_cell(name[0] - 'a', r - 1);
}

// Everything of a hand-built state besides talismans and predictors.
struct setup {
  int to_move = 1;
  std::array<int, 2> energy{32, 32};
  std::array<int, 2> hand{0, 0};
  int quiet = 0;
  options opts{};
};

// Adds a talisman of aura (green 1 / red 2) with value at c; moon×dir pairs are assigned in
// order so they stay unique per aura.
inline void put_tile(state& s, cell c, std::uint8_t aura, int value, bool location = false) {
  int used = 0;
  for (const auto& t : s.tiles) used += t.aura == aura;
  tile& t = s.tiles[c];
  t.aura = aura;
  t.phase = static_cast<moon>((used / 4) % 4);
  t.dir = static_cast<direction>(used % 4);
  t.value = static_cast<std::uint8_t>(value);
  t.location = location;
  t.revealed = location;
}

// The standard grid (dark cells of b2–i9, green on even ranks) with every value = value and no
// predictors, plus predictors "c3:1 d4:2q" (cell:owner[q = queen]).
inline state build(std::string_view preds, setup o = {}, int value = 2) {
  state s;
  s.opts = o.opts;
  s.to_move = o.to_move;
  s.energy = o.energy;
  s.hand = o.hand;
  s.quiet = o.quiet;
  s.rng = tabuleiro::engine::rng(7);
  s.seed = 7;
  for (int c = 0; c < area_size; ++c) {
    const int f = file_of(c), r = rank_of(c);
    if (f < 1 || f > 8 || r < 1 || r > 8 || !is_dark(c)) continue;
    put_tile(s, static_cast<cell>(c), ((r + 1) % 2 == 0) ? green : red, value);
  }
  std::istringstream in{std::string(preds)};
  for (std::string tok; in >> tok;) {
    const auto colon = tok.find(':');
    if (colon == std::string::npos) throw std::invalid_argument("bad predictor " + tok);
    const cell c = at(tok.substr(0, colon));
    s.preds[c].owner = static_cast<std::uint8_t>(tok[colon + 1] - '0');
    s.preds[c].queen = tok.size() > colon + 2 && tok[colon + 2] == 'q';
  }
  if (const char* m = validate(s)) throw std::invalid_argument(m);
  return s;
}

// The legal actions of the player to move.
inline std::vector<action> legal(const state& s) {
  std::vector<action> out;
  legal_actions_into(s, s.to_move, out);
  return out;
}

// A move along cells "c3 e5 c7".
inline action path(std::string_view cells) {
  action a;
  a.kind = action_kind::move;
  std::istringstream in{std::string(cells)};
  for (std::string tok; in >> tok;) a.path[a.len++] = at(tok);
  return a;
}

// Applies a for the player to move; throws with the error code when refused.
inline std::vector<event> play(state& s, const action& a) {
  std::vector<event> out;
  const error e = apply_into(s, s.to_move, a, out);
  if (e != error::ok) throw std::runtime_error("refused: " + std::string(error_code(e)));
  return out;
}

// True when the legal list of s holds a.
inline bool listed(const state& s, const action& a) {
  const auto l = legal(s);
  return std::find(l.begin(), l.end(), a) != l.end();
}

}  // namespace quadri_test

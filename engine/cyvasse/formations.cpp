// The named formations (seat 1's side; seat 2 uses the half-turn). Index 0 is the standard
// formation of rules §3; `random` and the bots draw from all of them (RULES.md "Formations").
#include "engine/cyvasse/rules.h"

namespace tabuleiro::cyvasse {

namespace {

constexpr square sq(const char* n) {
  return make_square(n[0] - 'a', n[2] ? (n[1] - '0') * 10 + (n[2] - '0') - 1 : n[1] - '1');
}

constexpr kind K = kind::king, T = kind::tower, D = kind::dragon, B = kind::trebuchet, X = kind::crossbow,
               E = kind::elephant, H = kind::heavy_horse, L = kind::light_horse, S = kind::spearman, M = kind::militia;

}  // namespace

const std::vector<formation>& formations() {
  // Left as written: clang-format would put each piece of a formation on a line of its own.
  // clang-format off
  static const std::vector<formation> lib = {
      {"standard",
       {{{L, sq("a1")}, {H, sq("b1")}, {E, sq("c1")}, {B, sq("d1")}, {K, sq("e1")}, {T, sq("f1")},
         {D, sq("g1")}, {E, sq("h1")}, {H, sq("i1")}, {L, sq("j1")}, {X, sq("b2")}, {S, sq("c2")},
         {M, sq("d2")}, {M, sq("e2")}, {M, sq("f2")}, {M, sq("g2")}, {S, sq("h2")}, {X, sq("i2")},
         {S, sq("e3")}}}},
      {"phalanx",
       {{{L, sq("b1")}, {X, sq("c1")}, {B, sq("d1")}, {K, sq("e1")}, {T, sq("f1")}, {D, sq("g1")},
         {X, sq("h1")}, {L, sq("i1")}, {H, sq("b2")}, {E, sq("c2")}, {M, sq("d2")}, {M, sq("e2")},
         {M, sq("f2")}, {M, sq("g2")}, {E, sq("h2")}, {H, sq("i2")}, {S, sq("c3")}, {S, sq("e3")},
         {S, sq("h3")}}}},
      {"left_keep",
       {{{B, sq("a1")}, {K, sq("b1")}, {T, sq("c1")}, {E, sq("d1")}, {D, sq("e1")}, {H, sq("f1")},
         {L, sq("g1")}, {L, sq("h1")}, {H, sq("i1")}, {X, sq("j1")}, {M, sq("a2")}, {M, sq("b2")},
         {M, sq("c2")}, {S, sq("d2")}, {E, sq("e2")}, {S, sq("f2")}, {X, sq("g2")}, {M, sq("h2")},
         {S, sq("e3")}}}},
      {"wedge",
       {{{H, sq("c1")}, {X, sq("d1")}, {T, sq("e1")}, {K, sq("f1")}, {B, sq("g1")}, {H, sq("h1")},
         {L, sq("b2")}, {E, sq("c2")}, {M, sq("d2")}, {D, sq("e2")}, {M, sq("f2")}, {X, sq("g2")},
         {E, sq("h2")}, {L, sq("i2")}, {M, sq("c3")}, {S, sq("d3")}, {S, sq("f3")}, {M, sq("g3")},
         {S, sq("e4")}}}},
      {"skirmish",
       {{{B, sq("d1")}, {K, sq("e1")}, {T, sq("f1")}, {X, sq("g1")}, {M, sq("a2")}, {X, sq("b2")},
         {E, sq("c2")}, {M, sq("d2")}, {M, sq("e2")}, {D, sq("f2")}, {M, sq("g2")}, {E, sq("h2")},
         {L, sq("a3")}, {H, sq("c3")}, {S, sq("d3")}, {S, sq("e3")}, {S, sq("g3")}, {H, sq("h3")},
         {L, sq("j3")}}}},
      {"turtle",
       {{{L, sq("a1")}, {X, sq("b1")}, {H, sq("c1")}, {E, sq("d1")}, {B, sq("e1")}, {D, sq("f1")},
         {M, sq("g1")}, {T, sq("h1")}, {K, sq("i1")}, {M, sq("j1")}, {M, sq("b2")}, {S, sq("c2")},
         {E, sq("d2")}, {S, sq("e2")}, {H, sq("f2")}, {X, sq("g2")}, {M, sq("h2")}, {L, sq("i2")},
         {S, sq("e3")}}}},
  };
  // clang-format on
  return lib;
}

}  // namespace tabuleiro::cyvasse

// Test helper: builds TAIXU states from a compact description and applies actions tersely.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/taixu/rules.h"

namespace taixu_test {

using namespace tabuleiro::taixu;

// Everything of a state except pieces and anomalies; reserve defaults to pool − on board.
struct setup {
  int to_move = 1;
  int round = 1;
  int pc = 5;
  std::array<int, 2> bonus{};
  options opts{};
  std::uint64_t seed = 1;
  int reserve1 = -1;  // −1: pool − pieces on board
  int reserve2 = -1;
};

// The square index of "a1".."h8" (throws on anything else).
inline square sq(std::string_view name) {
  if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8')
    throw std::invalid_argument("bad square " + std::string(name));
  return make_square(name[0] - 'a', name[1] - '1');
}

// A state from pieces "d5:1:2 e5:2:3:1:m" (square:owner:charge[:idle][:m = moved]) and
// anomalies "a2:overload g6:rift". Throws when the result is not a valid position.
inline state build(std::string_view pieces, std::string_view anomalies = "", setup o = {}) {
  state s;
  s.opts = o.opts;
  s.to_move = o.to_move;
  s.round = o.round;
  s.pc = o.pc;
  s.bonus = o.bonus;
  s.rng = tabuleiro::engine::rng(o.seed);
  s.seed = o.seed;
  std::istringstream in{std::string(pieces)};
  for (std::string tok; in >> tok;) {
    std::vector<std::string> f;
    std::istringstream parts(tok);
    for (std::string x; std::getline(parts, x, ':');) f.push_back(x);
    if (f.size() < 3) throw std::invalid_argument("bad piece " + tok);
    piece p;
    p.owner = static_cast<std::uint8_t>(std::stoi(f[1]));
    p.charge = static_cast<std::uint8_t>(std::stoi(f[2]));
    for (std::size_t i = 3; i < f.size(); ++i) {
      if (f[i] == "m") p.moved = true;
      else p.idle = static_cast<std::uint8_t>(std::stoi(f[i]));
    }
    s.board[sq(f[0])] = p;
  }
  std::istringstream an{std::string(anomalies)};
  for (std::string tok; an >> tok;) {
    const auto colon = tok.find(':');
    const std::string name = tok.substr(colon + 1);
    static const char* names[] = {"none", "overload", "echo", "drain", "rift", "free_distortion"};
    effect e = effect::none;
    for (int i = 1; i <= 5; ++i)
      if (name == names[i]) e = static_cast<effect>(i);
    if (e == effect::none) throw std::invalid_argument("bad anomaly " + tok);
    s.anomalies[sq(tok.substr(0, colon))] = e;
  }
  s.reserve = {o.reserve1 >= 0 ? o.reserve1 : o.opts.reserve - pieces_on_board(s, 1),
               o.reserve2 >= 0 ? o.reserve2 : o.opts.reserve - pieces_on_board(s, 2)};
  if (const char* m = validate(s)) throw std::invalid_argument(std::string("invalid test state: ") + m);
  return s;
}

// Actions by square names.
inline action summon(std::string_view to) { return {action_kind::summon, sq(to), no_square}; }
inline action move(std::string_view from, std::string_view to) { return {action_kind::move, sq(from), sq(to)}; }
inline action stabilize(std::string_view at) { return {action_kind::stabilize, sq(at), no_square}; }
inline action swap(std::string_view a, std::string_view b) { return {action_kind::swap, sq(a), sq(b)}; }
inline action end_turn() { return {action_kind::end_turn, no_square, no_square}; }

// The piece on a named square.
inline const piece& at(const state& s, std::string_view name) { return s.board[sq(name)]; }

// Applies a for the player to move; returns the error (ok on success) and collects events.
inline error play(state& s, const action& a, std::vector<event>* events = nullptr) {
  std::vector<event> local;
  return apply_into(s, s.to_move, a, events ? *events : local);
}

// Number of events of kind E (count<captured>(ev)).
template <class E>
int count(const std::vector<event>& ev) {
  int n = 0;
  for (const auto& e : ev) n += std::holds_alternative<E>(e);
  return n;
}

// The first event of kind E (throws if none).
template <class E>
const E& first(const std::vector<event>& ev) {
  for (const auto& e : ev)
    if (const E* x = std::get_if<E>(&e)) return *x;
  throw std::logic_error("no such event");
}

}  // namespace taixu_test

// TAIXU actions: exact checks, legal-action generation, application (rules §4–§5).
#include "engine/taixu/rules.h"

#include <cstdlib>

#include "engine/taixu/flow.h"

namespace tabuleiro::taixu {

namespace {

// The 8 directions: orthogonal first (N, E, S, W), then diagonal (NE, SE, SW, NW).
constexpr std::array<int, 8> dir_df = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr std::array<int, 8> dir_dr = {1, 0, -1, 0, 1, -1, -1, 1};

constexpr int move_cost = 1;
constexpr int stabilize_cost = 2;
constexpr int swap_cost = 3;

// True for a square index on the board.
bool on_board(int sq) { return sq >= 0 && sq < board_size; }

using detail::seat_byte;

// Spends cost PC of the player to move, emitting pc_changed (nothing when cost is 0).
void spend(state& s, int cost, cause why, std::vector<event>& out) {
  if (cost == 0) return;
  const int from = s.pc;
  s.pc -= cost;
  out.push_back(pc_changed{.player = seat_byte(s.to_move), .from = from, .to = s.pc, .why = why});
}

// Adds delta (±1) to the charge at sq (never below 0) and emits charge_changed.
void add_charge(state& s, int sq, int delta, cause why, std::vector<event>& out) {
  piece& p = s.board[sq];
  const int from = p.charge;
  p.charge = static_cast<std::uint8_t>(std::max(0, from + delta));
  detail::emit_charge(out, s, sq, from, why);
}

// Swap cost: 0 when either square holds a free_distortion anomaly, else 3.
int swap_cost_of(const state& s, int a, int b) {
  return s.anomalies[a] == effect::free_distortion || s.anomalies[b] == effect::free_distortion ? 0 : swap_cost;
}

// Move legality for the player p's piece at from (already known to be theirs) to to.
error check_move(const state& s, seat p, int from, int to) {
  const piece& mover = s.board[from];
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const int adf = std::abs(df), adr = std::abs(dr);
  const bool orthogonal = (df == 0) != (dr == 0);
  const bool diagonal = adf == adr && adf != 0;
  const int dist = std::max(adf, adr);
  if (!(orthogonal || (diagonal && mover.charge >= 2)) || dist > move_range(mover.charge)) return error::out_of_range;
  const int step = (dr > 0 ? 8 : dr < 0 ? -8 : 0) + (df > 0 ? 1 : df < 0 ? -1 : 0);
  for (int sq = from + step; sq != to; sq += step)
    if (s.board[sq].owner) return error::path_blocked;
  const piece& target = s.board[to];
  if (target.owner == p) return error::own_piece;
  if (target.owner && mover.charge < target.charge) return error::weaker_attacker;
  return error::ok;
}

// Arrival on sq by a Shift (rules §4.3 steps 1–3); returns the piece's final square.
int arrive(state& s, int sq, std::vector<event>& out) {
  add_charge(s, sq, +1, cause::arrival, out);
  if (is_energy_zone(sq)) {
    out.push_back(zone_bonus{.at = static_cast<square>(sq), .owner = s.board[sq].owner});
    add_charge(s, sq, +1, cause::zone, out);
  }
  const effect what = s.anomalies[sq];
  if (what == effect::none) return sq;
  out.push_back(anomaly_triggered{.at = static_cast<square>(sq), .owner = s.board[sq].owner, .anomaly = what});
  switch (what) {
    case effect::overload: add_charge(s, sq, +1, cause::overload, out); break;
    case effect::drain: add_charge(s, sq, -1, cause::drain, out); break;
    case effect::echo: {
      const int from = s.pc++;
      out.push_back(pc_changed{.player = seat_byte(s.to_move), .from = from, .to = s.pc, .why = cause::echo});
      break;
    }
    case effect::rift: {
      std::array<square, 12> empty;
      int n = 0;
      for (int c = 0; c < board_size; ++c)
        if (is_core_ring(c) && !s.board[c].owner) empty[n++] = static_cast<square>(c);
      // With no empty Core-ring square the piece stays (to = no_square).
      const square dest = n == 0 ? no_square : empty[s.rng.uniform(static_cast<std::uint64_t>(n))];
      out.push_back(teleported{.from = static_cast<square>(sq), .to = dest, .owner = s.board[sq].owner});
      if (dest == no_square) break;
      s.board[dest] = s.board[sq];
      s.board[sq] = piece{};
      return dest;
    }
    case effect::free_distortion:
    case effect::none: break;
  }
  return sq;
}

}  // namespace

error check(const state& s, seat p, const action& a, int* cost) {
  if (s.outcome) return error::game_over;
  if (p != s.to_move) return error::not_your_turn;
  int c = 0;
  switch (a.kind) {
    case action_kind::end_turn: break;
    case action_kind::summon: {
      if (!on_board(a.a)) return error::bad_action;
      if (s.reserve[p - 1] < 1) return error::no_reserve;
      if (rank_of(a.a) != home_rank(p)) return error::not_home_edge;
      if (s.board[a.a].owner) return error::square_occupied;
      c = summon_cost(s, p);
      break;
    }
    case action_kind::move: {
      if (!on_board(a.a) || !on_board(a.b)) return error::bad_action;
      if (!s.board[a.a].owner) return error::no_piece;
      if (s.board[a.a].owner != p) return error::not_your_piece;
      if (const error e = check_move(s, p, a.a, a.b); e != error::ok) return e;
      c = move_cost;
      break;
    }
    case action_kind::stabilize: {
      if (!on_board(a.a)) return error::bad_action;
      if (!s.board[a.a].owner) return error::no_piece;
      if (s.board[a.a].owner != p) return error::not_your_piece;
      c = stabilize_cost;
      break;
    }
    case action_kind::swap: {
      if (!on_board(a.a) || !on_board(a.b)) return error::bad_action;
      if (a.a == a.b) return error::same_piece;
      for (const int sq : {std::min(a.a, a.b), std::max(a.a, a.b)}) {
        if (!s.board[sq].owner) return error::no_piece;
        if (s.board[sq].owner != p) return error::not_your_piece;
      }
      c = swap_cost_of(s, a.a, a.b);
      break;
    }
    default: return error::bad_action;
  }
  if (s.pc < c) return error::insufficient_pc;
  if (cost) *cost = c;
  return error::ok;
}

void legal_actions_into(const state& s, seat p, std::vector<action>& out) {
  out.clear();
  if (s.outcome || p != s.to_move) return;
  const int pc = s.pc;
  std::array<square, board_size> own;
  int n = 0;
  for (int sq = 0; sq < board_size; ++sq)
    if (s.board[sq].owner == p) own[n++] = static_cast<square>(sq);
  if (s.reserve[p - 1] > 0 && pc >= 2 + n / 4) {  // summon cost (rules §4)
    const int r = home_rank(p);
    for (int f = 0; f < 8; ++f) {
      const square sq = make_square(f, r);
      if (!s.board[sq].owner) out.push_back({action_kind::summon, sq, no_square});
    }
  }
  if (pc >= move_cost) {
    for (int i = 0; i < n; ++i) {
      const int from = own[i];
      const int charge = s.board[from].charge;
      const int range = move_range(charge);
      const int dirs = charge >= 2 ? 8 : 4;
      for (int d = 0; d < dirs; ++d) {
        int f = file_of(from), r = rank_of(from);
        for (int k = 1; k <= range; ++k) {
          f += dir_df[d];
          r += dir_dr[d];
          if (f < 0 || f > 7 || r < 0 || r > 7) break;
          const square to = make_square(f, r);
          const piece& t = s.board[to];
          if (t.owner == p) break;
          if (!t.owner || charge >= t.charge) out.push_back({action_kind::move, static_cast<square>(from), to});
          if (t.owner) break;
        }
      }
    }
  }
  if (pc >= stabilize_cost)
    for (int i = 0; i < n; ++i) out.push_back({action_kind::stabilize, own[i], no_square});
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (pc >= swap_cost_of(s, own[i], own[j])) out.push_back({action_kind::swap, own[i], own[j]});
  out.push_back({action_kind::end_turn, no_square, no_square});
}

bool has_non_end_action(const state& s) {
  if (s.outcome) return false;
  const seat p = s.to_move;
  int n = 0;
  bool on_free = false;
  for (int sq = 0; sq < board_size; ++sq)
    if (s.board[sq].owner == p) {
      ++n;
      on_free = on_free || s.anomalies[sq] == effect::free_distortion;
    }
  if (n > 0 && s.pc >= stabilize_cost) return true;
  if (n >= 2 && (s.pc >= swap_cost || on_free)) return true;
  if (s.reserve[p - 1] > 0 && s.pc >= 2 + n / 4) {
    for (int f = 0; f < 8; ++f)
      if (!s.board[make_square(f, home_rank(p))].owner) return true;
  }
  if (s.pc < move_cost) return false;
  for (int from = 0; from < board_size; ++from) {
    if (s.board[from].owner != p) continue;
    const int charge = s.board[from].charge;
    const int dirs = charge >= 2 ? 8 : 4;
    for (int d = 0; d < dirs; ++d) {  // the first step decides: a farther square needs it empty
      const int f = file_of(from) + dir_df[d], r = rank_of(from) + dir_dr[d];
      if (f < 0 || f > 7 || r < 0 || r > 7) continue;
      const piece& t = s.board[make_square(f, r)];
      if (!t.owner || (t.owner != p && charge >= t.charge)) return true;
    }
  }
  return false;
}

error apply_into(state& s, seat p, const action& a0, std::vector<event>& out) {
  action a = a0;
  if (a.kind == action_kind::swap && a.a > a.b) std::swap(a.a, a.b);
  int cost = 0;
  if (const error e = check(s, p, a, &cost); e != error::ok) return e;
  square acting = no_square;
  switch (a.kind) {
    case action_kind::end_turn: detail::end_turn(s, false, out); return error::ok;
    case action_kind::summon: {
      spend(s, cost, cause::summon, out);
      --s.reserve[p - 1];
      s.board[a.a] = piece{static_cast<std::uint8_t>(p), 0, 0, true};
      out.push_back(summoned{.at = a.a, .player = seat_byte(p)});
      break;
    }
    case action_kind::stabilize: {
      spend(s, cost, cause::stabilize, out);
      const int from = s.board[a.a].charge;
      s.board[a.a].charge = 0;
      detail::emit_charge(out, s, a.a, from, cause::stabilize);
      break;
    }
    case action_kind::swap: {
      spend(s, cost, cause::swap, out);
      std::swap(s.board[a.a], s.board[a.b]);
      s.board[a.a].moved = s.board[a.b].moved = true;
      out.push_back(swapped{.a = a.a, .b = a.b, .player = seat_byte(p)});
      break;
    }
    case action_kind::move: {
      spend(s, cost, cause::move, out);
      piece& mover = s.board[a.a];
      piece& target = s.board[a.b];
      mover.moved = true;
      if (target.owner && target.charge == mover.charge) {  // repelled: nobody moves
        out.push_back(repelled{.from = a.a, .to = a.b, .player = seat_byte(p), .defender = target.owner});
        add_charge(s, a.a, +1, cause::repel, out);
        add_charge(s, a.b, +1, cause::repel, out);
        acting = a.a;
        break;
      }
      if (target.owner) {  // attacker stronger: capture without explosion
        out.push_back(captured{.at = a.b,
                               .attacker_owner = seat_byte(p),
                               .victim_owner = target.owner,
                               .victim_charge = target.charge,
                               .removed = s.opts.destroyed == destroyed_mode::removed});
        detail::destroy_piece(s, a.b);
      }
      s.board[a.b] = mover;
      s.board[a.a] = piece{};
      out.push_back(moved{.from = a.a, .to = a.b, .player = seat_byte(p)});
      acting = static_cast<square>(arrive(s, a.b, out));
      break;
    }
  }
  if (acting != no_square) detail::collapse_check(s, p, acting, out);
  if (detail::win_check(s, out)) return error::ok;
  if (s.pc == 0 || !has_non_end_action(s)) detail::end_turn(s, true, out);
  return error::ok;
}

}  // namespace tabuleiro::taixu

// TAIXU turn flow: collapse, win check, end/start of turn, reshuffle, new games, validation.
#include "engine/taixu/flow.h"

#include <algorithm>

#include "engine/taixu/rules.h"

namespace tabuleiro::taixu {

namespace {

// Number of player p's pieces on board.
int count_pieces(const std::array<piece, board_size>& board, seat p) {
  int n = 0;
  for (const piece& pc : board) n += pc.owner == p;
  return n;
}

}  // namespace

// Every refusal reason: its code (the rules file's) and message, in the enum's order.
constexpr std::array<engine::error_text<error>, 15> error_texts = {{
    {error::ok, "ok", "ok"},
    {error::not_your_turn, "not_your_turn", "it is not your turn"},
    {error::game_over, "game_over", "the game is over"},
    {error::bad_action, "bad_action", "malformed action"},
    {error::insufficient_pc, "insufficient_pc", "not enough PC for this action"},
    {error::no_reserve, "no_reserve", "no piece left in the reserve"},
    {error::not_home_edge, "not_home_edge", "summons go on an empty square of your home edge"},
    {error::square_occupied, "square_occupied", "that square is occupied"},
    {error::not_your_piece, "not_your_piece", "that piece is not yours"},
    {error::no_piece, "no_piece", "there is no piece on that square"},
    {error::out_of_range, "out_of_range", "that square is out of this piece's range"},
    {error::path_blocked, "path_blocked", "a piece blocks the path"},
    {error::own_piece, "own_piece", "you cannot move onto your own piece"},
    {error::weaker_attacker, "weaker_attacker", "the attacker's charge is lower than the defender's"},
    {error::same_piece, "same_piece", "a swap needs two different pieces"},
}};
static_assert(engine::in_order(error_texts) && error_texts.back().value == error::same_piece);

std::string_view error_code(error e) { return engine::entry_of(error_texts, e, error::bad_action).code; }

std::string_view error_message(error e) { return engine::entry_of(error_texts, e, error::bad_action).message; }

int base_pc(int round) { return std::min(8, 5 + (round - 1) / 5); }

int anomalies_per_half(int round) { return std::min(4, 1 + (round - 1) / 3); }

bool is_reshuffle_round(int round) { return round >= 4 && (round - 1) % 3 == 0; }

int pieces_on_board(const state& s, seat p) { return count_pieces(s.board, p); }

int summon_cost(const state& s, seat p) { return 2 + count_pieces(s.board, p) / 4; }

int summon_cost(const observation& o, seat p) { return 2 + count_pieces(o.board, p) / 4; }

int move_range(int charge) { return charge <= 0 ? 1 : charge <= 2 ? 2 : 3; }

state new_game(const options& o, std::uint64_t seed) {
  state s;
  s.opts = o;
  s.reserve = {o.reserve, o.reserve};
  s.rng = engine::rng(seed);
  s.seed = seed;
  s.round = 1;
  s.to_move = 1;
  s.pc = base_pc(1);
  detail::reshuffle(s, nullptr);
  return s;
}

const char* validate(const state& s) {
  if (s.opts.reserve < 4 || s.opts.reserve > 16) return "options.reserve must be 4..16";
  if (s.to_move != 1 && s.to_move != 2) return "to_move must be 1 or 2";
  if (s.round < 1 || s.round > 1000000000) return "round must be 1..1000000000";
  if (s.pc < 0 || s.pc > 1000000) return "pc must be 0..1000000";
  for (int b : s.bonus)
    if (b < 0 || b > 1000000) return "bonus must be 0..1000000";
  for (int r : s.reserve)
    if (r < 0 || r > s.opts.reserve) return "reserve must be 0..options.reserve";
  std::array<int, 2> on_board{};
  for (int sq = 0; sq < board_size; ++sq) {
    const piece& p = s.board[sq];
    if (p.owner == 0) {
      if (p.charge || p.idle || p.moved) return "empty square with piece data";
      continue;
    }
    if (p.owner > 2) return "piece owner must be 1 or 2";
    if (p.charge > 4) return "piece charge must be 0..4";
    if (p.idle > 2) return "piece idle must be 0..2";
    if (p.moved && p.owner != s.to_move) return "only the player to move can have moved pieces";
    ++on_board[p.owner - 1];
  }
  for (int i = 0; i < 2; ++i) {
    const int total = on_board[i] + s.reserve[i];
    if (total > s.opts.reserve) return "more pieces than the pool (options.reserve)";
    if (s.opts.destroyed == destroyed_mode::reserve && total != s.opts.reserve)
      return "pieces on board + reserve must equal options.reserve";
  }
  for (int sq = 0; sq < board_size; ++sq) {
    const effect e = s.anomalies[sq];
    if (e == effect::none) continue;
    if (static_cast<int>(e) > effect_count) return "unknown anomaly effect";
    if (!is_anomaly_eligible(sq)) return "anomaly on a square that is not anomaly-eligible";
  }
  if (!s.outcome) {
    state probe = s;
    std::vector<event> ignored;
    if (detail::win_check(probe, ignored)) return "the position is decided but has no outcome";
  } else if (s.outcome->winner && *s.outcome->winner != 1 && *s.outcome->winner != 2) {
    return "outcome.winner must be 1, 2 or null";
  }
  return nullptr;
}

namespace detail {

void destroy_piece(state& s, int sq) {
  const int owner = s.board[sq].owner;
  s.board[sq] = piece{};
  if (s.opts.destroyed == destroyed_mode::reserve) ++s.reserve[owner - 1];
}

void emit_charge(std::vector<event>& out, const state& s, int sq, int from, cause why) {
  out.push_back(charge_changed{.at = static_cast<square>(sq),
                               .owner = s.board[sq].owner,
                               .from = static_cast<std::uint8_t>(from),
                               .to = s.board[sq].charge,
                               .why = why});
}

void collapse_check(state& s, seat actor, square acting, std::vector<event>& out) {
  for (;;) {
    std::array<square, board_size> order;
    int n = 0;
    if (acting != no_square && s.board[acting].owner && s.board[acting].charge >= 5) order[n++] = acting;
    for (int sq = 0; sq < board_size; ++sq)
      if (sq != acting && s.board[sq].owner && s.board[sq].charge >= 5) order[n++] = static_cast<square>(sq);
    if (n == 0) return;
    std::array<piece, board_size> gone;
    for (int i = 0; i < n; ++i) {  // every piece in S leaves the board at once
      gone[i] = s.board[order[i]];
      destroy_piece(s, order[i]);
    }
    for (int i = 0; i < n; ++i) {
      const int c = order[i];
      out.push_back(exploded{.at = order[i], .owner = gone[i].owner, .charge = gone[i].charge});
      wave w{.center = order[i], .actor = seat_byte(actor)};
      int enemy_hits = 0;
      for (int dr = -1; dr <= 1; ++dr)
        for (int df = -1; df <= 1; ++df) {
          const int f = file_of(c) + df, r = rank_of(c) + dr;
          if ((df == 0 && dr == 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
          const square t = make_square(f, r);
          w.ring[w.ring_count++] = t;
          piece& p = s.board[t];
          if (!p.owner) continue;
          wave_hit& h = w.hits[w.hit_count++];
          h.at = t;
          h.owner = p.owner;
          h.from = p.charge;
          enemy_hits += p.owner == opponent(actor);
          if (p.charge == 0) {
            h.destroyed = true;
            destroy_piece(s, t);
          } else {
            h.to = --p.charge;
          }
        }
      out.push_back(w);
      for (int k = 0; k < w.hit_count; ++k) {
        if (!w.hits[k].destroyed) continue;
        out.push_back(destroyed{
            .at = w.hits[k].at, .owner = w.hits[k].owner, .removed = s.opts.destroyed == destroyed_mode::removed});
      }
      if (enemy_hits >= 2) {
        ++s.bonus[actor - 1];
        out.push_back(bonus_earned{.center = order[i], .player = seat_byte(actor), .pending = s.bonus[actor - 1]});
      }
    }
    acting = no_square;  // the acting piece, if it was in S, is gone
  }
}

bool win_check(state& s, std::vector<event>& out) {
  if (s.outcome) return true;
  static constexpr std::array<int, 4> core_squares = {make_square(3, 3), make_square(4, 3), make_square(3, 4),
                                                      make_square(4, 4)};  // d4 e4 d5 e5
  std::array<int, 3> core{};
  for (const int sq : core_squares) {
    const piece& p = s.board[sq];
    core[p.owner] += p.charge >= 2;
  }
  cause reason = cause::none;
  std::optional<seat> winner;
  for (seat p = 1; p <= 2; ++p)
    if (core[p] >= 3) {
      reason = cause::singularity;
      winner = p;
    }
  if (reason == cause::none && (s.reserve[0] == 0 || s.reserve[1] == 0)) {
    const bool out1 = s.reserve[0] == 0 && pieces_on_board(s, 1) == 0;
    const bool out2 = s.reserve[1] == 0 && pieces_on_board(s, 2) == 0;
    if (out1 || out2) {
      reason = cause::extermination;
      if (!(out1 && out2)) winner = out1 ? 2 : 1;
    }
  }
  if (reason == cause::none) return false;
  s.outcome = engine::outcome{winner, reason == cause::singularity ? "singularity" : "extermination"};
  out.push_back(game_over{.winner = seat_byte(winner.value_or(0)), .reason = reason});
  return true;
}

void reshuffle(state& s, std::vector<event>* out) {
  s.anomalies.fill(effect::none);
  const int k = anomalies_per_half(s.round);
  anomalies_reshuffled e{.round = s.round};
  for (int half = 0; half < 2; ++half) {  // north half first, then south
    std::array<square, board_size> free_squares;
    int n = 0;
    for (int sq = 0; sq < board_size; ++sq)
      if (is_anomaly_eligible(sq) && is_north(sq) == (half == 0) && !s.board[sq].owner)
        free_squares[n++] = static_cast<square>(sq);
    for (int i = 0; i < k && n > 0; ++i) {
      const int idx = static_cast<int>(s.rng.uniform(static_cast<std::uint64_t>(n)));
      const square sq = free_squares[idx];
      std::copy(free_squares.begin() + idx + 1, free_squares.begin() + n, free_squares.begin() + idx);
      --n;
      const auto what = static_cast<effect>(1 + s.rng.uniform(effect_count));
      s.anomalies[sq] = what;
      e.placed[e.count++] = placed_anomaly{sq, what};
    }
  }
  if (out) out->push_back(e);
}

void end_turn(state& s, bool automatic, std::vector<event>& out) {
  // A new turn whose player has nothing to do ends at once; two in a row cannot happen
  // (see RULES.md), the bound only guards the loop.
  for (int guard = 0; guard < 4; ++guard) {
    const seat p = s.to_move;
    for (int sq = 0; sq < board_size; ++sq) {
      piece& pc = s.board[sq];
      if (pc.owner != p) continue;
      if (pc.moved) {
        pc.moved = false;
        pc.idle = 0;
      } else if (++pc.idle >= 3) {
        pc.idle = 0;
        const std::uint8_t from = pc.charge;
        if (pc.charge > 0) --pc.charge;
        out.push_back(idle_decay{.at = static_cast<square>(sq), .owner = seat_byte(p), .from = from, .to = pc.charge});
      }
    }
    out.push_back(turn_ended{.player = seat_byte(p), .round = s.round, .automatic = automatic});
    if (win_check(s, out)) return;
    if (p == 2) {
      ++s.round;
      if (is_reshuffle_round(s.round)) reshuffle(s, &out);
    }
    s.to_move = opponent(p);
    const int bonus = s.bonus[s.to_move - 1];
    s.pc = base_pc(s.round) + bonus;
    s.bonus[s.to_move - 1] = 0;
    out.push_back(turn_started{.player = seat_byte(s.to_move), .round = s.round, .pc = s.pc, .bonus = bonus});
    if (has_non_end_action(s)) return;
    automatic = true;
  }
}

}  // namespace detail
}  // namespace tabuleiro::taixu

// QU4DRI rules: the Sacred Grid set-up, move and capture generation, the exact check, apply and
// the end-of-action checks. Decisions beyond the rules file: engine/quadri/RULES.md.
#include "engine/quadri/rules.h"

#include <algorithm>

namespace tabuleiro::quadri {

namespace {

// nb[c][d]: the diagonal neighbour of c in direction d (0 NE, 1 NW, 2 SE, 3 SW), or no_cell.
struct neighbour_table {
  std::array<std::array<cell, 4>, area_size> nb{};
  constexpr neighbour_table() {
    constexpr int df[4] = {1, -1, 1, -1};
    constexpr int dr[4] = {1, 1, -1, -1};
    for (int c = 0; c < area_size; ++c)
      for (int d = 0; d < 4; ++d) {
        const int f = file_of(c) + df[d], r = rank_of(c) + dr[d];
        nb[c][d] = (f < 0 || f >= side || r < 0 || r >= side) ? no_cell : make_cell(f, r);
      }
  }
};
constexpr neighbour_table table;

bool has_tile(const state& s, int c) { return c >= 0 && s.tiles[c].aura != 0; }

// The aura of player p (green for 1, red for 2).
constexpr std::uint8_t aura_of(seat p) { return static_cast<std::uint8_t>(p); }

// Highest (Green) or lowest (Red) rank holding a talisman: the last row toward p's opponent.
int last_row(const state& s, seat p) {
  int best = p == 1 ? -1 : side;
  for (int c = 0; c < area_size; ++c)
    if (s.tiles[c].aura) best = p == 1 ? std::max(best, rank_of(c)) : std::min(best, rank_of(c));
  return best;
}

// Capture-sequence search for the predictor of seat p at start.
struct capture_search {
  const state& s;
  seat p;
  cell start;
  bool queen;
  std::array<bool, area_size> taken{};
  action cur{};
  std::vector<action>* out = nullptr;  // every maximal sequence, when given
  bool found = false;                  // at least one jump exists

  // A cell a jump may land on or a queen may fly over: a talisman with no predictor (the
  // mover's own start cell counts as empty).
  bool free(int c) const { return has_tile(s, c) && (s.preds[c].owner == 0 || c == start); }
  // A predictor that may be jumped: an enemy not jumped yet in this sequence.
  bool prey(int c) const { return has_tile(s, c) && c != start && s.preds[c].owner == opponent(p) && !taken[c]; }

  // Extends the sequence at `at`; emits it when no jump continues it.
  void extend(int at) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      int c = table.nb[at][d];
      if (queen)
        while (c >= 0 && free(c)) c = table.nb[c][d];
      if (c < 0 || !prey(c)) continue;
      for (int l = table.nb[c][d]; l >= 0 && free(l); l = queen ? table.nb[l][d] : no_cell) {
        any = found = true;
        if (!out) return;
        taken[c] = true;
        cur.path[cur.len++] = static_cast<cell>(l);
        extend(l);
        --cur.len;
        taken[c] = false;
      }
      if (found && !out) return;
    }
    if (!any && cur.len > 1 && out) out->push_back(cur);
  }

  void run() {
    cur.kind = action_kind::move;
    cur.len = 1;
    cur.path[0] = start;
    extend(start);
  }
};

// Appends the capture sequences of every predictor of p to out; true when any exists.
bool captures_into(const state& s, seat p, std::vector<action>& out) {
  const std::size_t before = out.size();
  for (int c = 0; c < area_size; ++c) {
    if (s.preds[c].owner != p) continue;
    capture_search cs{s, p, static_cast<cell>(c), s.preds[c].queen};
    cs.out = &out;
    cs.run();
  }
  if (s.opts.majority && out.size() > before) {
    std::uint8_t longest = 0;
    for (std::size_t i = before; i < out.size(); ++i) longest = std::max(longest, out[i].len);
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(before), out.end(),
                             [&](const action& a) { return a.len != longest; }),
              out.end());
  }
  return out.size() > before;
}

// True when the step from → to is a plain (non-capturing) move of p's predictor at from.
bool plain_step(const state& s, seat p, int from, int to) {
  if (!has_tile(s, to) || s.preds[to].owner) return false;
  const bool queen = s.preds[from].queen;
  for (int d = 0; d < 4; ++d) {
    if (!queen && (p == 1 ? d >= 2 : d < 2)) continue;  // pawns step forward only
    for (int c = table.nb[from][d]; c >= 0 && has_tile(s, c) && !s.preds[c].owner; c = queen ? table.nb[c][d] : no_cell)
      if (c == to) return true;
  }
  return false;
}

// The enemy predictor a jump from → to passes over (given the cells already taken), or
// no_cell when from → to is not a jump.
int jumped(const state& s, seat p, int from, int to, bool queen, int start, const std::array<bool, area_size>& taken) {
  auto free = [&](int c) { return has_tile(s, c) && (s.preds[c].owner == 0 || c == start); };
  for (int d = 0; d < 4; ++d) {
    int c = table.nb[from][d];
    if (queen)
      while (c >= 0 && free(c) && c != to) c = table.nb[c][d];
    if (c < 0 || c == to || !has_tile(s, c) || c == start || s.preds[c].owner != opponent(p) || taken[c]) continue;
    for (int l = table.nb[c][d]; l >= 0 && free(l); l = queen ? table.nb[l][d] : no_cell)
      if (l == to) return c;
  }
  return no_cell;
}

// Player p's predictors on the grid plus hand.
int predictors_left(const state& s, seat p) { return on_grid(s, p) + s.hand[p - 1]; }

// True when p (to move in s) has any legal action; defined below.
bool has_action(const state& s, seat p);

void finish(state& s, std::optional<seat> winner, end_reason why, std::vector<event>& out) {
  s.outcome = engine::outcome{winner, std::string(reason_code(why))};
  out.push_back(game_over{.winner = static_cast<std::uint8_t>(winner.value_or(0)), .reason = why});
}

// After p's action: wins by energy, no predictors, no action, the quiet draw; else next turn.
void end_action(state& s, seat p, std::vector<event>& out) {
  const seat q = opponent(p);
  if (s.energy[p - 1] >= 64) return finish(s, p, end_reason::energy_64, out);
  if (s.energy[q - 1] <= 0) return finish(s, p, end_reason::energy_0, out);
  if (predictors_left(s, q) == 0) return finish(s, p, end_reason::no_predictors, out);
  s.to_move = q;
  if (!has_action(s, q)) return finish(s, p, end_reason::no_action, out);
  if (s.quiet >= s.opts.quiet_limit) return finish(s, std::nullopt, end_reason::quiet, out);
}

// Connectivity of the talismans of s with the one at from moved to `to` (no_cell: unchanged).
bool connected_after(const state& s, int from, int to) {
  std::array<bool, area_size> occupied{};
  int count = 0, first = -1;
  for (int c = 0; c < area_size; ++c)
    if (s.tiles[c].aura) occupied[c] = true;
  if (from >= 0) {
    occupied[from] = false;
    occupied[to] = true;
  }
  for (int c = 0; c < area_size; ++c)
    if (occupied[c]) {
      ++count;
      if (first < 0) first = c;
    }
  if (count == 0) return true;
  std::array<cell, area_size> stack{};
  std::array<bool, area_size> seen{};
  int top = 0, reached = 0;
  stack[top++] = static_cast<cell>(first);
  seen[first] = true;
  while (top) {
    const int c = stack[--top];
    ++reached;
    for (int d = 0; d < 4; ++d) {
      const int n = table.nb[c][d];
      if (n >= 0 && occupied[n] && !seen[n]) {
        seen[n] = true;
        stack[top++] = static_cast<cell>(n);
      }
    }
  }
  return reached == count;
}

error check_move(const state& s, seat p, const action& a) {
  if (a.len < 2) return error::bad_action;
  const int from = a.path[0];
  if (!s.preds[from].owner) return error::no_piece;
  if (s.preds[from].owner != p) return error::not_your_piece;
  thread_local std::vector<action> caps;
  caps.clear();
  const bool must_capture = captures_into(s, p, caps);
  if (must_capture && std::find(caps.begin(), caps.end(), a) != caps.end()) return error::ok;
  // Not a listed sequence: classify it step by step.
  const bool queen = s.preds[from].queen;
  std::array<bool, area_size> taken{};
  int at = from;
  for (int i = 1; i < a.len; ++i) {
    const int to = a.path[i];
    const int victim = jumped(s, p, at, to, queen, from, taken);
    if (victim >= 0) {
      taken[victim] = true;
      at = to;
      continue;
    }
    if (i == 1 && a.len == 2 && plain_step(s, p, from, to)) return must_capture ? error::capture_required : error::ok;
    if (!has_tile(s, to)) return error::no_tile;
    if (s.preds[to].owner && to != from) return error::occupied;
    return error::illegal_path;
  }
  // Every step is a jump, but the sequence is not listed: it stops early, or (majority) it
  // captures fewer than the longest.
  capture_search cs{s, p, static_cast<cell>(from), queen};
  cs.taken = taken;
  cs.extend(at);
  return cs.found ? error::incomplete_capture : error::capture_required;
}

error check_drop(const state& s, seat p, int at, bool must_capture) {
  if (s.hand[p - 1] <= 0) return error::empty_hand;
  if (on_grid(s, p) >= grid_limit) return error::grid_full;
  if (!has_tile(s, at)) return error::no_tile;
  if (s.preds[at].owner) return error::occupied;
  if (s.tiles[at].location) return error::not_energy_side;
  return must_capture ? error::capture_required : error::ok;
}

error check_flip(const state& s, seat p, int at, bool must_capture) {
  if (!has_tile(s, at)) return error::no_tile;
  if (s.tiles[at].aura != aura_of(p)) return error::not_own_talisman;
  if (s.preds[at].owner) return error::predictor_on_tile;
  return must_capture ? error::capture_required : error::ok;
}

error check_shift(const state& s, seat p, int from, int to, bool must_capture) {
  if (!has_tile(s, from)) return error::no_tile;
  if (s.tiles[from].aura != aura_of(p)) return error::not_own_talisman;
  if (!s.tiles[from].location) return error::energy_side_fixed;
  bool adjacent = false;
  for (int d = 0; d < 4; ++d) adjacent = adjacent || table.nb[from][d] == to;
  if (!adjacent) return error::illegal_path;
  if (has_tile(s, to)) return error::occupied;
  if (s.preds[from].owner && s.preds[from].owner != p) return error::predictor_on_tile;
  if (!connected_after(s, from, to)) return error::disconnects_grid;
  return must_capture ? error::capture_required : error::ok;
}

// Offers p's actions that capture nothing to take(a), in legal_actions_into's order (moves by
// origin, direction and distance, then drops, flips and shifts by cell), until take returns
// false; returns false when it stopped early. Only legal when no capture is available.
template <class Take>
bool non_captures(const state& s, seat p, Take take) {
  for (int c = 0; c < area_size; ++c) {
    if (s.preds[c].owner != p) continue;
    const bool queen = s.preds[c].queen;
    for (int d = 0; d < 4; ++d) {
      if (!queen && (p == 1 ? d >= 2 : d < 2)) continue;
      for (int l = table.nb[c][d]; l >= 0 && has_tile(s, l) && !s.preds[l].owner; l = queen ? table.nb[l][d] : no_cell)
        if (!take(move_action({static_cast<cell>(c), static_cast<cell>(l)}))) return false;
    }
  }
  if (s.hand[p - 1] > 0 && on_grid(s, p) < grid_limit)
    for (int c = 0; c < area_size; ++c)
      if (has_tile(s, c) && !s.preds[c].owner && !s.tiles[c].location && !take(drop_action(static_cast<cell>(c))))
        return false;
  for (int c = 0; c < area_size; ++c)
    if (s.tiles[c].aura == aura_of(p) && !s.preds[c].owner && !take(flip_action(static_cast<cell>(c)))) return false;
  for (int c = 0; c < area_size; ++c) {
    if (s.tiles[c].aura != aura_of(p) || !s.tiles[c].location) continue;
    if (s.preds[c].owner && s.preds[c].owner != p) continue;
    for (int d = 0; d < 4; ++d) {
      const int to = table.nb[c][d];
      if (to >= 0 && !has_tile(s, to) && connected_after(s, c, to) &&
          !take(shift_action(static_cast<cell>(c), static_cast<cell>(to))))
        return false;
    }
  }
  return true;
}

// Stops at the first action found instead of listing them all (the no-action loss is tested
// after every action).
bool has_action(const state& s, seat p) {
  if (s.outcome || p != s.to_move) return false;
  return capture_available(s, p) || !non_captures(s, p, [](const action&) { return false; });
}

}  // namespace

cell neighbour(int c, int d) { return table.nb[c][d]; }

// Every refusal reason: its code (the rules file's) and message, in the enum's order.
constexpr std::array<engine::error_text<error>, 19> error_texts = {{
    {error::ok, "ok", "legal"},
    {error::not_your_turn, "not_your_turn", "it is not your turn"},
    {error::game_over, "game_over", "the game is over"},
    {error::bad_action, "bad_action", "malformed action"},
    {error::no_piece, "no_piece", "no predictor on the starting cell"},
    {error::not_your_piece, "not_your_piece", "that predictor is not yours"},
    {error::capture_required, "capture_required",
     "a capture is available (with majority: a longer one), so the action must be that capture"},
    {error::illegal_path, "illegal_path", "that path is not a legal move or capture"},
    {error::incomplete_capture, "incomplete_capture", "the capture sequence must go on while a jump is possible"},
    {error::occupied, "occupied", "that cell is occupied"},
    {error::no_tile, "no_tile", "no talisman on that cell"},
    {error::grid_full, "grid_full", "12 of your predictors are already on the grid"},
    {error::empty_hand, "empty_hand", "no predictor left in hand"},
    {error::not_energy_side, "not_energy_side", "a drop needs a talisman showing its energy side"},
    {error::not_own_talisman, "not_own_talisman", "that talisman is not of your aura"},
    {error::predictor_on_tile, "predictor_on_tile", "a predictor on that talisman forbids it"},
    {error::energy_side_fixed, "energy_side_fixed", "a talisman showing its energy side cannot be shifted"},
    {error::disconnects_grid, "disconnects_grid", "the talismans would no longer form one connected grid"},
    {error::outside_area, "outside_area", "that cell is outside the 10x10 play area"},
}};
static_assert(engine::in_order(error_texts) && error_texts.back().value == error::outside_area);

std::string_view error_code(error e) { return engine::entry_of(error_texts, e, error::bad_action).code; }

std::string_view error_message(error e) { return engine::entry_of(error_texts, e, error::bad_action).message; }

std::string_view reason_code(end_reason r) {
  switch (r) {
    case end_reason::energy_64: return "energy_64";
    case end_reason::energy_0: return "energy_0";
    case end_reason::no_predictors: return "no_predictors";
    case end_reason::no_action: return "no_action";
    case end_reason::quiet: return "quiet";
    case end_reason::none: break;
  }
  return "none";
}

engine::rule_error rule_error_of(error e) {
  return engine::rule_error{std::string(error_code(e)), std::string(error_message(e))};
}

action move_action(std::initializer_list<cell> path) {
  action a;
  a.kind = action_kind::move;
  for (cell c : path)
    if (a.len < max_path) a.path[a.len++] = c;
  return a;
}

action drop_action(cell at) {
  action a;
  a.kind = action_kind::drop;
  a.len = 1;
  a.path[0] = at;
  return a;
}

action flip_action(cell at) {
  action a = drop_action(at);
  a.kind = action_kind::flip;
  return a;
}

action shift_action(cell from, cell to) {
  action a;
  a.kind = action_kind::shift;
  a.len = 2;
  a.path[0] = from;
  a.path[1] = to;
  return a;
}

state new_game(const options& o, std::uint64_t seed) {
  state s;
  s.opts = o;
  s.rng = engine::rng(seed);
  s.seed = seed;
  // Per aura (green, then red): the 16 cells in cell order; the 16 moon×dir pairs shuffled
  // onto them (Fisher–Yates, i from 15 down to 1, j = uniform(i + 1)), then the 16 values.
  for (std::uint8_t aura : {green, red}) {
    std::array<cell, 16> cells{};
    int n = 0;
    for (int c = 0; c < area_size; ++c) {
      const int f = file_of(c), r = rank_of(c);
      if (f < 1 || f > 8 || r < 1 || r > 8 || !is_dark(c)) continue;
      const bool even_rank = ((r + 1) & 1) == 0;  // rank number r + 1
      if ((even_rank ? green : red) == aura) cells[n++] = static_cast<cell>(c);
    }
    std::array<int, 16> pairs{}, values{};
    for (int i = 0; i < 16; ++i) {
      pairs[i] = i;
      values[i] = 1 + i / 4;
    }
    for (int i = 15; i > 0; --i) std::swap(pairs[i], pairs[s.rng.uniform(static_cast<std::uint64_t>(i) + 1)]);
    for (int i = 15; i > 0; --i) std::swap(values[i], values[s.rng.uniform(static_cast<std::uint64_t>(i) + 1)]);
    for (int i = 0; i < 16; ++i) {
      tile& t = s.tiles[cells[i]];
      t.aura = aura;
      t.phase = static_cast<moon>(pairs[i] / 4);
      t.dir = static_cast<direction>(pairs[i] % 4);
      t.value = static_cast<std::uint8_t>(values[i]);
    }
  }
  for (int c = 0; c < area_size; ++c) {
    if (!s.tiles[c].aura) continue;
    const int rank = rank_of(c) + 1;
    if (rank >= 2 && rank <= 4) s.preds[c] = predictor{1, false};
    if (rank >= 7 && rank <= 9) s.preds[c] = predictor{2, false};
  }
  return s;
}

int on_grid(const state& s, seat p) {
  int n = 0;
  for (const auto& pr : s.preds) n += pr.owner == p;
  return n;
}

bool grid_connected(const state& s) { return connected_after(s, no_cell, no_cell); }

const char* validate(const state& s) {
  if (s.to_move != 1 && s.to_move != 2) return "to_move must be 1 or 2";
  if (s.opts.quiet_limit < 1 || s.opts.quiet_limit > 10000) return "quiet_limit must be 1..10000";
  if (s.quiet < 0 || s.quiet > 10000) return "quiet_actions must be 0..10000";
  std::array<std::array<bool, 16>, 3> pairs{};
  for (int c = 0; c < area_size; ++c) {
    const tile& t = s.tiles[c];
    if (t.aura == 0) {
      if (s.preds[c].owner) return "a predictor stands on a cell without a talisman";
      continue;
    }
    if (!is_dark(c)) return "a talisman stands on a light cell";
    if (t.aura > 2) return "bad aura";
    if (t.value < 1 || t.value > 4) return "talisman values are 1..4";
    if (t.location && !t.revealed) return "a talisman showing its location side is revealed";
    const int pair = static_cast<int>(t.phase) * 4 + static_cast<int>(t.dir);
    if (pairs[t.aura][pair]) return "an aura has a moon/direction pair twice";
    pairs[t.aura][pair] = true;
    if (s.preds[c].owner > 2) return "predictor owner must be 1 or 2";
  }
  for (seat p = 1; p <= 2; ++p) {
    if (s.hand[p - 1] < 0 || s.hand[p - 1] > pool) return "hand must be 0..16";
    if (on_grid(s, p) > grid_limit) return "more than 12 predictors of a player on the grid";
    if (on_grid(s, p) + s.hand[p - 1] > pool) return "more than 16 predictors of a player";
    if (s.energy[p - 1] < -1000 || s.energy[p - 1] > 1000) return "energy must be -1000..1000";
  }
  return nullptr;
}

int captures_of(const state& s, seat p, const action& a) {
  if (a.kind != action_kind::move || a.len < 2) return 0;
  if (a.len == 2 && plain_step(s, p, a.path[0], a.path[1])) return 0;
  return a.len - 1;
}

bool capture_available(const state& s, seat p) {
  for (int c = 0; c < area_size; ++c) {
    if (s.preds[c].owner != p) continue;
    capture_search cs{s, p, static_cast<cell>(c), s.preds[c].queen};
    cs.run();
    if (cs.found) return true;
  }
  return false;
}

error check(const state& s, seat p, const action& a) {
  if (s.outcome) return error::game_over;
  if (p != s.to_move) return error::not_your_turn;
  const int need = a.kind == action_kind::move ? -1 : a.kind == action_kind::shift ? 2 : 1;
  if (a.len < 1 || a.len > max_path || (need > 0 && a.len != need)) return error::bad_action;
  for (int i = 0; i < a.len; ++i) {
    if (a.path[i] == off_area) return error::outside_area;
    if (a.path[i] < 0 || a.path[i] >= area_size) return error::bad_action;
  }
  if (a.kind == action_kind::move) return check_move(s, p, a);
  const bool must = capture_available(s, p);
  if (a.kind == action_kind::drop) return check_drop(s, p, a.path[0], must);
  if (a.kind == action_kind::flip) return check_flip(s, p, a.path[0], must);
  return check_shift(s, p, a.path[0], a.path[1], must);
}

void legal_actions_into(const state& s, seat p, std::vector<action>& out) {
  out.clear();
  if (s.outcome || p != s.to_move) return;
  if (captures_into(s, p, out)) return;
  non_captures(s, p, [&](const action& a) {
    out.push_back(a);
    return true;
  });
}

error apply_into(state& s, seat p, const action& a, std::vector<event>& out) {
  const error e = check(s, p, a);
  if (e != error::ok) return e;
  bool captured_any = false;
  switch (a.kind) {
    case action_kind::move: {
      const int from = a.path[0];
      const predictor mover = s.preds[from];
      std::array<bool, area_size> taken{};
      std::array<cell, max_path> victims{};
      int nv = 0, at = from;
      for (int i = 1; i < a.len; ++i) {
        const int v = jumped(s, p, at, a.path[i], mover.queen, from, taken);
        if (v >= 0) {
          taken[v] = true;
          victims[nv++] = static_cast<cell>(v);
        }
        at = a.path[i];
      }
      moved m{.player = static_cast<std::uint8_t>(p), .capture = nv > 0, .len = a.len};
      for (int i = 0; i < a.len; ++i) m.path[i] = a.path[i];
      out.push_back(m);
      // Removal at the end of the sequence, in capture order: score, then the tile flips.
      for (int i = 0; i < nv; ++i) {
        const int v = victims[i];
        const seat x = s.preds[v].owner;
        out.push_back(captured{.at = static_cast<cell>(v),
                               .capturer = static_cast<std::uint8_t>(p),
                               .victim_owner = static_cast<std::uint8_t>(x),
                               .was_queen = s.preds[v].queen});
        s.preds[v] = predictor{};
        tile& t = s.tiles[v];
        t.location = !t.location;
        if (t.location) t.revealed = true;
        // value: public, revealed now or earlier
        out.push_back(tile_flipped{.at = static_cast<cell>(v), .location_up = t.location, .value = t.value});
        const seat gainer = t.aura == aura_of(x) ? x : opponent(x);
        const int delta = t.aura == aura_of(x) ? -t.value : t.value;
        const int before = s.energy[gainer - 1];
        s.energy[gainer - 1] += delta;
        out.push_back(energy_changed{.at = static_cast<cell>(v),
                                     .player = static_cast<std::uint8_t>(gainer),
                                     .from = before,
                                     .to = s.energy[gainer - 1]});
      }
      captured_any = nv > 0;
      s.preds[from] = predictor{};
      s.preds[at] = mover;
      if (!mover.queen && rank_of(at) == last_row(s, p)) {
        s.preds[at].queen = true;
        out.push_back(promoted{.at = static_cast<cell>(at), .owner = static_cast<std::uint8_t>(p)});
      }
      break;
    }
    case action_kind::drop: {
      const int at = a.path[0];
      s.preds[at] = predictor{static_cast<std::uint8_t>(p), false};
      --s.hand[p - 1];
      out.push_back(dropped{.at = static_cast<cell>(at), .player = static_cast<std::uint8_t>(p)});
      break;
    }
    case action_kind::flip: {
      const int at = a.path[0];
      tile& t = s.tiles[at];
      t.location = !t.location;
      if (t.location) t.revealed = true;
      // value: public, flipping to location reveals it; flipping back needs it revealed
      out.push_back(tile_flipped{.at = static_cast<cell>(at),
                                 .by = static_cast<std::uint8_t>(p),
                                 .location_up = t.location,
                                 .value = t.value});
      break;
    }
    case action_kind::shift: {
      const int from = a.path[0], to = a.path[1];
      const bool rider = s.preds[from].owner != 0;
      s.tiles[to] = s.tiles[from];
      s.tiles[from] = tile{};
      s.preds[to] = s.preds[from];
      s.preds[from] = predictor{};
      out.push_back(shifted{.from = static_cast<cell>(from),
                            .to = static_cast<cell>(to),
                            .player = static_cast<std::uint8_t>(p),
                            .rider = rider});
      break;
    }
  }
  s.quiet = captured_any ? 0 : s.quiet + 1;
  end_action(s, p, out);
  return error::ok;
}

observation observe_state(const state& s) {
  observation o;
  o.opts = s.opts;
  o.tiles = s.tiles;
  o.preds = s.preds;
  o.to_move = s.to_move;
  o.energy = s.energy;
  o.hand = s.hand;
  o.quiet = s.quiet;
  o.outcome = s.outcome;
  if (!s.outcome)
    for (auto& t : o.tiles)
      if (t.aura && !t.revealed) t.value = 0;
  return o;
}

}  // namespace tabuleiro::quadri

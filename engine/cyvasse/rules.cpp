// Cyvasse rules: terrain, attacks and armor, exact checks, move generation and apply.
#include "engine/cyvasse/rules.h"

#include <algorithm>

namespace tabuleiro::cyvasse {

namespace {

constexpr std::array<int, 8> dfile = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr std::array<int, 8> drank = {0, 1, 1, 1, 0, -1, -1, -1};

// The square d steps from sq in direction dir, or -1 off the board.
inline int step(int sq, int dir, int d) {
  const int f = file_of(sq) + dfile[dir] * d, r = rank_of(sq) + drank[dir] * d;
  return on_board(f, r) ? r * 10 + f : -1;
}

// The direction and distance from a to b along one of the 8 lines, or dir -1.
inline int line_dir(int a, int b, int& dist) {
  const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
  if (df == 0 && dr == 0) return -1;
  if (df != 0 && dr != 0 && df != dr && df != -dr) return -1;
  dist = std::max(std::abs(df), std::abs(dr));
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  for (int d = 0; d < 8; ++d)
    if (dfile[d] == sf && drank[d] == sr) return d;
  return -1;
}

// Forward rank direction of seat p's pieces.
constexpr int forward(int p) { return p == 1 ? 1 : -1; }

// Calls mark(sq) for every square the piece at from attacks.
template <class F>
inline void for_each_attacked(const arena& a, int from, F&& mark) {
  const piece pc = a.pieces[from];
  const int p = pc.owner;
  switch (pc.what) {
    case kind::none:
    case kind::tower: return;
    case kind::trebuchet:
      for (int dir = 0; dir < 8; ++dir)
        for (int d = 2; d <= 4; ++d) {
          const int y = step(from, dir, d);
          if (y < 0) break;
          if (a.ground[y] != terrain::mountain) mark(y);
        }
      return;
    case kind::spearman: {
      const int dir = p == 1 ? 2 : 6;
      for (int d = 1; d <= 2; ++d) {
        const int y = step(from, dir, d);
        if (y < 0 || a.ground[y] == terrain::mountain) break;
        mark(y);
        if (a.pieces[y].owner && a.pieces[y].owner != p) break;
      }
      return;
    }
    default: {
      const int range = stats_of(pc.what).attack_max;
      const bool elephant = pc.what == kind::elephant;
      for (int dir = 0; dir < 8; ++dir)
        for (int d = 1; d <= range; ++d) {
          const int y = step(from, dir, d);
          if (y < 0 || a.ground[y] == terrain::mountain) break;
          mark(y);
          const int o = a.pieces[y].owner;
          if (o && (o != p || elephant)) break;
        }
      return;
    }
  }
}

// Context for generating or checking moves of seat p: enemy spear zones and attack counts.
struct context {
  std::array<bool, board_size> zone{};
  std::array<std::uint8_t, board_size> attacks{};
  context(const arena& a, seat p) {
    spear_zones(a, p, zone);
    attack_counts(a, p, attacks);
  }
};

// Capturable with the mover's attack counts given.
inline bool capturable_with(const arena& a, int sq, const std::array<std::uint8_t, board_size>& attacks) {
  return static_cast<int>(stats_of(a.pieces[sq].what).armor) - attacks[sq] <= 0 && !tower_protected(a, sq);
}

// Marks in dest every empty square the piece at from reaches by a path (rules §4).
inline void reach(const arena& a, int from, const std::array<bool, board_size>& zone,
                  std::array<bool, board_size>& dest) {
  const piece pc = a.pieces[from];
  const int p = pc.owner, moves = stats_of(pc.what).move;
  const bool dragon = pc.what == kind::dragon, elephant = pc.what == kind::elephant;
  std::array<bool, board_size> seen{};
  std::array<std::int8_t, board_size> frontier, next;
  int nf = 1, nn = 0;
  frontier[0] = static_cast<std::int8_t>(from);
  seen[from] = true;
  for (int s = 1; s <= moves && nf > 0; ++s) {
    nn = 0;
    for (int i = 0; i < nf; ++i) {
      const int x = frontier[i];
      for (int dir = 0; dir < 8; ++dir) {
        const int y = step(x, dir, 1);
        if (y < 0 || seen[y]) continue;
        const terrain t = a.ground[y];
        const int o = a.pieces[y].owner;
        if (t == terrain::mountain && !dragon) continue;
        if (o && o != p) continue;
        if (o == p && elephant) continue;
        seen[y] = true;
        if (!o && t != terrain::mountain) dest[y] = true;
        if (dragon || (t != terrain::water && !zone[y])) next[nn++] = static_cast<std::int8_t>(y);
      }
    }
    std::swap(frontier, next);
    nf = nn;
  }
}

// True when the straight capture path from `from` to the enemy at distance dist in dir is open.
inline bool capture_path_open(const arena& a, int from, int dir, int dist, const std::array<bool, board_size>& zone) {
  const piece pc = a.pieces[from];
  const bool dragon = pc.what == kind::dragon, elephant = pc.what == kind::elephant;
  for (int d = 1; d < dist; ++d) {
    const int y = step(from, dir, d);
    const int o = a.pieces[y].owner;
    if (o && (o != pc.owner || elephant)) return false;
    const terrain t = a.ground[y];
    if (dragon) continue;
    if (t == terrain::mountain || t == terrain::water || zone[y]) return false;
  }
  return true;
}

// Calls emit(move) for each legal move of seat p; stops when emit returns true. Returns true
// when stopped.
template <class F>
bool generate(const arena& a, seat p, F&& emit) {
  const context c(a, p);
  std::array<bool, board_size> dest;
  for (int from = 0; from < board_size; ++from) {
    const piece pc = a.pieces[from];
    if (pc.owner != p || pc.what == kind::tower) continue;
    dest.fill(false);
    reach(a, from, c.zone, dest);
    // captures, marked in dest too (destinations are then emitted in square order)
    if (pc.what == kind::trebuchet) {
      for (int dir = 0; dir < 8; ++dir)
        for (int d = 2; d <= 4; ++d) {
          const int y = step(from, dir, d);
          if (y < 0) break;
          if (a.pieces[y].owner == opponent(p) && capturable_with(a, y, c.attacks)) dest[y] = true;
        }
    } else if (pc.what != kind::crossbow) {
      const int moves = stats_of(pc.what).move;
      for (int dir = 0; dir < 8; ++dir)
        for (int d = 1; d <= moves; ++d) {
          const int y = step(from, dir, d);
          if (y < 0) break;
          if (a.pieces[y].owner == opponent(p)) {
            if (capturable_with(a, y, c.attacks) && capture_path_open(a, from, dir, d, c.zone)) dest[y] = true;
            break;
          }
        }
    }
    for (int to = 0; to < board_size; ++to)
      if (dest[to] && emit(move{static_cast<square>(from), static_cast<square>(to)})) return true;
  }
  return false;
}

// The problem with seat p's explicit placement, or nullptr.
const char* placement_problem(const state& s, seat p, const std::vector<placement>& pieces) {
  if (pieces.size() != army_size) return "a set-up places exactly 19 pieces";
  std::array<bool, board_size> used{};
  std::array<int, kind_count + 1> counts{};
  for (const placement& pl : pieces) {
    if (pl.what == kind::none || static_cast<int>(pl.what) > kind_count) return "unknown piece kind";
    if (pl.at < 0 || pl.at >= board_size) return "a square is off the board";
    if (!in_zone(p, pl.at)) return "a piece is outside your deployment zone";
    if (s.board.ground[pl.at] == terrain::mountain) return "a piece is on a mountain";
    if (used[pl.at]) return "two pieces on one square";
    used[pl.at] = true;
    ++counts[static_cast<int>(pl.what)];
  }
  for (int k = 1; k <= kind_count; ++k)
    if (counts[k] != stats[k].count)
      return "wrong number of pieces of a kind (1 king, 1 tower, 1 dragon, 1 trebuchet, 2 crossbows, 2 elephants, 2 heavy horses, 2 light horses, 3 spearmen, 4 militia)";
  return nullptr;
}

// Checks a play move of the seat to move (phase and turn already checked).
error check_move(const state& s, seat p, square from, square to) {
  if (from < 0 || from >= board_size || to < 0 || to >= board_size) return error::bad_action;
  const arena& a = s.board;
  const piece pc = a.pieces[from];
  if (!pc.owner) return error::no_piece;
  if (pc.owner != p) return error::not_your_piece;
  if (pc.what == kind::tower) return error::immobile;
  if (from == to) return error::no_path;
  const piece target = a.pieces[to];
  if (target.owner == p) return error::occupied;
  const int moves = stats_of(pc.what).move;
  if (target.owner) {
    if (pc.what == kind::crossbow) return error::cannot_capture;
    int dist = 0;
    const int dir = line_dir(from, to, dist);
    if (pc.what == kind::trebuchet) {
      if (dir < 0 || dist < 2 || dist > 4) return error::out_of_range;
    } else {
      if (dir < 0 || dist > moves) return error::out_of_range;
    }
    const context c(a, p);
    if (pc.what != kind::trebuchet && !capture_path_open(a, from, dir, dist, c.zone)) return error::no_path;
    if (!capturable_with(a, to, c.attacks)) return error::not_capturable;
    return error::ok;
  }
  if (a.ground[to] == terrain::mountain) return error::no_path;
  if (distance(from, to) > moves) return error::out_of_range;
  std::array<bool, board_size> zone{}, dest{};
  spear_zones(a, p, zone);
  reach(a, from, zone, dest);
  return dest[to] ? error::ok : error::no_path;
}

// Places seat p's pieces.
void place(state& s, seat p, const std::vector<placement>& pieces) {
  for (const placement& pl : pieces) s.board.pieces[pl.at] = piece{static_cast<std::uint8_t>(p), pl.what};
}

// Ends the game.
void finish(state& s, std::optional<seat> winner, end_reason why, std::vector<event>& out) {
  s.ph = phase::over;
  s.outcome = engine::outcome{winner, std::string(reason_name(why))};
  event e;
  e.type = event::game_over;
  e.player = static_cast<std::uint8_t>(winner.value_or(0));
  e.why = why;
  out.push_back(e);
}

}  // namespace

// ---- names and messages ----

// Every refusal reason: its code (the rules file's) and message, in the enum's order.
constexpr std::array<engine::error_text<error>, 14> error_texts = {{
    {error::ok, "ok", "legal"},
    {error::not_your_turn, "not_your_turn", "it is not your turn"},
    {error::game_over, "game_over", "the game is over"},
    {error::bad_action, "bad_action", "malformed action"},
    {error::wrong_phase, "wrong_phase", "that action belongs to another phase of the game"},
    {error::bad_setup, "bad_setup", "the set-up is not valid"},
    {error::no_piece, "no_piece", "there is no piece on that square"},
    {error::not_your_piece, "not_your_piece", "that piece is not yours"},
    {error::immobile, "immobile", "the Tower never moves"},
    {error::no_path, "no_path", "no path leads there"},
    {error::occupied, "occupied", "your own piece stands there"},
    {error::not_capturable, "not_capturable", "that piece still has armor (or a Tower protects it)"},
    {error::cannot_capture, "cannot_capture", "this piece can never capture"},
    {error::out_of_range, "out_of_range", "too far, or not on a straight line"},
}};
static_assert(engine::in_order(error_texts) && error_texts.back().value == error::out_of_range);

std::string_view error_code(error e) { return engine::entry_of(error_texts, e, error::bad_action).code; }

std::string_view error_message(error e) { return engine::entry_of(error_texts, e, error::bad_action).message; }

std::string_view kind_name(kind k) {
  static constexpr std::array<std::string_view, kind_count + 1> names = {"",         "king",        "tower",
                                                                         "dragon",   "trebuchet",   "crossbow",
                                                                         "elephant", "heavy_horse", "light_horse",
                                                                         "spearman", "militia"};
  const int i = static_cast<int>(k);
  return i >= 0 && i <= kind_count ? names[i] : "";
}

kind kind_from_name(std::string_view n) {
  for (int k = 1; k <= kind_count; ++k)
    if (kind_name(static_cast<kind>(k)) == n) return static_cast<kind>(k);
  return kind::none;
}

std::string_view reason_name(end_reason r) {
  switch (r) {
    case end_reason::king_captured: return "king_captured";
    case end_reason::no_moves: return "no_moves";
    case end_reason::quiet_turns: return "quiet_turns";
    default: return "";
  }
}

engine::rule_error rule_error_of(error e) {
  return engine::rule_error{std::string(error_code(e)), std::string(error_message(e))};
}

// ---- terrain, formations, new game ----

void default_terrain(arena& a) {
  a.ground.fill(terrain::plain);
  for (const char* m : {"b5", "e5", "f6", "i6"}) a.ground[make_square(m[0] - 'a', m[1] - '1')] = terrain::mountain;
  for (const char* w : {"d5", "h5", "c6", "g6"}) a.ground[make_square(w[0] - 'a', w[1] - '1')] = terrain::water;
}

void random_terrain(arena& a, engine::rng& r) {
  for (;;) {
    a.ground.fill(terrain::plain);
    std::array<int, 10> files{};
    for (int i = 0; i < 10; ++i) files[i] = i;
    int left = 10;
    for (int i = 0; i < 4; ++i) {
      const int k = static_cast<int>(r.uniform(static_cast<std::uint64_t>(left)));
      const int f = files[k];
      for (int j = k; j + 1 < left; ++j) files[j] = files[j + 1];
      --left;
      const terrain t = i < 2 ? terrain::mountain : terrain::water;
      a.ground[make_square(f, 4)] = t;
      a.ground[half_turn(make_square(f, 4))] = t;
    }
    // largest group of mountains touching each other (8-neighbourhood)
    std::array<bool, board_size> seen{};
    int worst = 0;
    for (int sq = 0; sq < board_size; ++sq) {
      if (a.ground[sq] != terrain::mountain || seen[sq]) continue;
      std::array<int, board_size> stack{};
      int n = 0, size = 0;
      stack[n++] = sq;
      seen[sq] = true;
      while (n) {
        const int x = stack[--n];
        ++size;
        for (int dir = 0; dir < 8; ++dir) {
          const int y = step(x, dir, 1);
          if (y >= 0 && !seen[y] && a.ground[y] == terrain::mountain) {
            seen[y] = true;
            stack[n++] = y;
          }
        }
      }
      worst = std::max(worst, size);
    }
    if (worst <= 2) return;
  }
}

state new_game(const options& o, std::uint64_t seed) {
  state s;
  s.opts = o;
  s.seed = seed;
  s.rng = engine::rng(seed);
  if (o.random_terrain) random_terrain(s.board, s.rng);
  else default_terrain(s.board);
  return s;
}

std::vector<placement> formation_for(const formation& f, seat p, bool flip) {
  std::vector<placement> out;
  out.reserve(army_size);
  for (placement pl : f.pieces) {
    if (flip) pl.at = make_square(9 - file_of(pl.at), rank_of(pl.at));
    if (p == 2) pl.at = half_turn(pl.at);
    out.push_back(pl);
  }
  return out;
}

std::vector<placement> random_setup(const state& s, seat p) {
  engine::rng r = s.rng;
  for (int i = 0; i < p; ++i) r.next();
  const auto& lib = formations();
  const auto pick = r.uniform(lib.size() * 2);
  return formation_for(lib[pick / 2], p, pick % 2 == 1);
}

const char* validate(const state& s) {
  std::array<std::array<int, kind_count + 1>, 2> counts{};
  for (int sq = 0; sq < board_size; ++sq) {
    const piece pc = s.board.pieces[sq];
    if (!pc.owner) {
      if (pc.what != kind::none) return "an empty square names a kind";
      continue;
    }
    if (pc.owner > 2 || pc.what == kind::none) return "bad piece";
    if (s.board.ground[sq] == terrain::mountain) return "a piece stands on a mountain";
    if (++counts[pc.owner - 1][static_cast<int>(pc.what)] > stats_of(pc.what).count)
      return "more pieces of a kind than an army has";
    if (s.ph == phase::setup && !in_zone(pc.owner, sq)) return "a set-up piece is outside its zone";
  }
  for (int p = 0; p < 2; ++p) {
    int total = 0;
    for (int k = 1; k <= kind_count; ++k) total += counts[p][k];
    if (s.ph == phase::setup) {
      if (s.submitted[p] ? total != army_size : total != 0)
        return "in set-up a seat has all 19 pieces once submitted and none before";
    } else if (counts[p][static_cast<int>(kind::king)] != 1 && !s.outcome) {
      return "each seat needs its King in play";
    }
  }
  if (s.ph == phase::setup && s.submitted[0] && s.submitted[1]) return "both set-ups in: the phase is play";
  if (s.ph != phase::setup && !(s.submitted[0] && s.submitted[1])) return "play needs both set-ups";
  if (s.to_move != 1 && s.to_move != 2) return "to_move is 1 or 2";
  if (s.quiet_turns < 0 || s.quiet_turns > s.opts.quiet_limit) return "quiet_turns out of range";
  if ((s.ph == phase::over) != s.outcome.has_value()) return "phase over goes with an outcome";
  return nullptr;
}

// ---- attacks ----

void attack_counts(const arena& a, seat p, std::array<std::uint8_t, board_size>& out) {
  out.fill(0);
  for (int sq = 0; sq < board_size; ++sq)
    if (a.pieces[sq].owner == p) for_each_attacked(a, sq, [&](int y) { ++out[y]; });
}

void attacked_squares(const arena& a, int sq, std::vector<square>& out) {
  for_each_attacked(a, sq, [&](int y) { out.push_back(static_cast<square>(y)); });
}

int remaining_armor(const arena& a, int sq) {
  const piece pc = a.pieces[sq];
  if (!pc.owner) return 0;
  std::array<std::uint8_t, board_size> counts;
  attack_counts(a, opponent(pc.owner), counts);
  return static_cast<int>(stats_of(pc.what).armor) - counts[sq];
}

bool tower_protected(const arena& a, int sq) {
  const piece pc = a.pieces[sq];
  for (int dir = 0; dir < 8; ++dir) {
    const int y = step(sq, dir, 1);
    if (y >= 0 && a.pieces[y].owner == pc.owner && a.pieces[y].what == kind::tower) return true;
  }
  return false;
}

bool capturable(const arena& a, int sq) { return remaining_armor(a, sq) <= 0 && !tower_protected(a, sq); }

void spear_zones(const arena& a, seat p, std::array<bool, board_size>& zone) {
  zone.fill(false);
  const int q = opponent(p);
  for (int sq = 0; sq < board_size; ++sq) {
    if (a.pieces[sq].owner != q || a.pieces[sq].what != kind::spearman) continue;
    for (int d = 1; d <= 2; ++d) {
      const int r = rank_of(sq) + forward(q) * d;
      if (r >= 0 && r < 10) zone[make_square(file_of(sq), r)] = true;
    }
  }
}

// ---- checks, generation, apply ----

error check(const state& s, seat p, const action& a) {
  if (s.outcome || s.ph == phase::over) return error::game_over;
  if (p != 1 && p != 2) return error::not_your_turn;
  if (a.type == action::setup) {
    if (s.ph != phase::setup) return error::wrong_phase;
    if (s.submitted[p - 1]) return error::not_your_turn;
    if (a.use != preset::none) return a.pieces.empty() ? error::ok : error::bad_action;
    return placement_problem(s, p, a.pieces) ? error::bad_setup : error::ok;
  }
  if (s.ph == phase::setup) return error::wrong_phase;
  if (p != s.to_move) return error::not_your_turn;
  return check_move(s, p, a.from, a.to);
}

void legal_moves_into(const state& s, seat p, std::vector<move>& out) {
  out.clear();
  if (s.ph != phase::play || p != s.to_move) return;
  generate(s.board, p, [&](move m) {
    out.push_back(m);
    return false;
  });
}

bool has_move(const arena& a, seat p) {
  return generate(a, p, [](move) { return true; });
}

void apply_move(state& s, move m, std::vector<event>& out) {
  const seat p = s.to_move;
  arena& a = s.board;
  const piece mover = a.pieces[m.from], target = a.pieces[m.to];
  event e;
  e.player = static_cast<std::uint8_t>(p);
  e.from = m.from;
  e.to = m.to;
  e.what = mover.what;
  if (target.owner) {
    e.type = event::captured;
    e.victim = target.what;
    e.ranged = mover.what == kind::trebuchet;
    a.pieces[m.to] = piece{};
    if (!e.ranged) {
      a.pieces[m.to] = mover;
      a.pieces[m.from] = piece{};
    }
    s.quiet_turns = 0;
  } else {
    e.type = event::moved;
    a.pieces[m.to] = mover;
    a.pieces[m.from] = piece{};
    ++s.quiet_turns;
  }
  out.push_back(e);
  s.to_move = opponent(p);
  if (target.what == kind::king) return finish(s, p, end_reason::king_captured, out);
  if (!has_move(a, s.to_move)) return finish(s, p, end_reason::no_moves, out);
  if (s.quiet_turns >= s.opts.quiet_limit) return finish(s, std::nullopt, end_reason::quiet_turns, out);
}

error apply_into(state& s, seat p, const action& a, std::vector<event>& out) {
  const error e = check(s, p, a);
  if (e != error::ok) return e;
  if (a.type == action::move) {
    apply_move(s, move{a.from, a.to}, out);
    return error::ok;
  }
  if (a.use == preset::standard) place(s, p, formation_for(formations()[0], p));
  else if (a.use == preset::random) place(s, p, random_setup(s, p));
  else place(s, p, a.pieces);
  s.submitted[p - 1] = true;
  event sub;
  sub.type = event::submitted;
  sub.player = static_cast<std::uint8_t>(p);
  out.push_back(sub);
  if (s.submitted[0] && s.submitted[1]) {
    s.ph = phase::play;
    s.to_move = 1;
    s.quiet_turns = 0;
    event rev;
    rev.type = event::revealed;
    out.push_back(rev);
    if (!has_move(s.board, 1)) finish(s, 2, end_reason::no_moves, out);
  }
  return error::ok;
}

// The detailed bad_setup message of a (nullptr unless check says bad_setup).
const char* setup_message(const state& s, seat p, const action& a) { return placement_problem(s, p, a.pieces); }

}  // namespace tabuleiro::cyvasse

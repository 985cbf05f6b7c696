// Cyvasse vocabulary: squares, terrain, the army, options, the state value, actions and events.
// Rules: /work/shared/rules/cyvasse.md ("rules §n"); decisions: engine/cyvasse/RULES.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::cyvasse {

using engine::seat;

// A square index 0..99: a1=0, b1=1, …, j1=9, a2=10, …, j10=99.
using square = std::int8_t;
inline constexpr square no_square = -1;
inline constexpr int board_files = 10;
inline constexpr int board_size = 100;
inline constexpr int army_size = 19;

constexpr int file_of(int sq) { return sq % 10; }
constexpr int rank_of(int sq) { return sq / 10; }
constexpr square make_square(int f, int r) { return static_cast<square>(r * 10 + f); }
constexpr bool on_board(int f, int r) { return f >= 0 && f < 10 && r >= 0 && r < 10; }
// The square a half-turn away (seat 2's mirror of a seat-1 square).
constexpr square half_turn(int sq) { return static_cast<square>(99 - sq); }
// The other player.
constexpr seat opponent(seat p) { return 3 - p; }
// True when sq lies in seat p's deployment zone (seat 1: ranks 1–4; seat 2: ranks 7–10).
constexpr bool in_zone(seat p, int sq) { return p == 1 ? rank_of(sq) <= 3 : rank_of(sq) >= 6; }
// Chebyshev distance.
constexpr int distance(int a, int b) {
  const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
  const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
  return df > dr ? df : dr;
}

enum class terrain : std::uint8_t { plain = 0, mountain, water };

// Piece kinds (rules §2) in the table's order; none marks an empty square.
enum class kind : std::uint8_t {
  none = 0,
  king,
  tower,
  dragon,
  trebuchet,
  crossbow,
  elephant,
  heavy_horse,
  light_horse,
  spearman,
  militia
};
inline constexpr int kind_count = 10;  // king … militia

// Per-kind values (rules §2). attack_min..attack_max is the attack distance (0..0: none).
struct kind_stats {
  std::uint8_t count, armor, move, attack_min, attack_max;
};
inline constexpr std::array<kind_stats, kind_count + 1> stats = {{
    {0, 0, 0, 0, 0},  // none
    {1, 1, 1, 1, 1},  // king
    {1, 2, 0, 0, 0},  // tower
    {1, 2, 4, 1, 2},  // dragon
    {1, 0, 1, 2, 4},  // trebuchet
    {2, 0, 2, 1, 3},  // crossbow
    {2, 2, 1, 1, 2},  // elephant
    {2, 2, 2, 1, 1},  // heavy_horse
    {2, 1, 3, 1, 1},  // light_horse
    {3, 1, 1, 1, 2},  // spearman (only straight ahead: its spear zone)
    {4, 1, 1, 1, 1},  // militia
}};
constexpr const kind_stats& stats_of(kind k) { return stats[static_cast<int>(k)]; }

// Match options (rules §1, §7).
struct options {
  bool random_terrain = false;
  int quiet_limit = 100;  // 10..1000
  friend bool operator==(const options&, const options&) = default;
};

// One square's occupant; owner 0 means empty.
struct piece {
  std::uint8_t owner = 0;
  kind what = kind::none;
  friend bool operator==(const piece&, const piece&) = default;
};

// The board: terrain and pieces. Shared by states and observations so that attack and
// armor computations run on either.
struct arena {
  std::array<terrain, board_size> ground{};
  std::array<piece, board_size> pieces{};
  friend bool operator==(const arena&, const arena&) = default;
};

enum class phase : std::uint8_t { setup, play, over };

// The whole game as a copyable value, its seeded PRNG included. In set-up a submitted
// placement is already on the board (only observe() hides it).
// Thread-safety: a plain value.
struct state {
  options opts;
  arena board;
  phase ph = phase::setup;
  std::array<bool, 2> submitted{};
  seat to_move = 1;
  int quiet_turns = 0;
  std::optional<engine::outcome> outcome;
  engine::rng rng;
  std::optional<std::uint64_t> seed;
  friend bool operator==(const state&, const state&) = default;
};

// What one viewer may know: everything but the seed and the PRNG, and, during set-up, the
// pieces of any seat other than the viewer's own (only whether each seat has submitted).
struct observation {
  options opts;
  arena board;
  phase ph = phase::setup;
  std::array<bool, 2> submitted{};
  seat to_move = 1;
  int quiet_turns = 0;
  std::optional<engine::outcome> outcome;
  friend bool operator==(const observation&, const observation&) = default;
};

// One entry of a placement.
struct placement {
  kind what = kind::none;
  square at = no_square;
  friend bool operator==(const placement&, const placement&) = default;
};

enum class preset : std::uint8_t { none = 0, standard, random };

// A client action. move: from, to (a capture when to holds an enemy; a ranged shot for the
// Trebuchet). setup: a preset, or the full list of pieces.
struct action {
  enum type_t : std::uint8_t { move, setup } type = move;
  square from = no_square;
  square to = no_square;
  preset use = preset::none;
  std::vector<placement> pieces;
  friend bool operator==(const action&, const action&) = default;
};

// Why a game ended.
enum class end_reason : std::uint8_t { none, king_captured, no_moves, quiet_turns };

// An event. submitted{player} (nothing of the placement), revealed{}, moved{player, from, to,
// piece}, captured{player, from, to, piece, victim, ranged (the capturer stayed on from)},
// game_over{player = winner or 0, why}.
struct event {
  enum kind_t : std::uint8_t { submitted, revealed, moved, captured, game_over } type = moved;
  std::uint8_t player = 0;
  square from = no_square;
  square to = no_square;
  kind what = kind::none;
  kind victim = kind::none;
  bool ranged = false;
  end_reason why = end_reason::none;
  friend bool operator==(const event&, const event&) = default;
};

// Stable rule error codes (rules §8).
enum class error : std::uint8_t {
  ok,
  not_your_turn,
  game_over,
  bad_action,
  wrong_phase,
  bad_setup,
  no_piece,
  not_your_piece,
  immobile,
  no_path,
  occupied,
  not_capturable,
  cannot_capture,
  out_of_range
};

std::string_view error_code(error e);
std::string_view error_message(error e);

// JSON names of kinds ("king", …, "militia"); kind::none → "".
std::string_view kind_name(kind k);
// The kind named n, or kind::none.
kind kind_from_name(std::string_view n);
// The JSON name of an end reason ("king_captured", "no_moves", "quiet_turns").
std::string_view reason_name(end_reason r);

}  // namespace tabuleiro::cyvasse

// QU4DRI ("Somando Movimentos") vocabulary: cells, talismans, predictors, options, the state
// value, actions and events. Rules: /work/shared/rules/quadri.md ("rules §n"); decisions:
// engine/quadri/RULES.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::quadri {

using engine::seat;

// A cell index 0..99 of the 10×10 play area: a1 = 0, b1 = 1, …, j1 = 9, a2 = 10, …, j10 = 99.
using cell = std::int8_t;
inline constexpr cell no_cell = -1;
// A syntactically valid cell name outside the 10×10 play area ("k3", "a11", "c0").
inline constexpr cell off_area = -2;
inline constexpr int area_size = 100;
inline constexpr int side = 10;

// File 0..9 (a..j) of a cell.
constexpr int file_of(int c) { return c % side; }
// Rank 0..9 (1..10) of a cell.
constexpr int rank_of(int c) { return c / side; }
// The cell at file f, rank r (both 0-based).
constexpr cell make_cell(int f, int r) { return static_cast<cell>(r * side + f); }
// True on the cells that can hold a talisman: file number + rank number even (a1 is dark).
constexpr bool is_dark(int c) { return ((file_of(c) + rank_of(c)) & 1) == 0; }
// The other player.
constexpr seat opponent(seat p) { return 3 - p; }

// Auras: 1 green (player 1), 2 red (player 2); 0 = no talisman.
inline constexpr std::uint8_t green = 1, red = 2;

// Moons (energy side) and directions (location side), in the order used by the draw.
enum class moon : std::uint8_t { new_moon, waxing, full, waning };
enum class direction : std::uint8_t { N, S, E, W };

// One cell's talisman; aura 0 means no talisman.
struct tile {
  std::uint8_t aura = 0;
  moon phase = moon::new_moon;
  direction dir = direction::N;
  std::uint8_t value = 0;  // 1..4
  bool location = false;   // the side up: false = energy (moons), true = location (value shown)
  bool revealed = false;   // the value has been public since the tile first showed location
  friend bool operator==(const tile&, const tile&) = default;
};

// One cell's predictor; owner 0 means none.
struct predictor {
  std::uint8_t owner = 0;
  bool queen = false;
  friend bool operator==(const predictor&, const predictor&) = default;
};

// Match options (rules §3, §5.2).
struct options {
  bool majority = false;  // only the capture sequences that capture the most are legal
  int quiet_limit = 80;   // draw after this many consecutive actions without a capture
  friend bool operator==(const options&, const options&) = default;
};

// The most predictors of one player on the grid at once, and each player's pool.
inline constexpr int grid_limit = 12;
inline constexpr int pool = 16;
// Longest path of a move or capture sequence (a sequence captures at most 12 predictors).
inline constexpr int max_path = 16;

// The whole game as a copyable value, its seeded PRNG included (used once, at creation).
// Thread-safety: a plain value.
struct state {
  options opts;
  std::array<tile, area_size> tiles{};
  std::array<predictor, area_size> preds{};
  seat to_move = 1;
  std::array<int, 2> energy{32, 32};
  std::array<int, 2> hand{4, 4};
  int quiet = 0;  // consecutive actions without a capture
  std::optional<engine::outcome> outcome;
  engine::rng rng;
  std::optional<std::uint64_t> seed;
  friend bool operator==(const state&, const state&) = default;
};

// What a viewer may know: everything but the PRNG, the seed and the values of unrevealed
// talismans (value 0 there until the game is over). Nobody knows an unrevealed value, so every
// viewer observes the same value. Thread-safety: a plain value.
struct observation {
  options opts;
  std::array<tile, area_size> tiles{};
  std::array<predictor, area_size> preds{};
  seat to_move = 1;
  std::array<int, 2> energy{};
  std::array<int, 2> hand{};
  int quiet = 0;
  std::optional<engine::outcome> outcome;
  friend bool operator==(const observation&, const observation&) = default;
};

// Action kinds (rules §5): move (a step, a flying move or a capture sequence), drop, flip, shift.
enum class action_kind : std::uint8_t { move, drop, flip, shift };

// A client action. move: path[0..len) (start, then each landing cell); drop, flip: path[0];
// shift: path[0] = from, path[1] = to. Entries past len are ignored by ==.
struct action {
  action_kind kind = action_kind::move;
  std::uint8_t len = 0;
  std::array<cell, max_path> path{};
  friend bool operator==(const action& a, const action& b) {
    if (a.kind != b.kind || a.len != b.len) return false;
    for (int i = 0; i < a.len; ++i)
      if (a.path[i] != b.path[i]) return false;
    return true;
  }
};

// Why a game ended (game_over events; outcome reasons).
enum class end_reason : std::uint8_t { none, energy_64, energy_0, no_predictors, no_action, quiet };

// Events, one struct per kind; name is the event's "type". Every event is a fixed-size value (no
// allocation). JSON members: engine/quadri/RULES.md.

// player moved a predictor along path[0..len) (start, then each landing cell); capture when the
// move was a capture sequence (captured events follow, in capture order).
struct moved {
  static constexpr std::string_view name = "moved";
  std::uint8_t player = 0;
  bool capture = false;
  std::uint8_t len = 0;
  std::array<cell, max_path> path{};
  friend bool operator==(const moved&, const moved&) = default;
};

// capturer took victim_owner's predictor at at (was_queen: it was a queen).
struct captured {
  static constexpr std::string_view name = "captured";
  cell at = no_cell;
  std::uint8_t capturer = 0;
  std::uint8_t victim_owner = 0;
  bool was_queen = false;
  friend bool operator==(const captured&, const captured&) = default;
};

// The talisman at at was turned, by player by (0: by a capture); location_up when its location
// side now shows. value is the tile's value, always public by then (rules §2, RULES.md).
struct tile_flipped {
  static constexpr std::string_view name = "tile_flipped";
  cell at = no_cell;
  std::uint8_t by = 0;
  bool location_up = false;
  std::int32_t value = 0;
  friend bool operator==(const tile_flipped&, const tile_flipped&) = default;
};

// player's energy went from from to to, scored by the captured tile at at.
struct energy_changed {
  static constexpr std::string_view name = "energy_changed";
  cell at = no_cell;
  std::uint8_t player = 0;
  std::int32_t from = 0;
  std::int32_t to = 0;
  friend bool operator==(const energy_changed&, const energy_changed&) = default;
};

// owner's predictor at at became a queen.
struct promoted {
  static constexpr std::string_view name = "promoted";
  cell at = no_cell;
  std::uint8_t owner = 0;
  friend bool operator==(const promoted&, const promoted&) = default;
};

// player dropped a predictor from the hand onto at.
struct dropped {
  static constexpr std::string_view name = "dropped";
  cell at = no_cell;
  std::uint8_t player = 0;
  friend bool operator==(const dropped&, const dropped&) = default;
};

// player shifted the tile at from to to; rider when a predictor rode on it.
struct shifted {
  static constexpr std::string_view name = "shifted";
  cell from = no_cell;
  cell to = no_cell;
  std::uint8_t player = 0;
  bool rider = false;
  friend bool operator==(const shifted&, const shifted&) = default;
};

// The game ended: winner 1 or 2 (0: a draw), for reason.
struct game_over {
  static constexpr std::string_view name = "game_over";
  std::uint8_t winner = 0;
  end_reason reason = end_reason::none;
  friend bool operator==(const game_over&, const game_over&) = default;
};

// An event for animations and logs: one of the structs above.
using event = std::variant<moved, captured, tile_flipped, energy_changed, promoted, dropped, shifted, game_over>;
static_assert(std::is_trivially_copyable_v<event>, "events stay plain values: no allocation");

// Stable rule error codes (rules §7).
enum class error : std::uint8_t {
  ok,
  not_your_turn,
  game_over,
  bad_action,
  no_piece,
  not_your_piece,
  capture_required,
  illegal_path,
  incomplete_capture,
  occupied,
  no_tile,
  grid_full,
  empty_hand,
  not_energy_side,
  not_own_talisman,
  predictor_on_tile,
  energy_side_fixed,
  disconnects_grid,
  outside_area
};

// The stable code of e ("capture_required", …).
std::string_view error_code(error e);
// A human explanation of e, for reject messages.
std::string_view error_message(error e);
// The stable outcome reason of r ("energy_64", …).
std::string_view reason_code(end_reason r);

}  // namespace tabuleiro::quadri

// TAIXU vocabulary: squares, pieces, options, the state value, actions and events.
// Rules: /work/shared/rules/taixu.md (referred to as "rules §n"); decisions: engine/taixu/RULES.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::taixu {

using engine::seat;

// A square index 0..63 in the rules' square order: a1=0, b1=1, …, h1=7, a2=8, …, h8=63.
using square = std::int8_t;
inline constexpr square no_square = -1;
inline constexpr int board_size = 64;

// File 0..7 (a..h) of a square.
constexpr int file_of(int sq) { return sq & 7; }
// Rank 0..7 (1..8) of a square.
constexpr int rank_of(int sq) { return sq >> 3; }
// The square at file f, rank r (both 0-based).
constexpr square make_square(int f, int r) { return static_cast<square>(r * 8 + f); }

// The Core: d4 e4 d5 e5 (rules §1).
constexpr bool is_core(int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  return (f == 3 || f == 4) && (r == 3 || r == 4);
}
// The block c3–f6 (Core plus Core ring).
constexpr bool in_centre_block(int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  return f >= 2 && f <= 5 && r >= 2 && r <= 5;
}
// The Core ring: the 12 squares of c3–f6 that are not Core squares.
constexpr bool is_core_ring(int sq) { return in_centre_block(sq) && !is_core(sq); }
// The fixed Energy Zones c3 f3 c6 f6.
constexpr bool is_energy_zone(int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  return (f == 2 || f == 5) && (r == 2 || r == 5);
}
// Anomaly-eligible: ranks 2–7 outside the block c3–f6.
constexpr bool is_anomaly_eligible(int sq) {
  const int r = rank_of(sq);
  return r >= 1 && r <= 6 && !in_centre_block(sq);
}
// North half = ranks 5–7 (index 4..6); south half = ranks 2–4.
constexpr bool is_north(int sq) { return rank_of(sq) >= 4; }
// The home-edge rank (0-based) of player p: player 1 → rank 8, player 2 → rank 1.
constexpr int home_rank(seat p) { return p == 1 ? 7 : 0; }
// The other player.
constexpr seat opponent(seat p) { return 3 - p; }

// Anomaly effects (rules §5), in the order used for uniform draws.
enum class effect : std::uint8_t { none = 0, overload, echo, drain, rift, free_distortion };
inline constexpr int effect_count = 5;

// What happens to destroyed pieces (match option `destroyed_pieces`).
enum class destroyed_mode : std::uint8_t { reserve, removed };

// Match options (rules §2, §8).
struct options {
  int reserve = 8;  // pieces per player, 4..16
  destroyed_mode destroyed = destroyed_mode::reserve;
  friend bool operator==(const options&, const options&) = default;
};

// One square's occupant; owner 0 means empty.
struct piece {
  std::uint8_t owner = 0;   // 0 empty, 1 or 2
  std::uint8_t charge = 0;  // 0..4 at rest (≥ 5 only inside a collapse check)
  std::uint8_t idle = 0;    // 0..2 (rules §7)
  bool moved = false;       // moved or summoned earlier in the current turn
  friend bool operator==(const piece&, const piece&) = default;
};

// The whole game as a copyable value, its seeded PRNG included.
// Thread-safety: a plain value; not safe to mutate from two threads at once.
struct state {
  options opts;
  std::array<piece, board_size> board{};
  std::array<effect, board_size> anomalies{};
  seat to_move = 1;
  int round = 1;
  int pc = 0;                    // PC of the player to move
  std::array<int, 2> bonus{};    // pending Multiple Collapse bonus per player
  std::array<int, 2> reserve{};  // pieces in reserve per player
  std::optional<engine::outcome> outcome;
  engine::rng rng;
  std::optional<std::uint64_t> seed;  // informational; the rng holds the stream
  friend bool operator==(const state&, const state&) = default;
};

// What a viewer may know of a state: every public field, without the PRNG and its seed (the
// only secrets; they decide future anomalies and rifts). TAIXU hides nothing else, so every
// viewer (seat 1, seat 2, spectator) observes the same value.
// Thread-safety: a plain value.
struct observation {
  options opts;
  std::array<piece, board_size> board{};
  std::array<effect, board_size> anomalies{};
  seat to_move = 1;
  int round = 1;
  int pc = 0;
  std::array<int, 2> bonus{};
  std::array<int, 2> reserve{};
  std::optional<engine::outcome> outcome;
  friend bool operator==(const observation&, const observation&) = default;
};

// Action kinds (rules §4).
enum class action_kind : std::uint8_t { summon, move, stabilize, swap, end_turn };

// A client action. summon: a = to; move: a = from, b = to; stabilize: a = at;
// swap: a < b (normalised); end_turn: no squares.
struct action {
  action_kind kind = action_kind::end_turn;
  square a = no_square;
  square b = no_square;
  friend bool operator==(const action&, const action&) = default;
};

// Why a charge or PC changed (charge_changed / pc_changed events), or how a game ended
// (game_over: singularity, extermination).
enum class cause : std::uint8_t {
  none,
  arrival,
  zone,
  overload,
  drain,
  repel,
  stabilize,
  echo,
  summon,
  move,
  swap,
  turn_start,
  singularity,
  extermination
};

// One piece hit by a shock wave.
struct wave_hit {
  square at = no_square;
  std::uint8_t owner = 0;
  std::uint8_t from = 0;  // charge before the wave
  std::uint8_t to = 0;    // charge after (0 when destroyed)
  bool destroyed = false;
  friend bool operator==(const wave_hit&, const wave_hit&) = default;
};

// One anomaly placed by a reshuffle.
struct placed_anomaly {
  square at = no_square;
  effect what = effect::none;
  friend bool operator==(const placed_anomaly&, const placed_anomaly&) = default;
};

// Events (rules §11), one struct per kind; name is the event's "type" in the rules file. Every
// event is a fixed-size value (no allocation). JSON members: engine/taixu/RULES.md "Events".

// player summoned a piece onto at.
struct summoned {
  static constexpr std::string_view name = "summoned";
  square at = no_square;
  std::uint8_t player = 0;
  friend bool operator==(const summoned&, const summoned&) = default;
};

// player's piece shifted from from to to (after a captured event when it took a piece).
struct moved {
  static constexpr std::string_view name = "moved";
  square from = no_square;
  square to = no_square;
  std::uint8_t player = 0;
  friend bool operator==(const moved&, const moved&) = default;
};

// The victim at at, of charge victim_charge, was destroyed by a stronger attacker; removed when
// it left the game (destroyed_pieces "removed") rather than going back to its owner's reserve.
struct captured {
  static constexpr std::string_view name = "captured";
  square at = no_square;
  std::uint8_t attacker_owner = 0;
  std::uint8_t victim_owner = 0;
  std::uint8_t victim_charge = 0;
  bool removed = false;
  friend bool operator==(const captured&, const captured&) = default;
};

// player's piece at from attacked defender's piece at to of equal charge: nobody moved.
struct repelled {
  static constexpr std::string_view name = "repelled";
  square from = no_square;
  square to = no_square;
  std::uint8_t player = 0;
  std::uint8_t defender = 0;
  friend bool operator==(const repelled&, const repelled&) = default;
};

// player swapped their pieces at a and b (a < b).
struct swapped {
  static constexpr std::string_view name = "swapped";
  square a = no_square;
  square b = no_square;
  std::uint8_t player = 0;
  friend bool operator==(const swapped&, const swapped&) = default;
};

// The charge of owner's piece at at went from from to to, because of why.
struct charge_changed {
  static constexpr std::string_view name = "charge_changed";
  square at = no_square;
  std::uint8_t owner = 0;
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  cause why = cause::none;
  friend bool operator==(const charge_changed&, const charge_changed&) = default;
};

// owner's piece arrived on the Energy Zone at (its charge_changed{zone} follows).
struct zone_bonus {
  static constexpr std::string_view name = "zone_bonus";
  square at = no_square;
  std::uint8_t owner = 0;
  friend bool operator==(const zone_bonus&, const zone_bonus&) = default;
};

// owner's piece arrived on the anomaly at (its effect's events follow).
struct anomaly_triggered {
  static constexpr std::string_view name = "anomaly_triggered";
  square at = no_square;
  std::uint8_t owner = 0;
  effect anomaly = effect::none;
  friend bool operator==(const anomaly_triggered&, const anomaly_triggered&) = default;
};

// A rift moved owner's piece from from to to; to is no_square when it stayed (no free square).
struct teleported {
  static constexpr std::string_view name = "teleported";
  square from = no_square;
  square to = no_square;
  std::uint8_t owner = 0;
  friend bool operator==(const teleported&, const teleported&) = default;
};

// owner's piece at at exploded with charge charge (≥ 5).
struct exploded {
  static constexpr std::string_view name = "exploded";
  square at = no_square;
  std::uint8_t owner = 0;
  std::uint8_t charge = 0;
  friend bool operator==(const exploded&, const exploded&) = default;
};

// The shock wave of the explosion at center during actor's turn: ring[0..ring_count) are the
// in-board neighbours in square order, hits[0..hit_count) the pieces among them.
struct wave {
  static constexpr std::string_view name = "wave";
  square center = no_square;
  std::uint8_t actor = 0;
  std::uint8_t ring_count = 0;
  std::uint8_t hit_count = 0;
  std::array<square, 8> ring{};
  std::array<wave_hit, 8> hits{};
  friend bool operator==(const wave&, const wave&) = default;
};

// A wave destroyed owner's piece at at; removed as in captured.
struct destroyed {
  static constexpr std::string_view name = "destroyed";
  square at = no_square;
  std::uint8_t owner = 0;
  bool removed = false;
  friend bool operator==(const destroyed&, const destroyed&) = default;
};

// The wave from center hit 2+ enemy pieces: player's pending bonus is now pending.
struct bonus_earned {
  static constexpr std::string_view name = "bonus_earned";
  square center = no_square;
  std::uint8_t player = 0;
  std::int32_t pending = 0;
  friend bool operator==(const bonus_earned&, const bonus_earned&) = default;
};

// player's PC went from from to to, because of why.
struct pc_changed {
  static constexpr std::string_view name = "pc_changed";
  std::uint8_t player = 0;
  std::int32_t from = 0;
  std::int32_t to = 0;
  cause why = cause::none;
  friend bool operator==(const pc_changed&, const pc_changed&) = default;
};

// owner's piece at at, idle for 3 own turns, decayed from charge from to to.
struct idle_decay {
  static constexpr std::string_view name = "idle_decay";
  square at = no_square;
  std::uint8_t owner = 0;
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  friend bool operator==(const idle_decay&, const idle_decay&) = default;
};

// The anomalies were redrawn at the start of round: placed[0..count), north half first.
struct anomalies_reshuffled {
  static constexpr std::string_view name = "anomalies_reshuffled";
  std::int32_t round = 0;
  std::uint8_t count = 0;
  std::array<placed_anomaly, 8> placed{};
  friend bool operator==(const anomalies_reshuffled&, const anomalies_reshuffled&) = default;
};

// player's turn in round ended, by end_turn or automatically.
struct turn_ended {
  static constexpr std::string_view name = "turn_ended";
  std::uint8_t player = 0;
  std::int32_t round = 0;
  bool automatic = false;
  friend bool operator==(const turn_ended&, const turn_ended&) = default;
};

// player's turn in round started with pc PC, of which bonus came from collapse bonuses.
struct turn_started {
  static constexpr std::string_view name = "turn_started";
  std::uint8_t player = 0;
  std::int32_t round = 0;
  std::int32_t pc = 0;
  std::int32_t bonus = 0;
  friend bool operator==(const turn_started&, const turn_started&) = default;
};

// The game ended: winner 1 or 2 (0: a draw), reason singularity or extermination.
struct game_over {
  static constexpr std::string_view name = "game_over";
  std::uint8_t winner = 0;
  cause reason = cause::none;
  friend bool operator==(const game_over&, const game_over&) = default;
};

// An event for animations and logs: one of the structs above.
using event = std::variant<summoned, moved, captured, repelled, swapped, charge_changed, zone_bonus, anomaly_triggered,
                           teleported, exploded, wave, destroyed, bonus_earned, pc_changed, idle_decay,
                           anomalies_reshuffled, turn_ended, turn_started, game_over>;
static_assert(std::is_trivially_copyable_v<event>, "events stay plain values: no allocation");

// Stable rule error codes (rules §9), as an enum for the hot path.
enum class error : std::uint8_t {
  ok,
  not_your_turn,
  game_over,
  bad_action,
  insufficient_pc,
  no_reserve,
  not_home_edge,
  square_occupied,
  not_your_piece,
  no_piece,
  out_of_range,
  path_blocked,
  own_piece,
  weaker_attacker,
  same_piece
};

// The stable code of e ("weaker_attacker", …).
std::string_view error_code(error e);

// A human explanation of e, for reject messages.
std::string_view error_message(error e);

}  // namespace tabuleiro::taixu

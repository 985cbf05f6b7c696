// Cyvasse rules engine: terrain, formations, attacks and armor, exact checks, move generation,
// apply, outcome. Pure functions of a state value. Decisions: engine/cyvasse/RULES.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rules_game.h"
#include "engine/cyvasse/types.h"

namespace tabuleiro::cyvasse {

// A compact play move (move generation's output).
struct move {
  square from = no_square;
  square to = no_square;
  friend bool operator==(const move&, const move&) = default;
};

// A named formation for seat 1 (seat 2 uses its half-turn).
struct formation {
  std::string_view name;
  std::array<placement, army_size> pieces;
};

// The formation library (index 0 is "standard", rules §3).
const std::vector<formation>& formations();

// The placement of formation f for seat p (mirrored left-right first when flip).
std::vector<placement> formation_for(const formation& f, seat p, bool flip = false);

// The default terrain (rules §1).
void default_terrain(arena& a);

// Random terrain from r: 4 mountains and 4 water squares on ranks 5–6, symmetric under a
// half-turn, no group of more than two mountains touching (RULES.md "Terrain").
void random_terrain(arena& a, engine::rng& r);

// A fresh game in set-up (terrain drawn from seed when o.random_terrain).
state new_game(const options& o, std::uint64_t seed);

// The placement preset `random` gives seat p in s (a function of s's PRNG state and p only;
// the PRNG is not advanced).
std::vector<placement> random_setup(const state& s, seat p);

// Structural validity of a state from outside: terrain, piece counts per seat (at most the
// army), no piece on a mountain, phase fields consistent. nullptr when valid.
const char* validate(const state& s);

// Attack counts: out[sq] = number of pieces of seat p attacking square sq (as if an enemy of
// p stood there).
void attack_counts(const arena& a, seat p, std::array<std::uint8_t, board_size>& out);

// The squares the piece at sq attacks (empty or not), appended to out.
void attacked_squares(const arena& a, int sq, std::vector<square>& out);

// Remaining armor of the piece at sq (armor − enemy attackers).
int remaining_armor(const arena& a, int sq);

// True when the piece at sq is protected by an adjacent own Tower.
bool tower_protected(const arena& a, int sq);

// True when the piece at sq may be captured (remaining armor ≤ 0, no adjacent own Tower).
bool capturable(const arena& a, int sq);

// Enemy spear zones for a mover of seat p: zone[sq] true when an enemy spearman's zone covers sq.
void spear_zones(const arena& a, seat p, std::array<bool, board_size>& zone);

// Exact check of a for seat p (precedence in RULES.md "Error precedence").
error check(const state& s, seat p, const action& a);

// Every legal play move of seat p (cleared first): by origin square, then destination square.
void legal_moves_into(const state& s, seat p, std::vector<move>& out);

// True when seat p has at least one legal play move on board a.
bool has_move(const arena& a, seat p);

// Applies a play move already known legal (no check), appending events.
void apply_move(state& s, move m, std::vector<event>& out);

// Checks and applies a; on error nothing changed.
error apply_into(state& s, seat p, const action& a, std::vector<event>& out);

engine::rule_error rule_error_of(error e);

// What is wrong with an explicit set-up a of seat p (count, zone, mountain, duplicate square,
// kind counts), or nullptr.
const char* setup_message(const state& s, seat p, const action& a);

// A full state consistent with what viewer (seat 1 or 2) observes in o: public fields copied;
// in set-up, a seat other than the viewer's that has submitted gets a formation drawn from the
// library (uniform, mirrored one time in two) with r, since its real placement is hidden; a
// fresh PRNG from r. Bots search such states; the hidden placement is never read.
state determinize(const observation& o, seat viewer, engine::rng& r);

// The engine::game interface (engine/cyvasse/game.cpp). Thread-safety: stateless.
struct game : engine::turn_game<cyvasse::state, cyvasse::action, cyvasse::event> {
  using state = cyvasse::state;
  using action = cyvasse::action;
  using event = cyvasse::event;
  using observation = cyvasse::observation;

  static std::optional<engine::rule_error> check(const state& s, seat p, const action& a);
  // Play: every move of the seat to move. Set-up: the two presets for a seat that has not
  // submitted.
  static std::vector<action> legal_actions(const state& s, seat p);
  // False for a seat that still has to submit its set-up.
  static bool legal_complete(const state& s, seat p);
  static engine::apply_result<event> apply(state& s, seat p, const action& a);
  // Set-up: the seats that have not submitted; play: the seat to move; over: none.
  static std::vector<seat> seats_to_act(const state& s);
  // Everything but seed and PRNG; in set-up only the viewer's own pieces.
  static observation observe(const state& s, engine::viewer v);
  // Events hide nothing (a submitted event names only the seat).
  static std::optional<event> redact(const event& e, engine::viewer v);
  // A full state that viewer v, holding only observation o, may compute legality on: another
  // seat's hidden set-up drawn from seed (determinize).
  static state sample(const observation& o, engine::viewer v, std::uint64_t seed);
};

static_assert(engine::game<game>);

}  // namespace tabuleiro::cyvasse

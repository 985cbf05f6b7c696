// Internal steps of the TAIXU turn flow shared by the engine's translation units.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/taixu/types.h"

namespace tabuleiro::taixu::detail {

// Seat p (1 or 2, or 0 for nobody) as the byte events hold.
constexpr std::uint8_t seat_byte(seat p) { return static_cast<std::uint8_t>(p); }

// Takes the piece at sq off the board after its destruction (capture, wave, explosion): back
// to its owner's reserve, or out of the game with destroyed_pieces "removed".
void destroy_piece(state& s, int sq);

// Appends a charge_changed event for the piece at sq.
void emit_charge(std::vector<event>& out, const state& s, int sq, int from, cause why);

// Critical Collapse (rules §6): explodes every piece at charge ≥ 5, acting piece (at acting,
// or no_square) first, applies the waves and credits Multiple Collapse bonuses to actor.
void collapse_check(state& s, seat actor, square acting, std::vector<event>& out);

// Win check (rules §8): sets the outcome and emits game_over when the game is decided.
// Returns true when the game is over.
bool win_check(state& s, std::vector<event>& out);

// Ends the turn of the player to move (inactivity, turn_ended, win check) and starts the next
// turn(s) (round, reshuffle, PC), skipping turns automatically while the new player has no
// action other than end_turn.
void end_turn(state& s, bool automatic, std::vector<event>& out);

// Redraws every anomaly for s.round (rules §5); emits anomalies_reshuffled when out is given.
void reshuffle(state& s, std::vector<event>* out);

}  // namespace tabuleiro::taixu::detail

// TAIXU rules engine: legal actions, exact action checks, apply, turn flow, outcome.
// Pure functions of a state value (no I/O). Decisions beyond the rules file: engine/taixu/RULES.md.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rules_game.h"
#include "engine/taixu/types.h"

namespace tabuleiro::taixu {

// PC granted at the start of a turn in round r: min(8, 5 + floor((r − 1) / 5)) (rules §3).
int base_pc(int round);

// Anomalies per half in round r: 1 (rounds 1–3), 2 (4–6), 3 (7–9), 4 (10+) (rules §5).
int anomalies_per_half(int round);

// True when round r starts with a reshuffle (4, 7, 10, …).
bool is_reshuffle_round(int round);

// Number of player p's pieces on the board.
int pieces_on_board(const state& s, seat p);

// Summon cost for player p now: 2 + floor(pieces_on_board / 4).
int summon_cost(const state& s, seat p);

// Max distance a piece of charge c may shift (1, 2, 2, 3, 3); diagonal allowed from charge 2.
int move_range(int charge);

// A fresh game: empty board, full reserves, round 1, player 1 to move with base PC, and the
// first 1 + 1 anomalies drawn from the PRNG seeded with seed.
state new_game(const options& o, std::uint64_t seed);

// Structural validity of a state built from outside (a position): squares, owners, charges
// 0..4, idle 0..2, piece pool conserved, anomalies on eligible squares, counters in range.
// Returns nullptr when valid, else a static message naming the first problem.
const char* validate(const state& s);

// Exact legality check of a for seat p; error::ok when legal. On ok, *cost (if given) is the
// PC it costs. Precedence of codes is documented in RULES.md ("Error precedence").
error check(const state& s, seat p, const action& a, int* cost = nullptr);

// Appends every legal action of seat p to out (cleared first), in a fixed order: summons by
// square, moves by origin then direction then distance, stabilizes, swaps (a < b), end_turn.
void legal_actions_into(const state& s, seat p, std::vector<action>& out);

// True when the player to move has a legal action other than end_turn.
bool has_non_end_action(const state& s);

// Validates and applies a for seat p, appending ordered events to out. On an error nothing
// changed (out untouched). After a turn-ending action the state is at the start of the
// next player's turn.
error apply_into(state& s, seat p, const action& a, std::vector<event>& out);

// The rule_error of a refused action: error_code(e) and error_message(e).
engine::rule_error rule_error_of(error e);

// Summon cost for player p in observation o (the same as summon_cost on its state).
int summon_cost(const observation& o, seat p);

// A full state consistent with observation o: every public field copied, and a fresh PRNG seeded
// with rng_seed standing for the secret stream (it decides future reshuffles and rifts). Bots
// search such states; the true PRNG is never read.
state from_observation(const observation& o, std::uint64_t rng_seed);

// The engine::game interface over the functions above (engine/taixu/game.cpp).
// Thread-safety: stateless; each call touches only the state it is given.
struct game : engine::turn_game<taixu::state, taixu::action, taixu::event> {
  using state = taixu::state;
  using action = taixu::action;
  using event = taixu::event;
  using observation = taixu::observation;

  // Every public field of s (no rng, no seed); the same value for every viewer.
  static observation observe(const state& s, engine::viewer v);
  // e itself: TAIXU events hide nothing from anyone.
  static std::optional<event> redact(const event& e, engine::viewer v);
  // A full state that viewer v, holding only observation o, may compute legality on: its
  // hidden parts (here the PRNG) drawn from seed (from_observation).
  static state sample(const observation& o, engine::viewer v, std::uint64_t seed);
};

static_assert(engine::game<game>);

}  // namespace tabuleiro::taixu

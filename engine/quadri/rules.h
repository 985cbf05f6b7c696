// QU4DRI rules engine: set-up, legal actions, the exact check, apply, outcome. Pure functions of
// a state value (no I/O). Decisions beyond the rules file: engine/quadri/RULES.md.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rules_game.h"
#include "engine/quadri/types.h"

namespace tabuleiro::quadri {

// The diagonal neighbour of c in direction d (0 NE, 1 NW, 2 SE, 3 SW), or no_cell off the area.
cell neighbour(int c, int d);

// A fresh game: the 32-talisman Sacred Grid on the dark cells of b2–i9 (aura by rank, moon×dir
// pairs and values drawn from seed), 12 pawns each on the grid, 4 in hand, 32 energy each.
state new_game(const options& o, std::uint64_t seed);

// Structural validity of a state built from outside (a position). nullptr when valid, else a
// static message naming the first problem.
const char* validate(const state& s);

// Number of player p's predictors on the grid.
int on_grid(const state& s, seat p);

// True when the talismans of s form one corner-connected group (or there are none).
bool grid_connected(const state& s);

// True when player p has a capture available.
bool capture_available(const state& s, seat p);

// The predictors that move a, legal for p in s, captures: one per step of a capture sequence,
// none for a plain move (a single step over empty cells) or any other kind of action.
int captures_of(const state& s, seat p, const action& a);

// Exact legality check of a for seat p; error::ok when legal. Precedence: RULES.md.
error check(const state& s, seat p, const action& a);

// Appends every legal action of seat p to out (cleared first): when a capture is available,
// every (maximal; with `majority`, longest) capture sequence by origin; otherwise moves by
// origin and direction and distance, then drops, flips and shifts by cell.
void legal_actions_into(const state& s, seat p, std::vector<action>& out);

// Checks and applies a for seat p, appending ordered events to out. On an error nothing changed.
error apply_into(state& s, seat p, const action& a, std::vector<event>& out);

// The observation every viewer gets (values of unrevealed talismans hidden until game over).
observation observe_state(const state& s);

// A full state consistent with observation o: public fields copied; each unrevealed talisman
// gets a value drawn from what its aura's multiset {1,1,1,1, …, 4,4,4,4} still holds once the
// revealed values are taken out (a uniform shuffle with r; uniform 1..4 if a hand-built position
// leaves nothing to draw); a fresh PRNG from r. Bots search such states; the true values are
// never read.
state determinize(const observation& o, engine::rng& r);

// The rule_error of a refused action.
engine::rule_error rule_error_of(error e);

// Action builders.
action move_action(std::initializer_list<cell> path);
action drop_action(cell at);
action flip_action(cell at);
action shift_action(cell from, cell to);

// The engine::game interface (engine/quadri/game.cpp). Thread-safety: stateless.
struct game : engine::turn_game<quadri::state, quadri::action, quadri::event> {
  using state = quadri::state;
  using action = quadri::action;
  using event = quadri::event;
  using observation = quadri::observation;

  // The same observation for every viewer: nobody knows an unrevealed value.
  static observation observe(const state& s, engine::viewer v);
  // e itself: events carry only public values (a tile_flipped value is written only once that
  // tile shows or has shown its location side; energy changes concern tiles revealed by the
  // same capture), the same for every viewer.
  static std::optional<event> redact(const event& e, engine::viewer v);
  // A full state that viewer v, holding only observation o, may compute legality on: the
  // unrevealed values drawn from seed (determinize).
  static state sample(const observation& o, engine::viewer v, std::uint64_t seed);
};

static_assert(engine::game<game>);

}  // namespace tabuleiro::quadri

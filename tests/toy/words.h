// "Words", a toy second game for the tests: each seat secretly chooses a word at the same
// time (a simultaneous phase whose actions cannot be listed), then the seats take turns
// guessing letters of the other's word; the first to reveal the whole word wins. It exists
// to prove that a game plugs into the server through the generic path alone (hidden
// information, a simultaneous phase, an incomplete legal list), and to give the leak harness
// a secret to look for. Pure rules: no I/O, no JSON.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace tabuleiro::words {

using engine::seat;
using engine::viewer;

// Shortest and longest word a seat may choose (letters a–z).
inline constexpr std::size_t min_letters = 4, max_letters = 8;

// Match options.
struct options {
  bool leak = false;  // tests only: observe() shows every word (a deliberately broken redaction)
  friend bool operator==(const options&, const options&) = default;
};

// The whole game as a value.
// Thread-safety: a plain value.
struct state {
  options opts;
  std::array<std::string, 2> word;         // "" until chosen
  std::array<std::uint32_t, 2> guessed{};  // bit i: seat p guessed letter 'a'+i against the other's word
  seat to_move = 1;                        // in play
  std::optional<engine::outcome> outcome;
  engine::rng rng;  // unused by the rules; kept so positions carry one
  std::optional<std::uint64_t> seed;
  friend bool operator==(const state&, const state&) = default;
};

// choose: word; guess: letter.
struct action {
  enum kind_t : std::uint8_t { choose, guess } kind = guess;
  std::string word;  // choose
  char letter = 0;   // guess
  friend bool operator==(const action&, const action&) = default;
};

// chosen{by, word (empty when redacted)}; guessed{by, letter, mask of the other's word after};
// game_over{winner, words}.
struct event {
  enum kind_t : std::uint8_t { chosen, guessed, game_over } kind = chosen;
  seat by = 0;
  std::string word;
  char letter = 0;
  std::string mask;
  std::array<std::string, 2> words;
  friend bool operator==(const event&, const event&) = default;
};

// What one viewer may know: their own word, whether each seat has chosen, the masks once both
// have, the letters guessed; every word once the game is over.
struct observation {
  bool setup = true;
  std::array<bool, 2> chosen{};
  std::array<std::string, 2> word;  // shown: own word, or every word once over (or leak)
  std::array<std::string, 2> mask;  // seat p's word as revealed by the other's guesses
  std::array<std::uint32_t, 2> guessed{};
  seat to_move = 0;
  std::optional<engine::outcome> outcome;
  friend bool operator==(const observation&, const observation&) = default;
};

// A fresh game.
state new_game(const options& o, std::uint64_t seed);

// The engine::game interface.
struct game {
  using state = words::state;
  using action = words::action;
  using event = words::event;
  using observation = words::observation;

  // Exact check: bad_word, already_chosen, not_your_turn, already_guessed, game_over.
  static std::optional<engine::rule_error> check(const state& s, seat p, const action& a);
  // In play: every letter p has not guessed; in set-up: nothing (not enumerable).
  static std::vector<action> legal_actions(const state& s, seat p);
  // False for a seat that still has to choose its word.
  static bool legal_complete(const state& s, seat p);
  // Checks, then applies a: the events, or the error (s unchanged).
  static engine::apply_result<event> apply(state& s, seat p, const action& a);
  // Set-up: the seats that have not chosen; play: the seat to move; over: none.
  static std::vector<seat> seats_to_act(const state& s);
  // The outcome once over.
  static std::optional<engine::outcome> result(const state& s) { return s.outcome; }
  // Ends the game by a decision outside its rules (resignation, agreement, abandonment, time):
  // records o unless the game is already over, so observe() shows what the end reveals.
  static void conclude(state& s, const engine::outcome& o) {
    if (!s.outcome) s.outcome = o;
  }
  // What viewer v may know of s.
  static observation observe(const state& s, viewer v);
  // A chosen word is shown only to its owner.
  static std::optional<event> redact(const event& e, viewer v);
};

static_assert(engine::game<game>);

// Seat p's word with the letters the other seat guessed shown and the rest as '_'.
std::string mask_of(const state& s, seat p);

}  // namespace tabuleiro::words

// What the games' engine::game wrappers share: a game's refusal reasons as one constexpr table
// (code and message per error value), and the engine::game functions of a game whose turns
// alternate, written once over the rules' own free functions.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace tabuleiro::engine {

// One refusal reason of a game: its error value, the stable code from the game's rules file,
// and the message a client is shown.
template <class Error>
struct error_text {
  Error value;
  std::string_view code;
  std::string_view message;
};

// Whether table lists error values 0, 1, 2, … in order, so that a value indexes its entry.
template <class Error, std::size_t N>
constexpr bool in_order(const std::array<error_text<Error>, N>& table) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(table[i].value) != i) return false;
  return true;
}

// The entry of e in table (an in_order table), or the entry of fallback when e is outside it.
template <class Error, std::size_t N>
constexpr const error_text<Error>& entry_of(const std::array<error_text<Error>, N>& table, Error e, Error fallback) {
  const auto i = static_cast<std::size_t>(e);
  return table[i < N ? i : static_cast<std::size_t>(fallback)];
}

// The rule_error of an entry: its code and message.
template <class Error>
rule_error rule_error_from(const error_text<Error>& t) {
  return rule_error{std::string(t.code), std::string(t.message)};
}

namespace rules_detail {
// The game's own check(s, p, a), found by argument-dependent lookup in its namespace (from a
// member of turn_game, the member's own name would hide it).
template <class State, class Action>
auto rules_check(const State& s, seat p, const Action& a) {
  return check(s, p, a);
}
}  // namespace rules_detail

// The engine::game functions of a game whose seats take turns, over the free functions of the
// game's namespace, found by argument-dependent lookup: check(s, p, a) and
// apply_into(s, p, a, events) returning its error enum (Error::ok when legal),
// legal_actions_into(s, p, actions), and rule_error_of(error). State has to_move and outcome.
// A game's engine::game derives from it, adds observe and redact, and declares again any
// function whose rule differs. Thread-safety: stateless.
template <class State, class Action, class Event>
struct turn_game {
  // The exact rule check of a for seat p: nullopt when legal, else the error apply reports.
  static std::optional<rule_error> check(const State& s, seat p, const Action& a) {
    auto e = rules_detail::rules_check(s, p, a);
    if (e == decltype(e)::ok) return std::nullopt;
    return rule_error_of(e);
  }
  // Every action seat p may take now (empty if it may not act).
  static std::vector<Action> legal_actions(const State& s, seat p) {
    std::vector<Action> out;
    legal_actions_into(s, p, out);
    return out;
  }
  // True: every position of such a game can be enumerated.
  static bool legal_complete(const State&, seat) { return true; }
  // Applies a for seat p: the ordered events, or the rule error (state unchanged).
  static apply_result<Event> apply(State& s, seat p, const Action& a) {
    std::vector<Event> out;
    auto e = apply_into(s, p, a, out);
    if (e != decltype(e)::ok) return rule_error_of(e);
    return out;
  }
  // {to_move} while running, {} once over.
  static std::vector<seat> seats_to_act(const State& s) {
    if (s.outcome) return {};
    return {s.to_move};
  }
  // The outcome once over.
  static std::optional<outcome> result(const State& s) { return s.outcome; }
  // Ends the game by a decision outside its rules (resignation, agreement, abandonment,
  // time): records o unless the game is already over, so observe() shows what the end reveals.
  static void conclude(State& s, const outcome& o) {
    if (!s.outcome) s.outcome = o;
  }
};

}  // namespace tabuleiro::engine

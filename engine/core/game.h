// The vocabulary every game engine shares: seats, outcomes, rule errors, apply results.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tabuleiro::engine {

// A seat number: 1 or 2 (player 1 moves first in every game).
using seat = int;

// How a finished game ended. winner is nullopt for a draw; reason is a stable code
// ("singularity", "extermination", "resign", "agreement", "abandoned", ...).
struct outcome {
  std::optional<seat> winner;
  std::string reason;
  friend bool operator==(const outcome&, const outcome&) = default;
};

// A refused action: a stable error code from the game's rules file and a human message.
// An action that yields a rule_error has changed nothing.
struct rule_error {
  std::string code;
  std::string message;
  friend bool operator==(const rule_error&, const rule_error&) = default;
};

// Result of applying an action: the new state's ordered events, or the rule error.
template <class Event>
using apply_result = std::variant<std::vector<Event>, rule_error>;

// The interface every game implements, as free functions of a copyable state value
// (Stockfish style: move generation and application are functions of the position).
//   G::state   copyable value holding the whole game, its seeded rng included
//   G::action  a typed client action; G::event a typed event for animations and logs
//   legal_actions(s, seat)  every action seat may take now (empty if it may not act)
//   apply(s, seat, a)       validates a against the rules; on success mutates s
//   seats_to_act(s)         seats allowed to act now (empty once the game is over)
//   result(s)               the outcome once the game is over
template <class G>
concept game = std::copyable<typename G::state> && std::equality_comparable<typename G::action> &&
    requires(typename G::state& s, const typename G::state& cs, seat p, const typename G::action& a) {
      { G::legal_actions(cs, p) } -> std::same_as<std::vector<typename G::action>>;
      { G::apply(s, p, a) } -> std::same_as<apply_result<typename G::event>>;
      { G::seats_to_act(cs) } -> std::same_as<std::vector<seat>>;
      { G::result(cs) } -> std::same_as<std::optional<outcome>>;
    };

}  // namespace tabuleiro::engine

// The vocabulary every game engine shares: seats, viewers, outcomes, rule errors, and the
// engine::game contract (exact rule check, legal actions with a completeness flag, typed
// observations per viewer and the redaction of each event).
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tabuleiro::engine {

// A seat number: 1 or 2 (seat 1 moves first in every game).
using seat = int;

// Who is looking: a spectator (0) or a seat (1, 2). Observations and events are redacted per
// viewer; the integer value is the viewer-class index used by the server (0, 1, 2).
enum class viewer : int { spectator = 0, seat1 = 1, seat2 = 2 };

// The number of viewer classes (spectator, seat 1, seat 2).
inline constexpr int viewer_count = 3;

// The viewer class of seat s (1 or 2), or the spectator for any other value.
constexpr viewer viewer_of(seat s) { return s == 1 ? viewer::seat1 : s == 2 ? viewer::seat2 : viewer::spectator; }

// How a finished game ended. winner is nullopt for a draw; reason is a stable code
// ("singularity", "extermination", "resign", "agreement", "abandoned", ...); note is words
// given by whoever ended it outside the rules (the server's host: "aborted_by_host"), else "".
struct outcome {
  std::optional<seat> winner;
  std::string reason;
  std::string note = {};
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

// The interface every game implements, as static functions of a copyable state value
// (Stockfish style: move generation and application are functions of the position).
//   G::state        copyable value holding the whole game, its seeded rng included
//   G::action       a typed client action
//   G::event        a typed event (animations, logs); compared to group viewers
//   G::observation  what one viewer may know of a state: the one redaction. Everything sent to
//                   a viewer (and everything a bot sees) is built from it.
//   check(s, seat, a)          the exact rule check, the acceptance path: nullopt when legal
//   legal_actions(s, seat)     actions seat may take now (empty if it may not act)
//   legal_complete(s, seat)    true when legal_actions lists every action check accepts now
//                              (so true for a seat that may not act; false in a phase that
//                              cannot be enumerated, e.g. a secret set-up)
//   apply(s, seat, a)          check, then on success mutate s and return the events
//   seats_to_act(s)            seats allowed to act now; several in a simultaneous phase;
//                              empty once the game is over
//   result(s)                  the outcome once the game is over
//   conclude(s, o)             ends the game by a decision outside its rules (resignation,
//                              agreement, abandonment, time): o becomes the outcome unless
//                              the game is already over, and observe() then shows what the
//                              game reveals at its end
//   observe(s, viewer)         the viewer's observation of s
//   redact(e, viewer)          what viewer may see of event e (nullopt: nothing at all)
template <class G>
concept game = std::copyable<typename G::state> && std::equality_comparable<typename G::action> &&
    std::copyable<typename G::observation> && std::equality_comparable<typename G::observation> &&
    std::equality_comparable<typename G::event> &&
    requires(typename G::state& s, const typename G::state& cs, seat p, viewer v, const typename G::action& a,
             const typename G::event& e, const outcome& o) {
  { G::check(cs, p, a) } -> std::same_as<std::optional<rule_error>>;
  { G::legal_actions(cs, p) } -> std::same_as<std::vector<typename G::action>>;
  { G::legal_complete(cs, p) } -> std::same_as<bool>;
  { G::apply(s, p, a) } -> std::same_as<apply_result<typename G::event>>;
  { G::seats_to_act(cs) } -> std::same_as<std::vector<seat>>;
  { G::result(cs) } -> std::same_as<std::optional<outcome>>;
  { G::conclude(s, o) } -> std::same_as<void>;
  { G::observe(cs, v) } -> std::same_as<typename G::observation>;
  { G::redact(e, v) } -> std::same_as<std::optional<typename G::event>>;
};

}  // namespace tabuleiro::engine

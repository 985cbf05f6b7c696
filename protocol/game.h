// The JSON face of every game: one type-erased match interface the server, tools and bots use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;
using engine::rule_error;

// A value or the typed error that explains why there is none.
template <class T>
using result = std::variant<T, rule_error>;

// Who is looking: a seat (1, 2) or a spectator (0). Views and events are redacted per viewer.
enum class viewer : int { spectator = 0, seat1 = 1, seat2 = 2 };

// The viewer class that seat s belongs to (s must be 1 or 2).
inline viewer viewer_of(engine::seat s) { return s == 1 ? viewer::seat1 : viewer::seat2; }

// One match of some game, behind JSON. Wraps a copyable engine state.
// Thread-safety: none; the owning room serialises every call on its strand.
class match {
 public:
  virtual ~match() = default;

  // A deep copy (engine states are values).
  virtual std::unique_ptr<match> clone() const = 0;

  // The registered game name ("taixu", ...).
  virtual std::string_view game() const = 0;

  // Seats that may act now; empty once the game is over.
  virtual std::vector<engine::seat> seats_to_act() const = 0;

  // Every legal action for seat, in canonical action JSON (empty array if it may not act).
  virtual json legal_actions(engine::seat s) const = 0;

  // Validates action (client JSON) for seat against the engine's own legal-action list and
  // applies it. On success returns the ordered, unredacted events; on error nothing changed.
  virtual result<std::vector<json>> apply(engine::seat s, const json& action) = 0;

  // The one redaction function's view output: what viewer v may see of the state.
  virtual json view(viewer v) const = 0;

  // The same redaction applied to events: what viewer v may see of them (order kept).
  virtual json events_for(viewer v, const std::vector<json>& events) const = 0;

  // Full position JSON with its secrets (seed, rng): persistence and the offline tool only.
  virtual json position() const = 0;

  // null while running, else {"winner": 1|2|null, "reason": "..."}.
  virtual json outcome() const = 0;
};

// A game the server can host. Stateless; one instance per game in the registry.
class game_kind {
 public:
  virtual ~game_kind() = default;

  // The registered name ("taixu").
  virtual std::string_view name() const = 0;

  // A new match from match options, an optional starting position (null when absent), and
  // a seed used when the position carries neither "seed" nor "rng".
  // Errors: bad_options, bad_position.
  virtual result<std::unique_ptr<match>> create(const json& options, const json& position,
                                                std::uint64_t seed) const = 0;
};

// The registered game called name, or nullptr.
const game_kind* find_game(std::string_view name);

// Names of every registered game, in registration order.
std::vector<std::string_view> game_names();

}  // namespace tabuleiro::protocol

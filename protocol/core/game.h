// The JSON face of every game: one type-erased match interface the server, tools and bots use.
// It carries no secrets: what leaves it is built from the game's typed observations. Full
// positions (seed, rng, hidden values) are only reachable through game_kind::secret_position.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"
#include "protocol/core/lazy_json.h"
#include "protocol/core/picture.h"

namespace tabuleiro::protocol {

using json = nlohmann::json;
using engine::rule_error;
using engine::viewer;
using engine::viewer_count;

// A value or the typed error that explains why there is none.
template <class T>
using result = std::variant<T, rule_error>;

// A seat's legal actions now, as the client receives them.
struct legal_json {
  json actions = json::array();  // canonical action JSON; each entry is accepted as it is
  bool complete = true;          // false: actions holds only part of what is accepted now
  json expects;                  // when !complete: the game's description of the expected
                                 // action (PROTOCOL.md "Expected actions"); null otherwise
};

// One viewer group's observation at one version. Its view JSON (PROTOCOL.md, value()) is built
// on first use only: a change sent as a patch needs none when the game writes its patches from
// typed observations (patch_from), so most versions never build, copy or destroy a view tree.
// Thread-safety: as lazy_json (immutable; value() builds once, from any thread).
class view : public lazy_json {
 public:
  // The RFC 6902 patch, as JSON text, that turns before's JSON into this view's JSON; before is
  // an earlier view of the same match. By default the diff of the two trees (protocol::diff_text);
  // a game's own view writes it from the typed observations, byte for byte the same.
  virtual std::string patch_from(const view& before) const;

  // The match list's progress object (PROTOCOL.md, "Match summaries") from this observation;
  // meaningful for the spectator's view, which is the one the list shows (nothing hidden).
  virtual json progress() const = 0;
};

// Views are shared: a feed, the match list's preview and a history walk may hold the same one.
using view_ptr = std::shared_ptr<const view>;

// One viewer group's redacted events of a change: a JSON array written as text once (what the
// feed sends); its JSON (value(): history pages, tools, tests) parsed from the text when asked.
// Thread-safety: as lazy_json (immutable; value() builds once, from any thread).
class event_list final : public lazy_json {
 public:
  explicit event_list(std::string text) : text_(std::move(text)) {}
  // The JSON array's text.
  const std::string& text() const { return text_; }

 protected:
  json build() const override { return json::parse(text_); }

 private:
  std::string text_;
};

// Event lists are shared by the messages and history entries built from them.
using event_list_ptr = std::shared_ptr<const event_list>;

// An event list holding events, a JSON array (room-level events).
inline event_list_ptr make_event_list(const json& events) { return std::make_shared<const event_list>(events.dump()); }

// What the viewer classes see, grouped: viewers in one group observe exactly the same thing
// (and, after a change, were shown exactly the same events), so one view, one diff and one
// message serve them all. For TAIXU all three viewer classes are one group.
struct publication {
  std::array<int, viewer_count> group_of{};  // viewer class (0, 1, 2) → group index
  std::vector<view_ptr> views;               // per group: the observation (never null)
  std::vector<event_list_ptr> events;        // per group: the redacted events (never null);
                                             // empty when not produced by a change

  // The view of viewer class c.
  const view_ptr& view_for(int c) const { return views.at(group_of.at(c)); }
  // The view JSON of viewer class c.
  const json& view_of(int c) const { return view_for(c)->value(); }
  // The events of viewer class c as JSON (a publication produced by a change).
  const json& events_of(int c) const { return events.at(group_of.at(c))->value(); }
  // The view JSON of every viewer class, to compare what two publications show (views holds
  // pointers: comparing those compares identities).
  std::array<json, viewer_count> view_values() const {
    std::array<json, viewer_count> out;
    for (int c = 0; c < viewer_count; ++c) out[c] = view_of(c);
    return out;
  }
};

// An accepted action: its canonical JSON (as logged) and what each viewer group sees.
struct applied {
  json action;
  publication pub;
};

// One match of some game, behind JSON. Wraps a copyable engine state.
// Thread-safety: none; the owning room serialises every call on its strand.
class match {
 public:
  virtual ~match() = default;

  // A deep copy (engine states are values).
  virtual std::unique_ptr<match> clone() const = 0;

  // The registered game name ("taixu", ...).
  virtual std::string_view game() const = 0;

  // Seats that may act now (both in a simultaneous phase); empty once the game is over.
  virtual std::vector<engine::seat> seats_to_act() const = 0;

  // Seat s's legal actions now (empty and complete when it may not act).
  virtual legal_json legal(engine::seat s) const = 0;
  // Seat s's legal fields as envelope text: exactly messages::legal_fields(legal(s)), written
  // without building JSON when the game's codec can write its entries as text.
  virtual std::string legal_fields(engine::seat s) const = 0;
  // Whether seat s's legal list is complete (legal(s).complete, without listing the actions).
  virtual bool legal_complete(engine::seat s) const = 0;

  // Parses action (client JSON) and runs the engine's exact rule check for seat s.
  // nullopt when it would be accepted; nothing changes either way.
  virtual std::optional<rule_error> check(engine::seat s, const json& action) const = 0;

  // Parses, checks and applies action for seat s. On success: the canonical action and the
  // redacted views and events per viewer group; on error nothing changed.
  virtual result<applied> apply(engine::seat s, const json& action) = 0;

  // As apply, without building views or events (log replay, bots, tools). Returns nullopt
  // on success; on error nothing changed.
  virtual std::optional<rule_error> advance(engine::seat s, const json& action) = 0;

  // Ends the game by a room-level decision (resignation, agreement, abandonment, time): o
  // becomes its outcome unless it is already over, so the views show what the end reveals.
  virtual void conclude(const engine::outcome& o) = 0;

  // The views now, per viewer group (events empty).
  virtual publication observe() const = 0;

  // The outcome once the game is over (by the game's own rules), else nullopt.
  virtual std::optional<engine::outcome> outcome() const = 0;
};

// Why seat s may not act in m at all now, in the server's order: game_over once m has an outcome,
// else not_your_turn for a seat that is not to act; nullopt when it may. The server checks this
// before the game's own rules (a malformed action from a seat not to act is not_your_turn), and
// so does the browser's engine, so both give the same code.
std::optional<rule_error> turn_refusal(const match& m, engine::seat s);

// A game the server can host. Stateless; one instance per game in the registry.
// Thread-safety: const and stateless, callable from any thread (each call on its own match).
class game_kind {
 public:
  virtual ~game_kind() = default;

  // The registered name ("taixu").
  virtual std::string_view name() const = 0;

  // The game's name as players know it ("TAIXU", "QU4DRI"): link previews, notifications.
  virtual std::string_view title() const = 0;

  // The link preview's picture of spectator_view (this game's view as sent to spectators, so the
  // picture shows nothing hidden), with title() as its title; nullopt when the game draws no
  // picture or the view is not one it reads.
  virtual std::optional<board_picture> picture(const json& spectator_view) const = 0;

  // A new match from match options, an optional starting position (null when absent; the
  // full persistence form), and a seed used when the position carries neither "seed" nor
  // "rng". Errors: bad_options, bad_position.
  virtual result<std::unique_ptr<match>> create(const json& options, const json& position,
                                                std::uint64_t seed) const = 0;

  // A match that viewer v could hold knowing only view (this game's view as sent to v): the
  // observation view shows, every hidden part drawn from seed. What a client holding the engine
  // computes legality on (the browser's engine): legal(s) and check(s, a) for v's seat equal the
  // server's. Errors: bad_view (malformed, or not a view this server writes for v), and
  // unsupported for a game without the decoder.
  virtual result<std::unique_ptr<match>> from_view(const json& view, viewer v, std::uint64_t seed) const = 0;

  // The full position of m (a match of this game) with every secret: seed, rng, hidden
  // values. For persistence, replay checks and the offline engine tool only; never sent to
  // a viewer.
  virtual json secret_position(const match& m) const = 0;

  // Applies action for seat s to m (a match of this game) and returns its events unredacted
  // (a JSON array). The offline engine tool only; on error m is unchanged.
  virtual result<json> secret_apply(match& m, engine::seat s, const json& action) const = 0;
};

// The registered game called name, or nullptr.
const game_kind* find_game(std::string_view name);

// The game's name as players know it (its game_kind's title), or name itself for a game this
// build does not host.
std::string game_title(std::string_view name);

// Names of every registered game, in registration order.
std::vector<std::string_view> game_names();

// Adds a game to the registry (before any lookup; the registry is not thread-safe while
// games are added). The server's own games are registered in protocol/games.cpp; a program
// embedding the server (a test build hosting a toy game) may add its own. Returns false
// when the name is taken.
bool register_game(const game_kind* g);

}  // namespace tabuleiro::protocol

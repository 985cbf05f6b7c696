// Turns any game's engine (an engine::game G) plus its JSON codec into protocol::match and
// protocol::game_kind, so every game shares one server path.
//
// A Codec provides, as static members:
//   name                                     std::string_view, the registered game name
//   parse_action(const json&)                -> result<G::action>        (bad_action)
//   legal_action_json(const G::state&, const G::action&) -> json   canonical + "cost"
//   event_json(const G::event&)              -> json
//   events_for(viewer, const std::vector<json>&) -> json   the one event redaction
//   view(const G::state&, viewer)            -> json       the one state redaction
//   position(const G::state&)                -> json       full, secrets included
//   create(const json& options, const json& position, std::uint64_t seed) -> result<G::state>
#pragma once

#include <memory>
#include <utility>
#include <variant>

#include "protocol/game.h"

namespace tabuleiro::protocol {

// The JSON form of an engine outcome: null, or {"winner": 1|2|null, "reason": "…"}.
inline json outcome_json(const std::optional<engine::outcome>& o) {
  if (!o) return nullptr;
  return json{{"winner", o->winner ? json(*o->winner) : json(nullptr)}, {"reason", o->reason}};
}

// A match of game G behind JSON. A client action is accepted only when it equals an entry of
// the engine's own legal-action list; otherwise the engine's precise rule error is reported
// and the state is left untouched.
// Thread-safety: none; the owning room serialises every call.
template <engine::game G, class Codec>
class codec_match final : public match {
 public:
  using state_type = typename G::state;

  // Wraps a valid engine state.
  explicit codec_match(state_type s) : s_(std::move(s)) {}

  // A deep copy.
  std::unique_ptr<match> clone() const override { return std::make_unique<codec_match>(*this); }

  // The registered game name.
  std::string_view game() const override { return Codec::name; }

  // Seats that may act now.
  std::vector<engine::seat> seats_to_act() const override { return G::seats_to_act(s_); }

  // Legal actions of seat p in canonical JSON, each with its "cost".
  json legal_actions(engine::seat p) const override {
    json out = json::array();
    for (const auto& a : G::legal_actions(s_, p)) out.push_back(Codec::legal_action_json(s_, a));
    return out;
  }

  // Parses, matches against the legal list, applies; events in JSON, unredacted.
  result<std::vector<json>> apply(engine::seat p, const json& action) override {
    auto parsed = Codec::parse_action(action);
    if (auto* err = std::get_if<rule_error>(&parsed)) return *err;
    const auto& a = std::get<typename G::action>(parsed);
    bool listed = false;
    for (const auto& legal : G::legal_actions(s_, p)) listed = listed || legal == a;
    if (!listed) {
      state_type probe = s_;  // the engine names the precise reason on a copy
      auto refused = G::apply(probe, p, a);
      if (auto* err = std::get_if<rule_error>(&refused)) return *err;
      return rule_error{"bad_action", "action is not in the legal-action list"};
    }
    auto applied = G::apply(s_, p, a);
    if (auto* err = std::get_if<rule_error>(&applied)) return *err;
    std::vector<json> events;
    for (const auto& e : std::get<0>(applied)) events.push_back(Codec::event_json(e));
    return events;
  }

  // The redacted view for viewer v.
  json view(viewer v) const override { return Codec::view(s_, v); }

  // The redacted events for viewer v.
  json events_for(viewer v, const std::vector<json>& events) const override {
    return Codec::events_for(v, events);
  }

  // Full position JSON, secrets included (persistence and offline tools only).
  json position() const override { return Codec::position(s_); }

  // null while running, else the outcome JSON.
  json outcome() const override { return outcome_json(G::result(s_)); }

  // The engine state (tests and tools).
  const state_type& state() const { return s_; }

 private:
  state_type s_;
};

// The game_kind of game G with codec Codec. Stateless.
template <engine::game G, class Codec>
class codec_game_kind final : public game_kind {
 public:
  // The registered name.
  std::string_view name() const override { return Codec::name; }

  // A new match from options and an optional position (null when absent).
  result<std::unique_ptr<match>> create(const json& options, const json& position,
                                        std::uint64_t seed) const override {
    auto s = Codec::create(options, position, seed);
    if (auto* err = std::get_if<rule_error>(&s)) return *err;
    return std::unique_ptr<match>(
        std::make_unique<codec_match<G, Codec>>(std::move(std::get<0>(s))));
  }
};

}  // namespace tabuleiro::protocol

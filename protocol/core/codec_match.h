// Turns any game's engine (an engine::game G) plus its two JSON codecs into protocol::match and
// protocol::game_kind, so every game shares one server path.
//
// The public codec (public_codec<Codec, G>) serialises what viewers may see, as static members:
//   name                                        std::string_view, the registered game name
//   title                                       std::string_view, the name players know
//   picture(const json& spectator_view)         -> std::optional<board_picture>   optional: the
//                                               link preview's picture (protocol/core/picture.h)
//   parse_action(const json&)                   -> result<G::action>   (bad_action)
//   action_json(const G::action&)               -> json   canonical action (as logged)
//   legal_action_fields(object_text&, const G::state&, const G::action&)   a legal-list
//                                               entry's members: legal lists are written as
//                                               text from them (and as JSON, to_json())
//   or legal_action_json(const G::state&, const G::action&) -> json   the entry as JSON, for
//                                               a codec that does not describe its members
//   expects_json(const G::observation&, seat)   -> json   the expected action when the legal
//                                                         list is incomplete
//   event_fields(object_text&, const G::event&) one (already redacted) event's members: event
//                                               lists are written as text from them
//   or event_json(const G::event&) -> json      the event as JSON, for a codec that does not
//                                               describe its members
//   observation_json(const G::observation&)     -> json   the view
//   patch_text(const G::observation& before, const G::observation& after)
//                                               -> std::optional<std::string>
//                                               optional: the patch between the two views,
//                                               byte for byte diff_text(observation_json(before),
//                                               observation_json(after)), written from the
//                                               typed observations without building either view;
//                                               nullopt for a pair it does not write (the view
//                                               then diffs the two trees)
//   progress_json(const G::observation&)        -> json   the match list's progress object,
//                                                         built from the spectator's observation
//                                                         (PROTOCOL.md, "Match summaries")
//   parse_options(const json&)                  -> result<options>     (bad_options)
// The persistence codec (persistence_codec<P, G>) handles full positions with their secrets;
// only game_kind::create and game_kind::secret_position reach it:
//   position_json(const G::state&)              -> json   seed, rng and hidden values included
//   parse_position(const json&, std::uint64_t seed) -> result<G::state>   (bad_position)
//   create(const json& options, const json& position, std::uint64_t seed) -> result<G::state>
#pragma once

#include <array>
#include <concepts>
#include <memory>
#include <utility>
#include <variant>

#include "protocol/core/game.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/object_text.h"

namespace tabuleiro::protocol {

// The public codec contract above.
template <class C, class G>
concept public_codec = requires(const json& j, const typename G::state& s, const typename G::action& a,
                                const typename G::event& e, const typename G::observation& o, engine::seat p) {
  { C::name } -> std::convertible_to<std::string_view>;
  { C::title } -> std::convertible_to<std::string_view>;
  { C::parse_action(j) } -> std::same_as<result<typename G::action>>;
  { C::action_json(a) } -> std::same_as<json>;
  requires requires(object_text & t) { C::legal_action_fields(t, s, a); } || requires {
    { C::legal_action_json(s, a) } -> std::same_as<json>;
  };
  { C::expects_json(o, p) } -> std::same_as<json>;
  requires requires(object_text & t) { C::event_fields(t, e); } || requires {
    { C::event_json(e) } -> std::same_as<json>;
  };
  { C::observation_json(o) } -> std::same_as<json>;
  { C::progress_json(o) } -> std::same_as<json>;
  C::parse_options(j);
};

// The persistence codec contract above.
template <class P, class G>
concept persistence_codec = requires(const json& j, const typename G::state& s, std::uint64_t seed) {
  { P::position_json(s) } -> std::same_as<json>;
  { P::parse_position(j, seed) } -> std::same_as<result<typename G::state>>;
  { P::create(j, j, seed) } -> std::same_as<result<typename G::state>>;
};

template <engine::game G, public_codec<G> Codec, persistence_codec<G> Persistence>
class codec_game_kind;

// A typed observation of game G as a protocol::view: the JSON is built only when asked for, and
// the patch from another view of the same game comes from Codec::patch_text when the codec has it.
// Thread-safety: as view (immutable; value() builds once).
template <engine::game G, class Codec>
class observation_view final : public view {
 public:
  explicit observation_view(typename G::observation o) : o_(std::move(o)) {}

  // The patch from before, written from the two observations when the codec can, else the diff
  // of the two view trees.
  std::string patch_from(const view& before) const override {
    if constexpr (requires(const typename G::observation& o) {
                    { Codec::patch_text(o, o) } -> std::same_as<std::optional<std::string>>;
                  }) {
      if (const auto* b = dynamic_cast<const observation_view*>(&before))
        if (auto text = Codec::patch_text(b->o_, o_)) return std::move(*text);
    }
    return view::patch_from(before);
  }

  // The game's progress object from this observation.
  json progress() const override { return Codec::progress_json(o_); }

 protected:
  json build() const override { return Codec::observation_json(o_); }

 private:
  typename G::observation o_;
};

// A match of game G behind JSON. An action is accepted by the engine's exact rule check
// (G::check, run by G::apply); a refusal carries the engine's precise rule error and leaves the
// state untouched. Everything it returns is built from observations and redacted events.
// Thread-safety: none; the owning room serialises every call.
template <engine::game G, public_codec<G> Codec, persistence_codec<G> Persistence>
class codec_match final : public match {
 public:
  using state_type = typename G::state;
  using event_type = typename G::event;
  using observation_type = typename G::observation;

  // Whether the codec describes legal entries as members (legal_action_fields).
  static constexpr bool has_legal_fields = requires(object_text & o, const state_type& s, const typename G::action& a) {
    Codec::legal_action_fields(o, s, a);
  };

  // Wraps a valid engine state.
  explicit codec_match(state_type s) : s_(std::move(s)) {}

  // A deep copy.
  std::unique_ptr<match> clone() const override { return std::make_unique<codec_match>(*this); }

  // The registered game name.
  std::string_view game() const override { return Codec::name; }

  // Seats that may act now.
  std::vector<engine::seat> seats_to_act() const override { return G::seats_to_act(s_); }

  // Seat p's legal actions as legal-list JSON, their completeness and (when incomplete) what
  // the game expects, described from p's own observation.
  legal_json legal(engine::seat p) const override {
    legal_json out;
    for (const auto& a : G::legal_actions(s_, p)) {
      if constexpr (has_legal_fields) {
        object_text o;
        Codec::legal_action_fields(o, s_, a);
        out.actions.push_back(o.to_json());
      } else {
        out.actions.push_back(Codec::legal_action_json(s_, a));
      }
    }
    out.complete = G::legal_complete(s_, p);
    if (!out.complete) out.expects = Codec::expects_json(G::observe(s_, engine::viewer_of(p)), p);
    return out;
  }

  // Seat p's legal fields as envelope text (messages::legal_fields(legal(p)), byte for byte).
  std::string legal_fields(engine::seat p) const override {
    if constexpr (has_legal_fields) {
      std::string actions = "[";
      for (const auto& a : G::legal_actions(s_, p)) {
        if (actions.size() > 1) actions += ',';
        object_text o;
        Codec::legal_action_fields(o, s_, a);
        o.append_to(actions);
      }
      actions += ']';
      const bool complete = G::legal_complete(s_, p);
      const json expects = complete ? json() : Codec::expects_json(G::observe(s_, engine::viewer_of(p)), p);
      return messages::legal_fields(actions, complete, expects);
    } else {
      return messages::legal_fields(legal(p));
    }
  }

  // Whether seat p's legal list is complete.
  bool legal_complete(engine::seat p) const override { return G::legal_complete(s_, p); }

  // Parses action and runs the engine's exact rule check; changes nothing.
  std::optional<rule_error> check(engine::seat p, const json& action) const override {
    auto parsed = Codec::parse_action(action);
    if (auto* err = std::get_if<rule_error>(&parsed)) return *err;
    return G::check(s_, p, std::get<typename G::action>(parsed));
  }

  // Parses and applies action; on success the canonical action and the publication built from
  // the new state's observations and the redacted events.
  result<applied> apply(engine::seat p, const json& action) override {
    auto parsed = Codec::parse_action(action);
    if (auto* err = std::get_if<rule_error>(&parsed)) return *err;
    const auto& a = std::get<typename G::action>(parsed);
    auto r = G::apply(s_, p, a);
    if (auto* err = std::get_if<rule_error>(&r)) return *err;
    return applied{Codec::action_json(a), publish(&std::get<std::vector<event_type>>(r))};
  }

  // Parses and applies action without building any JSON.
  std::optional<rule_error> advance(engine::seat p, const json& action) override {
    auto parsed = Codec::parse_action(action);
    if (auto* err = std::get_if<rule_error>(&parsed)) return *err;
    auto r = G::apply(s_, p, std::get<typename G::action>(parsed));
    if (auto* err = std::get_if<rule_error>(&r)) return *err;
    return std::nullopt;
  }

  // Ends the game by a room-level decision (G::conclude).
  void conclude(const engine::outcome& o) override { G::conclude(s_, o); }

  // The views now, grouped by equal observations (events empty).
  publication observe() const override { return publish(nullptr); }

  // The outcome once over, by the game's rules.
  std::optional<engine::outcome> outcome() const override { return G::result(s_); }

  // Viewer v's typed observation: what a bot in that seat is given instead of the state.
  observation_type observation_for(viewer v) const { return G::observe(s_, v); }

  // Seat p's typed legal actions (what that seat may do; no secret of the other seat).
  std::vector<typename G::action> legal_actions_for(engine::seat p) const { return G::legal_actions(s_, p); }

 private:
  friend class codec_game_kind<G, Codec, Persistence>;

  // Observes s_ for every viewer class, redacts events (when given) for each, groups viewers
  // whose typed observation and redacted events are equal, then serialises the events once per
  // group; each group's view is its typed observation (JSON built when first asked for).
  publication publish(const std::vector<event_type>* events) const {
    std::array<observation_type, viewer_count> seen;
    std::array<std::vector<event_type>, viewer_count> shown;
    std::array<int, viewer_count> first_of_group{};  // group → its first viewer class
    publication pub;
    int groups = 0;
    for (int v = 0; v < viewer_count; ++v) {
      const auto who = static_cast<viewer>(v);
      seen[v] = G::observe(s_, who);
      if (events)
        for (const auto& e : *events)
          if (auto r = G::redact(e, who)) shown[v].push_back(std::move(*r));
      int g = 0;
      while (g < groups && !(seen[first_of_group[g]] == seen[v] && shown[first_of_group[g]] == shown[v])) ++g;
      if (g == groups) first_of_group[groups++] = v;
      pub.group_of[v] = g;
    }
    for (int g = 0; g < groups; ++g) {
      const int v = first_of_group[g];
      pub.views.push_back(std::make_shared<const observation_view<G, Codec>>(std::move(seen[v])));
      if (events) pub.events.push_back(std::make_shared<const event_list>(events_text(shown[v])));
    }
    return pub;
  }

  // Whether the codec describes events as members (event_fields).
  static constexpr bool has_event_fields = requires(object_text & o, const event_type& e) {
    Codec::event_fields(o, e);
  };

  // One event as JSON.
  static json event_json(const event_type& e) {
    if constexpr (has_event_fields) {
      object_text o;
      Codec::event_fields(o, e);
      return o.to_json();
    } else {
      return Codec::event_json(e);
    }
  }

  // A list of events as the text of a JSON array.
  static std::string events_text(const std::vector<event_type>& list) {
    std::string out = "[";
    for (const auto& e : list) {
      if (out.size() > 1) out += ',';
      if constexpr (has_event_fields) {
        object_text o;
        Codec::event_fields(o, e);
        o.append_to(out);
      } else {
        out += Codec::event_json(e).dump();
      }
    }
    out += ']';
    return out;
  }

  // Applies action and returns the events unredacted (secret_apply).
  result<json> apply_unredacted(engine::seat p, const json& action) {
    auto parsed = Codec::parse_action(action);
    if (auto* err = std::get_if<rule_error>(&parsed)) return *err;
    auto r = G::apply(s_, p, std::get<typename G::action>(parsed));
    if (auto* err = std::get_if<rule_error>(&r)) return *err;
    json list = json::array();
    for (const auto& e : std::get<std::vector<event_type>>(r)) list.push_back(event_json(e));
    return list;
  }

  state_type s_;
};

// The game_kind of game G with its public and persistence codecs.
// Thread-safety: stateless, callable from any thread (each call on its own match).
template <engine::game G, public_codec<G> Codec, persistence_codec<G> Persistence>
class codec_game_kind final : public game_kind {
 public:
  using match_type = codec_match<G, Codec, Persistence>;

  // The registered name.
  std::string_view name() const override { return Codec::name; }

  // The name players know.
  std::string_view title() const override { return Codec::title; }

  // The codec's picture of spectator_view, titled; nullopt when the codec draws none.
  std::optional<board_picture> picture(const json& spectator_view) const override {
    if constexpr (requires {
                    { Codec::picture(spectator_view) } -> std::same_as<std::optional<board_picture>>;
                  }) {
      auto p = Codec::picture(spectator_view);
      if (p) p->title = std::string(Codec::title);
      return p;
    } else {
      return std::nullopt;
    }
  }

  // A new match from options and an optional full position (null when absent).
  result<std::unique_ptr<match>> create(const json& options, const json& position, std::uint64_t seed) const override {
    auto s = Persistence::create(options, position, seed);
    if (auto* err = std::get_if<rule_error>(&s)) return *err;
    return std::unique_ptr<match>(std::make_unique<match_type>(std::move(std::get<0>(s))));
  }

  // A match consistent with viewer v's view: the codec's decoded observation, which must write
  // view back exactly and be what the sampled state shows v, with hidden parts drawn from seed.
  result<std::unique_ptr<match>> from_view(const json& view, viewer v, std::uint64_t seed) const override {
    if constexpr (requires(const typename G::observation& o) {
                    { Codec::parse_observation(view) } -> std::same_as<result<typename G::observation>>;
                    { G::sample(o, v, seed) } -> std::same_as<typename G::state>;
                  }) {
      auto o = Codec::parse_observation(view);
      if (auto* err = std::get_if<rule_error>(&o)) return *err;
      const auto& seen = std::get<typename G::observation>(o);
      if (Codec::observation_json(seen) != view)
        return rule_error{"bad_view", "the view is not one this server writes (a derived member disagrees)"};
      auto s = G::sample(seen, v, seed);
      if (!(G::observe(s, v) == seen)) return rule_error{"bad_view", "the view is not one this viewer can be shown"};
      return std::unique_ptr<match>(std::make_unique<match_type>(std::move(s)));
    } else {
      return rule_error{"unsupported", "this game cannot be rebuilt from a view"};
    }
  }

  // The full position of m with its secrets; throws std::bad_cast when m is another game's.
  json secret_position(const match& m) const override {
    return Persistence::position_json(dynamic_cast<const match_type&>(m).s_);
  }

  // Applies action to m and returns the unredacted events; throws std::bad_cast when m is
  // another game's.
  result<json> secret_apply(match& m, engine::seat s, const json& action) const override {
    return dynamic_cast<match_type&>(m).apply_unredacted(s, action);
  }
};

}  // namespace tabuleiro::protocol

// QU4DRI as an engine::game: exact check, legal list, apply, turn order, outcome, observation.
#include "engine/quadri/rules.h"

namespace tabuleiro::quadri {

std::optional<engine::rule_error> game::check(const state& s, seat p, const action& a) {
  const error e = quadri::check(s, p, a);
  if (e == error::ok) return std::nullopt;
  return rule_error_of(e);
}

std::vector<action> game::legal_actions(const state& s, seat p) {
  std::vector<action> out;
  legal_actions_into(s, p, out);
  return out;
}

bool game::legal_complete(const state&, seat) { return true; }

engine::apply_result<event> game::apply(state& s, seat p, const action& a) {
  std::vector<event> out;
  const error e = apply_into(s, p, a, out);
  if (e != error::ok) return rule_error_of(e);
  return out;
}

std::vector<seat> game::seats_to_act(const state& s) {
  if (s.outcome) return {};
  return {s.to_move};
}

std::optional<engine::outcome> game::result(const state& s) { return s.outcome; }

observation game::observe(const state& s, engine::viewer) { return observe_state(s); }

std::optional<event> game::redact(const event& e, engine::viewer) { return e; }

}  // namespace tabuleiro::quadri

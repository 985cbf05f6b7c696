// TAIXU as an engine::game: exact check, legal list, apply, turn order, outcome, observation.
#include "engine/taixu/rules.h"

namespace tabuleiro::taixu {

engine::rule_error rule_error_of(error e) {
  return engine::rule_error{std::string(error_code(e)), std::string(error_message(e))};
}

std::optional<engine::rule_error> game::check(const state& s, seat p, const action& a) {
  const error e = taixu::check(s, p, a);
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

observation game::observe(const state& s, engine::viewer) {
  return observation{s.opts,  s.board, s.anomalies, s.to_move, s.round,
                     s.pc,    s.bonus, s.reserve,   s.outcome};
}

state from_observation(const observation& o, std::uint64_t rng_seed) {
  state s;
  s.opts = o.opts;
  s.board = o.board;
  s.anomalies = o.anomalies;
  s.to_move = o.to_move;
  s.round = o.round;
  s.pc = o.pc;
  s.bonus = o.bonus;
  s.reserve = o.reserve;
  s.outcome = o.outcome;
  s.rng = engine::rng(rng_seed);
  return s;
}

std::optional<event> game::redact(const event& e, engine::viewer) { return e; }

}  // namespace tabuleiro::taixu

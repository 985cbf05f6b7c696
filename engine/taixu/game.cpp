// TAIXU as an engine::game (check, legal list, apply, turns and outcome come from
// engine::turn_game): its rule errors, observation and redaction.
#include "engine/taixu/rules.h"

namespace tabuleiro::taixu {

engine::rule_error rule_error_of(error e) {
  return engine::rule_error{std::string(error_code(e)), std::string(error_message(e))};
}

observation game::observe(const state& s, engine::viewer) {
  return observation{s.opts, s.board, s.anomalies, s.to_move, s.round, s.pc, s.bonus, s.reserve, s.outcome};
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

state game::sample(const observation& o, engine::viewer, std::uint64_t seed) { return from_observation(o, seed); }

}  // namespace tabuleiro::taixu

// Cyvasse as an engine::game: exact check, legal list, apply, turn order, outcome, observation.
#include "engine/cyvasse/rules.h"

namespace tabuleiro::cyvasse {

std::optional<engine::rule_error> game::check(const state& s, seat p, const action& a) {
  const error e = cyvasse::check(s, p, a);
  if (e == error::ok) return std::nullopt;
  if (e == error::bad_setup)
    if (const char* m = setup_message(s, p, a)) return engine::rule_error{"bad_setup", m};
  return rule_error_of(e);
}

std::vector<action> game::legal_actions(const state& s, seat p) {
  std::vector<action> out;
  if (s.ph == phase::setup) {
    if ((p == 1 || p == 2) && !s.submitted[p - 1]) {
      action a;
      a.type = action::setup;
      a.use = preset::standard;
      out.push_back(a);
      a.use = preset::random;
      out.push_back(a);
    }
    return out;
  }
  std::vector<move> moves;
  legal_moves_into(s, p, moves);
  out.reserve(moves.size());
  for (move m : moves) {
    action a;
    a.from = m.from;
    a.to = m.to;
    out.push_back(std::move(a));
  }
  return out;
}

bool game::legal_complete(const state& s, seat p) {
  return !(s.ph == phase::setup && (p == 1 || p == 2) && !s.submitted[p - 1]);
}

engine::apply_result<event> game::apply(state& s, seat p, const action& a) {
  if (auto err = check(s, p, a)) return *err;
  std::vector<event> out;
  apply_into(s, p, a, out);
  return out;
}

std::vector<seat> game::seats_to_act(const state& s) {
  if (s.outcome || s.ph == phase::over) return {};
  if (s.ph == phase::play) return {s.to_move};
  std::vector<seat> out;
  for (seat p = 1; p <= 2; ++p)
    if (!s.submitted[p - 1]) out.push_back(p);
  return out;
}

observation game::observe(const state& s, engine::viewer v) {
  observation o{s.opts, s.board, s.ph, s.submitted, s.to_move, s.quiet_turns, s.outcome};
  if (s.ph == phase::setup)
    for (auto& pc : o.board.pieces)
      if (pc.owner != static_cast<int>(v)) pc = piece{};
  return o;
}

state determinize(const observation& o, seat viewer, engine::rng& r) {
  state s;
  s.opts = o.opts;
  s.board = o.board;
  s.ph = o.ph;
  s.submitted = o.submitted;
  s.to_move = o.to_move;
  s.quiet_turns = o.quiet_turns;
  s.outcome = o.outcome;
  if (o.ph == phase::setup)
    for (seat p = 1; p <= 2; ++p) {
      if (p == viewer || !o.submitted[p - 1]) continue;
      const auto& lib = formations();
      const formation& f = lib[r.uniform(lib.size())];
      for (const placement& pl : formation_for(f, p, r.uniform(2) == 1))
        s.board.pieces[pl.at] = piece{static_cast<std::uint8_t>(p), pl.what};
    }
  s.rng = engine::rng(r.next());
  return s;
}

std::optional<event> game::redact(const event& e, engine::viewer) { return e; }

state game::sample(const observation& o, engine::viewer v, std::uint64_t seed) {
  engine::rng r(seed);
  return determinize(o, static_cast<seat>(v), r);
}

}  // namespace tabuleiro::cyvasse

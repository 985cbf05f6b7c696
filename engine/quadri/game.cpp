// QU4DRI as an engine::game (check, legal list, apply, turns and outcome come from
// engine::turn_game): its observation, determinization and redaction.
#include "engine/quadri/rules.h"

namespace tabuleiro::quadri {

observation game::observe(const state& s, engine::viewer) { return observe_state(s); }

state determinize(const observation& o, engine::rng& r) {
  state s;
  s.opts = o.opts;
  s.tiles = o.tiles;
  s.preds = o.preds;
  s.to_move = o.to_move;
  s.energy = o.energy;
  s.hand = o.hand;
  s.quiet = o.quiet;
  s.outcome = o.outcome;
  for (std::uint8_t aura : {green, red}) {
    std::array<int, 5> left{0, 4, 4, 4, 4};  // values 1..4 still unaccounted for
    std::vector<int> hidden;
    for (int c = 0; c < area_size; ++c) {
      const tile& t = s.tiles[c];
      if (t.aura != aura) continue;
      if (t.revealed || o.outcome) {
        if (t.value >= 1 && t.value <= 4 && left[t.value] > 0) --left[t.value];
      } else {
        hidden.push_back(c);
      }
    }
    std::vector<std::uint8_t> pool;
    for (int v = 1; v <= 4; ++v) pool.insert(pool.end(), left[v], static_cast<std::uint8_t>(v));
    for (std::size_t i = pool.size(); i > 1; --i) std::swap(pool[i - 1], pool[r.uniform(i)]);
    for (std::size_t i = 0; i < hidden.size(); ++i)
      s.tiles[hidden[i]].value = i < pool.size() ? pool[i] : static_cast<std::uint8_t>(1 + r.uniform(4));
  }
  s.rng = engine::rng(r.next());
  return s;
}

std::optional<event> game::redact(const event& e, engine::viewer) { return e; }

state game::sample(const observation& o, engine::viewer, std::uint64_t seed) {
  engine::rng r(seed);
  return determinize(o, r);
}

}  // namespace tabuleiro::quadri

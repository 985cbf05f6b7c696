#include "fuzz/fuzz_input.h"

#include "engine/core/rng.h"

namespace tabuleiro::fuzz {

game_input read_game_input(const std::uint8_t* data, std::size_t size) {
  game_input in;
  constexpr std::size_t header = 10;
  if (size < header) return in;
  const auto names = protocol::game_names();
  in.kind = protocol::find_game(names[data[0] % names.size()]);
  for (int i = 0; i < 8; ++i) in.seed = (in.seed << 8) | data[1 + i];
  in.prefix = data[9] & 0x3f;
  in.seat = (data[9] & 0x80) ? 2 : 1;
  in.text = std::string_view(reinterpret_cast<const char*>(data) + header, size - header);
  return in;
}

void play_prefix(protocol::match& m, int count, std::uint64_t seed) {
  engine::rng r(seed);
  for (int i = 0; i < count; ++i) {
    const auto to_act = m.seats_to_act();
    if (to_act.empty()) return;
    const engine::seat s = to_act[r.uniform(to_act.size())];
    const protocol::legal_json legal = m.legal(s);
    protocol::json action;
    if (!legal.actions.empty()) {
      action = legal.actions[r.uniform(legal.actions.size())];
    } else if (legal.expects.is_object() && legal.expects.contains("presets")) {
      const auto& presets = legal.expects["presets"];
      if (presets.empty()) return;
      action = {{"type", legal.expects.value("type", "setup")}, {"preset", presets[r.uniform(presets.size())]}};
    } else {
      return;
    }
    if (m.advance(s, action)) return;  // a listed action must apply; the caller checks legality
  }
}

}  // namespace tabuleiro::fuzz

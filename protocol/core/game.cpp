// The parts of the type-erased match (protocol/core/game.h) that no game overrides.
#include "protocol/core/game.h"

#include <algorithm>

#include "protocol/core/json_util.h"

namespace tabuleiro::protocol {

std::string view::patch_from(const view& before) const { return diff_text(before.value(), value()); }

std::optional<rule_error> turn_refusal(const match& m, engine::seat s) {
  if (m.outcome()) return rule_error{"game_over", "the match is over"};
  const auto to_act = m.seats_to_act();
  if (std::find(to_act.begin(), to_act.end(), s) == to_act.end())
    return rule_error{"not_your_turn", "it is not your turn"};
  return std::nullopt;
}

}  // namespace tabuleiro::protocol

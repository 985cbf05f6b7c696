// JSON names of TAIXU enums (effects, causes), shared by the codec's translation units.
#pragma once

#include <optional>
#include <string_view>

#include "engine/taixu/types.h"
#include "protocol/core/game.h"

namespace tabuleiro::protocol {

// The JSON name of an anomaly effect ("overload", …).
std::string_view effect_name(taixu::effect e);

// The effect called by JSON string j, or nullopt.
std::optional<taixu::effect> parse_effect(const json& j);

// The JSON name of a cause ("arrival", …).
std::string_view cause_name(taixu::cause c);

}  // namespace tabuleiro::protocol

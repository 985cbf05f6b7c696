// The parts of the type-erased match (protocol/core/game.h) that no game overrides.
#include "protocol/core/game.h"

#include "protocol/core/json_util.h"

namespace tabuleiro::protocol {

std::string view::patch_from(const view& before) const { return diff_text(before.value(), value()); }

}  // namespace tabuleiro::protocol

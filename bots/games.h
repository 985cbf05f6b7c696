// The per-game bots: each searches with bots/search.h and its own evaluation, move ordering and
// playout policy, from the seat's observation and legal actions only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bots/search.h"
#include "engine/cyvasse/rules.h"
#include "engine/quadri/rules.h"
#include "engine/taixu/rules.h"

namespace tabuleiro::bots {

// TAIXU: seat me's next action of its turn (the tree spans the rest of the turn and the next).
search_result<taixu::action> search_taixu(const taixu::observation& o, engine::seat me,
                                          std::vector<taixu::action> legal, const budget& b, std::uint64_t seed);

// Cyvasse play phase: seat me's move (no hidden information is left once both set-ups are in).
search_result<cyvasse::action> search_cyvasse(const cyvasse::observation& o, engine::seat me,
                                              std::vector<cyvasse::action> legal, const budget& b, std::uint64_t seed);

// Cyvasse set-up: a formation of the library for seat me, drawn with seed (mirrored one time in
// two), as an explicit placement.
cyvasse::action cyvasse_setup(engine::seat me, std::uint64_t seed);

// QU4DRI: seat me's action, searched over determinizations of the unrevealed values.
search_result<quadri::action> search_quadri(const quadri::observation& o, engine::seat me,
                                            std::vector<quadri::action> legal, const budget& b, std::uint64_t seed);

}  // namespace tabuleiro::bots

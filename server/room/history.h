// A stored match replayed for its past: pages of its changes as one viewer class saw them
// live (the same observations, redaction and diffs as the patches), and the export log.
// Runs off the I/O threads (it replays the whole log through the engine).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/store/store.h"

namespace tabuleiro::server {

using json = nlohmann::json;

// Most changes in one history page and in one log page.
inline constexpr std::size_t history_page_size = 200;
inline constexpr std::size_t log_page_size = 500;

// The changes after version from (at most history_page_size) of the stored match row with
// log, as viewer class c (0 spectator, 1, 2) saw them: the view at from, then per change its
// ops and events. Fills page with the history message's fields and returns true; false and
// error when the match cannot be replayed.
bool history_page(const match_row& row, const std::vector<action_row>& log, int c, std::int64_t from,
                  const json& request_id, std::string& page, std::string& error);

// The export log of the stored match from version from (at most log_page_size changes): for a
// finished match its actions, room-level changes, seed and start position; for a running one
// only what a spectator saw (events), nothing hidden. false and error when it cannot be
// replayed.
bool log_page(const match_row& row, const std::vector<action_row>& log, std::int64_t from, json& page,
              std::string& error);

}  // namespace tabuleiro::server

// What the match list shows of a match: a live room's summary, captured as typed values on the
// room's strand after every change and written as JSON only when somebody reads it (the list
// feed's push, GET /api/matches), and a stored match's, from its row.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"
#include "protocol/core/game.h"
#include "protocol/core/lazy_json.h"
#include "protocol/core/messages.h"
#include "server/room/match_clock.h"
#include "server/store/store.h"

namespace tabuleiro::server {

// A summary, shared by the room that made it, the list feed and the HTTP routes.
using summary_ptr = std::shared_ptr<const protocol::lazy_json>;

// One match as the list shows it: its summary and, when the room is in memory, the
// spectator's view (the board preview; null otherwise).
struct list_entry {
  summary_ptr summary;         // never null; shared with the room that made it
  protocol::view_ptr preview;  // its JSON is built when a list with previews is sent
  std::string code;            // the match's share code (the summary's "code")
  bool finished = false;       // the match is over (the summary's activity "finished")
};

// A live room's summary at one moment, as typed values.
struct summary_inputs {
  std::string code, game, status, visibility;
  std::string rematch;                           // its rematch's code, or ""
  std::int64_t created_ms = 0, finished_ms = 0;  // finished: 0 while running
  std::int64_t version = 0;
  std::array<protocol::messages::seat_presence, 2> seats;
  std::size_t spectators = 0;
  std::optional<engine::outcome> outcome;
  std::vector<engine::seat> to_act;               // empty once the match is over
  protocol::view_ptr preview;                     // the spectator's view: progress
  std::shared_ptr<const nlohmann::json> options;  // the match options
  clock_options clock;
  nlohmann::json clock_now;  // the clocks' reading as of this summary (clock_json), or null
  bool guests_watch = true;  // guests may watch (summary, log, list)
  bool offline = false;      // published after offline play
  bool rated = false;        // its end changes both players' ratings
  nlohmann::json ratings;    // messages::match_ratings once settled, else null
};

// The summary of a live room (messages::summary plus its "clock" option), built when first read.
summary_ptr live_summary(summary_inputs in);

// ISO 8601 UTC text ("2026-11-29T12:00:00Z") of a Unix millisecond time.
std::string iso_time(std::int64_t ms);

// The public description of a stored match that is not in memory (nobody connected): what
// the row tells without a replay, so to_act and progress are null.
nlohmann::json stored_summary(const match_row& row);

}  // namespace tabuleiro::server

// What a room (or the lobby) tells a member outside the match page: a notice, put in words in
// the member's language and sent to their browsers by the push sender (push_sender.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tabuleiro::server::notify {

// One notice for one member; its facts come from what that member may see of the match.
struct match_notice {
  std::int64_t user_id = 0;
  int kind = 0;             // one notify_kind (push_sql.h)
  std::string code;         // the match (a challenge's id for notify_challenge)
  std::string game;         // a registered game's name (protocol::find_game)
  std::string opponent;     // the other player's name ("" when none; the challenger for a challenge)
  std::string outcome;      // notify_result: "won" | "lost" | "drawn" | "ended"
  std::int64_t left_s = 0;  // notify_low_time, and a reminder: the member's time left
  bool reminder = false;    // notify_turn: a reminder that the turn is still theirs, with left_s
};

// Where notices go (empty: nowhere). Called on a room's strand: it must not block.
using notice_sink = std::function<void(match_notice)>;

// Gives each of notices to sink, in order; nothing when there is no sink.
inline void send(const notice_sink& sink, std::vector<match_notice> notices) {
  if (!sink) return;
  for (auto& n : notices) sink(std::move(n));
}

}  // namespace tabuleiro::server::notify

// The seat a computer player holds in a room: its thinking (a bot_player on the bot pool),
// which of its answers still count, the version its last action was chosen at, and its
// retry when the store refused that action.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "protocol/core/game.h"
#include "server/bots/capacity.h"
#include "server/bots/player.h"
#include "server/config/config.h"
#include "server/store/store.h"

namespace tabuleiro::server {

// One room's computer player.
// Thread-safety: none; the owning room's strand (answers and retries are posted to it).
class bot_seat {
 public:
  // code's match, running (not over) when running is true, then takes one of capacity's places
  // (when capacity is given) until it ends.
  bot_seat(std::unique_ptr<bot_player> player, metrics& stats, time_source& time, room_strand strand,
           bot_capacity* capacity, std::string code, bool running);
  // Stops its thinking and its retry, and frees its place.
  ~bot_seat();
  bot_seat(const bot_seat&) = delete;
  bot_seat& operator=(const bot_seat&) = delete;

  int seat() const { return player_->seat(); }
  // The level's name ("easy", "medium", "hard").
  std::string level_name() const;

  // Thinks about the committed state m at version unless over (the match ended or the room
  // closes: any thinking stops, and the match's place is freed); deliver gets the answer on the
  // strand.
  void consider(const protocol::match& m, std::int64_t version, bool over, bot_player::deliver_fn deliver);
  // The answer chosen at version reached the room, whose committed version is now current:
  // true when it is to be submitted (the match has not moved on, and is not over); it is then
  // remembered as sent. A stale answer is counted and dropped.
  bool take_answer(std::int64_t version, std::int64_t current, bool over);
  // The sent action was refused (e) at the committed version current: true when the match
  // moved on since it was chosen (think again); otherwise a defect of the bot, counted and
  // logged, not retried.
  bool think_again_after(const engine::rule_error& e, std::int64_t current, const std::string& code);
  // The store refused the sent action: again runs after storage_retry_ms, on the strand.
  void retry(std::function<void()> again);
  // Stops the thinking in progress.
  void cancel() { player_->cancel(); }

  static constexpr std::int64_t storage_retry_ms = 1000;

 private:
  // Frees the match's place, once.
  void free_place();

  std::unique_ptr<bot_player> player_;
  metrics& stats_;
  time_source& time_;
  room_strand strand_;
  std::int64_t sent_version_ = -1;  // the version the last sent action was chosen at
  std::shared_ptr<timer> retry_;
  bot_capacity* capacity_;  // null when the match holds no place (it ended, or no limits)
  const std::string code_;
};

// The computer player of row's bot seat, thinking on pool with cfg's limits and holding a place
// of capacity (when given) while the match runs; null when the row has none, the server runs no
// bots (pool null), or the stored seat is not valid (logged).
std::unique_ptr<bot_seat> stored_bot_seat(const match_row& row, const config& cfg, bot_pool* pool,
                                          bot_capacity* capacity, time_source& time, room_strand strand,
                                          metrics& stats);

}  // namespace tabuleiro::server

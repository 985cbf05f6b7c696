// A computer player holding one seat of a room: it decides on the bot pool, from a clone of
// the committed match, and hands its action back to the room's strand, where it enters the
// room's sequencer like a human's. It holds no connection.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "bots/bot.h"
#include "protocol/core/game.h"
#include "server/bots/pool.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"

namespace tabuleiro::server {

using room_strand = net::strand<net::io_context::executor_type>;

// How the server's bots think: per-decision limits and an answer delay (configuration).
struct bot_settings {
  bots::limits limits;        // fixed iterations (tests) or a time limit per decision
  std::int64_t delay_ms = 0;  // time on the server's clock a bot waits before it thinks
};

// The seed of the bot's decision at version: a pure function of the bot's own seed and the
// version, so a decision is reproducible for a match and version (never the match's seed).
std::uint64_t bot_decision_seed(std::uint64_t bot_seed, std::int64_t version);

// One seat played by a bot.
// Thread-safety: none; every method runs on the owning room's strand. Decisions run on the
// pool with their own clone of the match; their answers are posted back to the strand.
class bot_player {
 public:
  // Called on the room's strand with the version a decision was made at and its action.
  using deliver_fn = std::function<void(std::int64_t version, protocol::json action)>;

  bot_player(int seat, bots::level level, std::uint64_t seed, const bot_settings& settings, bot_pool& pool,
             time_source& time, room_strand strand, metrics& stats);
  // Stops a decision in progress.
  ~bot_player();

  int seat() const { return seat_; }
  bots::level level() const { return level_; }

  // m at version is the room's committed state. Starts a decision when the bot's seat may
  // act and none is running for this version; stops one made for an older version, and any
  // one when over (the match ended or the room is closing). deliver gets the answer.
  void consider(const protocol::match& m, std::int64_t version, bool over, deliver_fn deliver);

  // The answer for version reached the room: the decision is no longer running.
  void answered(std::int64_t version);

  // Stops the decision in progress, if any (its answer, if one still comes, is stale).
  void cancel();

 private:
  const int seat_;
  const bots::level level_;
  const std::uint64_t seed_;
  const bot_settings settings_;
  bot_pool& pool_;
  time_source& time_;
  room_strand strand_;
  metrics& stats_;
  std::shared_ptr<bot_ticket> ticket_;  // the decision running, or null
  std::shared_ptr<timer> delay_;        // its answer delay, while it waits
  std::int64_t version_ = -1;           // the version ticket_ decides for
};

}  // namespace tabuleiro::server

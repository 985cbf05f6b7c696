#include "server/bots/seat.h"

#include <spdlog/spdlog.h>

#include "protocol/core/json_util.h"

namespace tabuleiro::server {

bot_seat::bot_seat(std::unique_ptr<bot_player> player, metrics& stats, time_source& time, room_strand strand,
                   bot_capacity* capacity, std::string code, bool running)
    : player_(std::move(player)),
      stats_(stats),
      time_(time),
      strand_(std::move(strand)),
      capacity_(running ? capacity : nullptr),
      code_(std::move(code)) {
  if (capacity_) capacity_->hold(code_);
}

bot_seat::~bot_seat() {
  if (retry_) retry_->cancel();
  free_place();
}

void bot_seat::free_place() {
  if (capacity_) capacity_->release(code_);
  capacity_ = nullptr;
}

std::string bot_seat::level_name() const { return std::string(bots::level_name(player_->level())); }

void bot_seat::consider(const protocol::match& m, std::int64_t version, bool over, bot_player::deliver_fn deliver) {
  if (over) free_place();
  player_->consider(m, version, over, std::move(deliver));
}

bool bot_seat::take_answer(std::int64_t version, std::int64_t current, bool over) {
  player_->answered(version);
  if (version != current || over) {
    stats_.bot_stale++;
    spdlog::debug("bot of seat {}: answer for version {} dropped (now {})", seat(), version, current);
    return false;
  }
  stats_.bot_actions++;
  sent_version_ = version;
  return true;
}

bool bot_seat::think_again_after(const engine::rule_error& e, std::int64_t current, const std::string& code) {
  if (current != sent_version_) return true;
  stats_.rejected(e.code);
  spdlog::error("room {}: the bot's action at version {} was refused: {} ({})", code, sent_version_, e.code, e.message);
  return false;
}

void bot_seat::retry(std::function<void()> again) {
  if (retry_) retry_->cancel();
  retry_ = time_.call_after(storage_retry_ms, strand_, std::move(again));
}

std::unique_ptr<bot_seat> stored_bot_seat(const match_row& row, const config& cfg, bot_pool* pool,
                                          bot_capacity* capacity, time_source& time, room_strand strand,
                                          metrics& stats) {
  if (!row.bot || !pool) return nullptr;
  const auto level = bots::parse_level(row.bot->level);
  const auto seed = protocol::parse_seed(json(row.bot->seed));
  if (!level || !seed || (row.bot->seat != 1 && row.bot->seat != 2)) {
    spdlog::error("room {}: stored bot seat {} ({}) is not valid; the bot stays idle", row.code, row.bot->seat,
                  row.bot->level);
    return nullptr;
  }
  const bot_settings settings{.limits = {.iterations = cfg.bot_iterations > 0 ? std::optional<int>(cfg.bot_iterations)
                                                                              : std::nullopt,
                                         .time_limit = std::chrono::milliseconds(cfg.bot_time_ms)},
                              .delay_ms = cfg.bot_delay_ms};
  auto player = std::make_unique<bot_player>(row.bot->seat, *level, *seed, settings, *pool, time, strand, stats);
  return std::make_unique<bot_seat>(std::move(player), stats, time, std::move(strand), capacity, row.code,
                                    row.status != "finished");
}

}  // namespace tabuleiro::server

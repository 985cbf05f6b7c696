#include "server/bots/player.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "engine/core/rng.h"

namespace tabuleiro::server {

std::uint64_t bot_decision_seed(std::uint64_t bot_seed, std::int64_t version) {
  engine::rng r(bot_seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(version + 1)));
  return r.next();
}

bot_player::bot_player(int seat, bots::level level, std::uint64_t seed, const bot_settings& settings, bot_pool& pool,
                       time_source& time, room_strand strand, metrics& stats)
    : seat_(seat),
      level_(level),
      seed_(seed),
      settings_(settings),
      pool_(pool),
      time_(time),
      strand_(std::move(strand)),
      stats_(stats) {}

bot_player::~bot_player() { cancel(); }

void bot_player::consider(const protocol::match& m, std::int64_t version, bool over, deliver_fn deliver) {
  if (over) return cancel();
  if (ticket_ && version_ == version) return;
  cancel();
  const auto to_act = m.seats_to_act();
  if (std::find(to_act.begin(), to_act.end(), seat_) == to_act.end()) return;
  auto ticket = std::make_shared<bot_ticket>();
  ticket_ = ticket;
  version_ = version;
  std::shared_ptr<const protocol::match> copy = m.clone();
  auto think = [ticket, copy, version, deliver = std::move(deliver), seat = seat_, level = level_,
                limits = settings_.limits, seed = bot_decision_seed(seed_, version), &pool = pool_, strand = strand_,
                &stats = stats_] {
    if (ticket->stop) return;
    stats.bot_decisions++;
    pool.run(ticket, [ticket, copy, version, deliver, seat, level, limits, seed, strand, &pool, &stats] {
      if (ticket->stop) return;
      // The level's time counts from here, shrunk while the workers are behind (pool.h).
      bots::limits now = limits;
      if (!now.iterations) {
        now.time_limit = pool.budget(limits.time_limit);
        if (now.time_limit < limits.time_limit) stats.bot_budget_shrunk++;
      }
      auto action = bots::choose(*copy, seat, level, now, seed, ticket->stop);
      if (!action) {
        if (!ticket->stop) spdlog::warn("bot (seat {}) found no action at version {}", seat, version);
        return;
      }
      net::post(strand, [deliver, version, action = std::move(*action)] { deliver(version, action); });
    });
  };
  if (settings_.delay_ms > 0) delay_ = time_.call_after(settings_.delay_ms, strand_, std::move(think));
  else think();
}

void bot_player::answered(std::int64_t version) {
  if (version != version_) return;
  ticket_.reset();
  delay_.reset();
}

void bot_player::cancel() {
  if (delay_) delay_->cancel();
  delay_.reset();
  if (ticket_ && !ticket_->done) {
    ticket_->stop = true;
    stats_.bot_cancelled++;
  }
  ticket_.reset();
  version_ = -1;
}

}  // namespace tabuleiro::server

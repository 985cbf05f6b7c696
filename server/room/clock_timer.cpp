#include "server/room/clock_timer.h"

#include <spdlog/spdlog.h>

namespace tabuleiro::server {

match_clock stored_clock(const match_row& row) {
  std::string error;
  const auto o = parse_clock_options(row.clock, error);
  if (!o) spdlog::error("match {}: stored clock {} ignored: {}", row.code, row.clock.dump(), error);
  return match_clock(o.value_or(clock_options{}));
}

clock_timer::clock_timer(match_clock clock, time_source& time, room_strand strand, std::vector<int> to_act)
    : clock_(std::move(clock)), time_(time), strand_(std::move(strand)), to_act_(std::move(to_act)) {}

clock_timer::~clock_timer() {
  if (timer_) timer_->cancel();
}

void clock_timer::on_committed(std::int64_t at_ms, int seat, bool game_action, std::int64_t credit_ms,
                               std::vector<int> to_act, bool over) {
  if (game_action) clock_.on_action(at_ms, seat, to_act_, to_act, credit_ms);
  if (over) clock_.on_end(at_ms);
  to_act_ = std::move(to_act);
}

void clock_timer::arm(bool over, std::function<void()> due) {
  if (timer_) timer_->cancel();
  timer_.reset();
  const auto at = clock_.timer_at();
  if (!at || over) return;
  timer_ = time_.call_at(*at, strand_, std::move(due));
}

void clock_timer::retry(std::function<void()> due) {
  if (timer_) timer_->cancel();
  timer_ = time_.call_after(storage_retry_ms, strand_, std::move(due));
}

bool clock_timer::late(int seat, bool game_action, std::int64_t rtt_ms, std::int64_t& credit) {
  credit = 0;
  if (seat == 0 || !clock_.enabled()) return false;
  if (game_action) credit = clock_.credit_for(seat, rtt_ms);
  const auto flagged = clock_.flag_at(time_.now_ms(), credit);
  if (!flagged) return false;
  flagged_ = *flagged;
  return true;
}

}  // namespace tabuleiro::server

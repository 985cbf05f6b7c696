#include "server/util/rate_limit.h"

#include <algorithm>

namespace tabuleiro::server {

window_limiter::window_limiter(const time_source& time, int limit, std::int64_t window_ms)
    : time_(time), limit_(static_cast<std::size_t>(std::max(0, limit))), window_ms_(window_ms) {}

std::int64_t window_limiter::admit(const std::string& key) {
  const std::int64_t now = time_.now_ms();
  mutex_lock lock(mu_);
  auto& times = events_[key];
  while (!times.empty() && now - times.front() >= window_ms_) times.pop_front();
  if (times.size() >= limit_) {
    if (times.empty()) return std::max<std::int64_t>(1, (window_ms_ + 999) / 1000);  // limit 0
    return std::max<std::int64_t>(1, (times.front() + window_ms_ - now + 999) / 1000);
  }
  times.push_back(now);
  if (events_.size() > 100000) {  // bound the table: drop keys with no recent event
    for (auto it = events_.begin(); it != events_.end();)
      it = (it->second.empty() || now - it->second.back() >= window_ms_) ? events_.erase(it) : std::next(it);
  }
  return 0;
}

failure_backoff::failure_backoff(const time_source& time, int free_failures, std::int64_t max_wait_s,
                                 std::int64_t forget_ms)
    : time_(time), free_(std::max(0, free_failures)), max_wait_s_(max_wait_s), forget_ms_(forget_ms) {}

std::int64_t failure_backoff::wait_s(const std::string& key) const {
  const std::int64_t now = time_.now_ms();
  mutex_lock lock(mu_);
  const auto it = records_.find(key);
  if (it == records_.end() || now - it->second.last_ms >= forget_ms_) return 0;
  const int over = it->second.failures - std::max(free_, 1);
  if (over < 0) return 0;
  const std::int64_t delay_s = over >= 30 ? max_wait_s_ : std::min<std::int64_t>(max_wait_s_, std::int64_t{1} << over);
  const std::int64_t left_ms = it->second.last_ms + delay_s * 1000 - now;
  return left_ms <= 0 ? 0 : (left_ms + 999) / 1000;
}

void failure_backoff::failed(const std::string& key) {
  const std::int64_t now = time_.now_ms();
  mutex_lock lock(mu_);
  auto& r = records_[key];
  if (now - r.last_ms >= forget_ms_) r.failures = 0;
  r.failures = std::min(r.failures + 1, 1000);
  r.last_ms = now;
  if (records_.size() > 100000) {
    for (auto it = records_.begin(); it != records_.end();)
      it = now - it->second.last_ms >= forget_ms_ ? records_.erase(it) : std::next(it);
  }
}

void failure_backoff::succeeded(const std::string& key) {
  mutex_lock lock(mu_);
  records_.erase(key);
}

}  // namespace tabuleiro::server

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

}  // namespace tabuleiro::server

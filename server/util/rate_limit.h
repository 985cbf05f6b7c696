// A sliding-window limit per key: match creations per client address per minute.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>

#include "server/util/clock.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// At most limit events per window_ms for each key, on the injected clock. The table is
// bounded: past 100,000 keys, those with no event in the window are dropped.
// Thread-safety: admit may be called from any thread (one mutex, held briefly).
class window_limiter {
 public:
  window_limiter(const time_source& time, int limit, std::int64_t window_ms);

  // Records an event for key and returns 0; over the limit, records nothing and returns the
  // seconds until key's oldest event in the window leaves it (at least 1).
  std::int64_t admit(const std::string& key) EXCLUDES(mu_);

 private:
  const time_source& time_;
  const std::size_t limit_;
  const std::int64_t window_ms_;
  mutex mu_;
  std::map<std::string, std::deque<std::int64_t>> events_ GUARDED_BY(mu_);  // times, oldest first
};

}  // namespace tabuleiro::server

// Rate limits: a sliding-window limit per key (match creations per client address per
// minute), growing delays after failures (sign-in attempts) and a token bucket (a
// connection's messages per second).
#pragma once

#include <algorithm>
#include <chrono>
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

// Growing delays after failures, per key (sign-in attempts per address and per account): the
// first free_failures failures cost nothing; once that many failed, the next attempt waits 1, 2,
// 4, … seconds from the last failure (2^(n - free) after n failures; free_failures 0 counts as
// 1), at most max_wait_s. A success clears the key; a key
// with no failure for forget_ms is forgotten, and past 100,000 keys the forgotten are dropped.
// Thread-safety: every method may be called from any thread (one mutex, held briefly).
class failure_backoff {
 public:
  failure_backoff(const time_source& time, int free_failures, std::int64_t max_wait_s, std::int64_t forget_ms);

  // Seconds key must still wait before its next attempt (0: it may try now).
  std::int64_t wait_s(const std::string& key) const EXCLUDES(mu_);
  // Records a failed attempt of key.
  void failed(const std::string& key) EXCLUDES(mu_);
  // Forgets key's failures (a successful attempt).
  void succeeded(const std::string& key) EXCLUDES(mu_);

 private:
  struct record {
    int failures = 0;
    std::int64_t last_ms = 0;
  };
  const time_source& time_;
  const int free_;
  const std::int64_t max_wait_s_;
  const std::int64_t forget_ms_;
  mutable mutex mu_;
  std::map<std::string, record> records_ GUARDED_BY(mu_);
};

// rate tokens per second, up to burst, on the steady clock: a connection's message rate.
// Thread-safety: none (one connection's strand).
class token_bucket {
 public:
  using steady = std::chrono::steady_clock;
  // A full bucket at now.
  token_bucket(double rate, double burst, steady::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), refilled_(now) {}
  // Takes a token at now; false (and nothing taken) when none is left.
  bool take(steady::time_point now) {
    tokens_ = std::min(burst_, tokens_ + std::chrono::duration<double>(now - refilled_).count() * rate_);
    refilled_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  const double rate_, burst_;
  double tokens_;
  steady::time_point refilled_;
};

}  // namespace tabuleiro::server

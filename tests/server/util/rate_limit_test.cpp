// The per-key sliding window (server/util/rate_limit.h) on the injected clock: the limit within a
// window, the wait it announces, keys counted apart, and the window sliding on.
#include <catch2/catch.hpp>

#include "server/util/rate_limit.h"

using namespace tabuleiro::server;

TEST_CASE("rate limit: a key may have limit events per window, then waits for its oldest to leave") {
  manual_time time(1'000'000);
  window_limiter limiter(time, 3, 60'000);
  CHECK(limiter.admit("203.0.113.1") == 0);
  time.advance(10'000);
  CHECK(limiter.admit("203.0.113.1") == 0);
  CHECK(limiter.admit("203.0.113.1") == 0);
  // The fourth within the minute: refused until the first leaves (50 s from now), unrecorded.
  CHECK(limiter.admit("203.0.113.1") == 50);
  time.advance(49'001);
  CHECK(limiter.admit("203.0.113.1") == 1);  // a part of a second counts as a second
  // Another key has a window of its own.
  CHECK(limiter.admit("203.0.113.2") == 0);
  time.advance(999);
  CHECK(limiter.admit("203.0.113.1") == 0);   // the first left the window
  CHECK(limiter.admit("203.0.113.1") == 10);  // the next to leave: 10 s from now
  time.advance(60'000);
  for (int i = 0; i < 3; ++i) CHECK(limiter.admit("203.0.113.1") == 0);
}

TEST_CASE("rate limit: a token bucket allows its burst, then its rate") {
  using namespace std::chrono_literals;
  const auto t = std::chrono::steady_clock::time_point{} + 1h;
  token_bucket bucket(10, 3, t);
  for (int i = 0; i < 3; ++i) CHECK(bucket.take(t));
  CHECK_FALSE(bucket.take(t));
  CHECK_FALSE(bucket.take(t + 99ms));  // 0.99 of a token
  CHECK(bucket.take(t + 100ms));       // one token per 100 ms
  CHECK_FALSE(bucket.take(t + 100ms));
  CHECK(bucket.take(t + 10s));  // a long pause refills up to the burst only
  CHECK(bucket.take(t + 10s));
  CHECK(bucket.take(t + 10s));
  CHECK_FALSE(bucket.take(t + 10s));
}

TEST_CASE("rate limit: failures past the free ones wait 1, 2, 4 … seconds, up to the most, until a success") {
  manual_time time(1'000'000);
  failure_backoff backoff(time, 2, 8, 3'600'000);
  CHECK(backoff.wait_s("u:gina") == 0);
  backoff.failed("u:gina");
  CHECK(backoff.wait_s("u:gina") == 0);
  backoff.failed("u:gina");
  CHECK(backoff.wait_s("u:gina") == 1);  // two free failures: the third attempt waits
  time.advance(400);
  CHECK(backoff.wait_s("u:gina") == 1);  // 0.6 s left counts as a second
  time.advance(600);
  CHECK(backoff.wait_s("u:gina") == 0);
  backoff.failed("u:gina");
  CHECK(backoff.wait_s("u:gina") == 2);
  backoff.failed("u:gina");
  CHECK(backoff.wait_s("u:gina") == 4);
  for (int i = 0; i < 40; ++i) backoff.failed("u:gina");
  CHECK(backoff.wait_s("u:gina") == 8);  // capped
  CHECK(backoff.wait_s("u:hugo") == 0);  // keys apart
  backoff.succeeded("u:gina");
  CHECK(backoff.wait_s("u:gina") == 0);
  // Failures an hour old are forgotten.
  for (int i = 0; i < 5; ++i) backoff.failed("a:10.0.0.1");
  CHECK(backoff.wait_s("a:10.0.0.1") > 0);
  time.advance(3'600'000);
  CHECK(backoff.wait_s("a:10.0.0.1") == 0);
  backoff.failed("a:10.0.0.1");
  CHECK(backoff.wait_s("a:10.0.0.1") == 0);  // counting starts over
}

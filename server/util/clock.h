// Time for the server, injected (LevelDB's Env is the model): every "now" and every timer of
// rooms, abandonment and sweeps goes through a time_source, so tests move time on demand.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>

#include <boost/asio/any_io_executor.hpp>

#include "server/util/mutex.h"

namespace tabuleiro::server {

namespace net = boost::asio;

// A one-shot timer made by a time_source; cancel() stops it firing (idempotent). Dropping
// the handle does not cancel.
// Thread-safety: cancel() may be called from any thread.
class timer {
 public:
  virtual ~timer() = default;
  // Prevents the callback from running, if it has not started yet.
  virtual void cancel() = 0;
};

// The server's clock and timer source.
// Thread-safety: every method may be called from any thread.
class time_source {
 public:
  virtual ~time_source() = default;
  // Unix milliseconds now.
  virtual std::int64_t now_ms() const = 0;
  // Posts fn to ex once now_ms() >= at_ms (soon, when at_ms is already past).
  virtual std::shared_ptr<timer> call_at(std::int64_t at_ms, net::any_io_executor ex, std::function<void()> fn) = 0;
  // call_at(now_ms() + delay_ms, ex, fn).
  std::shared_ptr<timer> call_after(std::int64_t delay_ms, net::any_io_executor ex, std::function<void()> fn) {
    return call_at(now_ms() + delay_ms, std::move(ex), std::move(fn));
  }
};

// The real clock: the system clock for "now", Asio steady timers for waiting.
std::unique_ptr<time_source> system_time();

// A clock that moves only when told (tests; `tabuleiro serve --test-clock`). It starts at
// start_ms and fires due timers, in deadline order, when advanced.
// Thread-safety: every method may be called from any thread.
class manual_time final : public time_source {
 public:
  explicit manual_time(std::int64_t start_ms);
  std::int64_t now_ms() const EXCLUDES(mu_) override;
  std::shared_ptr<timer> call_at(std::int64_t at_ms, net::any_io_executor ex, std::function<void()> fn)
      EXCLUDES(mu_) override;
  // Moves time forward by ms (≥ 0) and posts every timer that became due. Returns the new now.
  std::int64_t advance(std::int64_t ms) EXCLUDES(mu_);
  // Timers armed and neither fired nor cancelled.
  std::size_t pending() const EXCLUDES(mu_);

 private:
  struct entry;
  mutable mutex mu_;
  std::int64_t now_ GUARDED_BY(mu_);
  std::multimap<std::int64_t, std::shared_ptr<entry>> due_ GUARDED_BY(mu_);
};

}  // namespace tabuleiro::server

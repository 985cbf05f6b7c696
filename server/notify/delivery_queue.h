// What outbound notification deliveries share (Web Push's push_sender.h, webhooks'
// webhook_sender.h): a worker strand of their own, the outbound client, a bound on the
// deliveries pending, and the pacing of retries: 429, a 5xx or no answer is tried again after
// Retry-After (clamped) or a backoff, up to a number of attempts. Callers only hand work over.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/notify/outbound.h"
#include "server/util/clock.h"

namespace tabuleiro::server::notify {

// How deliveries are paced.
struct push_pacing {
  int attempts = 3;                         // per message and recipient, the first included
  std::int64_t first_retry_ms = 30'000;     // without Retry-After: 30 s, then 4× that
  std::int64_t min_retry_after_ms = 1'000;  // a Retry-After is clamped to [1 s, 1 h]
  std::int64_t max_retry_after_ms = 3'600'000;
  std::size_t max_pending = 10'000;  // deliveries queued or waiting to retry; past it notices are dropped
  int ttl_s = 24 * 3600;             // how long a push service keeps a message for an offline browser
};

// The delay before attempt number `attempt` (2 or more) after an answer whose Retry-After
// header was retry_after: its seconds, clamped; without one (or with an HTTP date, which is not
// read) first_retry_ms, times 4 for each attempt after the second.
std::int64_t push_retry_delay_ms(const push_pacing& p, int attempt, const std::string& retry_after);

// Whether an answer is worth another attempt: 429, a 5xx, or none at all (unless the request
// was refused before it was sent: an internal address stays one).
inline bool transient_answer(const outbound_answer& a) {
  return !a.refused && (a.status == 0 || a.status == 429 || a.status >= 500);
}

// A worker that sends deliveries and paces their retries.
// Thread-safety: submit() may be called from any thread; deliver() only on the worker.
class delivery_queue {
 public:
  using worker_type = boost::asio::strand<boost::asio::thread_pool::executor_type>;
  // The request of one attempt (1, 2, …); made anew for each (a fresh token or signature).
  using request_maker = std::function<outbound_request(int attempt)>;
  // One attempt's answer; again: whether another attempt follows.
  using outcome_fn = std::function<void(const outbound_answer& a, int attempt, bool again)>;

  delivery_queue(outbound_policy policy, time_source& time, push_pacing pacing);
  // Stops: requests in flight and retries still waiting are dropped.
  ~delivery_queue();
  delivery_queue(const delivery_queue&) = delete;
  delivery_queue& operator=(const delivery_queue&) = delete;

  // Runs job on the worker and answers true; false (nothing runs) when stopping or when
  // max_pending deliveries are pending already.
  bool submit(std::function<void()> job);
  // (worker) Sends make(1) and tells outcome each answer; a transient one (transient_answer)
  // with attempts left is sent again as make(n) after push_retry_delay_ms.
  void deliver(request_maker make, outcome_fn outcome);
  // The worker's executor.
  worker_type& worker() { return worker_; }
  const push_pacing& pacing() const { return pacing_; }

 private:
  struct delivery;
  void attempt(std::shared_ptr<delivery> d);
  void on_answer(std::shared_ptr<delivery> d, outbound_answer a);

  time_source& time_;
  push_pacing pacing_;
  boost::asio::thread_pool pool_{1};
  worker_type worker_{pool_.get_executor()};
  std::map<delivery*, std::shared_ptr<timer>> waiting_;  // retries armed (worker only)
  std::atomic<std::size_t> pending_{0};                  // jobs not run yet plus deliveries not over
  std::atomic<bool> stopping_{false};
  std::unique_ptr<outbound_client> out_;  // stopped first (its answers post to the worker)
};

}  // namespace tabuleiro::server::notify

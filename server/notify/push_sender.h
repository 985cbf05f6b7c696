// Web Push delivery (RFC 8030): a notice for a member becomes one encrypted message (RFC 8291)
// per browser they subscribed, each signed for its push service with the server's VAPID key
// (RFC 8292) and posted by the outbound client. A push service's 404 or 410 deletes the
// subscription; 429, a 5xx or no answer is tried again after Retry-After (clamped) or a
// backoff, three attempts in all. Nothing here runs on a caller's thread: a room hands a notice
// over and goes on.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/notify/notice.h"
#include "server/notify/outbound.h"
#include "server/notify/push_crypto.h"
#include "server/notify/push_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"

namespace tabuleiro::server::notify {

// How deliveries are paced.
struct push_pacing {
  int attempts = 3;                         // per message and browser, the first included
  std::int64_t first_retry_ms = 30'000;     // without Retry-After: 30 s, then 4× that
  std::int64_t min_retry_after_ms = 1'000;  // a Retry-After is clamped to [1 s, 1 h]
  std::int64_t max_retry_after_ms = 3'600'000;
  std::size_t max_pending = 10'000;         // deliveries queued or waiting to retry; past it notices are dropped
  int ttl_s = 24 * 3600;                    // how long a push service keeps a message for an offline browser
};

// The delay before attempt number `attempt` (2 or more) after an answer whose Retry-After
// header was retry_after: its seconds, clamped; without one (or with an HTTP date, which is not
// read) first_retry_ms, times 4 for each attempt after the second.
std::int64_t push_retry_delay_ms(const push_pacing& p, int attempt, const std::string& retry_after);

// Sends members' notices to their browsers.
// Thread-safety: send() may be called from any thread; the rest runs on the sender's worker.
class push_sender {
 public:
  // subject: the VAPID contact (a mailto: or https: URL) push services may write to; policy:
  // what its outbound requests may do.
  push_sender(store& db, outbound_policy policy, p256_key vapid, std::string subject, time_source& time,
              metrics& stats, push_pacing pacing = {});
  // Stops: requests in flight and retries still waiting are dropped.
  ~push_sender();
  push_sender(const push_sender&) = delete;
  push_sender& operator=(const push_sender&) = delete;

  // Queues n for its member's browsers, if they chose its kind; never blocks (past
  // max_pending deliveries it is dropped and counted).
  void send(match_notice n);

 private:
  struct delivery;
  // Reads n's member's choice, language and subscriptions, then delivers to each (worker).
  void do_send(const match_notice& n);
  // Posts attempt d->attempt of d (worker); on_answer follows on the worker.
  void do_deliver(std::shared_ptr<delivery> d);
  void on_answer(std::shared_ptr<delivery> d, outbound_answer a);
  // One delivery (or a notice with nothing to deliver) is over.
  void finish() { --pending_; }

  store& db_;
  p256_key vapid_;
  std::string subject_;
  time_source& time_;
  metrics& stats_;
  push_pacing pacing_;
  boost::asio::thread_pool pool_{1};
  boost::asio::strand<boost::asio::thread_pool::executor_type> worker_{pool_.get_executor()};
  std::map<delivery*, std::shared_ptr<timer>> waiting_;  // retries armed (worker only)
  std::atomic<std::size_t> pending_{0};  // notices not read yet plus deliveries not over
  std::atomic<bool> stopping_{false};
  std::unique_ptr<outbound_client> out_;  // stopped first (its answers post to the worker)
};

}  // namespace tabuleiro::server::notify

// Web Push delivery (RFC 8030): a notice for a member becomes one encrypted message (RFC 8291)
// per browser they subscribed, each signed for its push service with the server's VAPID key
// (RFC 8292) and posted by the outbound client. A push service's 404 or 410 deletes the
// subscription; 429, a 5xx or no answer is tried again after Retry-After (clamped) or a
// backoff, three attempts in all (delivery_queue.h). Nothing here runs on a caller's thread: a
// room hands a notice over and goes on.
#pragma once

#include <memory>
#include <string>

#include "server/notify/delivery_queue.h"
#include "server/notify/notice.h"
#include "server/notify/push_crypto.h"
#include "server/notify/push_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"

namespace tabuleiro::server::notify {

// Sends members' notices to their browsers.
// Thread-safety: send() may be called from any thread; the rest runs on the sender's worker.
class push_sender {
 public:
  // subject: the VAPID contact (a mailto: or https: URL) push services may write to; policy:
  // what its outbound requests may do.
  push_sender(store& db, outbound_policy policy, p256_key vapid, std::string subject, time_source& time, metrics& stats,
              push_pacing pacing = {});
  // Stops: requests in flight and retries still waiting are dropped.
  ~push_sender();
  push_sender(const push_sender&) = delete;
  push_sender& operator=(const push_sender&) = delete;

  // Queues n for its member's browsers, if they chose its kind; never blocks (past
  // max_pending deliveries it is dropped and counted).
  void send(match_notice n);

 private:
  // Reads n's member's choice, language and subscriptions, then delivers to each (worker).
  void do_send(const match_notice& n);
  // The outcome of one attempt to deliver to sub (worker).
  void on_outcome(const push_subscription& sub, const outbound_answer& a, int attempt, bool again);

  store& db_;
  p256_key vapid_;
  std::string subject_;
  time_source& time_;
  metrics& stats_;
  delivery_queue queue_;  // stopped first (its jobs and answers refer to the members above)
};

}  // namespace tabuleiro::server::notify

// Process-wide counters rendered in the Prometheus text exposition format.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "server/util/mutex.h"

namespace tabuleiro::server {

// Counters, gauges and the commit-latency histogram of one server.
// Thread-safety: every method may be called from any thread (atomics; a mutex for labelled maps).
class metrics {
 public:
  // Upper bounds (seconds) of the commit-latency histogram buckets; +Inf is implicit.
  static constexpr std::array<double, 10> commit_buckets = {0.001, 0.002, 0.005, 0.01, 0.025,
                                                            0.05,  0.1,   0.25,  0.5,  1.0};

  std::atomic<std::int64_t> ws_open{0};                       // WebSocket connections open now
  std::atomic<std::uint64_t> ws_total{0};                     // WebSocket connections accepted
  std::atomic<std::int64_t> rooms{0};                         // rooms held in memory now
  std::atomic<std::uint64_t> matches_created{0};              // matches created
  std::atomic<std::uint64_t> matches_published{0};            // finished matches published after offline play
  std::atomic<std::uint64_t> matches_refused_maintenance{0};  // new matches refused: maintenance on
  std::atomic<std::uint64_t> actions_accepted{0};             // state changes acknowledged
  std::atomic<std::uint64_t> messages_sent{0};                // WebSocket messages written
  std::atomic<std::uint64_t> bytes_sent{0};                   // WebSocket payload bytes written
  std::atomic<std::uint64_t> http_requests{0};                // HTTP requests answered
  std::atomic<std::int64_t> http_in_flight{0};                // HTTP requests whose header arrived, not yet answered
  std::atomic<std::uint64_t> slow_closed{0};                  // connections closed for a full write queue
  std::atomic<std::uint64_t> bot_decisions{0};                // bot decisions started
  std::atomic<std::uint64_t> bot_actions{0};                  // bot actions handed to the sequencer
  std::atomic<std::uint64_t> bot_cancelled{0};                // bot decisions stopped before they answered
  std::atomic<std::uint64_t> bot_budget_shrunk{0};            // bot decisions given less time, the workers being behind
  std::atomic<std::uint64_t> bot_stale{0};                    // bot answers dropped: the version moved on
  std::atomic<std::uint64_t> push_sent{0};                    // Web Push messages a push service accepted
  std::atomic<std::uint64_t> push_retried{0};                 // Web Push messages tried again (429, 5xx, no answer)
  std::atomic<std::uint64_t> push_gone{0};        // subscriptions deleted: their push service said 404 or 410
  std::atomic<std::uint64_t> push_failed{0};      // Web Push messages given up
  std::atomic<std::uint64_t> push_dropped{0};     // notices dropped: too many deliveries pending
  std::atomic<std::uint64_t> webhook_sent{0};     // webhook deliveries answered 2xx
  std::atomic<std::uint64_t> webhook_retried{0};  // webhook deliveries tried again (429, 5xx, no answer)
  std::atomic<std::uint64_t> webhook_failed{
      0};  // webhook deliveries given up (a redirect, another status, attempts spent)
  std::atomic<std::uint64_t> webhook_dropped{0};  // webhook deliveries dropped: too many pending, or over a URL's limit
  std::atomic<std::int64_t> leases_held{0};       // cluster: match leases this node held at its last renewal
  std::atomic<std::uint64_t> leases_claimed{0};   // cluster: match leases this node claimed
  std::atomic<std::uint64_t> leases_lost{0};      // cluster: rooms dropped because their lease was lost
  std::atomic<std::uint64_t> leases_handed_over{0};  // cluster: rooms handed over to the node that asked
  std::atomic<std::uint64_t> leases_taken_over{
      0};  // cluster: claims of a lease another node let lapse (that node was lost)
  std::atomic<std::int64_t> handovers_declined{
      0};  // cluster: wanted matches kept at the last renewal, their clients connected here
  std::atomic<std::uint64_t> relays_opened{0};  // cluster: connections relayed to the node that holds their match
  std::atomic<std::int64_t> relays_open{0};     // cluster: relayed connections open now
  std::atomic<std::uint64_t> relay_failures{
      0};  // cluster: relays whose holder could not be reached (served here instead)
  std::atomic<std::uint64_t> readiness_failed{0};  // /readyz answers that were not ready

  // Counts one refused request under its error code.
  void rejected(const std::string& code) EXCLUDES(mu_);

  // Records one committed batch of writes and its latency in seconds.
  void committed(std::size_t writes, double seconds) EXCLUDES(mu_);

  // The whole exposition, text/plain; version=0.0.4.
  std::string render() const EXCLUDES(mu_);

  // Adds the lines extra renders (samples other parts own: the build, the database's health)
  // after the built-in ones. Set once, before the server serves; constant afterwards.
  void set_extra(std::function<std::string()> extra) { extra_ = std::move(extra); }

 private:
  std::function<std::string()> extra_;
  mutable mutex mu_;
  std::map<std::string, std::uint64_t> rejected_ GUARDED_BY(mu_);
  std::array<std::uint64_t, commit_buckets.size()> bucket_counts_ GUARDED_BY(mu_) = {};
  std::uint64_t commit_count_ GUARDED_BY(mu_) = 0;
  std::uint64_t commit_writes_ GUARDED_BY(mu_) = 0;
  double commit_sum_ GUARDED_BY(mu_) = 0;
};

}  // namespace tabuleiro::server

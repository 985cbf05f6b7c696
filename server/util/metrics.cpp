#include "server/util/metrics.h"

#include <sstream>

namespace tabuleiro::server {

void metrics::rejected(const std::string& code) {
  mutex_lock lock(mu_);
  ++rejected_[code];
}

void metrics::committed(std::size_t writes, double seconds) {
  mutex_lock lock(mu_);
  ++commit_count_;
  commit_writes_ += writes;
  commit_sum_ += seconds;
  for (std::size_t i = 0; i < commit_buckets.size(); ++i)
    if (seconds <= commit_buckets[i]) ++bucket_counts_[i];
}

std::string metrics::render() const {
  std::ostringstream o;
  auto counter = [&](const char* name, const char* help, const char* type, auto value) {
    o << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n' << name << ' ' << value << '\n';
  };
  counter("tabuleiro_connections", "WebSocket connections open now.", "gauge", ws_open.load());
  counter("tabuleiro_connections_total", "WebSocket connections accepted.", "counter", ws_total.load());
  counter("tabuleiro_rooms", "Rooms held in memory.", "gauge", rooms.load());
  counter("tabuleiro_matches_created_total", "Matches created.", "counter", matches_created.load());
  counter("tabuleiro_matches_refused_maintenance_total",
          "New matches refused because maintenance is on (created, rematches, lobby and pairings).", "counter",
          matches_refused_maintenance.load());
  counter("tabuleiro_matches_published_total", "Finished matches published after offline play.", "counter",
          matches_published.load());
  counter("tabuleiro_actions_accepted_total", "State changes acknowledged after commit.", "counter",
          actions_accepted.load());
  counter("tabuleiro_messages_sent_total", "WebSocket messages sent.", "counter", messages_sent.load());
  counter("tabuleiro_bytes_sent_total", "WebSocket payload bytes sent.", "counter", bytes_sent.load());
  counter("tabuleiro_http_requests_total", "HTTP requests answered.", "counter", http_requests.load());
  counter("tabuleiro_http_requests_in_flight",
          "HTTP requests whose header arrived and whose answer is not written yet.", "gauge", http_in_flight.load());
  counter("tabuleiro_slow_clients_closed_total", "Connections closed because their write queue was full.", "counter",
          slow_closed.load());
  counter("tabuleiro_bot_decisions_total", "Bot decisions started.", "counter", bot_decisions.load());
  counter("tabuleiro_bot_actions_total", "Bot actions submitted to their match.", "counter", bot_actions.load());
  counter("tabuleiro_bot_cancelled_total", "Bot decisions stopped before they answered.", "counter",
          bot_cancelled.load());
  counter("tabuleiro_bot_budget_shrunk_total", "Bot decisions given less time because the bot workers were behind.",
          "counter", bot_budget_shrunk.load());
  counter("tabuleiro_bot_stale_total", "Bot answers dropped because the match moved on.", "counter", bot_stale.load());
  counter("tabuleiro_push_sent_total", "Web Push messages a push service accepted.", "counter", push_sent.load());
  counter("tabuleiro_push_retried_total", "Web Push messages tried again after 429, a 5xx or no answer.", "counter",
          push_retried.load());
  counter("tabuleiro_push_gone_total", "Push subscriptions deleted because their push service said 404 or 410.",
          "counter", push_gone.load());
  counter("tabuleiro_push_failed_total", "Web Push messages given up.", "counter", push_failed.load());
  counter("tabuleiro_push_dropped_total", "Notices dropped because too many deliveries were pending.", "counter",
          push_dropped.load());
  counter("tabuleiro_webhook_sent_total", "Webhook deliveries answered with a 2xx status.", "counter",
          webhook_sent.load());
  counter("tabuleiro_webhook_retried_total", "Webhook deliveries tried again after 429, a 5xx or no answer.", "counter",
          webhook_retried.load());
  counter("tabuleiro_webhook_failed_total",
          "Webhook deliveries given up (a redirect or another status, or attempts spent).", "counter",
          webhook_failed.load());
  counter("tabuleiro_webhook_dropped_total",
          "Webhook deliveries dropped: too many pending, or over the URL's deliveries a minute.", "counter",
          webhook_dropped.load());
  counter("tabuleiro_leases_held", "Cluster: match leases this node held at its last renewal.", "gauge",
          leases_held.load());
  counter(
      "tabuleiro_leases_claimed_total",
      "Cluster: match leases this node claimed (fresh, lapsed or given up; those taken from a lost node are also counted apart).",
      "counter", leases_claimed.load());
  counter("tabuleiro_leases_lost_total", "Cluster: rooms dropped because another node took their lease.", "counter",
          leases_lost.load());
  counter("tabuleiro_leases_handed_over_total", "Cluster: rooms handed over to the node their clients reach.",
          "counter", leases_handed_over.load());
  counter("tabuleiro_leases_taken_over_total",
          "Cluster: leases claimed from another node that let them lapse without giving them up (a node lost).",
          "counter", leases_taken_over.load());
  counter(
      "tabuleiro_lease_handovers_declined",
      "Cluster: matches another node asked for that this node kept at its last renewal, their clients being connected here.",
      "gauge", handovers_declined.load());
  counter("tabuleiro_relays_opened_total", "Cluster: connections this node relayed to the node that holds their match.",
          "counter", relays_opened.load());
  counter("tabuleiro_relays_open", "Cluster: relayed connections open now.", "gauge", relays_open.load());
  counter("tabuleiro_relay_failures_total",
          "Cluster: relays whose holder could not be reached (the connection was served here instead).", "counter",
          relay_failures.load());
  counter("tabuleiro_readiness_failed_total", "Readiness checks (/readyz) answered not ready.", "counter",
          readiness_failed.load());
  mutex_lock lock(mu_);
  o << "# HELP tabuleiro_actions_rejected_total Requests refused, by error code.\n"
       "# TYPE tabuleiro_actions_rejected_total counter\n";
  for (const auto& [code, n] : rejected_)
    o << "tabuleiro_actions_rejected_total{code=\"" << code << "\"} " << n << '\n';
  o << "# HELP tabuleiro_commit_seconds Time from queuing a write to its group commit.\n"
       "# TYPE tabuleiro_commit_seconds histogram\n";
  for (std::size_t i = 0; i < commit_buckets.size(); ++i)
    o << "tabuleiro_commit_seconds_bucket{le=\"" << commit_buckets[i] << "\"} " << bucket_counts_[i] << '\n';
  o << "tabuleiro_commit_seconds_bucket{le=\"+Inf\"} " << commit_count_ << '\n'
    << "tabuleiro_commit_seconds_sum " << commit_sum_ << '\n'
    << "tabuleiro_commit_seconds_count " << commit_count_ << '\n';
  o << "# HELP tabuleiro_commit_writes_total Writes committed.\n"
       "# TYPE tabuleiro_commit_writes_total counter\n"
    << "tabuleiro_commit_writes_total " << commit_writes_ << '\n';
  if (extra_) o << extra_();
  return o.str();
}

}  // namespace tabuleiro::server

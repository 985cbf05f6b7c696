// Webhook delivery: a notice for a member becomes one JSON POST to each of their webhooks that
// chose its event, signed with the webhook's secret (HMAC-SHA-256 over "<t>.<body>", in
// Tabuleiro-Signature with the time t) and posted by the outbound client with the pacing Web
// Push uses (delivery_queue.h): 2xx is delivered; 429, a 5xx or no answer is tried again; any
// other answer (a redirect too: it is never followed) fails. Each URL takes at most a number of
// deliveries a minute; past it they are dropped. Every attempt's outcome is recorded on the
// webhook's row. Nothing runs on a caller's thread: a room hands a notice over and goes on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/notify/delivery_queue.h"
#include "server/notify/notice.h"
#include "server/notify/webhook_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server::notify {

// Lower-case hex HMAC-SHA-256 of message under key (RFC 2104, OpenSSL).
std::string hmac_sha256_hex(std::string_view key, std::string_view message);
// The Tabuleiro-Signature header of body sent at unix second t_s:
// "t=<t_s>,v1=<hmac_sha256_hex(secret, "<t_s>." + body)>"; the key is the secret's text as shown.
std::string webhook_signature(std::string_view secret, std::int64_t t_s, std::string_view body);

// The JSON body of n's delivery: {"event","delivery","at","match" (or "challenge"),"game",
// "opponent","outcome"?,"left_s"?,"reminder"?,"link","title","body"}, worded in language;
// link is public_url + the page's path (the path alone when public_url is "").
nlohmann::json webhook_body(const match_notice& n, std::string_view delivery, std::int64_t at_ms,
                            std::string_view language, std::string_view public_url);
// The body of a test delivery: {"event":"ping","delivery","at","link","title","body"}.
nlohmann::json webhook_ping_body(std::string_view delivery, std::int64_t at_ms, std::string_view language,
                                 std::string_view public_url);

// How many deliveries one URL takes a minute (its own limit, whoever's webhooks they are).
inline constexpr int webhook_deliveries_per_minute = 30;

// Sends members' notices to their webhooks.
// Thread-safety: send() and ping() may be called from any thread; the rest runs on the worker.
class webhook_sender {
 public:
  // public_url: --public-url ("" = none; links are then paths); policy: what its outbound
  // requests may do.
  webhook_sender(store& db, outbound_policy policy, std::string public_url, time_source& time, metrics& stats,
                 int per_url_per_minute = webhook_deliveries_per_minute, push_pacing pacing = {});
  // Stops: requests in flight and retries still waiting are dropped.
  ~webhook_sender();
  webhook_sender(const webhook_sender&) = delete;
  webhook_sender& operator=(const webhook_sender&) = delete;

  // Queues n for its member's webhooks that chose its kind; never blocks (past max_pending it
  // is dropped and counted).
  void send(match_notice n);
  // Queues a test delivery (event "ping") to hook, worded in language; false when dropped.
  bool ping(webhook_row hook, std::string language);

 private:
  // Reads n's member's webhooks and language, then delivers to those that chose it (worker).
  void do_send(const match_notice& n);
  // Delivers body (of event) to hook unless its URL is over its limit (worker).
  void deliver(const webhook_row& hook, std::string event, const nlohmann::json& body);
  // Records an attempt's outcome on webhook id's row (any thread; never waits).
  void record(std::int64_t id, int status, std::string error);

  store& db_;
  std::string public_url_;
  time_source& time_;
  metrics& stats_;
  const int per_url_limit_;
  window_limiter per_url_;
  delivery_queue queue_;  // stopped first (its jobs and answers refer to the members above)
};

}  // namespace tabuleiro::server::notify

// Web Push delivery (see push_sender.h).
#include "server/notify/push_sender.h"

#include <spdlog/spdlog.h>

#include "protocol/core/push_messages.h"
#include "server/store/connection.h"

namespace tabuleiro::server::notify {

push_sender::push_sender(store& db, outbound_policy policy, p256_key vapid, std::string subject, time_source& time,
                         metrics& stats, push_pacing pacing)
    : db_(db),
      vapid_(std::move(vapid)),
      subject_(std::move(subject)),
      time_(time),
      stats_(stats),
      queue_(std::move(policy), time, pacing) {}

push_sender::~push_sender() = default;

void push_sender::send(match_notice n) {
  if (!queue_.submit([this, n = std::move(n)] { do_send(n); })) stats_.push_dropped++;
}

void push_sender::do_send(const match_notice& n) {
  std::vector<push_subscription> subs;
  int mask = 0;
  std::string language;
  const read_status s = db_.run_read("reading push subscriptions", [&](sql_connection& c, std::string& error) {
    return read_push_settings(c, n.user_id, subs, mask, language, error);
  });
  if (s != read_status::found || !(mask & n.kind) || subs.empty()) return;
  protocol::messages::push_notice_fields fields{
      n.reminder ? "reminder" : notify_kind_name(n.kind), n.code, n.game, n.opponent, n.outcome, n.left_s};
  const std::string payload = protocol::messages::push_payload(fields, language).dump();
  const std::string urgency = n.kind == notify_low_time ? "high" : "normal";
  for (auto& sub : subs) {
    const auto p256dh = from_base64url(sub.p256dh);
    const auto auth = from_base64url(sub.auth);
    std::optional<std::string> body;
    if (p256dh && auth) body = encrypt_push(payload, push_keys{*p256dh, *auth});
    const auto audience = push_audience(sub.endpoint);
    if (!body || !audience) {  // stored keys that are not a subscription's: nothing can reach that browser
      stats_.push_failed++;
      continue;
    }
    auto make = [this, endpoint = sub.endpoint, audience = *audience, body = std::move(*body), urgency](int) {
      // A token valid for 12 hours (RFC 8292 allows up to 24).
      const std::int64_t expires_s = time_.now_ms() / 1000 + 12 * 3600;
      outbound_request r;
      r.url = endpoint;
      r.headers = {{"Authorization", vapid_authorization(vapid_, vapid_token(vapid_, audience, expires_s, subject_))},
                   {"Content-Encoding", "aes128gcm"},
                   {"Content-Type", "application/octet-stream"},
                   {"TTL", std::to_string(queue_.pacing().ttl_s)},
                   {"Urgency", urgency}};
      r.body = body;
      return r;
    };
    queue_.deliver(std::move(make), [this, sub](const outbound_answer& a, int attempt, bool again) {
      on_outcome(sub, a, attempt, again);
    });
  }
}

void push_sender::on_outcome(const push_subscription& sub, const outbound_answer& a, int attempt, bool again) {
  const std::string origin = push_audience(sub.endpoint).value_or("?");  // never the whole endpoint: it is a secret
  if (a.status >= 200 && a.status < 300) {
    stats_.push_sent++;
    return;
  }
  if (a.status == 404 || a.status == 410) {  // the browser's subscription is gone
    stats_.push_gone++;
    db_.queue_write(forget_push_endpoint_work(sub.endpoint), [](write_status s) {
      if (s != write_status::ok) spdlog::warn("push: could not forget a subscription ({})", write_status_name(s));
    });
    return;
  }
  if (again) {
    stats_.push_retried++;
    return;
  }
  stats_.push_failed++;
  spdlog::warn("push: {} refused a message for member {} after {} attempt(s): {}", origin, sub.user_id, attempt,
               a.status ? std::to_string(a.status) : a.error);
}

}  // namespace tabuleiro::server::notify

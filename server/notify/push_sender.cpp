// Web Push delivery (see push_sender.h).
#include "server/notify/push_sender.h"

#include <algorithm>
#include <charconv>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/push_messages.h"
#include "server/store/connection.h"

namespace tabuleiro::server::notify {

namespace net = boost::asio;

namespace {

// The notify_choice name of a notify_kind.
const char* kind_name(int kind) {
  switch (kind) {
    case notify_turn: return "turn";
    case notify_started: return "started";
    case notify_low_time: return "low_time";
    case notify_challenge: return "challenge";
    default: return "result";
  }
}

}  // namespace

// One message on its way to one browser.
struct push_sender::delivery {
  push_subscription sub;
  std::string body;     // encrypted
  std::string urgency;  // "normal" | "high"
  int attempt = 1;
};

std::int64_t push_retry_delay_ms(const push_pacing& p, int attempt, const std::string& retry_after) {
  std::int64_t seconds = 0;
  const char* end = retry_after.data() + retry_after.size();
  if (!retry_after.empty() && std::from_chars(retry_after.data(), end, seconds).ptr == end && seconds >= 0)
    return std::clamp(seconds * 1000, p.min_retry_after_ms, p.max_retry_after_ms);
  std::int64_t delay = p.first_retry_ms;
  for (int i = 2; i < attempt; ++i) delay *= 4;
  return delay;
}

push_sender::push_sender(store& db, outbound_policy policy, p256_key vapid, std::string subject,
                         time_source& time, metrics& stats, push_pacing pacing)
    : db_(db),
      vapid_(std::move(vapid)),
      subject_(std::move(subject)),
      time_(time),
      stats_(stats),
      pacing_(pacing),
      out_(std::make_unique<outbound_client>(std::move(policy))) {}

push_sender::~push_sender() {
  stopping_ = true;
  out_.reset();  // no answer comes after this
  net::post(worker_, [this] {
    for (auto& [d, t] : waiting_) t->cancel();
    waiting_.clear();
  });
  pool_.join();
}

void push_sender::send(match_notice n) {
  if (stopping_) return;
  if (++pending_ > pacing_.max_pending) {
    --pending_;
    stats_.push_dropped++;
    return;
  }
  net::post(worker_, [this, n = std::move(n)] {
    do_send(n);
    finish();
  });
}

void push_sender::do_send(const match_notice& n) {
  std::vector<push_subscription> subs;
  int mask = 0;
  std::string language;
  const read_status s = db_.run_read("reading push subscriptions", [&](sql_connection& c, std::string& error) {
    return read_push_settings(c, n.user_id, subs, mask, language, error);
  });
  if (s != read_status::found || !(mask & n.kind) || subs.empty()) return;
  protocol::messages::push_notice_fields fields{n.reminder ? "reminder" : kind_name(n.kind), n.code, n.game,
                                               n.opponent, n.outcome, n.left_s};
  const std::string payload = protocol::messages::push_payload(fields, language).dump();
  for (auto& sub : subs) {
    const auto p256dh = from_base64url(sub.p256dh);
    const auto auth = from_base64url(sub.auth);
    std::optional<std::string> body;
    if (p256dh && auth) body = encrypt_push(payload, push_keys{*p256dh, *auth});
    if (!body) {  // stored keys that are not a subscription's: nothing can reach that browser
      stats_.push_failed++;
      continue;
    }
    auto d = std::make_shared<delivery>();
    d->sub = std::move(sub);
    d->body = std::move(*body);
    d->urgency = n.kind == notify_low_time ? "high" : "normal";
    ++pending_;
    do_deliver(std::move(d));
  }
}

void push_sender::do_deliver(std::shared_ptr<delivery> d) {
  if (stopping_) return finish();
  const auto audience = push_audience(d->sub.endpoint);
  if (!audience) {
    stats_.push_failed++;
    return finish();
  }
  // A token valid for 12 hours (RFC 8292 allows up to 24).
  const std::int64_t expires_s = time_.now_ms() / 1000 + 12 * 3600;
  outbound_request r;
  r.url = d->sub.endpoint;
  r.headers = {{"Authorization", vapid_authorization(vapid_, vapid_token(vapid_, *audience, expires_s, subject_))},
               {"Content-Encoding", "aes128gcm"},
               {"Content-Type", "application/octet-stream"},
               {"TTL", std::to_string(pacing_.ttl_s)},
               {"Urgency", d->urgency}};
  r.body = d->body;
  out_->post(std::move(r), [this, d](outbound_answer a) {
    net::post(worker_, [this, d, a = std::move(a)]() mutable { on_answer(d, std::move(a)); });
  });
}

void push_sender::on_answer(std::shared_ptr<delivery> d, outbound_answer a) {
  if (stopping_) return finish();
  const std::string origin = push_audience(d->sub.endpoint).value_or("?");  // never the whole endpoint: it is a secret
  if (a.status >= 200 && a.status < 300) {
    stats_.push_sent++;
    return finish();
  }
  if (a.status == 404 || a.status == 410) {  // the browser's subscription is gone
    stats_.push_gone++;
    db_.queue_write(forget_push_endpoint_work(d->sub.endpoint), [](write_status s) {
      if (s != write_status::ok) spdlog::warn("push: could not forget a subscription ({})", write_status_name(s));
    });
    return finish();
  }
  const bool transient = a.status == 0 || a.status == 429 || a.status >= 500;
  if (!transient || d->attempt >= pacing_.attempts) {
    stats_.push_failed++;
    spdlog::warn("push: {} refused a message for member {} after {} attempt(s): {}", origin, d->sub.user_id,
                 d->attempt, a.status ? std::to_string(a.status) : a.error);
    return finish();
  }
  stats_.push_retried++;
  const std::int64_t delay = push_retry_delay_ms(pacing_, ++d->attempt, a.retry_after);
  waiting_[d.get()] = time_.call_after(delay, worker_, [this, d] {
    waiting_.erase(d.get());
    do_deliver(d);
  });
}

}  // namespace tabuleiro::server::notify

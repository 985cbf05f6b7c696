// Webhook delivery (see webhook_sender.h).
#include "server/notify/webhook_sender.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <spdlog/spdlog.h>

#include "protocol/core/push_messages.h"
#include "server/util/secrets.h"

namespace tabuleiro::server::notify {

namespace {

// The link of a page path: absolute under public_url when there is one.
std::string link_of(std::string_view public_url, std::string_view path) {
  return std::string(public_url) + std::string(path);
}

// The host of a webhook's URL, for logs (never its path, which may hold a token).
std::string host_of(const std::string& url) {
  const auto u = parse_https_url(url);
  return u ? u->host : "?";
}

}  // namespace

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
       message.size(), mac, &size);
  static constexpr char digits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (unsigned int i = 0; i < size; ++i) {
    hex += digits[mac[i] >> 4];
    hex += digits[mac[i] & 15];
  }
  return hex;
}

std::string webhook_signature(std::string_view secret, std::int64_t t_s, std::string_view body) {
  const std::string t = std::to_string(t_s);
  return "t=" + t + ",v1=" + hmac_sha256_hex(secret, t + "." + std::string(body));
}

nlohmann::json webhook_body(const match_notice& n, std::string_view delivery, std::int64_t at_ms,
                            std::string_view language, std::string_view public_url) {
  const char* event = notify_kind_name(n.kind);
  const protocol::messages::push_notice_fields fields{
      n.reminder ? "reminder" : event, n.code, n.game, n.opponent, n.outcome, n.left_s};
  const nlohmann::json words = protocol::messages::push_payload(fields, language);
  nlohmann::json body = {{"event", event}, {"delivery", delivery}, {"at", at_ms}};
  body[n.kind == notify_challenge ? "challenge" : "match"] = n.code;
  body["game"] = n.game;
  body["opponent"] = n.opponent;
  if (n.kind == notify_result) body["outcome"] = n.outcome;
  if (n.kind == notify_low_time || n.reminder) body["left_s"] = n.left_s;
  if (n.kind == notify_turn) body["reminder"] = n.reminder;
  body["link"] = link_of(public_url, words.value("url", "/"));
  body["title"] = words.value("title", "");
  body["body"] = words.value("body", "");
  return body;
}

nlohmann::json webhook_ping_body(std::string_view delivery, std::int64_t at_ms, std::string_view language,
                                 std::string_view public_url) {
  const bool pt = language == "pt-BR";
  return {{"event", "ping"},
          {"delivery", delivery},
          {"at", at_ms},
          {"link", link_of(public_url, "/account")},
          {"title", pt ? "Entrega de teste" : "Test delivery"},
          {"body", pt ? "Este webhook recebe as notificações do Tabuleiro."
                      : "This webhook receives Tabuleiro's notifications."}};
}

webhook_sender::webhook_sender(store& db, outbound_policy policy, std::string public_url, time_source& time,
                               metrics& stats, int per_url_per_minute, push_pacing pacing)
    : db_(db),
      public_url_(std::move(public_url)),
      time_(time),
      stats_(stats),
      per_url_limit_(per_url_per_minute),
      per_url_(time, per_url_per_minute, 60'000),
      queue_(std::move(policy), time, pacing) {}

webhook_sender::~webhook_sender() = default;

void webhook_sender::send(match_notice n) {
  if (!queue_.submit([this, n = std::move(n)] { do_send(n); })) stats_.webhook_dropped++;
}

bool webhook_sender::ping(webhook_row hook, std::string language) {
  const bool queued = queue_.submit([this, hook = std::move(hook), language = std::move(language)] {
    const std::string id = new_random_token(12);
    deliver(hook, "ping", webhook_ping_body(id, time_.now_ms(), language, public_url_));
  });
  if (!queued) stats_.webhook_dropped++;
  return queued;
}

void webhook_sender::do_send(const match_notice& n) {
  std::vector<webhook_row> hooks;
  std::string language;
  const read_status s = db_.run_read("reading webhooks", [&](sql_connection& c, std::string& error) {
    return read_webhooks(c, n.user_id, hooks, language, error);
  });
  if (s != read_status::found) return;
  for (const auto& hook : hooks) {
    if (!(hook.events & n.kind)) continue;
    const std::string id = new_random_token(12);
    deliver(hook, notify_kind_name(n.kind), webhook_body(n, id, time_.now_ms(), language, public_url_));
  }
}

void webhook_sender::deliver(const webhook_row& hook, std::string event, const nlohmann::json& body) {
  if (per_url_.admit(hook.url) != 0) {
    stats_.webhook_dropped++;
    record(hook.id, 0,
           "rate limited: more than " + std::to_string(per_url_limit_) +
               " deliveries a minute to this URL; this one was dropped");
    return;
  }
  auto make = [this, url = hook.url, secret = hook.secret, event = std::move(event),
               delivery = body.value("delivery", ""), text = body.dump()](int) {
    outbound_request r;
    r.url = url;
    // Each attempt is signed with its own time: a receiver may refuse old signatures.
    r.headers = {{"Content-Type", "application/json"},
                 {"Tabuleiro-Event", event},
                 {"Tabuleiro-Delivery", delivery},
                 {"Tabuleiro-Signature", webhook_signature(secret, time_.now_ms() / 1000, text)}};
    r.body = text;
    return r;
  };
  queue_.deliver(std::move(make), [this, id = hook.id, user = hook.user_id,
                                   host = host_of(hook.url)](const outbound_answer& a, int attempt, bool again) {
    if (a.status >= 200 && a.status < 300) {
      stats_.webhook_sent++;
      return record(id, a.status, "");
    }
    std::string why = a.status == 0 ? a.error
                      : a.status >= 300 && a.status < 400
                          ? "HTTP " + std::to_string(a.status) + ": redirects are not followed"
                          : "HTTP " + std::to_string(a.status);
    if (again) {
      stats_.webhook_retried++;
      return record(id, a.status, why + " (attempt " + std::to_string(attempt) + "; it will be tried again)");
    }
    stats_.webhook_failed++;
    spdlog::warn("webhook: {} (webhook {} of member {}) failed after {} attempt(s): {}", host, id, user, attempt, why);
    record(id, a.status, why);
  });
}

void webhook_sender::record(std::int64_t id, int status, std::string error) {
  db_.queue_write(record_webhook_delivery_work(id, time_.now_ms(), status, std::move(error)), [](write_status s) {
    if (s != write_status::ok) spdlog::warn("webhook: could not record a delivery ({})", write_status_name(s));
  });
}

}  // namespace tabuleiro::server::notify

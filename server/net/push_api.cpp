// The notification routes of the HTTP API (/api/push…, PROTOCOL.md "Notifications"): the
// server's VAPID public key for anyone, and a signed-in member's settings — their browsers'
// subscriptions and their choice of notifications. Every change needs the session's CSRF token
// (X-CSRF-Token), as the account routes do. Their handlers are declared in route_handlers.h.
#include "server/net/route_handlers.h"

#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/push_messages.h"
#include "server/net/shared_state.h"
#include "server/room/summary.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
namespace msg = protocol::messages;
using msg::http_error;

// A member's choice by name, from its mask (push_sql.h's bits) and back.
msg::notify_choice choice_of(int mask) {
  return {(mask & notify::notify_turn) != 0, (mask & notify::notify_started) != 0,
          (mask & notify::notify_low_time) != 0, (mask & notify::notify_challenge) != 0,
          (mask & notify::notify_result) != 0};
}
int mask_of(const msg::notify_choice& c) {
  return (c.turn ? notify::notify_turn : 0) | (c.started ? notify::notify_started : 0) |
         (c.low_time ? notify::notify_low_time : 0) | (c.challenge ? notify::notify_challenge : 0) |
         (c.result ? notify::notify_result : 0);
}

// The settings' answer with status.
api_answer settings_answer(int status, const notify::p256_key& key, const notify::push_settings& s) {
  std::vector<std::string> origins, times;
  origins.reserve(s.subscriptions.size());
  times.reserve(s.subscriptions.size());
  std::vector<msg::push_subscription_fields> list;
  for (const auto& sub : s.subscriptions) {
    origins.push_back(notify::push_audience(sub.endpoint).value_or(""));
    times.push_back(iso_time(sub.created_ms));
  }
  for (std::size_t i = 0; i < s.subscriptions.size(); ++i)
    list.push_back({s.subscriptions[i].id, s.subscriptions[i].label, origins[i], times[i]});
  return {status,
          msg::push_settings(notify::base64url(key.public_point()), choice_of(s.notify), list),
          {{"Cache-Control", "no-store"}}};
}

// The 4xx/5xx answer to a refusal of the push service.
api_answer refused(const notify::push_refusal& r) {
  const int status = r.code == "unavailable" ? 503 : r.code == "unknown_subscription" ? 404 : 400;
  return {status, http_error(r.code, r.message)};
}

// A change's callback: the settings as they now are with status, or the refusal.
std::function<void(std::variant<notify::push_settings, notify::push_refusal>)> settings_changed(
    const notify::p256_key& key, int status, answer_fn answer) {
  return [&key, answer = std::move(answer), status](std::variant<notify::push_settings, notify::push_refusal> v) {
    if (const auto* no = std::get_if<notify::push_refusal>(&v)) return answer(refused(*no));
    answer(settings_answer(status, key, std::get<notify::push_settings>(v)));
  };
}

}  // namespace

void read_push_key(const route_call& call, answer_fn answer) {
  answer({200, msg::push_key(notify::base64url(call.state.vapid.public_point())), {{"Cache-Control", "no-cache"}}});
}

void read_push_settings(const route_call& call, answer_fn answer) {
  call.state.push.settings(call.auth.s.who.id, [&key = call.state.vapid,
                                                answer](std::optional<notify::push_settings> s) {
    if (!s) return answer({503, http_error("unavailable", "notifications cannot be read right now; try again")});
    answer(settings_answer(200, key, *s));
  });
}

void add_push_subscription(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  std::string endpoint, p256dh, auth, label;
  // A browser's PushSubscription.toJSON() (expirationTime included, and ignored) and a label.
  if (const auto unknown = protocol::first_unknown_key(body, {"endpoint", "expirationTime", "keys", "label"}))
    return answer({400, http_error("bad_request", "unknown member \"" + *unknown + "\" in the body")});
  const auto keys = body.find("keys");
  if (!string_member(body, "endpoint", endpoint) || !string_member(body, "label", label) || keys == body.end() ||
      !keys->is_object() || !string_member(*keys, "p256dh", p256dh) || !string_member(*keys, "auth", auth))
    return answer({400, http_error("bad_request", "the body is a browser's subscription: {\"endpoint\", "
                                                  "\"keys\": {\"p256dh\", \"auth\"}, \"label\"?}")});
  call.state.push.subscribe(call.auth.s.who.id, std::move(endpoint), std::move(p256dh), std::move(auth),
                            std::move(label), settings_changed(call.state.vapid, 201, std::move(answer)));
}

void remove_push_subscription(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  const auto id = body.find("id");
  if (id == body.end() || !id->is_number_integer() || body.size() != 1)
    return answer({400, http_error("bad_request", "the body is {\"id\": a subscription's id}")});
  call.state.push.unsubscribe(call.auth.s.who.id, id->get<std::int64_t>(),
                              settings_changed(call.state.vapid, 200, std::move(answer)));
}

void choose_notifications(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  // The names given change, the others stay.
  notify::push_service& push = call.state.push;
  push.settings(call.auth.s.who.id, [&push, &key = call.state.vapid, user = call.auth.s.who.id,
                                     body = std::move(std::get<nlohmann::json>(parsed)),
                                     answer](std::optional<notify::push_settings> s) {
    if (!s) return answer({503, http_error("unavailable", "notifications cannot be read right now; try again")});
    msg::notify_choice choice = choice_of(s->notify);
    if (!msg::read_notify_choice(body, choice))
      return answer({400, http_error("bad_request", "the body maps turn, started, low_time, challenge and result "
                                                    "to true or false")});
    push.choose(user, mask_of(choice), settings_changed(key, 200, answer));
  });
}

}  // namespace tabuleiro::server

// The notification routes (see push_api.h).
#include "server/net/push_api.h"

#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/push_messages.h"
#include "server/net/account_api.h"
#include "server/room/summary.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
namespace msg = protocol::messages;
using request = http::request<http::string_body>;
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
  return {status, msg::push_settings(notify::base64url(key.public_point()), choice_of(s.notify), list),
          {{"Cache-Control", "no-store"}}};
}

// The 4xx/5xx answer to a refusal of the push service.
api_answer refused(const notify::push_refusal& r) {
  const int status = r.code == "unavailable" ? 503 : r.code == "unknown_subscription" ? 404 : 400;
  return {status, http_error(r.code, r.message)};
}

}  // namespace

bool is_push_route(std::string_view path) { return !push_route_methods(path).empty(); }

std::string_view push_route_methods(std::string_view path) {
  if (path == "/api/push/key" || path == "/api/push") return "GET, HEAD";
  if (path == "/api/push/subscriptions" || path == "/api/push/unsubscribe" || path == "/api/push/notify") return "POST";
  return "";
}

void handle_push_request(const push_routes& routes, const request& req, std::string_view path,
                         std::function<void(api_answer)> answer) {
  const std::string_view methods = push_route_methods(path);
  const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
  if ((methods == "POST") == get || (!get && req.method() != http::verb::post))
    return answer({405, http_error("method_not_allowed", std::string(methods) + " " + std::string(path)),
                   {{"Allow", std::string(methods)}}});
  const notify::p256_key& key = *routes.key;
  if (path == "/api/push/key")
    return answer({200, msg::push_key(notify::base64url(key.public_point())), {{"Cache-Control", "no-cache"}}});
  if (!routes.accounts || !routes.push)
    return answer({404, http_error("not_found", "this server keeps no notification settings")});

  std::optional<nlohmann::json> body;
  if (!get) {
    std::string why;
    body = parse_client_json(req.body(), why);
    if (!body) return answer({400, http_error("bad_json", why)});
    if (!body->is_object()) return answer({400, http_error("bad_request", "the body is a JSON object")});
  }
  notify::push_service& push = *routes.push;
  for_member(*routes.accounts, req, std::move(answer), [&push, &key, path = std::string(path), body = std::move(body)](
                                                          std::int64_t user, std::function<void(api_answer)> answer) mutable {
    if (path == "/api/push")
      return push.settings(user, [&key, answer](std::optional<notify::push_settings> s) {
        if (!s) return answer({503, http_error("unavailable", "notifications cannot be read right now; try again")});
        answer(settings_answer(200, key, *s));
      });
    auto changed = [&key, answer](int status) {
      return [&key, answer, status](std::variant<notify::push_settings, notify::push_refusal> v) {
        if (const auto* no = std::get_if<notify::push_refusal>(&v)) return answer(refused(*no));
        answer(settings_answer(status, key, std::get<notify::push_settings>(v)));
      };
    };
    if (path == "/api/push/subscriptions") {
      std::string endpoint, p256dh, auth, label;
      // A browser's PushSubscription.toJSON() (expirationTime included, and ignored) and a label.
      if (const auto unknown = protocol::first_unknown_key(*body, {"endpoint", "expirationTime", "keys", "label"}))
        return answer({400, http_error("bad_request", "unknown member \"" + *unknown + "\" in the body")});
      const auto keys = body->find("keys");
      if (!string_member(*body, "endpoint", endpoint) || !string_member(*body, "label", label) ||
          keys == body->end() || !keys->is_object() || !string_member(*keys, "p256dh", p256dh) ||
          !string_member(*keys, "auth", auth))
        return answer({400, http_error("bad_request", "the body is a browser's subscription: {\"endpoint\", "
                                                      "\"keys\": {\"p256dh\", \"auth\"}, \"label\"?}")});
      return push.subscribe(user, std::move(endpoint), std::move(p256dh), std::move(auth), std::move(label),
                            changed(201));
    }
    if (path == "/api/push/unsubscribe") {
      const auto id = body->find("id");
      if (id == body->end() || !id->is_number_integer() || body->size() != 1)
        return answer({400, http_error("bad_request", "the body is {\"id\": a subscription's id}")});
      return push.unsubscribe(user, id->get<std::int64_t>(), changed(200));
    }
    // /api/push/notify: the names given change, the others stay.
    push.settings(user, [&push, user, body = std::move(*body), changed, answer](std::optional<notify::push_settings> s) {
      if (!s) return answer({503, http_error("unavailable", "notifications cannot be read right now; try again")});
      msg::notify_choice choice = choice_of(s->notify);
      if (!msg::read_notify_choice(body, choice))
        return answer({400, http_error("bad_request", "the body maps turn, started, low_time, challenge and result "
                                                      "to true or false")});
      push.choose(user, mask_of(choice), changed(200));
    });
  });
}

}  // namespace tabuleiro::server

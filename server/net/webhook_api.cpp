// The webhook routes (see webhook_api.h).
#include "server/net/webhook_api.h"

#include "protocol/core/messages.h"
#include "server/config/http_policy.h"
#include "server/net/route_handlers.h"
#include "server/net/shared_state.h"
#include "server/room/summary.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
namespace msg = protocol::messages;
using msg::http_error;

// The mask named by body's "events" (a non-empty list of notify_kind names), or nullopt.
std::optional<int> events_of(const nlohmann::json& events) {
  if (!events.is_array()) return std::nullopt;
  std::vector<std::string> names;
  for (const auto& n : events) {
    if (!n.is_string()) return std::nullopt;
    names.push_back(n.get<std::string>());
  }
  return notify::webhook_events_of(names);
}

const api_answer bad_events{400, http_error("bad_events", "events is a non-empty list of \"turn\", \"started\", "
                                                          "\"low_time\", \"challenge\" and \"result\"")};

// The 4xx/5xx answer to a refusal of the webhook service.
api_answer refused(const notify::webhook_refusal& r) {
  const int status = r.code == "unavailable" || r.code == "busy"                  ? 503
                     : r.code == "unknown_webhook"                                ? 404
                     : r.code == "too_many_webhooks" || r.code == "duplicate_url" ? 409
                                                                                  : 400;
  return {status, http_error(r.code, r.message), {{"Cache-Control", "no-store"}}};
}

// A removal's or test's callback: status with {"ok": true}, or the refusal.
std::function<void(std::optional<notify::webhook_refusal>)> done(int status, answer_fn answer) {
  return [answer = std::move(answer), status](std::optional<notify::webhook_refusal> no) {
    if (no) return answer(refused(*no));
    answer({status, {{"ok", true}}, {{"Cache-Control", "no-store"}}});
  };
}

}  // namespace

nlohmann::json webhook_json(const notify::webhook_row& w) {
  nlohmann::json events = nlohmann::json::array();
  for (int kind = notify::notify_turn; kind <= notify::notify_result; kind <<= 1)
    if (w.events & kind) events.push_back(notify::notify_kind_name(kind));
  const auto url = notify::parse_https_url(w.url);
  nlohmann::json last = nullptr;
  if (w.last_at_ms)
    last = {{"at", iso_time(w.last_at_ms)},
            {"status", w.last_status},
            {"ok", w.last_status >= 200 && w.last_status < 300},
            {"error", w.last_error}};
  return {{"id", w.id},
          {"url", w.url},
          {"host", url ? url->host : ""},
          {"events", events},
          {"created", iso_time(w.created_ms)},
          {"last_delivery", last}};
}

nlohmann::json admin_webhook_json(const notify::owned_webhook& w) {
  nlohmann::json j = webhook_json(w.hook);
  j.erase("url");
  j["owner"] = {{"id", w.hook.user_id}, {"username", w.owner}};
  return j;
}

namespace {

// A change's callback: the webhook as it now is, with its secret when show_secret (a new one:
// shown only then), or the refusal.
std::function<void(std::variant<notify::webhook_row, notify::webhook_refusal>)> changed(int status, bool show_secret,
                                                                                        answer_fn answer) {
  return
      [answer = std::move(answer), status, show_secret](std::variant<notify::webhook_row, notify::webhook_refusal> v) {
        if (const auto* no = std::get_if<notify::webhook_refusal>(&v)) return answer(refused(*no));
        const auto& w = std::get<notify::webhook_row>(v);
        nlohmann::json body = {{"webhook", webhook_json(w)}};
        if (show_secret) body["secret"] = w.secret;
        answer({status, std::move(body), {{"Cache-Control", "no-store"}}});
      };
}

}  // namespace

void list_webhooks(const route_call& call, answer_fn answer) {
  call.state.webhooks.list(call.auth.s.who.id, [answer](std::optional<std::vector<notify::webhook_row>> rows) {
    if (!rows) return answer({503, http_error("unavailable", "webhooks cannot be read right now; try again")});
    nlohmann::json list = nlohmann::json::array();
    for (const auto& w : *rows) list.push_back(webhook_json(w));
    answer({200, {{"webhooks", std::move(list)}}, {{"Cache-Control", "no-store"}}});
  });
}

void add_webhook(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  for (const auto& [key, value] : body.items())
    if (key != "events" && key != "url")
      return answer(
          {400, http_error("bad_request", "unknown member \"" + key + "\"; the body is {\"url\", \"events\"?}")});
  std::string url;
  if (!body.contains("url") || !string_member(body, "url", url))
    return answer({400, http_error("bad_request", "the body is {\"url\": \"https://…\", \"events\": [\"turn\", …]?}")});
  int events = notify::webhook_default_events;
  if (const auto e = body.find("events"); e != body.end()) {
    const auto mask = events_of(*e);
    if (!mask) return answer(bad_events);
    events = *mask;
  }
  call.state.webhooks.add(call.auth.s.who.id, std::move(url), events, changed(201, true, std::move(answer)));
}

void remove_webhook(const route_call& call, answer_fn answer) {
  call.state.webhooks.remove(call.auth.s.who.id, call.number(0), done(200, std::move(answer)));
}

void test_webhook(const route_call& call, answer_fn answer) {
  call.state.webhooks.test(call.auth.s.who.id, call.number(0), done(202, std::move(answer)));
}

void change_webhook_events(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  for (const auto& [key, value] : body.items())
    if (key != "events")
      return answer({400, http_error("bad_request", "unknown member \"" + key + "\"; the body is {\"events\"}")});
  const auto e = body.find("events");
  const auto mask = e == body.end() ? std::nullopt : events_of(*e);
  if (!mask) return answer(bad_events);
  call.state.webhooks.change(call.auth.s.who.id, call.number(0), *mask, false, changed(200, false, std::move(answer)));
}

void renew_webhook_secret(const route_call& call, answer_fn answer) {
  call.state.webhooks.change(call.auth.s.who.id, call.number(0), std::nullopt, true,
                             changed(200, true, std::move(answer)));
}

}  // namespace tabuleiro::server

// The webhook routes (see webhook_api.h).
#include "server/net/webhook_api.h"

#include <charconv>

#include "protocol/core/messages.h"
#include "server/config/http_policy.h"
#include "server/net/account_api.h"
#include "server/room/summary.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
namespace msg = protocol::messages;
using request = http::request<http::string_body>;
using msg::http_error;

constexpr std::string_view prefix = "/api/webhooks";

// What a path under /api/webhooks/{id} asks for.
enum class hook_action { none, remove, test, events, secret };

// The id of /api/webhooks/{id}[/test|/events|/secret] (0 when path names none) and what it asks.
std::int64_t id_of(std::string_view path, hook_action& action) {
  action = hook_action::none;
  if (!path.starts_with(prefix) || path.size() <= prefix.size() + 1 || path[prefix.size()] != '/') return 0;
  std::string_view rest = path.substr(prefix.size() + 1);
  action = hook_action::remove;
  for (const auto& [suffix, what] : {std::pair{std::string_view("/test"), hook_action::test},
                                     std::pair{std::string_view("/events"), hook_action::events},
                                     std::pair{std::string_view("/secret"), hook_action::secret}})
    if (rest.ends_with(suffix)) {
      action = what;
      rest.remove_suffix(suffix.size());
      break;
    }
  std::int64_t id = 0;
  const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), id);
  if (rest.empty() || ec != std::errc{} || p != rest.data() + rest.size() || id <= 0 || rest.front() == '+') return 0;
  return id;
}

// The JSON object of req's body (its media type was checked at the edge), or the 4xx answer
// that refuses it.
std::variant<nlohmann::json, api_answer> body_of(const request& req) {
  std::string why;
  auto body = parse_client_json(req.body(), why);
  if (!body) return api_answer{400, http_error("bad_json", why)};
  if (!body->is_object()) return api_answer{400, http_error("bad_request", "the body is a JSON object")};
  return std::move(*body);
}

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
  const int status = r.code == "unavailable" || r.code == "busy" ? 503
                     : r.code == "unknown_webhook"               ? 404
                     : r.code == "too_many_webhooks" || r.code == "duplicate_url" ? 409
                                                                                  : 400;
  return {status, http_error(r.code, r.message), {{"Cache-Control", "no-store"}}};
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
  return {{"id", w.id},     {"url", w.url},  {"host", url ? url->host : ""}, {"events", events},
          {"created", iso_time(w.created_ms)}, {"last_delivery", last}};
}

nlohmann::json admin_webhook_json(const notify::owned_webhook& w) {
  nlohmann::json j = webhook_json(w.hook);
  j.erase("url");
  j["owner"] = {{"id", w.hook.user_id}, {"username", w.owner}};
  return j;
}

bool is_webhook_route(std::string_view path) { return !webhook_route_methods(path).empty(); }

std::string_view webhook_route_methods(std::string_view path) {
  if (path == prefix) return "GET, HEAD, POST";
  hook_action action;
  if (id_of(path, action) == 0) return "";
  return action == hook_action::remove ? "DELETE" : "POST";
}

void handle_webhook_request(const webhook_routes& routes, const request& req, std::string_view path,
                            std::function<void(api_answer)> answer) {
  const std::string_view methods = webhook_route_methods(path);
  const auto method = req.method();
  const bool get = method == http::verb::get || method == http::verb::head;
  const bool allowed = methods == "POST"     ? method == http::verb::post
                       : methods == "DELETE" ? method == http::verb::delete_
                                             : get || method == http::verb::post;
  if (!allowed)
    return answer({405, http_error("method_not_allowed", std::string(methods) + " " + std::string(path)),
                   {{"Allow", std::string(methods)}}});
  if (!routes.accounts || !routes.webhooks)
    return answer({404, http_error("not_found", "this server keeps no webhooks")});

  hook_action action;
  const std::int64_t id = id_of(path, action);
  std::string url;
  int events = notify::webhook_default_events;
  if ((path == prefix && !get) || action == hook_action::events) {  // a new webhook's body, or the events'
    auto parsed = body_of(req);
    if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
    const auto& body = std::get<nlohmann::json>(parsed);
    const bool adding = path == prefix;
    for (const auto& [key, value] : body.items())
      if (key != "events" && (!adding || key != "url"))
        return answer({400, http_error("bad_request", "unknown member \"" + key + "\"; the body is " +
                                                          (adding ? "{\"url\", \"events\"?}" : "{\"events\"}"))});
    if (adding && (!body.contains("url") || !string_member(body, "url", url)))
      return answer({400, http_error("bad_request", "the body is {\"url\": \"https://…\", \"events\": [\"turn\", …]?}")});
    if (const auto e = body.find("events"); e != body.end() || !adding) {
      const auto mask = e == body.end() ? std::nullopt : events_of(*e);
      if (!mask) return answer(bad_events);
      events = *mask;
    }
  }
  notify::webhook_service& hooks = *routes.webhooks;
  for_member(*routes.accounts, req, std::move(answer), [&hooks, get, action, id, url = std::move(url), events](
                                                          std::int64_t user, std::function<void(api_answer)> answer) mutable {
    if (get)
      return hooks.list(user, [answer](std::optional<std::vector<notify::webhook_row>> rows) {
        if (!rows) return answer({503, http_error("unavailable", "webhooks cannot be read right now; try again")});
        nlohmann::json list = nlohmann::json::array();
        for (const auto& w : *rows) list.push_back(webhook_json(w));
        answer({200, {{"webhooks", std::move(list)}}, {{"Cache-Control", "no-store"}}});
      });
    auto done = [answer](int status) {
      return [answer, status](std::optional<notify::webhook_refusal> no) {
        if (no) return answer(refused(*no));
        answer({status, {{"ok", true}}, {{"Cache-Control", "no-store"}}});
      };
    };
    // The webhook as it now is (with its secret when it is new: shown only then).
    auto changed = [answer](int status, bool show_secret) {
      return [answer, status, show_secret](std::variant<notify::webhook_row, notify::webhook_refusal> v) {
        if (const auto* no = std::get_if<notify::webhook_refusal>(&v)) return answer(refused(*no));
        const auto& w = std::get<notify::webhook_row>(v);
        nlohmann::json body = {{"webhook", webhook_json(w)}};
        if (show_secret) body["secret"] = w.secret;
        answer({status, std::move(body), {{"Cache-Control", "no-store"}}});
      };
    };
    switch (action) {
      case hook_action::test: return hooks.test(user, id, done(202));
      case hook_action::remove: return hooks.remove(user, id, done(200));
      case hook_action::events: return hooks.change(user, id, events, false, changed(200, false));
      case hook_action::secret: return hooks.change(user, id, std::nullopt, true, changed(200, true));
      case hook_action::none: return hooks.add(user, std::move(url), events, changed(201, true));
    }
  });
}

}  // namespace tabuleiro::server

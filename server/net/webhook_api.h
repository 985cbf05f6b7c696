// The webhook routes of the HTTP API (/api/webhooks…, PROTOCOL.md "Webhooks"): a signed-in
// member's webhooks listed, added (the secret shown once), changed (events, a new secret),
// removed and tested. Every change needs the session's CSRF token (X-CSRF-Token), as the
// account routes do. Free functions over one parsed request.
#pragma once

#include <functional>
#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <nlohmann/json.hpp>

#include "server/accounts/accounts.h"
#include "server/net/api_answer.h"
#include "server/notify/webhook_service.h"

namespace tabuleiro::server {

// What the webhook routes use.
struct webhook_routes {
  accounts::account_service* accounts = nullptr;
  notify::webhook_service* webhooks = nullptr;
};

// Whether path is one of the webhook routes.
bool is_webhook_route(std::string_view path);
// The methods path takes (for OPTIONS and 405), or "" when it is none.
std::string_view webhook_route_methods(std::string_view path);

// A webhook as its member sees it: {id, url, host, events, created, last_delivery}, never its secret.
nlohmann::json webhook_json(const notify::webhook_row& w);
// A webhook as an administrator sees it listed: its owner ({id, username}) and its URL's host,
// never the URL's path (it may hold the receiver's own token) nor the secret.
nlohmann::json admin_webhook_json(const notify::owned_webhook& w);

// Answers one request to a webhook route (its Origin already checked) through answer, called
// once, on any thread.
void handle_webhook_request(const webhook_routes& routes,
                            const boost::beast::http::request<boost::beast::http::string_body>& req,
                            std::string_view path, std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

// The notification routes of the HTTP API (/api/push…, PROTOCOL.md "Notifications"): the
// server's VAPID public key for anyone, and a signed-in member's settings — their browsers'
// subscriptions and their choice of notifications. Every change needs the session's CSRF token
// (X-CSRF-Token), as the account routes do. Free functions over one parsed request.
#pragma once

#include <functional>
#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/accounts/accounts.h"
#include "server/net/api_answer.h"
#include "server/notify/push_crypto.h"
#include "server/notify/push_service.h"

namespace tabuleiro::server {

// What the notification routes use.
struct push_routes {
  accounts::account_service* accounts = nullptr;  // null: no member settings (the key alone)
  notify::push_service* push = nullptr;
  const notify::p256_key* key = nullptr;
};

// Whether path is one of the notification routes.
bool is_push_route(std::string_view path);
// The methods path takes (for OPTIONS and 405), or "" when it is none.
std::string_view push_route_methods(std::string_view path);

// Answers one request to a notification route (its Origin already checked) through answer,
// called once, on any thread.
void handle_push_request(const push_routes& routes,
                         const boost::beast::http::request<boost::beast::http::string_body>& req,
                         std::string_view path, std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

// The webhook routes of the HTTP API (/api/webhooks…, PROTOCOL.md "Webhooks"): a signed-in
// member's webhooks listed, added (the secret shown once), changed (events, a new secret),
// removed and tested (the router checks the session and, for a change, its CSRF token).
#pragma once

#include <functional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/accounts/accounts.h"
#include "server/notify/webhook_service.h"

namespace tabuleiro::server {

// A webhook as its member sees it: {id, url, host, events, created, last_delivery}, never its secret.
nlohmann::json webhook_json(const notify::webhook_row& w);
// A webhook as an administrator sees it listed: its owner ({id, username}) and its URL's host,
// never the URL's path (it may hold the receiver's own token) nor the secret.
nlohmann::json admin_webhook_json(const notify::owned_webhook& w);

}  // namespace tabuleiro::server

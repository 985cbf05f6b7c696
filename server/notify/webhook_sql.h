// Webhooks' rows in the store (schema/015_webhooks.sql): each member's HTTPS URLs, the HMAC key
// that signs their deliveries, the events chosen and the outcome of the latest delivery; one
// SQL text for both databases (store/connection.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/notify/push_sql.h"
#include "server/store/store.h"

namespace tabuleiro::server::notify {

// The events a new webhook gets when none are named: your turn, a challenge, a result.
inline constexpr int webhook_default_events = notify_turn | notify_challenge | notify_result;
// The most webhooks one member keeps.
inline constexpr std::size_t max_webhooks = 5;
// The longest last_error kept (bytes).
inline constexpr std::size_t max_webhook_error_bytes = 300;

// One webhook of a member.
struct webhook_row {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string url;                      // https
  std::string secret;                   // the HMAC-SHA-256 key, as shown to the member ("whsec_…")
  int events = webhook_default_events;  // a mask of notify_kind
  std::int64_t created_ms = 0;
  std::int64_t last_at_ms = 0;  // the latest delivery attempt (0: none yet)
  int last_status = 0;          // its HTTP status (0: no answer)
  std::string last_error;       // why it failed ("" when it did not)
};

// Why add_webhook_work refused a webhook.
enum class webhook_conflict { none, no_member, too_many, duplicate };

// Stores row for its member (row->id is set). conflict, with *why set: no such member, the
// member has max_webhooks already, or has this URL already.
write_work add_webhook_work(std::shared_ptr<webhook_row> row, std::shared_ptr<webhook_conflict> why);
// Deletes member user_id's webhook id (user_id 0: whoever's, an administrator's removal);
// conflict when there is no such webhook.
write_work delete_webhook_work(std::int64_t user_id, std::int64_t id);
// Changes member user_id's webhook id: its events (a mask of notify_kind) when given, its
// secret when given; conflict when the member has no such webhook.
write_work change_webhook_work(std::int64_t user_id, std::int64_t id, std::optional<int> events,
                               std::optional<std::string> secret);
// Records the outcome of a delivery attempt to webhook id at at_ms (status 0: no answer; error
// cut to max_webhook_error_bytes); ok when the webhook is gone meanwhile.
write_work record_webhook_delivery_work(std::int64_t id, std::int64_t at_ms, int status, std::string error);

// Member user_id's webhooks, oldest first, and their language ("en" | "pt-BR"); absent when
// there is no such member.
read_status read_webhooks(sql_connection& db, std::int64_t user_id, std::vector<webhook_row>& out,
                          std::string& language, std::string& error);

// A webhook with its owner's user name, as an administrator sees it listed.
struct owned_webhook {
  webhook_row hook;
  std::string owner;
};
// The most webhooks an administrator's list holds (the newest).
inline constexpr std::size_t max_listed_webhooks = 500;

// Every member's webhooks, newest first, at most max_listed_webhooks.
read_status read_all_webhooks(sql_connection& db, std::vector<owned_webhook>& out, std::string& error);

}  // namespace tabuleiro::server::notify

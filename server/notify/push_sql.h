// Web Push's rows in the store (schema/014_push.sql): the server's VAPID key pair, the members'
// push subscriptions and their choice of notifications; one SQL text for both databases
// (store/connection.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/store.h"

namespace tabuleiro::server::notify {

// The server's VAPID key pair as stored (base64url).
struct vapid_row {
  std::string private_key;  // the private scalar
  std::string public_key;   // the uncompressed point
};

// One browser of a member that asked for notifications.
struct push_subscription {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string endpoint;  // the push service's URL for this browser (https)
  std::string p256dh;    // base64url
  std::string auth;      // base64url
  std::string label;     // the browser, as the member sees it listed
  std::int64_t created_ms = 0;
};

// The notifications a member may choose (users.notify, a bit mask).
enum notify_kind : int {
  notify_turn = 1,       // your turn in a correspondence match
  notify_started = 2,    // a match started
  notify_low_time = 4,   // under 10% of the clock, or under an hour in correspondence
  notify_challenge = 8,  // a challenge received
  notify_result = 16,    // a match result
};
inline constexpr int notify_all = 31;

// The name of a notify_kind: "turn", "started", "low_time", "challenge" or "result".
const char* notify_kind_name(int kind);
// The notify_kind called name, or 0 when none is.
int notify_kind_of(std::string_view name);

// The most subscriptions one member keeps; a new one past it replaces the oldest.
inline constexpr std::size_t max_push_subscriptions = 10;

// Stores candidate (made at at_ms) as the server's VAPID key unless one is stored already (two
// nodes starting at once store one), then sets *stored to the key that is stored.
write_work keep_vapid_key_work(vapid_row candidate, std::int64_t at_ms, std::shared_ptr<vapid_row> stored);

// Stores sub for its member (sub->id is set): a known endpoint moves to this member with its
// new keys (the browser's subscription is renewed, or another member signed in on it); past
// max_push_subscriptions the member's oldest are dropped. conflict: no such member.
write_work add_push_subscription_work(std::shared_ptr<push_subscription> sub);
// Deletes member user_id's subscription id; conflict when the member has no such subscription.
write_work delete_push_subscription_work(std::int64_t user_id, std::int64_t id);
// Deletes the subscription at endpoint (its push service said it is gone); ok if there was none.
write_work forget_push_endpoint_work(std::string endpoint);
// Sets member user_id's choice of notifications (a mask of notify_kind); conflict: no such member.
write_work set_notify_work(std::int64_t user_id, int mask);

// Member user_id's subscriptions, newest first, their choice of notifications and their
// language ("en" | "pt-BR").
read_status read_push_settings(sql_connection& db, std::int64_t user_id, std::vector<push_subscription>& subs,
                               int& mask, std::string& language, std::string& error);

}  // namespace tabuleiro::server::notify

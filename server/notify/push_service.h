// A member's Web Push settings: their browsers' subscriptions and their choice of
// notifications, over the store's rows (push_sql.h). Reads run on the service's own worker
// thread, never on the caller's (I/O) thread; every answer comes through a callback, which runs
// on that worker or on the store's writer thread (callers post it back to their own strand).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "server/notify/push_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server::notify {

// Why a request was refused: a stable code (bad_endpoint, bad_keys, unknown_subscription,
// bad_choice, unavailable) and words for the user.
struct push_refusal {
  std::string code;
  std::string message;
};

// A member's settings: their choice (a mask of notify_kind) and subscriptions, newest first.
struct push_settings {
  int notify = notify_all;
  std::string language = "en";  // the member's, for the notifications' words
  std::vector<push_subscription> subscriptions;
};

// The longest endpoint URL kept, and the most code points of a subscription's label.
inline constexpr std::size_t max_endpoint_bytes = 1024;
inline constexpr std::size_t max_label_chars = 60;

// A subscription as a browser sends it, checked: endpoint an https URL (push_audience) of at
// most max_endpoint_bytes without spaces or controls, p256dh a P-256 point and auth 16 bytes
// (both base64url). The refusal when not; nullopt when it is one.
std::optional<push_refusal> check_subscription(std::string_view endpoint, std::string_view p256dh,
                                               std::string_view auth);

// The push settings of one server's members.
// Thread-safety: every public method may be called from any thread.
class push_service {
 public:
  push_service(store& db, const time_source& time);
  // Stops the worker (pending requests still answer).
  ~push_service();

  // user_id's settings; nullopt when the database could not answer.
  void settings(std::int64_t user_id, std::function<void(std::optional<push_settings>)> done);
  // Adds (or renews) a subscription of user_id (checked by check_subscription; label cleaned
  // and cut to max_label_chars), then answers the settings as they are. Refused: bad_endpoint,
  // bad_keys, unavailable.
  void subscribe(std::int64_t user_id, std::string endpoint, std::string p256dh, std::string auth, std::string label,
                 std::function<void(std::variant<push_settings, push_refusal>)> done);
  // Deletes user_id's subscription id, then answers the settings. Refused:
  // unknown_subscription, unavailable.
  void unsubscribe(std::int64_t user_id, std::int64_t id,
                   std::function<void(std::variant<push_settings, push_refusal>)> done);
  // Sets user_id's choice (a mask of notify_kind), then answers the settings. Refused:
  // bad_choice, unavailable.
  void choose(std::int64_t user_id, int mask, std::function<void(std::variant<push_settings, push_refusal>)> done);

 private:
  // Queues work, then answers user_id's settings (on_conflict when the stored state refuses it).
  void write_then_answer(std::int64_t user_id, write_work work, push_refusal on_conflict,
                         std::function<void(std::variant<push_settings, push_refusal>)> done);

  store& db_;
  const time_source& time_;
  boost::asio::thread_pool workers_{1};
};

}  // namespace tabuleiro::server::notify

// A member's webhooks: listed, added (the URL checked, a secret made), changed (events, a new
// secret), removed and tested, and every member's listed for an administrator, over the
// store's rows (webhook_sql.h). Reads run on the service's own worker thread, never on the
// caller's (I/O) thread; every answer comes through a callback, which runs on that worker or on
// the store's writer thread (callers post it back to their own strand).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "server/notify/webhook_sender.h"
#include "server/notify/webhook_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server::notify {

// Why a request was refused: a stable code (bad_url, internal_url, bad_events,
// too_many_webhooks, duplicate_url, unknown_webhook, busy, unavailable) and words for the user.
struct webhook_refusal {
  std::string code;
  std::string message;
};

// The longest webhook URL kept.
inline constexpr std::size_t max_webhook_url_bytes = 1024;

// url checked for a webhook: an https URL (parse_https_url) of at most max_webhook_url_bytes,
// without spaces, controls or user info, whose host is a name or an IP address; an IP address
// that internal_address() flags is refused (internal_url) unless allow_private. A host name is
// checked when a delivery resolves it. The refusal, or nullopt when url will do.
std::optional<webhook_refusal> check_webhook_url(std::string_view url, bool allow_private);

// The mask of notify_kind named by names ("turn", "started", "low_time", "challenge",
// "result"); nullopt when names is empty or holds another name.
std::optional<int> webhook_events_of(const std::vector<std::string>& names);

// A new webhook secret: "whsec_" and 32 CSPRNG bytes in unpadded base64url (49 characters).
std::string new_webhook_secret();

// The webhooks of one server's members.
// Thread-safety: every public method may be called from any thread.
class webhook_service {
 public:
  // allow_private: --outbound-allow-private (internal IP literals may be registered).
  webhook_service(store& db, const time_source& time, webhook_sender& sender, bool allow_private);
  // Stops the worker (pending requests still answer).
  ~webhook_service();

  // user_id's webhooks, oldest first; nullopt when the database could not answer.
  void list(std::int64_t user_id, std::function<void(std::optional<std::vector<webhook_row>>)> done);
  // Adds a webhook of user_id for url and events (a mask of notify_kind), with a new secret;
  // answers the stored row (its secret included: shown once). Refused: bad_url, internal_url,
  // bad_events, too_many_webhooks, duplicate_url, unavailable.
  void add(std::int64_t user_id, std::string url, int events,
           std::function<void(std::variant<webhook_row, webhook_refusal>)> done);
  // Changes user_id's webhook id: its events when given (a mask of notify_kind), and a new
  // secret when new_secret (deliveries already under way keep the one they were signed with);
  // answers the row as it now is (its secret too). Refused: bad_events, unknown_webhook,
  // unavailable.
  void change(std::int64_t user_id, std::int64_t id, std::optional<int> events, bool new_secret,
              std::function<void(std::variant<webhook_row, webhook_refusal>)> done);
  // Deletes user_id's webhook id; nullopt when done. Refused: unknown_webhook, unavailable.
  void remove(std::int64_t user_id, std::int64_t id, std::function<void(std::optional<webhook_refusal>)> done);
  // Every member's webhooks, newest first (an administrator's list); nullopt when the database
  // could not answer.
  void list_all(std::function<void(std::optional<std::vector<owned_webhook>>)> done);
  // Deletes webhook id, whoever's (an administrator's removal); nullopt when done. Refused:
  // unknown_webhook, unavailable.
  void remove_any(std::int64_t id, std::function<void(std::optional<webhook_refusal>)> done);
  // Queues a test delivery (event "ping") to user_id's webhook id; nullopt when queued.
  // Refused: unknown_webhook, busy (too many deliveries pending), unavailable.
  void test(std::int64_t user_id, std::int64_t id, std::function<void(std::optional<webhook_refusal>)> done);

 private:
  store& db_;
  const time_source& time_;
  webhook_sender& sender_;
  const bool allow_private_;
  boost::asio::thread_pool workers_{1};
};

}  // namespace tabuleiro::server::notify

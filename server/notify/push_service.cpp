// A member's Web Push settings (see push_service.h).
#include "server/notify/push_service.h"

#include <algorithm>
#include <memory>

#include <boost/asio/post.hpp>

#include "server/notify/push_crypto.h"
#include "server/store/connection.h"
#include "server/util/display_name.h"
#include "server/util/thread_name.h"

namespace tabuleiro::server::notify {

namespace net = boost::asio;

namespace {

const push_refusal push_unavailable{"unavailable", "notifications cannot be set right now; try again"};

}  // namespace

std::optional<push_refusal> check_subscription(std::string_view endpoint, std::string_view p256dh,
                                               std::string_view auth) {
  const bool plain = std::all_of(endpoint.begin(), endpoint.end(),
                                 [](char c) { return static_cast<unsigned char>(c) > 0x20 && c != 0x7f; });
  if (endpoint.size() > max_endpoint_bytes || !plain || !push_audience(endpoint))
    return push_refusal{"bad_endpoint", "the endpoint is an https URL of at most 1024 bytes"};
  const auto point = from_base64url(p256dh);
  const auto secret = from_base64url(auth);
  if (!point || !secret || secret->size() != 16 || !p256_point(*point))
    return push_refusal{"bad_keys", "keys.p256dh is a P-256 public key and keys.auth 16 bytes, both base64url"};
  return std::nullopt;
}

push_service::push_service(store& db, const time_source& time) : db_(db), time_(time) {
  net::post(workers_, [] { name_this_thread("tab-notify"); });
}

push_service::~push_service() {
  db_.flush();  // the completions of queued writes refer to this service
  workers_.join();
}

void push_service::settings(std::int64_t user_id, std::function<void(std::optional<push_settings>)> done) {
  net::post(workers_, [this, user_id, done = std::move(done)] {
    push_settings out;
    const read_status s = db_.run_read("reading push settings", [&](sql_connection& db, std::string& error) {
      return read_push_settings(db, user_id, out.subscriptions, out.notify, out.language, error);
    });
    if (s != read_status::found) return done(std::nullopt);
    done(std::move(out));
  });
}

void push_service::subscribe(std::int64_t user_id, std::string endpoint, std::string p256dh, std::string auth,
                             std::string label, std::function<void(std::variant<push_settings, push_refusal>)> done) {
  // The check reads a curve point: on the worker, like the reads.
  net::post(workers_, [this, user_id, endpoint = std::move(endpoint), p256dh = std::move(p256dh),
                       auth = std::move(auth), label = std::move(label), done = std::move(done)]() mutable {
    if (auto no = check_subscription(endpoint, p256dh, auth)) return done(std::move(*no));
    auto row = std::make_shared<push_subscription>(
        push_subscription{0, user_id, std::move(endpoint), std::move(p256dh), std::move(auth),
                          clean_text(label, max_label_chars), time_.now_ms()});
    write_then_answer(user_id, add_push_subscription_work(row), push_unavailable, std::move(done));
  });
}

void push_service::unsubscribe(std::int64_t user_id, std::int64_t id,
                               std::function<void(std::variant<push_settings, push_refusal>)> done) {
  write_then_answer(user_id, delete_push_subscription_work(user_id, id),
                    {"unknown_subscription", "you have no such subscription"}, std::move(done));
}

void push_service::choose(std::int64_t user_id, int mask,
                          std::function<void(std::variant<push_settings, push_refusal>)> done) {
  if (mask < 0 || mask > notify_all) return done(push_refusal{"bad_choice", "not a choice of notifications"});
  write_then_answer(user_id, set_notify_work(user_id, mask), push_unavailable, std::move(done));
}

void push_service::write_then_answer(std::int64_t user_id, write_work work, push_refusal on_conflict,
                                     std::function<void(std::variant<push_settings, push_refusal>)> done) {
  db_.queue_write(std::move(work), [this, user_id, on_conflict = std::move(on_conflict),
                                    done = std::move(done)](write_status s) mutable {
    if (s == write_status::conflict) return done(std::move(on_conflict));
    if (s != write_status::ok) return done(push_unavailable);
    settings(user_id, [done = std::move(done)](std::optional<push_settings> now) {
      if (!now) return done(push_unavailable);
      done(std::move(*now));
    });
  });
}

}  // namespace tabuleiro::server::notify

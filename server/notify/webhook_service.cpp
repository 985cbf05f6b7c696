// A member's webhooks (see webhook_service.h).
#include "server/notify/webhook_service.h"

#include <algorithm>
#include <array>
#include <memory>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include "server/notify/push_crypto.h"
#include "server/util/secrets.h"
#include "server/util/thread_name.h"

namespace tabuleiro::server::notify {

namespace net = boost::asio;

namespace {

const webhook_refusal webhook_unavailable{"unavailable", "webhooks cannot be changed right now; try again"};
const webhook_refusal unknown{"unknown_webhook", "you have no such webhook"};

// Member user_id's webhooks and language read on the calling thread; nullopt when the store
// could not answer.
std::optional<std::vector<webhook_row>> read_all(store& db, std::int64_t user_id, std::string& language) {
  std::vector<webhook_row> out;
  const read_status s = db.run_read("reading webhooks", [&](sql_connection& c, std::string& error) {
    return read_webhooks(c, user_id, out, language, error);
  });
  if (s == read_status::unavailable) return std::nullopt;
  return out;  // a member gone meanwhile has none
}

}  // namespace

std::optional<webhook_refusal> check_webhook_url(std::string_view url, bool allow_private) {
  const bool plain = std::all_of(url.begin(), url.end(),
                                 [](char c) { return static_cast<unsigned char>(c) > 0x20 && c != 0x7f; });
  const auto parts = url.size() <= max_webhook_url_bytes && plain ? parse_https_url(url) : std::nullopt;
  const bool host_ok = parts && std::all_of(parts->host.begin(), parts->host.end(), [](char c) {
                         return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                c == '.' || c == '-' || c == ':' || c == '_';
                       });
  if (!parts || !host_ok)
    return webhook_refusal{"bad_url", "the URL is an https URL of at most 1024 bytes, without spaces, controls or "
                                      "user info (https://example.com/hook)"};
  boost::system::error_code ec;
  const auto address = net::ip::make_address(parts->host, ec);
  if (!ec && !allow_private && internal_address(address))
    return webhook_refusal{"internal_url", "the URL names a loopback, private, link-local or otherwise internal "
                                           "address, which this server does not send to"};
  return std::nullopt;
}

std::optional<int> webhook_events_of(const std::vector<std::string>& names) {
  int mask = 0;
  for (const auto& name : names) {
    const int kind = notify_kind_of(name);
    if (!kind) return std::nullopt;
    mask |= kind;
  }
  if (!mask) return std::nullopt;
  return mask;
}

std::string new_webhook_secret() {
  std::array<unsigned char, 32> bytes{};
  random_bytes(bytes);
  return "whsec_" + base64url(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

webhook_service::webhook_service(store& db, const time_source& time, webhook_sender& sender, bool allow_private)
    : db_(db), time_(time), sender_(sender), allow_private_(allow_private) {
  net::post(workers_, [] { name_this_thread("tab-notify"); });
}

webhook_service::~webhook_service() {
  db_.flush();  // the completions of queued writes refer to this service's callers
  workers_.join();
}

void webhook_service::list(std::int64_t user_id, std::function<void(std::optional<std::vector<webhook_row>>)> done) {
  net::post(workers_, [this, user_id, done = std::move(done)] {
    std::string language;
    done(read_all(db_, user_id, language));
  });
}

void webhook_service::add(std::int64_t user_id, std::string url, int events,
                          std::function<void(std::variant<webhook_row, webhook_refusal>)> done) {
  if (auto no = check_webhook_url(url, allow_private_)) return done(std::move(*no));
  if (events <= 0 || events > notify_all) return done(webhook_refusal{"bad_events", "not a choice of events"});
  auto row = std::make_shared<webhook_row>();
  row->user_id = user_id;
  row->url = std::move(url);
  row->secret = new_webhook_secret();
  row->events = events;
  row->created_ms = time_.now_ms();
  auto why = std::make_shared<webhook_conflict>(webhook_conflict::none);
  db_.queue_write(add_webhook_work(row, why), [row, why, done = std::move(done)](write_status s) {
    if (s == write_status::ok) return done(*row);
    if (s == write_status::conflict && *why == webhook_conflict::too_many)
      return done(
          webhook_refusal{"too_many_webhooks", "you have " + std::to_string(max_webhooks) +
                                                   " webhooks already, the most a member keeps; remove one first"});
    if (s == write_status::conflict && *why == webhook_conflict::duplicate)
      return done(webhook_refusal{"duplicate_url", "you have a webhook for this URL already"});
    done(webhook_unavailable);
  });
}

void webhook_service::change(std::int64_t user_id, std::int64_t id, std::optional<int> events, bool new_secret,
                             std::function<void(std::variant<webhook_row, webhook_refusal>)> done) {
  if (events && (*events <= 0 || *events > notify_all))
    return done(webhook_refusal{"bad_events", "not a choice of events"});
  std::optional<std::string> secret;
  if (new_secret) secret = new_webhook_secret();
  db_.queue_write(change_webhook_work(user_id, id, events, secret),
                  [this, user_id, id, done = std::move(done)](write_status s) mutable {
                    if (s == write_status::conflict) return done(unknown);
                    if (s != write_status::ok) return done(webhook_unavailable);
                    list(user_id, [id, done = std::move(done)](std::optional<std::vector<webhook_row>> rows) {
                      if (!rows) return done(webhook_unavailable);
                      for (auto& w : *rows)
                        if (w.id == id) return done(std::move(w));
                      done(unknown);  // removed meanwhile
                    });
                  });
}

void webhook_service::remove(std::int64_t user_id, std::int64_t id,
                             std::function<void(std::optional<webhook_refusal>)> done) {
  db_.queue_write(delete_webhook_work(user_id, id), [done = std::move(done)](write_status s) {
    if (s == write_status::ok) return done(std::nullopt);
    done(s == write_status::conflict ? unknown : webhook_unavailable);
  });
}

void webhook_service::list_all(std::function<void(std::optional<std::vector<owned_webhook>>)> done) {
  net::post(workers_, [this, done = std::move(done)] {
    std::vector<owned_webhook> out;
    const read_status s = db_.run_read("reading every webhook", [&](sql_connection& c, std::string& error) {
      return read_all_webhooks(c, out, error);
    });
    if (s != read_status::found) return done(std::nullopt);
    done(std::move(out));
  });
}

void webhook_service::remove_any(std::int64_t id, std::function<void(std::optional<webhook_refusal>)> done) {
  remove(0, id, std::move(done));
}

void webhook_service::test(std::int64_t user_id, std::int64_t id,
                           std::function<void(std::optional<webhook_refusal>)> done) {
  net::post(workers_, [this, user_id, id, done = std::move(done)] {
    std::string language;
    const auto hooks = read_all(db_, user_id, language);
    if (!hooks) return done(webhook_unavailable);
    const auto it = std::find_if(hooks->begin(), hooks->end(), [id](const webhook_row& w) { return w.id == id; });
    if (it == hooks->end()) return done(unknown);
    if (!sender_.ping(*it, language))
      return done(webhook_refusal{"busy", "too many deliveries are waiting; try again later"});
    done(std::nullopt);
  });
}

}  // namespace tabuleiro::server::notify

// The server's VAPID key pair (see vapid_key.h).
#include "server/notify/vapid_key.h"

#include <future>
#include <memory>

#include "server/notify/push_sql.h"

namespace tabuleiro::server::notify {

std::optional<p256_key> load_vapid_key(store& db, std::int64_t now_ms, std::string& error) {
  const p256_key fresh = p256_key::generate();
  auto stored = std::make_shared<vapid_row>();
  std::promise<write_status> done;
  auto status = done.get_future();
  db.queue_write(keep_vapid_key_work({base64url(fresh.private_scalar()), base64url(fresh.public_point())}, now_ms,
                                     stored),
                 [&done](write_status s) { done.set_value(s); });
  if (const write_status s = status.get(); s != write_status::ok) {
    error = "the VAPID key could not be stored (" + std::string(write_status_name(s)) + ")";
    return std::nullopt;
  }
  const auto scalar = from_base64url(stored->private_key);
  auto key = scalar ? p256_key::from_private(*scalar) : std::nullopt;
  if (!key || base64url(key->public_point()) != stored->public_key) {
    error = "the stored VAPID key is not a P-256 key pair";
    return std::nullopt;
  }
  return key;
}

}  // namespace tabuleiro::server::notify

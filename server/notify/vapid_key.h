// The server's VAPID key pair (RFC 8292): made on the first start and kept in the store
// (push_sql.h), so that every node of a cluster signs with the same key and a browser's
// subscription survives restarts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/notify/push_crypto.h"
#include "server/store/store.h"

namespace tabuleiro::server::notify {

// The stored VAPID key, stored first if there is none (a fresh key made at now_ms); nullopt
// with error set when the store cannot keep it or holds a key that is not one. Blocks until
// the store has committed (start-up only; never on an I/O thread).
std::optional<p256_key> load_vapid_key(store& db, std::int64_t now_ms, std::string& error);

}  // namespace tabuleiro::server::notify

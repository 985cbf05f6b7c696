// Every open WebSocket connection of the server, so that a shutdown, or disabling an account,
// reaches each of them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "server/room/client.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// The registered connections, by id, held weakly (a connection owns itself).
// Thread-safety: every method may be called from any thread (one mutex, held briefly; no
// connection is called while it is held).
class connection_set {
 public:
  // Registers c; once close_all has run, closes c at once with its code instead.
  void track(const std::shared_ptr<client>& c) EXCLUDES(mu_);
  // Forgets the connection with this id (it closed).
  void forget(std::uint64_t client_id) EXCLUDES(mu_);
  // How many connections are registered now.
  std::size_t size() const EXCLUDES(mu_);
  // Closes every registered connection signed in as account_id with code and reason; returns
  // how many.
  std::size_t close_account(std::int64_t account_id, std::uint16_t code, const std::string& reason) EXCLUDES(mu_);
  // Closes every registered connection with code and reason, and from now on every one that
  // registers.
  void close_all(std::uint16_t code, const std::string& reason) EXCLUDES(mu_);

 private:
  mutable mutex mu_;
  bool closed_ GUARDED_BY(mu_) = false;
  std::uint16_t close_code_ GUARDED_BY(mu_) = 0;
  std::string close_reason_ GUARDED_BY(mu_);
  std::map<std::uint64_t, std::weak_ptr<client>> open_ GUARDED_BY(mu_);
};

}  // namespace tabuleiro::server

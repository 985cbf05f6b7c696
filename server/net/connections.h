// Every open WebSocket connection of the server, so that a shutdown, disabling an account, or
// the end of the session a connection signed in with, reaches each of them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "server/room/client.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// The WebSocket close code of a connection signed in by a session that ended (signed out here or
// everywhere, or by a password change): PROTOCOL.md "Close codes".
inline constexpr std::uint16_t session_ended_close = 4004;

// A process-unique, never reused connection id (client::id). Thread-safe.
std::uint64_t new_client_id();

// The registered connections, by id, held weakly (a connection owns itself).
// Thread-safety: every method may be called from any thread (one mutex, held briefly; no
// connection is called while it is held).
class connection_set {
 public:
  // Registers c, signed in by the session whose id hashes to session_hash ("" for a guest); once
  // close_all has run, closes c at once with its code instead.
  void track(const std::shared_ptr<client>& c, std::string session_hash = "") EXCLUDES(mu_);
  // Forgets the connection with this id (it closed).
  void forget(std::uint64_t client_id) EXCLUDES(mu_);
  // How many connections are registered now.
  std::size_t size() const EXCLUDES(mu_);
  // Closes every registered connection signed in as account_id with code and reason; returns
  // how many.
  std::size_t close_account(std::int64_t account_id, std::uint16_t code, const std::string& reason) EXCLUDES(mu_);
  // Closes every registered connection signed in as account_id (any account when 0) by a
  // session whose hash ended(hash) says has ended, with code and reason, of those registered
  // before tracked_before (a connection registered after a read of the live sessions began is
  // judged by the next read); returns how many. ended is called with the set's mutex held and
  // must call back nothing.
  std::size_t close_sessions(std::int64_t account_id, const std::function<bool(const std::string&)>& ended,
                             std::uint16_t code, const std::string& reason,
                             std::chrono::steady_clock::time_point tracked_before =
                                 std::chrono::steady_clock::time_point::max()) EXCLUDES(mu_);
  // Closes every registered connection with code and reason, and from now on every one that
  // registers.
  void close_all(std::uint16_t code, const std::string& reason) EXCLUDES(mu_);

 private:
  mutable mutex mu_;
  bool closed_ GUARDED_BY(mu_) = false;
  std::uint16_t close_code_ GUARDED_BY(mu_) = 0;
  std::string close_reason_ GUARDED_BY(mu_);
  struct entry {
    std::weak_ptr<client> c;
    std::string session_hash;                       // "" for a guest
    std::chrono::steady_clock::time_point tracked;  // when it was registered
  };
  std::map<std::uint64_t, entry> open_ GUARDED_BY(mu_);
};

}  // namespace tabuleiro::server

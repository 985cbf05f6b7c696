// Accounts: sign-up, sign-in, sessions and signing out, over the store's users and sessions
// (account_sql.h). Hashing and database reads run on the service's own worker threads, never
// on the caller's (I/O) thread; every answer comes through a callback, which runs on a worker
// or on the store's writer thread (callers post it back to their own strand).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include <boost/asio/thread_pool.hpp>

#include "server/accounts/account_sql.h"
#include "server/accounts/credentials.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/mutex.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server::accounts {

// A user as the rest of the server sees them (never the password's hash).
struct account {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
  std::string language = "en";
  bool admin = false;
};

// A live session: whose it is, its CSRF token (sent by the browser with every state-changing
// request) and when it lapses (Unix ms).
struct session {
  account who;
  std::string csrf;
  std::int64_t expires_ms = 0;
  std::string id_hash;  // the SHA-256 (hex) of its id, as stored: which sockets it signed in
};

// The CSRF token of the session whose id is session_id: 192 bits (48 hex digits) of the SHA-256
// of a fixed prefix and the id. Derived rather than drawn, so that the database keeps no token:
// it holds only the id's own SHA-256, from which the token cannot be computed, while the server
// computes it from the cookie of every request.
std::string csrf_of(std::string_view session_id);

// A session just opened: the id for the browser's cookie (given once, stored only hashed) and
// the session.
struct opened_session {
  std::string id;
  session s;
};

// Why a request was refused: a stable code ("bad_username", "bad_password", "name_taken",
// "bad_credentials", "account_disabled", "rate_limited", "unavailable"), words for the user,
// and for rate_limited the seconds to wait.
struct refusal {
  std::string code;
  std::string message;
  std::int64_t retry_after_s = 0;
};

// An invitation just made: its code (given once, stored only hashed) and when it lapses.
struct invitation {
  std::string code;
  std::int64_t expires_ms = 0;
};

// What sign-up and sign-in answer.
using sign_result = std::variant<opened_session, refusal>;

// What a session id is worth: a live session, none (unknown, lapsed, signed out, or its user
// disabled), or unknown because the database could not answer.
struct auth_result {
  enum class status { signed_in, signed_out, unavailable } state = status::signed_out;
  session s;  // when signed_in
};

// The service's settings; the defaults suit a server.
struct service_options {
  password_cost cost = default_password_cost();
  std::int64_t session_ms = 30LL * 24 * 3600 * 1000;  // a session lapses 30 days after sign-in
  std::int64_t cache_ms = 1000;                       // how long a read session is believed before re-reading
  int sign_ups_per_hour = 10;                         // per client address
  int free_failures = 5;             // failed sign-ins before the delays start (per address / per name)
  std::int64_t max_delay_s = 900;    // the longest delay between sign-in attempts
  int threads = 1;                   // worker threads (hashing, reads)
  bool invitation_required = false;  // sign-up needs an invitation (--access invite)
};

// The accounts of one server. Every node of a cluster reads the same rows, so a session (or
// signing out, or a disabled user) holds on every node, at the latest cache_ms later.
// Thread-safety: every public method may be called from any thread.
class account_service {
 public:
  account_service(store& db, const time_source& time, service_options options = {});
  // Stops the workers (pending requests still answer).
  ~account_service();

  // The service's settings.
  const service_options& options() const { return options_; }

  // Creates an account (display_name "" means the user name; language "en" or "pt-BR") and
  // signs it in. An invitation code is used once when it is valid (one that grants admin makes
  // the user an administrator, in any access mode); where invitations are required, a sign-up
  // without a valid one is refused, elsewhere it goes on without. Refused:
  // bad_username, bad_password, invitation_required (none given where one is needed),
  // bad_invitation (unknown, used, revoked or lapsed), name_taken, rate_limited (too many
  // sign-ups from address), unavailable.
  void sign_up(std::string username, std::string password, std::string display_name, std::string language,
               std::string invitation, const std::string& address, std::function<void(sign_result)> done);
  // Makes an invitation valid for valid_ms and max_uses sign-ups, by created_by (0: the owner's
  // shell); grants_admin makes whoever signs up with it an administrator.
  void create_invitation(std::int64_t created_by, std::int64_t valid_ms, int max_uses, bool grants_admin,
                         std::function<void(std::variant<invitation, refusal>)> done);
  // Creates an account without a session (the owner's `tabuleiro admin create-user`, later the
  // admin page); admin makes it an administrator. Refused: bad_username, bad_password,
  // name_taken, unavailable.
  void create_user(std::string username, std::string password, bool admin,
                   std::function<void(std::variant<account, refusal>)> done);
  // Opens a session for a user name and password. Refused: bad_credentials (an unknown name
  // and a wrong password alike, in the same time), account_disabled (right password),
  // rate_limited (too many failures for the address or the name), unavailable.
  void sign_in(std::string username, std::string password, const std::string& address,
               std::function<void(sign_result)> done);
  // What the cookie's session id is worth now.
  void authenticate(std::string session_id, std::function<void(auth_result)> done) EXCLUDES(mu_);
  // The seats user_id holds (at most 100, the most recently changed match first); nullopt when
  // the database could not answer.
  void held_seats(std::int64_t user_id, std::function<void(std::optional<std::vector<held_seat_row>>)> done);
  // Sets user_id's display name ("" means the user name) and language ("en" or "pt-BR"; else
  // refused bad_language). Refused: bad_language, unavailable; done gets the account as it is now.
  void update_profile(std::int64_t user_id, std::string display_name, std::string language,
                      std::function<void(std::variant<account, refusal>)> done) EXCLUDES(mu_);
  // Replaces user_id's password when current is right, and ends every other session of theirs
  // (keep_session_id stays). Refused: bad_credentials (current is wrong; counts as a failed
  // sign-in of the address and the name), bad_password, rate_limited, unavailable.
  void change_password(std::int64_t user_id, std::string current, std::string replacement,
                       const std::string& keep_session_id, const std::string& address,
                       std::function<void(std::optional<refusal>)> done) EXCLUDES(mu_);
  // Makes a one-time password-reset link code for user_id, valid for valid_ms, by created_by
  // (0: the owner's shell). Refused: unavailable.
  void create_reset(std::int64_t user_id, std::int64_t created_by, std::int64_t valid_ms,
                    std::function<void(std::variant<invitation, refusal>)> done);
  // Sets a new password through a reset link's code and ends every session of its user.
  // Refused: bad_password, bad_reset (unknown, used, lapsed, or the user is disabled),
  // rate_limited, unavailable.
  void reset_password(std::string code, std::string replacement, const std::string& address,
                      std::function<void(std::optional<refusal>)> done) EXCLUDES(mu_);
  // Ends one session (done(false): the database could not do it).
  void sign_out(const std::string& session_id, std::function<void(bool)> done) EXCLUDES(mu_);
  // Ends every session of user_id, on every node.
  void sign_out_everywhere(std::int64_t user_id, std::function<void(bool)> done) EXCLUDES(mu_);

 private:
  // Hashes password on a worker and inserts the user (names already checked), using up the
  // invitation code if not ""; done gets the new account, or name_taken / bad_invitation /
  // unavailable.
  void insert_user(std::string username, std::string password, std::string display_name, std::string language,
                   bool admin, std::string invitation, std::function<void(std::variant<account, refusal>)> done);
  // Opens a session for u and answers done with it.
  void open_session(const account& u, std::function<void(sign_result)> done);
  // Forgets cached sessions: the one of id_hash, or every one of user_id when id_hash is "".
  void forget(const std::string& id_hash, std::int64_t user_id) EXCLUDES(mu_);
 public:
  // Forgets every cached session of user_id (their row changed: disabled, demoted, renamed).
  void forget_user(std::int64_t user_id) EXCLUDES(mu_) { forget("", user_id); }

 private:
  // The hash a sign-in of an unknown name is checked against (made once, on a worker).
  const std::string& dummy_hash();

  struct cached {
    auth_result result;
    std::int64_t read_ms = 0;
  };

  store& db_;
  const time_source& time_;
  const service_options options_;
  window_limiter sign_ups_;
  failure_backoff failures_;
  std::once_flag dummy_once_;
  std::string dummy_hash_;
  mutex mu_;
  std::map<std::string, cached> cache_ GUARDED_BY(mu_);  // by session id hash
  boost::asio::thread_pool workers_;
};

}  // namespace tabuleiro::server::accounts

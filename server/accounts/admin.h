// The administration of a server: its users (list, disable, promote, reset links), its
// invitations, its audit log and its shared settings (maintenance mode), for the admin page
// (server/net/admin_api.cpp) and `tabuleiro admin`. Every change is recorded in the audit table
// and the log: who, what, when, from where. Reads and writes run off the caller's thread;
// every answer comes through a callback, on a worker or the store's writer thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "server/accounts/accounts.h"
#include "server/accounts/admin_sql.h"
#include "server/util/mutex.h"

namespace tabuleiro::server::accounts {

// Who acts: an administrator's account (id 0: the owner's shell) and where the request came from.
struct actor {
  std::int64_t id = 0;
  std::string name = "shell";
  std::string address = "shell";
};

// A change's answer: nothing, or why it was refused (not_found, own_account, last_admin,
// bad_request, unavailable).
using change_done = std::function<void(std::optional<refusal>)>;

// The administration of one server over the store every node shares.
// Thread-safety: every public method may be called from any thread.
class admin_service {
 public:
  admin_service(store& db, const time_source& time, account_service& accounts);
  // Waits for the workers (pending requests still answer).
  ~admin_service();

  // Users whose name or display name contains search ("" all; at most 500, oldest first),
  // without password hashes; nullopt when the database could not answer.
  void list_users(std::string search, std::function<void(std::optional<std::vector<user_row>>)> done);
  // Disables (ending every session at once; the server then closes their connections) or
  // enables user_id. Refused: own_account, not_found, last_admin, unavailable.
  void set_disabled(const actor& by, std::int64_t user_id, bool disabled, change_done done);
  // Makes user_id an administrator or not. Refused: own_account (demoting oneself), not_found,
  // last_admin, unavailable.
  void set_admin(const actor& by, std::int64_t user_id, bool admin, change_done done);
  // A one-time password-reset link code for user_id, valid for a day.
  void reset_link(const actor& by, std::int64_t user_id, std::function<void(std::variant<invitation, refusal>)> done);
  // An invitation for max_uses sign-ups (1 to 1000), valid for valid_ms (1 hour to 365 days).
  void invite(const actor& by, std::int64_t valid_ms, int max_uses,
              std::function<void(std::variant<invitation, refusal>)> done);
  // The newest invitations (at most 200); nullopt when the database could not answer.
  void list_invitations(std::function<void(std::optional<std::vector<invitation_row>>)> done);
  // Revokes the invitation listed with id (the first 16 hex digits of its code's hash).
  // Refused: not_found, unavailable.
  void revoke_invitation(const actor& by, std::string id, change_done done);
  // The newest limit actions of the audit log (at most 500); nullopt when unavailable.
  void audit_log(std::size_t limit, std::function<void(std::optional<std::vector<audit_row>>)> done);
  // Records an action of by on target in the audit table and the log (detail: words, never a
  // secret); done(false) when the database could not store it. Every change above answers once
  // its record is stored, so the audit log read after it shows it.
  void record(const actor& by, std::string action, std::string target, std::string detail,
              std::function<void(bool)> done = {});

  // Matches of status and game ("" any) with a player whose name contains player ("" any), the
  // most recently changed first, at most 200; nullopt when the database could not answer.
  void list_matches(std::string status, std::string game, std::string player,
                    std::function<void(std::optional<std::vector<admin_match_row>>)> done);
  // Deletes the finished match code (its log, seats and lease too) for node ("" from the shell:
  // no node). Refused: not_found, not_finished, served_elsewhere (a node other than node holds a
  // live lease on it: it would serve a ghost), unavailable.
  void delete_match(const actor& by, std::string code, std::string node, change_done done);

  // The chat reports nobody has handled, oldest first (at most 100, each with up to 8 lines of
  // its conversation before and after it); nullopt when the database could not answer.
  void list_reports(std::function<void(std::optional<std::vector<chat_report_row>>)> done);
  // Marks report id handled (the line stays; the report leaves the list). Refused: not_found, unavailable.
  void handle_report(const actor& by, std::int64_t id, change_done done);

  // Whether the server is in maintenance (no new matches; running ones go on), as the database
  // said within the last second (done(nullopt): it could not answer).
  void maintenance(std::function<void(std::optional<bool>)> done) EXCLUDES(mu_);
  // Turns maintenance on or off for every node.
  void set_maintenance(const actor& by, bool on, change_done done);

  // Makes an online copy of the database db (a SQLite file or a PostgreSQL URL; see
  // store/backup.h) in a new temporary file and records it; done(the file's path), or a
  // refusal (unavailable, with words for the administrator). The caller removes the file.
  void backup(const actor& by, std::string db, std::function<void(std::variant<std::string, refusal>)> done);

  // The database's size in bytes (done(-1): not known).
  void database_bytes(bool postgres, std::function<void(std::int64_t)> done);

  // The users disabled, and those whose sessions ended (with the sessions they still have), at
  // or after since_ms: each node closes their connections, or those signed in by a session that
  // ended. Their cached sessions are forgotten. done(nullopt) when the database failed.
  void session_changes_since(std::int64_t since_ms, std::function<void(std::optional<session_changes>)> done);
  // When no administrator who can act exists: makes a set-up link (an invitation, valid for
  // valid_ms, whose sign-up becomes an administrator, in any access mode, as long as none exists:
  // every node of a cluster makes its own at its start, and the first one used ends them all);
  // done(code), or done(nullopt) when an administrator exists or the database failed.
  void setup_link(std::int64_t valid_ms, std::function<void(std::optional<std::string>)> done);

 private:
  // Runs read on a worker and answers done with its rows, or nullopt when unavailable.
  template <class Rows>
  void read_rows(const char* what, std::function<read_status(sql_connection&, Rows&, std::string&)> read,
                 std::function<void(std::optional<Rows>)> done);
  // Queues a change of a user; answers done, records it when it was made.
  void change_user(const actor& by, std::int64_t user_id, write_work work, std::shared_ptr<user_change> out,
                   std::string action, change_done done);

  store& db_;
  const time_source& time_;
  account_service& accounts_;
  mutex mu_;
  bool maintenance_ GUARDED_BY(mu_) = false;
  std::int64_t maintenance_read_ms_ GUARDED_BY(mu_) = -1;
  boost::asio::thread_pool workers_{1};
};

}  // namespace tabuleiro::server::accounts

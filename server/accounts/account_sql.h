// The accounts' rows in the store (schema/008_accounts.sql): users and sessions, as write
// work for the store's writer thread and reads on its read connection, one SQL text for both
// databases (store/connection.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/store/store.h"

namespace tabuleiro::server::accounts {

// One user as stored. The password only as its Argon2id string.
struct user_row {
  std::int64_t id = 0;       // set by the database
  std::string username;      // as typed at sign-up
  std::string username_key;  // username_key(username), unique
  std::string display_name;
  std::string password_hash;  // crypto_pwhash_str
  bool admin = false;
  bool disabled = false;
  std::string language = "en";  // "en" | "pt-BR"
  std::int64_t created_ms = 0;
};

// A live session as read: its user, and when it lapses (its CSRF token is derived from its id,
// csrf_of in accounts.h, and never stored).
struct session_row {
  user_row user;
  std::int64_t expires_ms = 0;
};

// What an insertion of a user tells besides its status: the new id, whether the invitation
// (if one was given) was what refused it, and whether the user is an administrator (asked for,
// or granted by the invitation).
struct inserted_user {
  std::int64_t id = 0;
  bool invitation_refused = false;
  bool admin = false;
};

// Inserts u and sets out->id to its new id; conflict when its username_key is taken. With an
// invitation_hash, the same write also uses that invitation once (not revoked, not used up,
// lapsing after now_ms; one that grants_admin makes the user an administrator); when it cannot,
// the write is refused (conflict, out->invitation_refused) if invitation_required, and goes on
// without it otherwise.
write_work insert_user_work(const user_row& u, std::shared_ptr<inserted_user> out,
                            const std::string& invitation_hash = "", std::int64_t now_ms = 0,
                            bool invitation_required = true);
// An invitation as stored (code_hash: SHA-256 hex of its code; created_by 0: the owner's shell).
struct invitation_row {
  std::string code_hash;
  std::int64_t created_by = 0;
  std::string created_by_name;  // as read ("" for the owner's shell)
  std::int64_t created_ms = 0;
  std::int64_t expires_ms = 0;
  int max_uses = 1;
  int uses = 0;
  bool revoked = false;
  bool grants_admin = false;
};
// Inserts an invitation.
write_work insert_invitation_work(const invitation_row& inv);
// Inserts a session of user_id (id_hash: SHA-256 hex of the cookie's id; no CSRF token, which
// is derived from the id), and removes that user's sessions that lapsed before created_ms.
write_work insert_session_work(const std::string& id_hash, std::int64_t user_id, std::int64_t created_ms,
                               std::int64_t expires_ms);
// Removes one session (ok also when it was already gone), stamping its user's sessions_ended_ms
// with now_ms (so every node closes the sockets it signed in).
write_work delete_session_work(const std::string& id_hash, std::int64_t now_ms);
// Removes every session of user_id, stamping its sessions_ended_ms with now_ms.
write_work delete_user_sessions_work(std::int64_t user_id, std::int64_t now_ms);

// Sets a user's display name and language.
write_work update_profile_work(std::int64_t user_id, const std::string& display_name, const std::string& language);
// Sets a user's password hash and ends every session of theirs except keep_id_hash ("" ends all),
// stamping its sessions_ended_ms with now_ms.
write_work update_password_work(std::int64_t user_id, const std::string& password_hash, const std::string& keep_id_hash,
                                std::int64_t now_ms);
// Inserts a password-reset link for user_id (code_hash: SHA-256 hex of its code) by created_by
// (0: the owner's shell), usable once until expires_ms.
write_work insert_reset_work(const std::string& code_hash, std::int64_t user_id, std::int64_t created_by,
                             std::int64_t created_ms, std::int64_t expires_ms);
// Uses the reset link code_hash (unused, lapsing after now_ms, its user not disabled): sets the
// password hash, ends every session of the user and sets *user_id; conflict when the link is
// unknown, used, lapsed or its user disabled.
write_work use_reset_work(const std::string& code_hash, const std::string& password_hash, std::int64_t now_ms,
                          std::shared_ptr<std::int64_t> user_id);

// One seat an account holds, with its match.
struct held_seat_row {
  std::string code;
  std::string game;
  std::string status;
  int seat = 0;
  std::string opponent;  // the other seat's display name ("" = none)
  std::string outcome;   // the outcome's JSON text ("" until finished)
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
};

// Reads the seats user_id holds, the most recently changed match first, at most limit.
read_status read_held_seats(sql_connection& db, std::int64_t user_id, std::size_t limit,
                            std::vector<held_seat_row>& out, std::string& error);
// Reads the user whose key is key: found, absent, or unavailable with error set.
read_status read_user_by_key(sql_connection& db, const std::string& key, user_row& out, std::string& error);
// Reads the user with this id: found, absent, or unavailable with error set.
read_status read_user_by_id(sql_connection& db, std::int64_t id, user_row& out, std::string& error);
// Reads the session id_hash with its user, absent when there is none or it lapsed by now_ms.
read_status read_session(sql_connection& db, const std::string& id_hash, std::int64_t now_ms, session_row& out,
                         std::string& error);

}  // namespace tabuleiro::server::accounts

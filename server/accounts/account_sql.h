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
  std::int64_t id = 0;           // set by the database
  std::string username;          // as typed at sign-up
  std::string username_key;      // username_key(username), unique
  std::string display_name;
  std::string password_hash;     // crypto_pwhash_str
  bool admin = false;
  bool disabled = false;
  std::string language = "en";   // "en" | "pt-BR"
  std::int64_t created_ms = 0;
};

// A live session as read: its user and CSRF token, and when it lapses.
struct session_row {
  user_row user;
  std::string csrf;
  std::int64_t expires_ms = 0;
};

// What an insertion of a user tells besides its status: the new id, and whether the
// invitation (if one was given) was what refused it.
struct inserted_user {
  std::int64_t id = 0;
  bool invitation_refused = false;
};

// Inserts u and sets out->id to its new id; conflict when its username_key is taken. With an
// invitation_hash, the same write also uses that invitation (unused, not revoked, lapsing after
// now_ms), and is refused (conflict, out->invitation_refused) when it cannot.
write_work insert_user_work(const user_row& u, std::shared_ptr<inserted_user> out,
                            const std::string& invitation_hash = "", std::int64_t now_ms = 0);
// Inserts an invitation (code_hash: SHA-256 hex of its code) made by created_by (0: the owner's
// shell), usable until expires_ms.
write_work insert_invitation_work(const std::string& code_hash, std::int64_t created_by,
                                  std::int64_t created_ms, std::int64_t expires_ms);
// Inserts a session of user_id (id_hash: SHA-256 hex of the cookie's id), and removes that
// user's sessions that lapsed before created_ms.
write_work insert_session_work(const std::string& id_hash, std::int64_t user_id, const std::string& csrf,
                               std::int64_t created_ms, std::int64_t expires_ms);
// Removes one session (ok also when it was already gone).
write_work delete_session_work(const std::string& id_hash);
// Removes every session of user_id.
write_work delete_user_sessions_work(std::int64_t user_id);

// One seat an account holds, with its match.
struct held_seat_row {
  std::string code;
  std::string game;
  std::string status;
  int seat = 0;
  std::string opponent;   // the other seat's display name ("" = none)
  std::string outcome;    // the outcome's JSON text ("" until finished)
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
};

// Reads the seats user_id holds, the most recently changed match first, at most limit.
read_status read_held_seats(sql_connection& db, std::int64_t user_id, std::size_t limit,
                            std::vector<held_seat_row>& out, std::string& error);
// Reads the user whose key is key: found, absent, or unavailable with error set.
read_status read_user_by_key(sql_connection& db, const std::string& key, user_row& out, std::string& error);
// Reads the session id_hash with its user, absent when there is none or it lapsed by now_ms.
read_status read_session(sql_connection& db, const std::string& id_hash, std::int64_t now_ms,
                         session_row& out, std::string& error);

}  // namespace tabuleiro::server::accounts

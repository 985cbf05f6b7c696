// The administration's rows in the store (schema/009_administration.sql): users as the admin
// page lists them, disabling and promoting them, invitations, the audit log and the server's
// shared settings, as write work for the store's writer thread and reads on its read
// connection, one SQL text for both databases.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "server/accounts/account_sql.h"
#include "server/store/store.h"

namespace tabuleiro::server::accounts {

// Reads at most limit users, oldest first, whose name or display name contains search (case
// ignored; "" lists all). Their password hashes are not read.
read_status read_users(sql_connection& db, const std::string& search, std::size_t limit, std::vector<user_row>& out,
                       std::string& error);
// Reads the ids of the users disabled at or after since_ms.
read_status read_disabled_since(sql_connection& db, std::int64_t since_ms, std::vector<std::int64_t>& out,
                                std::string& error);
// What changed for users' sessions at or after a time: who was disabled, and for each user
// whose sessions ended (users.sessions_ended_ms), the SHA-256 hashes of the sessions they still
// have (those that did not end).
struct session_changes {
  std::vector<std::int64_t> disabled;
  std::map<std::int64_t, std::set<std::string>> live;
};
// Reads the session changes at or after since_ms; a session lapsed by now_ms is not live.
read_status read_session_changes(sql_connection& db, std::int64_t since_ms, std::int64_t now_ms, session_changes& out,
                                 std::string& error);
// Reads how many administrators can act (not disabled).
read_status read_admin_count(sql_connection& db, std::int64_t& out, std::string& error);

// What an administrator's change of a user tells besides its status.
struct user_change {
  bool absent = false;      // no such user (conflict)
  bool last_admin = false;  // it would leave no administrator who can act (conflict)
};
// Disables (at now_ms, ending every session) or enables user_id.
write_work set_disabled_work(std::int64_t user_id, bool disabled, std::int64_t now_ms,
                             std::shared_ptr<user_change> out);
// Makes user_id an administrator, or not (never the last one who can act).
write_work set_admin_work(std::int64_t user_id, bool admin, std::shared_ptr<user_change> out);

// Reads the newest invitations (at most limit), with their makers' names.
read_status read_invitations(sql_connection& db, std::size_t limit, std::vector<invitation_row>& out,
                             std::string& error);
// Revokes the invitation whose code hash starts with id_prefix (16 hex digits, as listed);
// conflict when there is none.
write_work revoke_invitation_work(const std::string& id_prefix);

// One administrator's action, as recorded.
struct audit_row {
  std::int64_t id = 0;
  std::int64_t at_ms = 0;
  std::int64_t actor_id = 0;  // 0: the owner's shell
  std::string actor_name;
  std::string address;
  std::string action;
  std::string target;
  std::string detail;
};
// Appends one action to the audit log.
write_work insert_audit_work(const audit_row& a);
// Reads the newest actions of the audit log (at most limit).
read_status read_audit(sql_connection& db, std::size_t limit, std::vector<audit_row>& out, std::string& error);

// One match as the admin page lists it.
struct admin_match_row {
  std::string code;
  std::string game;
  std::string status;
  std::string visibility;
  std::string seat1, seat2;  // the seats' display names, else their accounts' ("" = none)
  std::string outcome;       // the outcome's JSON text ("" until finished)
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
};
// Reads at most limit matches, the most recently changed first, of status ("" any), game ("" any)
// and with a seat whose display name or account name contains player ("" any; case ignored).
read_status read_admin_matches(sql_connection& db, const std::string& status, const std::string& game,
                               const std::string& player, std::size_t limit, std::vector<admin_match_row>& out,
                               std::string& error);
// What deleting a match tells besides its status.
struct match_deletion {
  bool absent = false;    // no such match (conflict)
  bool running = false;   // not finished (conflict)
  std::string served_by;  // the node whose live lease holds it (conflict; "" when none)
  std::int64_t served_until_ms = 0;
};
// Deletes the finished match code with its log, seats, bot seat, lease, rating changes and chat;
// refused (conflict, out->served_by) while a node other than `node` ("": any node) holds a lease
// on it that runs past now_ms, since that node would go on serving a ghost.
write_work delete_match_work(const std::string& code, const std::string& node, std::int64_t now_ms,
                             std::shared_ptr<match_deletion> out);

// One line of a match's chat as the admin page shows it.
struct admin_chat_line {
  std::int64_t id = 0;
  int seat = 0;      // 0: a spectator
  std::string name;  // "" : none
  std::string text;
  std::int64_t at_ms = 0;
};
// A chat report waiting on the admin page: the line, who reported it and why, and the
// conversation around it (the lines of its channel just before and after it, itself included).
struct chat_report_row {
  std::int64_t id = 0;
  std::string code;     // the match
  std::string channel;  // "players" | "spectators"
  admin_chat_line line;
  std::string reporter;  // "" : a guest without a name
  std::string reason;
  std::int64_t created_ms = 0;
  std::vector<admin_chat_line> conversation;
};
// The reports nobody has handled yet, oldest first, at most limit, each with at most context
// lines of its channel before and after the line.
read_status read_chat_reports(sql_connection& db, std::size_t limit, std::size_t context,
                              std::vector<chat_report_row>& out, std::string& error);
// Marks report id handled by user by_id at at_ms; conflict when it is absent or handled already.
write_work handle_report_work(std::int64_t id, std::int64_t by_id, std::int64_t at_ms);

// Reads the database's size in bytes (SQLite: its pages; PostgreSQL: pg_database_size).
read_status read_database_bytes(sql_connection& db, bool postgres, std::int64_t& out, std::string& error);

// Reads the server setting name: found with value, or absent.
read_status read_setting(sql_connection& db, const std::string& name, std::string& value, std::string& error);
// Sets the server setting name to value.
write_work set_setting_work(const std::string& name, const std::string& value, std::int64_t now_ms);

}  // namespace tabuleiro::server::accounts

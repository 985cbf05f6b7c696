// The admin page's answers (/api/admin/…, PROTOCOL.md "Administration"): users, links made
// for one person (invitations, password resets), invitations, the audit log and the server's
// state. Plain field structs in, JSON out; never a password hash or a stored code hash.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol::messages {

using json = nlohmann::json;

// One user as the admin page lists them.
struct admin_user_fields {
  std::int64_t id = 0;
  std::string_view username;
  std::string_view display_name;
  std::string_view language;
  bool admin = false;
  bool disabled = false;
  std::string_view created;  // ISO 8601
};
// {"users":[{"id","username","display_name","language","admin","disabled","created"}…]}
json admin_users(const std::vector<admin_user_fields>& users);

// A link made once for one person: {"code","link","expires"} (link: the page that takes the
// code; expires: ISO 8601). Shown only in this answer; the server keeps only the code's hash.
json admin_link(std::string_view code, std::string_view link, std::string_view expires);

// One invitation as listed.
struct invitation_fields {
  std::string_view id;          // the first 16 hex digits of its code's SHA-256
  std::string_view created_by;  // the maker's user name ("" = the owner's shell)
  std::string_view created;     // ISO 8601
  std::string_view expires;     // ISO 8601
  int max_uses = 1;
  int uses = 0;
  bool revoked = false;
  bool grants_admin = false;  // the one-time set-up link
  std::string_view state;     // "open" | "used" | "revoked" | "lapsed"
};
// {"invitations":[{"id","created_by","created","expires","max_uses","uses","revoked","admin","state"}…]}
json admin_invitations(const std::vector<invitation_fields>& invitations);

// One action of the audit log.
struct audit_fields {
  std::string_view at;  // ISO 8601
  std::string_view actor;
  std::string_view address;
  std::string_view action;
  std::string_view target;
  std::string_view detail;
};
// {"entries":[{"at","actor","address","action","target","detail"}…]}, newest first.
json admin_audit(const std::vector<audit_fields>& entries);

// One match as the admin page lists it.
struct admin_match_fields {
  std::string_view code;
  std::string_view game;
  std::string_view status;        // "waiting" | "live" | "finished"
  std::string_view visibility;    // "public" | "unlisted"
  std::string_view seat1, seat2;  // display names ("" = none yet)
  const json* outcome = nullptr;  // null until finished
  std::string_view created;       // ISO 8601
  std::string_view updated;       // ISO 8601
};
// {"matches":[{"code","game","status","visibility","players":[name|null, name|null],"outcome",
// "created","updated"}…]}
json admin_matches(const std::vector<admin_match_fields>& matches);

// The server as the admin page shows it.
struct server_fields {
  std::string_view version;
  std::string_view started;  // ISO 8601
  std::int64_t uptime_s = 0;
  std::int64_t connections = 0;
  std::int64_t rooms = 0;            // matches in this node's memory
  std::int64_t bots_thinking = 0;    // bot searches queued or running
  std::int64_t database_bytes = -1;  // -1: not known (PostgreSQL)
  bool maintenance = false;
  std::string_view access;
  std::string_view node;  // "" = a single server
};
// {"version","started","uptime_s","connections","rooms","bots_thinking","database_bytes"
// (null when not known),"maintenance","access","node"}
json admin_server(const server_fields& f);

// One scheduled backup's copy as the admin page lists it.
struct backup_fields {
  std::string_view file;  // its name in the backup folder
  std::string_view at;    // ISO 8601
  std::int64_t bytes = 0;
  bool ok = false;
  std::string_view error;  // why it failed ("" when ok)
  std::string_view by;     // "schedule", "start" (found at start) or an administrator's name
};
// The scheduled backups: the server's settings, its results, and what restoring needs.
struct backups_fields {
  bool configured = false;  // false: no --backup-dir (the rest is empty)
  std::string_view dir;     // the folder, absolute
  std::string_view db;      // the SQLite database file, absolute ("" on PostgreSQL)
  bool postgres = false;
  std::int64_t every_s = 0;
  int keep = 0;
  bool running = false;
  std::string_view next;               // ISO 8601: the next scheduled copy
  std::string_view last_success;       // ISO 8601, "" = none yet
  std::int64_t failures = 0;           // since the server started
  std::vector<backup_fields> backups;  // newest first
};
// {"configured","dir","db","postgres","every_s","keep","running","next","last_success"
// (null: none),"failures","last_failed","backups":[{"file","at","bytes","ok","error","by"}…]}
// (last_failed: the newest attempt failed).
json admin_backups(const backups_fields& f);

// The answer of a change that has nothing else to tell: {"ok":true}.
json admin_done();

// One chat line on the admin page.
struct admin_chat_fields {
  std::int64_t id = 0;
  int seat = 0;
  std::string name;
  std::string text;
  std::string at;
};
// A chat report waiting on the admin page.
struct chat_report_fields {
  std::int64_t id = 0;
  std::string code;
  std::string channel;
  admin_chat_fields line;
  std::string reporter;
  std::string reason;
  std::string created;
  std::vector<admin_chat_fields> conversation;
};
// {"reports":[{"id","code","channel","line":{…},"reporter","reason","created","conversation":[{…}…]}…]}.
json admin_reports(const std::vector<chat_report_fields>& reports);

}  // namespace tabuleiro::protocol::messages

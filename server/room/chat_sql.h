// The chat's rows in the store (schema/013_chat.sql): a line stored before anyone sees it, the
// seats' mutes, reports, and a match's chat read back when its room is restored; one SQL text
// for both databases (store/connection.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/store/store.h"

namespace tabuleiro::server {

// One chat line of a match.
struct chat_line {
  std::int64_t id = 0;       // the database's id (the order of the lines)
  std::string channel;       // "players" | "spectators"
  int seat = 0;              // the writer's seat (0: a spectator)
  std::int64_t user_id = 0;  // the writer's account (0: a guest)
  std::string name;          // the writer's name as shown ("" : none)
  std::string text;
  std::int64_t at_ms = 0;
};

// Stores line in match code's chat; line->id is set once it is stored. conflict: no such match.
write_work insert_chat_work(const std::string& code, std::shared_ptr<chat_line> line);

// Records (mute) or forgets (!mute) that seat of match code muted the other seat's lines.
write_work set_chat_mute_work(const std::string& code, int seat, bool mute);

// Stores a report of line message_id of match code by reporter (reporter_id 0: a guest) at
// at_ms; conflict when the line is not one of the match's.
write_work report_chat_work(const std::string& code, std::int64_t message_id, std::int64_t reporter_id,
                            const std::string& reporter, const std::string& reason, std::int64_t at_ms);

// Match code's chat: its last limit lines in order, and which seats muted the other.
read_status read_chat(sql_connection& db, const std::string& code, std::size_t limit, std::vector<chat_line>& lines,
                      std::array<bool, 2>& muted, std::string& error);

}  // namespace tabuleiro::server

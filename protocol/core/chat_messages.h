// The chat's messages (PROTOCOL.md "Chat"): a line as every viewer allowed to read it is sent
// it, and a connection's chat as it joins (or as a player sees it once the match is over).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol::messages {

// One chat line as the wire shows it.
struct chat_fields {
  std::int64_t id = 0;
  std::string channel;  // "players" | "spectators"
  int seat = 0;         // 0: a spectator
  std::string name;     // "" : none
  std::string text;
  std::string at;  // ISO 8601 UTC
};

// {"id","channel","seat","name"?,"text","at"}.
nlohmann::json chat_line_json(const chat_fields& l);
// {"type":"chat","line":{…}}: a new line.
std::string chat(const chat_fields& l);
// {"type":"chat_history","chat":"on"|"members"|"off","muted":bool,"lines":[…]}: the lines this
// connection may read, oldest first; chat says whether it may write (off: nobody may, members:
// only signed-in members); muted: this seat muted the other seat's lines.
std::string chat_history(const std::vector<chat_fields>& lines, const std::string& chat, bool muted);

}  // namespace tabuleiro::protocol::messages

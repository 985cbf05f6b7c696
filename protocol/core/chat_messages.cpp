// The chat's messages (see chat_messages.h).
#include "protocol/core/chat_messages.h"

namespace tabuleiro::protocol::messages {

using nlohmann::json;

namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

json chat_line_json(const chat_fields& l) {
  json j = {{"id", l.id}, {"channel", l.channel}, {"seat", l.seat}};
  if (!l.name.empty()) j["name"] = l.name;
  j["text"] = l.text;
  j["at"] = l.at;
  return j;
}

std::string chat(const chat_fields& l) { return dump({{"type", "chat"}, {"line", chat_line_json(l)}}); }

std::string chat_history(const std::vector<chat_fields>& lines, const std::string& chat, bool muted) {
  json list = json::array();
  for (const auto& l : lines) list.push_back(chat_line_json(l));
  return dump({{"type", "chat_history"}, {"chat", chat}, {"muted", muted}, {"lines", std::move(list)}});
}

}  // namespace tabuleiro::protocol::messages

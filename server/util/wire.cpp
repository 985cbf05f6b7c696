#include "server/util/wire.h"

namespace tabuleiro::server {

std::size_t json_depth(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '[':
      case '{':
        if (++depth > deepest) deepest = depth;
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      default: break;
    }
  }
  return deepest;
}

bool string_member(const json& o, const char* key, std::string& out) {
  const auto it = o.find(key);
  if (it == o.end()) return true;
  if (!it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}

std::optional<json> parse_client_json(std::string_view text, std::string& why, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    why = "message larger than " + std::to_string(max_bytes / 1024) + " KiB";
    return std::nullopt;
  }
  if (json_depth(text) > max_json_depth) {
    why = "JSON nested deeper than " + std::to_string(max_json_depth);
    return std::nullopt;
  }
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    why = "not valid JSON";
    return std::nullopt;
  }
  return j;
}

}  // namespace tabuleiro::server

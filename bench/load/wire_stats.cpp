// The load generator's byte counters (see wire_stats.h).
#include "bench/load/wire_stats.h"

namespace tabuleiro::bench {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Moves i past the whitespace of text.
void skip_space(std::string_view text, std::size_t& i) {
  while (i < text.size() && is_space(text[i])) ++i;
}

// With text[i] == '"': moves i past the string's closing quote; false if it never closes.
bool skip_string(std::string_view text, std::size_t& i) {
  for (++i; i < text.size(); ++i) {
    if (text[i] == '\\') ++i;
    else if (text[i] == '"') return ++i, true;
  }
  return false;
}

// Moves i past one JSON value (string, object, array or scalar); false if the text ends first
// or no value starts at i.
bool skip_value(std::string_view text, std::size_t& i) {
  if (i >= text.size()) return false;
  if (text[i] == '"') return skip_string(text, i);
  if (text[i] == '{' || text[i] == '[') {
    int depth = 0;
    while (i < text.size()) {
      const char c = text[i];
      if (c == '"') {
        if (!skip_string(text, i)) return false;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      else if ((c == '}' || c == ']') && --depth == 0) return ++i, true;
      ++i;
    }
    return false;
  }
  const std::size_t start = i;
  while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && !is_space(text[i])) ++i;
  return i > start;
}

// Walks the container that opens at text's first non-space character with open and closes
// with close: element(i) moves i past one element (for an object, `"key":value`), false when
// that element is malformed. True when every element was read and the container closed.
template <class Element>
bool walk_container(std::string_view text, char open, char close, Element element) {
  std::size_t i = 0;
  skip_space(text, i);
  if (i >= text.size() || text[i] != open) return false;
  ++i;
  skip_space(text, i);
  if (i < text.size() && text[i] == close) return true;
  for (;;) {
    skip_space(text, i);
    if (!element(i)) return false;
    skip_space(text, i);
    if (i >= text.size() || text[i] != ',') return i < text.size() && text[i] == close;
    ++i;
  }
}

}  // namespace

std::vector<json_member> top_level_members(std::string_view text) {
  std::vector<json_member> out;
  const bool whole = walk_container(text, '{', '}', [&](std::size_t& i) {
    if (i >= text.size() || text[i] != '"') return false;
    const std::size_t start = i;
    if (!skip_string(text, i)) return false;
    const std::string_view key = text.substr(start + 1, i - start - 2);
    skip_space(text, i);
    if (i >= text.size() || text[i] != ':') return false;
    ++i;
    skip_space(text, i);
    const std::size_t value_start = i;
    if (!skip_value(text, i)) return false;
    out.push_back({key, text.substr(value_start, i - value_start), i - start});
    return true;
  });
  if (!whole) out.clear();
  return out;
}

std::vector<std::string_view> array_elements(std::string_view text) {
  std::vector<std::string_view> out;
  const bool whole = walk_container(text, '[', ']', [&](std::size_t& i) {
    const std::size_t start = i;
    if (!skip_value(text, i)) return false;
    out.push_back(text.substr(start, i - start));
    return true;
  });
  if (!whole) out.clear();
  return out;
}

bool starts_non_empty_array(std::string_view text) {
  std::size_t i = 0;
  skip_space(text, i);
  if (i >= text.size() || text[i] != '[') return false;
  ++i;
  skip_space(text, i);
  return i < text.size() && text[i] != ']';
}

std::size_t frame_header_bytes(std::size_t n, bool masked) {
  return (n < 126 ? 2 : n < 65536 ? 4 : 10) + (masked ? 4 : 0);
}

void wire_stats::received(role r, std::string_view type, std::string_view text,
                          const std::vector<json_member>& members) {
  auto it = received_[r].find(type);
  if (it == received_[r].end()) it = received_[r].emplace(std::string(type), counter{}).first;
  counter& c = it->second;
  ++c.messages;
  c.bytes += text.size();
  for (const auto& m : members) {
    auto f = c.fields.find(m.key);
    if (f == c.fields.end()) f = c.fields.emplace(std::string(m.key), 0).first;
    f->second += m.bytes;
  }
  header_received_[r] += frame_header_bytes(text.size(), false);
}

void wire_stats::sent(std::string_view type, std::size_t bytes) {
  auto it = sent_.find(type);
  if (it == sent_.end()) it = sent_.emplace(std::string(type), counter{}).first;
  ++it->second.messages;
  it->second.bytes += bytes;
  header_sent_ += frame_header_bytes(bytes, true);
}

nlohmann::json wire_stats::to_json() const {
  auto counters = [](const std::map<std::string, counter, std::less<>>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [type, c] : m) {
      j[type] = {{"messages", c.messages}, {"bytes", c.bytes}};
      if (!c.fields.empty()) j[type]["fields"] = c.fields;
    }
    return j;
  };
  nlohmann::json received = nlohmann::json::object(), headers = nlohmann::json::object();
  for (std::size_t r = 0; r < received_.size(); ++r) {
    received[role_names[r]] = counters(received_[r]);
    headers[role_names[r]] = header_received_[r];
  }
  return {{"received", std::move(received)},
          {"sent", counters(sent_)},
          {"frame_header_bytes", {{"received", std::move(headers)}, {"sent", header_sent_}}}};
}

}  // namespace tabuleiro::bench

// object_text: flat JSON objects written as text or JSON (see object_text.h).
#include "protocol/object_text.h"

#include <algorithm>
#include <charconv>

namespace tabuleiro::protocol {

object_text& object_text::add(std::string_view key, value v) {
  // Sorted insertion: nlohmann's objects (std::map) write their members in key order. A key
  // given twice keeps its last value, as json[key] = v would.
  const auto at = std::lower_bound(members_.begin(), members_.end(), key,
                                   [](const member& m, std::string_view k) { return m.key < k; });
  if (at != members_.end() && at->key == key) at->v = std::move(v);
  else members_.insert(at, member{key, std::move(v)});
  return *this;
}

object_text& object_text::string(std::string_view key, std::string value) { return add(key, std::move(value)); }
object_text& object_text::integer(std::string_view key, std::int64_t value) { return add(key, value); }
object_text& object_text::boolean(std::string_view key, bool value) { return add(key, value); }
object_text& object_text::strings(std::string_view key, std::vector<std::string> values) {
  return add(key, std::move(values));
}

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xf];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

void object_text::append_to(std::string& out) const {
  out += '{';
  bool first = true;
  for (const member& m : members_) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, m.key);
    out += ':';
    if (const auto* s = std::get_if<std::string>(&m.v)) {
      append_json_string(out, *s);
    } else if (const auto* i = std::get_if<std::int64_t>(&m.v)) {
      char buf[24];
      out.append(buf, std::to_chars(buf, buf + sizeof buf, *i).ptr);
    } else if (const auto* b = std::get_if<bool>(&m.v)) {
      out += *b ? "true" : "false";
    } else {
      out += '[';
      const auto& list = std::get<std::vector<std::string>>(m.v);
      for (std::size_t k = 0; k < list.size(); ++k) {
        if (k) out += ',';
        append_json_string(out, list[k]);
      }
      out += ']';
    }
  }
  out += '}';
}

nlohmann::json object_text::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const member& m : members_) {
    const std::string key(m.key);
    std::visit([&](const auto& v) { j[key] = v; }, m.v);
  }
  return j;
}

}  // namespace tabuleiro::protocol

// The query string of an HTTP request target ("a=1&b=2") and the numbers in a target, read by the
// API routes.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace tabuleiro::server {

// The value of key in query, percent-decoded ('+' is a space; a malformed escape is kept as
// typed), or "" when absent.
inline std::string query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == key) {
      const std::string_view raw = pair.substr(eq + 1);
      std::string value;
      const auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
      };
      for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '+') value += ' ';
        else if (raw[i] == '%' && i + 2 < raw.size() && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
          value += static_cast<char>(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
          i += 2;
        } else {
          value += raw[i];
        }
      }
      return value;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return "";
}

// The positive whole number text spells in decimal digits alone (a path's id, a query's limit),
// or 0 for anything else.
inline std::int64_t positive_number(std::string_view text) {
  std::int64_t n = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return ec == std::errc{} && p == text.data() + text.size() && n > 0 ? n : 0;
}

}  // namespace tabuleiro::server

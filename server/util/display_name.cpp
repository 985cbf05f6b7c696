// Display-name cleaning (display_name.h).
#include "server/util/display_name.h"

#include <cstdint>

namespace tabuleiro::server {

namespace {

// The code point starting at text[i] and its length in bytes; text is valid UTF-8.
std::pair<std::uint32_t, std::size_t> decode(std::string_view text, std::size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  std::size_t len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : 4;
  if (i + len > text.size()) len = text.size() - i;
  std::uint32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  return {cp, len};
}

// True for characters a name may not hold at all.
bool removed(std::uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

// True for the whitespace a name keeps as one plain space.
bool space(std::uint32_t cp) {
  return cp == ' ' || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
         cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

}  // namespace

std::string clean_display_name(std::string_view raw) { return clean_text(raw, display_name_max); }

std::string clean_text(std::string_view raw, std::size_t max, bool* cut) {
  std::string out;
  std::size_t kept = 0;
  bool pending_space = false;
  if (cut) *cut = false;
  for (std::size_t i = 0; i < raw.size();) {
    const auto [cp, len] = decode(raw, i);
    const std::string_view bytes = raw.substr(i, len);
    i += len;
    // Tabs and newlines are control characters, but they separate words: keep a space.
    if (space(cp) || cp == '\t' || cp == '\n' || cp == '\r') {
      pending_space = !out.empty();
      continue;
    }
    if (removed(cp)) continue;
    if (kept + (pending_space ? 2 : 1) > max) {  // one code point more than max holds
      if (cut) *cut = true;
      break;
    }
    if (pending_space) {
      out += ' ';
      ++kept;
      pending_space = false;
    }
    out += bytes;
    ++kept;
  }
  return out;
}

}  // namespace tabuleiro::server

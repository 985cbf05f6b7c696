// Display names: the optional name a player shows beside its seat. A name is decoration for
// everyone's seats panel, never a credential: seats are held by tokens alone.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tabuleiro::server {

// The most code points a cleaned display name keeps.
inline constexpr std::size_t display_name_max = 24;

// The cleaned form of a display name given in valid UTF-8 (as every parsed JSON string is):
// control characters (U+0000–U+001F, U+007F–U+009F) and bidirectional formatting characters
// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) removed, every run of whitespace turned
// into one space, trimmed, then cut to display_name_max code points. "" means no name.
std::string clean_display_name(std::string_view raw);

// raw (valid UTF-8) cleaned as a display name is, but cut to max code points; *cut (when given)
// says whether anything was cut off. A chat line is cleaned so (400 code points).
std::string clean_text(std::string_view raw, std::size_t max, bool* cut = nullptr);

}  // namespace tabuleiro::server

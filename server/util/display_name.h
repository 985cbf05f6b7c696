// Display names: the optional name a player shows beside its seat. A name is decoration for
// everyone's seats panel, never a credential: seats are held by tokens alone.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tabuleiro::server {

// The most code points a cleaned display name keeps.
inline constexpr std::size_t display_name_max = 24;

// The cleaned form of a display name given in valid UTF-8 (as every parsed JSON string is), so
// that two names that look the same are the same: invisible characters removed (controls,
// format characters such as bidirectional controls and zero-width spaces, private-use and
// unassigned code points, and every other default-ignorable one; a zero-width joiner stays
// between two pictographs, where it makes one emoji), every run of whitespace turned into one
// space, trimmed, normalised to NFC (utf8proc), then cut to display_name_max code points at a
// grapheme boundary; finally, in every word that holds a Latin letter, each Cyrillic or Greek
// letter drawn like a Latin one becomes that Latin letter (mixed-script look-alikes: "Аna" with
// a Cyrillic А is "Ana"; a word wholly in another script keeps it). "" means no name.
std::string clean_display_name(std::string_view raw);

// raw (valid UTF-8) cleaned as a display name is, but cut to max code points; *cut (when given)
// says whether anything was cut off. A chat line is cleaned so (400 code points).
std::string clean_text(std::string_view raw, std::size_t max, bool* cut = nullptr);

}  // namespace tabuleiro::server

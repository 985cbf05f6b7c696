// Display-name cleaning (display_name.h), on the Unicode Character Database as utf8proc holds it.
#include "server/util/display_name.h"

#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include <utf8proc.h>

namespace tabuleiro::server {

namespace {

// The code points of valid UTF-8 text (an invalid sequence ends it).
std::vector<utf8proc_int32_t> code_points(std::string_view text) {
  std::vector<utf8proc_int32_t> out;
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  auto left = static_cast<utf8proc_ssize_t>(text.size());
  while (left > 0) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t n = utf8proc_iterate(p, left, &cp);
    if (n <= 0) break;
    out.push_back(cp);
    p += n;
    left -= n;
  }
  return out;
}

// True for a character that separates words: kept as one plain space.
bool is_space(utf8proc_int32_t cp) {
  if (cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x85) return true;
  const auto c = utf8proc_category(cp);
  return c == UTF8PROC_CATEGORY_ZS || c == UTF8PROC_CATEGORY_ZL || c == UTF8PROC_CATEGORY_ZP;
}

// True for a pictograph that an emoji ZWJ sequence joins (Unicode's Extended_Pictographic).
bool is_pictograph(utf8proc_int32_t cp) {
  return utf8proc_get_property(cp)->boundclass == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC;
}

// True when text ends with a pictograph, perhaps followed by what extends it (a skin tone).
bool follows_pictograph(const std::vector<utf8proc_int32_t>& text) {
  for (auto it = text.rbegin(); it != text.rend(); ++it) {
    if (is_pictograph(*it)) return true;
    if (utf8proc_get_property(*it)->boundclass != UTF8PROC_BOUNDCLASS_EXTEND) return false;
  }
  return false;
}

// True for a character that shows nothing, or nothing reliably: controls, format characters
// (bidirectional controls, zero-width spaces and joiners), surrogates, private-use and
// unassigned code points, and every other default-ignorable one (variation selectors, fillers,
// tags).
bool is_invisible(utf8proc_int32_t cp) {
  switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN: return true;
    default: return utf8proc_get_property(cp)->ignorable;
  }
}

// text in Normalization Form C (text itself if utf8proc refuses it).
std::vector<utf8proc_int32_t> nfc(const std::vector<utf8proc_int32_t>& text) {
  std::string bytes;
  utf8proc_uint8_t buf[4];
  for (const auto cp : text) bytes.append(reinterpret_cast<const char*>(buf), utf8proc_encode_char(cp, buf));
  utf8proc_uint8_t* composed = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(bytes.data()),
                                          static_cast<utf8proc_ssize_t>(bytes.size()), &composed,
                                          static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(composed, &std::free);
  if (n < 0) return text;
  return code_points(std::string_view(reinterpret_cast<const char*>(composed), static_cast<std::size_t>(n)));
}

// The basic Latin letter that a Cyrillic or Greek letter is drawn exactly like, or 0.
utf8proc_int32_t latin_twin(utf8proc_int32_t cp) {
  // clang-format off: the table keeps its rows of seven.
  static constexpr std::pair<utf8proc_int32_t, char> twins[] = {// Cyrillic
                                                                {0x0405, 'S'},
                                                                {0x0406, 'I'},
                                                                {0x0408, 'J'},
                                                                {0x0410, 'A'},
                                                                {0x0412, 'B'},
                                                                {0x0415, 'E'},
                                                                {0x041A, 'K'},
                                                                {0x041C, 'M'},
                                                                {0x041D, 'H'},
                                                                {0x041E, 'O'},
                                                                {0x0420, 'P'},
                                                                {0x0421, 'C'},
                                                                {0x0422, 'T'},
                                                                {0x0423, 'Y'},
                                                                {0x0425, 'X'},
                                                                {0x0430, 'a'},
                                                                {0x0435, 'e'},
                                                                {0x043E, 'o'},
                                                                {0x0440, 'p'},
                                                                {0x0441, 'c'},
                                                                {0x0443, 'y'},
                                                                {0x0445, 'x'},
                                                                {0x0455, 's'},
                                                                {0x0456, 'i'},
                                                                {0x0458, 'j'},
                                                                {0x04AF, 'y'},
                                                                {0x04BB, 'h'},
                                                                {0x0501, 'd'},
                                                                {0x051B, 'q'},
                                                                {0x051D, 'w'},
                                                                // Greek
                                                                {0x0391, 'A'},
                                                                {0x0392, 'B'},
                                                                {0x0395, 'E'},
                                                                {0x0396, 'Z'},
                                                                {0x0397, 'H'},
                                                                {0x0399, 'I'},
                                                                {0x039A, 'K'},
                                                                {0x039C, 'M'},
                                                                {0x039D, 'N'},
                                                                {0x039F, 'O'},
                                                                {0x03A1, 'P'},
                                                                {0x03A4, 'T'},
                                                                {0x03A5, 'Y'},
                                                                {0x03A7, 'X'},
                                                                {0x03BF, 'o'},
                                                                {0x03BD, 'v'},
                                                                {0x03C1, 'p'}};
  // clang-format on
  for (const auto& [from, to] : twins)
    if (from == cp) return to;
  return 0;
}

// True for a Latin letter (basic Latin, or the Latin-1 and Latin Extended-A/B letters).
bool is_latin(utf8proc_int32_t cp) {
  return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') ||
         (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
}

// text with every word (a run between spaces) that holds a Latin letter written in Latin
// letters only where others look the same: each Cyrillic or Greek look-alike becomes its Latin
// twin, so that "Аna" (a Cyrillic А) is "Ana". A word without a Latin letter keeps its script.
std::vector<utf8proc_int32_t> fold_mixed_words(std::vector<utf8proc_int32_t> text) {
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = start;
    bool latin = false;
    while (end < text.size() && text[end] != ' ') latin = is_latin(text[end++]) || latin;
    if (latin)
      for (std::size_t i = start; i < end; ++i)
        if (const auto twin = latin_twin(text[i])) text[i] = twin;
    start = end + 1;
  }
  return text;
}

}  // namespace

std::string clean_display_name(std::string_view raw) {
  // One code point for one, so the cut made by clean_text holds.
  std::string out;
  utf8proc_uint8_t buf[4];
  for (const auto cp : fold_mixed_words(code_points(clean_text(raw, display_name_max))))
    out.append(reinterpret_cast<const char*>(buf), utf8proc_encode_char(cp, buf));
  return out;
}

std::string clean_text(std::string_view raw, std::size_t max, bool* cut) {
  if (cut) *cut = false;
  // Invisible characters out (a zero-width joiner stays only between two pictographs, where it
  // makes one emoji of them), each run of spaces one space, no space at either end.
  const std::vector<utf8proc_int32_t> in = code_points(raw);
  std::vector<utf8proc_int32_t> kept;
  bool pending_space = false;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto cp = in[i];
    if (is_space(cp)) {
      pending_space = !kept.empty();
      continue;
    }
    const bool joins_pictographs = cp == 0x200D && !pending_space && follows_pictograph(kept) && i + 1 < in.size() &&
                                   is_pictograph(in[i + 1]);
    if (is_invisible(cp) && !joins_pictographs) continue;
    if (pending_space) kept.push_back(' ');
    pending_space = false;
    kept.push_back(cp);
  }
  // One spelling for one look, then at most max code points, cut between graphemes (a letter
  // keeps its accents, an emoji its parts).
  const std::vector<utf8proc_int32_t> text = nfc(kept);
  std::size_t end = 0;
  utf8proc_int32_t state = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const bool boundary = i == 0 || i == text.size() || utf8proc_grapheme_break_stateful(text[i - 1], text[i], &state);
    if (!boundary) continue;
    if (i > max) {
      if (cut) *cut = true;
      break;
    }
    end = i;
  }
  while (end > 0 && text[end - 1] == ' ') --end;  // a cut can leave a space last
  std::string out;
  utf8proc_uint8_t buf[4];
  for (std::size_t i = 0; i < end; ++i)
    out.append(reinterpret_cast<const char*>(buf), utf8proc_encode_char(text[i], buf));
  return out;
}

}  // namespace tabuleiro::server

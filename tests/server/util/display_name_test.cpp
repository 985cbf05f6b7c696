// Display names as the server cleans them (server/util/display_name.h).
#include <catch2/catch.hpp>

#include "server/util/display_name.h"

using namespace tabuleiro::server;

TEST_CASE("display names: control and bidi characters removed, whitespace collapsed, 24 code points") {
  using tabuleiro::server::clean_display_name;
  CHECK(clean_display_name("  Ana\x07 \xE2\x80\xAEMaria\t\n ") == "Ana Maria");
  CHECK(clean_display_name("\x1b[31mred") == "[31mred");
  CHECK(clean_display_name("\xC2\x85x\xC2\xA0\xC2\xA0y") == "x y");  // NEL removed, NBSP a space
  CHECK(clean_display_name(std::string(40, 'z')) == std::string(24, 'z'));
  // Multi-byte characters count once and are never cut in half.
  std::string accents;
  for (int i = 0; i < 30; ++i) accents += "\xC3\xA9";  // é
  CHECK(clean_display_name(accents) == accents.substr(0, 48));
  CHECK(clean_display_name("\x01\x02 \t") == "");
}

TEST_CASE("display names: invisible characters removed, so look-alike names are one name") {
  using tabuleiro::server::clean_display_name;
  // Zero-width space, zero-width non-joiner, word joiner, soft hyphen, BOM, Hangul filler,
  // a variation selector, a tag character, a private-use character, an unassigned code point.
  for (const char* hidden : {"\xE2\x80\x8B", "\xE2\x80\x8C", "\xE2\x81\xA0", "\xC2\xAD", "\xEF\xBB\xBF", "\xE3\x85\xA4",
                             "\xEF\xB8\x8F", "\xF3\xA0\x80\x81", "\xEE\x80\x80", "\xCD\xB8"}) {
    INFO("hidden: " << hidden);
    CHECK(clean_display_name(std::string("An") + hidden + "a") == "Ana");
    CHECK(clean_display_name(std::string(hidden) + "Ana" + hidden) == "Ana");
    CHECK(clean_display_name(hidden) == "");
  }
  // Bidirectional controls and isolates, as before.
  CHECK(clean_display_name("\xE2\x81\xA6"
                           "Ana\xE2\x81\xA9 \xE2\x80\x8F") == "Ana");
  // A zero-width joiner outside an emoji is removed; inside one (a skin tone too) it stays.
  CHECK(clean_display_name("A\xE2\x80\x8Dna") == "Ana");
  const std::string technologist = "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB";           // 👩‍💻
  const std::string toned = "\xF0\x9F\x91\xA9\xF0\x9F\x8F\xBD\xE2\x80\x8D\xF0\x9F\x92\xBB";  // 👩🏽‍💻
  CHECK(clean_display_name(technologist) == technologist);
  CHECK(clean_display_name(toned) == toned);
  CHECK(clean_display_name("\xF0\x9F\x91\xA9 \xE2\x80\x8D\xF0\x9F\x92\xBB") == "\xF0\x9F\x91\xA9 \xF0\x9F\x92\xBB");
}

TEST_CASE("display names: one spelling per look (NFC), cut between graphemes") {
  using tabuleiro::server::clean_display_name;
  // "José" with a precomposed é and with e + combining acute accent are one name.
  CHECK(clean_display_name("Jos\xC3\xA9") == "Jos\xC3\xA9");
  CHECK(clean_display_name("Jose\xCC\x81") == "Jos\xC3\xA9");
  // Removing an invisible character between a letter and its accent still composes them.
  CHECK(clean_display_name("Jose\xE2\x80\x8B\xCC\x81") == "Jos\xC3\xA9");
  // Compatibility characters keep their look (NFC, not NFKC): the ligature ﬁ stays.
  CHECK(clean_display_name("\xEF\xAC\x81sh") == "\xEF\xAC\x81sh");
  // 23 letters and a letter with two accents that NFC cannot compose: the cut keeps no half.
  const std::string base(23, 'a');
  CHECK(clean_display_name(base + "q\xCC\x81\xCC\x83") == base);
  CHECK(clean_display_name(base + "b") == base + "b");
  // A cut that would end on a space drops it.
  bool cut = false;
  CHECK(tabuleiro::server::clean_text("abc def", 4, &cut) == "abc");
  CHECK(cut);
}

TEST_CASE("display names: a word mixing Latin with Cyrillic or Greek look-alikes is written in Latin letters") {
  using tabuleiro::server::clean_display_name;
  // "Аna" with a Cyrillic А, "Anа" with a Cyrillic а, "Αna" with a Greek Α: all are "Ana".
  CHECK(clean_display_name("\xD0\x90na") == "Ana");
  CHECK(clean_display_name("An\xD0\xB0") == "Ana");
  CHECK(clean_display_name("\xCE\x91na") == "Ana");
  CHECK(clean_display_name("B\xD0\xBE\xD1\x80 Silva") == "Bop Silva");  // Cyrillic о and р in a Latin word
  CHECK(clean_display_name("J\xD0\xBE\xC3\xA3o") == "Jo\xC3\xA3o");     // João with a Cyrillic о
  // A word wholly in another script keeps it, beside a Latin one too; letters without a Latin
  // twin stay as they are.
  CHECK(clean_display_name("\xD0\x90\xD0\xBD\xD0\xB0") == "\xD0\x90\xD0\xBD\xD0\xB0");  // Ана
  CHECK(clean_display_name("Ana \xD0\x90\xD0\xBD\xD0\xB0") == "Ana \xD0\x90\xD0\xBD\xD0\xB0");
  CHECK(clean_display_name("\xCE\x9D\xCE\xAF\xCE\xBA\xCE\xB7") == "\xCE\x9D\xCE\xAF\xCE\xBA\xCE\xB7");  // Νίκη
  CHECK(clean_display_name("A\xD0\xB4"
                           "a") == "A\xD0\xB4"
                                   "a");  // д has no Latin twin
}

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

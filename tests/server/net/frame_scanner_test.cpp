// Frame headers read as they arrive (server/net/frame_scanner.h): refusals on a header alone,
// and the time a message may take.
#include <string>

#include <catch2/catch.hpp>

#include "server/net/frame_scanner.h"

using namespace tabuleiro::server;

namespace {

constexpr std::uint64_t limit = 16 * 1024;
constexpr std::int64_t timeout_ms = 10'000;

// The header of a masked client frame: first byte (FIN and opcode) and the payload length as
// the shortest form says it, or in the 64-bit form when forced.
std::string header(unsigned char first, std::uint64_t length, bool long_form = false) {
  std::string h(1, static_cast<char>(first));
  if (length < 126 && !long_form) {
    h += static_cast<char>(0x80 | length);
  } else if (length < 65536 && !long_form) {
    h += static_cast<char>(0x80 | 126);
    h += static_cast<char>(length >> 8);
    h += static_cast<char>(length & 0xff);
  } else {
    h += static_cast<char>(0x80 | 127);
    for (int i = 7; i >= 0; --i) h += static_cast<char>((length >> (8 * i)) & 0xff);
  }
  return h + std::string("\x11\x22\x33\x44", 4);  // the mask key
}

// A whole masked frame (its payload's bytes do not matter to the scanner).
std::string frame(unsigned char first, std::size_t length) { return header(first, length) + std::string(length, 'x'); }

}  // namespace

TEST_CASE("frame scanner: a header announcing more than the limit is refused before its payload") {
  frame_scanner s(limit, timeout_ms);
  const auto r = s.feed(header(0x81, 1 << 20), 0);
  REQUIRE(r);
  CHECK(r->code == 1009);
  CHECK(r->counter == "too_large");
  CHECK_FALSE(s.feed("more", 1));  // one refusal, then nothing
}

TEST_CASE("frame scanner: a message exactly at the limit passes, one byte more does not") {
  frame_scanner at(limit, timeout_ms);
  CHECK_FALSE(at.feed(frame(0x81, limit), 0));
  CHECK_FALSE(at.message_open());
  frame_scanner over(limit, timeout_ms);
  const auto r = over.feed(header(0x81, limit + 1), 0);
  REQUIRE(r);
  CHECK(r->code == 1009);
}

TEST_CASE("frame scanner: a fragmented message counts its frames together, not the control frames between them") {
  frame_scanner s(limit, timeout_ms);
  CHECK_FALSE(s.feed(frame(0x01, 6 * 1024), 0));  // text, not final
  CHECK(s.message_open());
  CHECK_FALSE(s.feed(frame(0x89, 100), 0));  // a ping between fragments
  CHECK_FALSE(s.feed(frame(0x00, 6 * 1024), 0));
  const auto r = s.feed(header(0x80, 6 * 1024), 0);  // the final fragment: 18 KiB in all
  REQUIRE(r);
  CHECK(r->code == 1009);
  // A new message starts its own count.
  frame_scanner t(limit, timeout_ms);
  for (int i = 0; i < 10; ++i) CHECK_FALSE(t.feed(frame(0x81, 10 * 1024), i));
}

TEST_CASE("frame scanner: a 64-bit length with its top bit set is refused with 1002") {
  frame_scanner s(limit, timeout_ms);
  const auto r = s.feed(header(0x81, 0x8000000000000010ull), 0);
  REQUIRE(r);
  CHECK(r->code == 1002);
  CHECK(r->counter == "bad_frame");
  // A long form without the top bit is a length (here a too large one).
  frame_scanner t(limit, timeout_ms);
  const auto u = t.feed(header(0x81, 0x10000, true), 0);
  REQUIRE(u);
  CHECK(u->code == 1009);
}

TEST_CASE("frame scanner: frames split at every byte are read the same") {
  frame_scanner s(limit, timeout_ms);
  const std::string bytes = frame(0x81, 200) + frame(0x89, 3) + frame(0x81, 10) + header(0x81, 40'000);
  std::optional<frame_refusal> r;
  std::size_t at = 0;
  for (; at < bytes.size() && !r; ++at) r = s.feed(bytes.substr(at, 1), 0);
  REQUIRE(r);
  CHECK(r->code == 1009);
  CHECK(at == bytes.size());  // refused on the last byte of the last header, not before
}

TEST_CASE("frame scanner: a message still unfinished after the timeout is refused with 1008") {
  const std::string f = frame(0x81, 100);
  SECTION("a frame dripped byte by byte") {
    frame_scanner s(limit, timeout_ms);
    std::optional<frame_refusal> r;
    std::int64_t now = 0;
    for (std::size_t i = 0; i < f.size() && !r; ++i, now += 1000) r = s.feed(f.substr(i, 1), now);
    REQUIRE(r);
    CHECK(r->code == 1008);
    CHECK(r->counter == "message_timeout");
  }
  SECTION("a slow message inside the timeout passes, and the next one has its own time") {
    frame_scanner s(limit, timeout_ms);
    CHECK_FALSE(s.feed(f.substr(0, 10), 0));
    CHECK_FALSE(s.feed(f.substr(10), timeout_ms));
    CHECK_FALSE(s.message_open());
    CHECK_FALSE(s.feed(f.substr(0, 10), 60'000));
    CHECK_FALSE(s.feed(f.substr(10), 60'000 + timeout_ms));
  }
  SECTION("a fragmented message whose frames each arrive whole but whose last never comes") {
    frame_scanner s(limit, timeout_ms);
    CHECK_FALSE(s.feed(frame(0x01, 1), 0));
    CHECK_FALSE(s.feed(frame(0x00, 1), 5000));
    const auto r = s.feed(frame(0x00, 1), timeout_ms + 1);
    REQUIRE(r);
    CHECK(r->code == 1008);
  }
}

TEST_CASE("frame scanner: a refusal says where the header that earned it ends") {
  frame_scanner s(limit, timeout_ms);
  const std::string bytes = frame(0x81, 5) + header(0x81, 1 << 20) + "payload";
  std::size_t used = 0;
  REQUIRE(s.feed(bytes, 0, &used));
  CHECK(used == bytes.size() - 7);
  frame_scanner t(limit, timeout_ms);
  CHECK_FALSE(t.feed(bytes.substr(0, 8), 0, &used));
  CHECK(used == 8);
}

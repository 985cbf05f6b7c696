// server/util/secrets: tokens, hashing, constant-time comparison, share codes, seeds.
#include <catch2/catch.hpp>
#include <set>

#include "server/util/secrets.h"

using namespace tabuleiro::server;

TEST_CASE("seat tokens are 32 URL-safe characters holding 192 random bits", "[secrets]") {
  std::set<std::string> seen;
  std::set<char> chars;
  for (int i = 0; i < 2000; ++i) {
    const std::string t = new_seat_token();
    REQUIRE(t.size() == token_chars);
    for (char c : t) {
      const bool url_safe = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '_';
      REQUIRE(url_safe);
      chars.insert(c);
    }
    seen.insert(t);
  }
  CHECK(token_bytes * 8 >= 128);
  CHECK(token_chars * 6 == token_bytes * 8);  // every character carries 6 bits, none padding
  CHECK(seen.size() == 2000);                 // no repeats
  CHECK(chars.size() == 64);                  // the whole base64url alphabet shows up
}

TEST_CASE("sha256_hex matches the FIPS 180-2 known answers", "[secrets]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(token_hash("abc") == sha256_hex("abc"));
}

TEST_CASE("constant_time_equal compares contents and lengths", "[secrets]") {
  CHECK(constant_time_equal("", ""));
  CHECK(constant_time_equal("abcdef", "abcdef"));
  CHECK_FALSE(constant_time_equal("abcdef", "abcdeg"));
  CHECK_FALSE(constant_time_equal("abcdef", "bbcdef"));
  CHECK_FALSE(constant_time_equal("abcdef", "abcde"));
  CHECK_FALSE(constant_time_equal("abc", std::string_view("abc\0", 4)));
}

TEST_CASE("token_matches accepts the token only against its own hash", "[secrets]") {
  const std::string t = new_seat_token(), other = new_seat_token();
  const std::string h = token_hash(t);
  CHECK(token_matches(t, h));
  CHECK_FALSE(token_matches(other, h));
  CHECK_FALSE(token_matches(t, ""));  // a free seat has no token
  CHECK_FALSE(token_matches("", ""));
  CHECK_FALSE(token_matches(t.substr(1), h));
}

TEST_CASE("share codes use only the look-alike-free alphabet, all of it", "[secrets]") {
  for (char bad : std::string("01OIL")) CHECK(share_code_alphabet.find(bad) == std::string_view::npos);
  CHECK(share_code_alphabet.size() == 31);
  std::set<char> chars;
  std::set<std::string> codes;
  for (int i = 0; i < 3000; ++i) {
    const std::string c = new_share_code();
    REQUIRE(c.size() == share_code_length);
    for (char ch : c) {
      REQUIRE(share_code_alphabet.find(ch) != std::string_view::npos);
      chars.insert(ch);
    }
    codes.insert(c);
  }
  CHECK(chars.size() == share_code_alphabet.size());
  CHECK(codes.size() >= 2990);  // 31^6 codes: collisions among 3000 are rare
}

TEST_CASE("typed share codes normalise to upper case — bad ones are refused", "[secrets]") {
  CHECK(normalize_share_code("K7M2QX") == std::optional<std::string>("K7M2QX"));
  CHECK(normalize_share_code("k7m2qx") == std::optional<std::string>("K7M2QX"));
  CHECK(normalize_share_code("  k7M2qX\n") == std::optional<std::string>("K7M2QX"));
  for (std::string_view bad : {"", "   ", "K7M2Q", "K7M2QXX", "K7M2Q0", "K7M2QO", "K7M2Q1", "K7M2QI", "k7m2ql",
                               "K7 2QX", "K7M2Q-", "K7M2Q\xc3"})
    CHECK_FALSE(normalize_share_code(bad));
  for (int i = 0; i < 100; ++i) {
    const std::string c = new_share_code();
    std::string lower = c;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    CHECK(normalize_share_code(lower) == std::optional<std::string>(c));
  }
}

TEST_CASE("random seeds and bytes vary", "[secrets]") {
  std::set<std::uint64_t> seeds;
  for (int i = 0; i < 1000; ++i) seeds.insert(random_seed());
  CHECK(seeds.size() == 1000);
  std::array<unsigned char, 64> a{}, b{};
  random_bytes(a);
  random_bytes(b);
  CHECK(a != b);
  int high_bits = 0;  // 64-bit seeds should use their top bit about half the time
  for (auto s : seeds) high_bits += static_cast<int>(s >> 63);
  CHECK(high_bits > 400);
  CHECK(high_bits < 600);
}

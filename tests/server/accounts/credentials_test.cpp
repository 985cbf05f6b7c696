// Credential rules: the user name's character set and key, the password's length, and
// Argon2id hashing through libsodium.
#include <catch2/catch.hpp>

#include "server/accounts/credentials.h"

using namespace tabuleiro::server::accounts;

TEST_CASE("a user name is 3 to 24 ASCII letters, digits and . _ - between letters or digits", "[accounts]") {
  for (const char* ok : {"bob", "Ana_Maria", "x.y-z", "player2", "abcdefghijklmnopqrstuvwx"}) {
    INFO(ok);
    CHECK_FALSE(username_refusal(ok));
  }
  for (const char* bad : {"", "ab", "abcdefghijklmnopqrstuvwxy", "_bob", "bob.", "a..b", "a-_b", "bo b", "bob\t",
                          "b\x7f"
                          "ob",
                          "jos\xc3\xa9", "\xd0\xb0lice" /* Cyrillic a */,
                          "bo\xe2\x80\x8b"
                          "b" /* zero-width space */,
                          "ab\xe2\x80\xaeZ" /* RTL override */}) {
    INFO(bad);
    CHECK(username_refusal(bad));
  }
}

TEST_CASE("user names that read alike share one key", "[accounts]") {
  CHECK(username_key("Bob") == "bob");
  CHECK(username_key("BOB") == username_key("bob"));
  CHECK(username_key("b0b") == username_key("bob"));
  CHECK(username_key("Bill") == username_key("BiII"));  // capital I against l
  CHECK(username_key("al1ce") == username_key("alice"));
  CHECK(username_key("ana.maria") == username_key("ana_maria"));
  CHECK(username_key("ana-maria") == username_key("ana_maria"));
  CHECK(username_key("bob") != username_key("rob"));
}

TEST_CASE("a password has 8 to 1024 characters, counted as code points", "[accounts]") {
  CHECK(password_refusal("1234567"));
  CHECK_FALSE(password_refusal("12345678"));
  CHECK_FALSE(
      password_refusal("\xc3\xa7\xc3\xa3\xc3\xa9\xc3\xb5\xc3\xa1\xc3\xad\xc3\xba\xc3\xa0"));  // 8 accented letters
  CHECK(password_refusal("\xc3\xa7\xc3\xa3\xc3\xa9\xc3\xb5"));                                // 4 characters in 8 bytes
  CHECK_FALSE(password_refusal(std::string(1024, 'x')));
  CHECK(password_refusal(std::string(1025, 'x')));
}

TEST_CASE("passwords are stored as Argon2id strings that verify only the right password", "[accounts]") {
  const auto cost = cheapest_password_cost();
  const std::string stored = hash_password("correct horse", cost);
  CHECK(stored.rfind("$argon2id$", 0) == 0);
  CHECK(stored.find("correct horse") == std::string::npos);
  CHECK(verify_password(stored, "correct horse"));
  CHECK_FALSE(verify_password(stored, "correct horsE"));
  CHECK_FALSE(verify_password(stored, ""));
  // A fresh salt per hash.
  CHECK(hash_password("correct horse", cost) != stored);
  // Malformed stored strings never verify.
  CHECK_FALSE(verify_password("", "correct horse"));
  CHECK_FALSE(verify_password("$argon2id$v=19$garbage", "correct horse"));
  CHECK_FALSE(verify_password(std::string(1000, 'x'), "correct horse"));
}

TEST_CASE("the server's cost is libsodium's interactive Argon2id, recorded in the hash", "[accounts]") {
  const auto cost = default_password_cost();
  CHECK(cost.ops == 2);
  CHECK(cost.mem_bytes == 64u * 1024 * 1024);
  const std::string stored = hash_password("a long password", cost);
  CHECK(stored.find("m=65536,t=2,p=1") != std::string::npos);
  CHECK(verify_password(stored, "a long password"));
}

// What an account's credentials may be: the user name's character set and its unique key,
// the password's length, and Argon2id password hashing through libsodium (crypto_pwhash_str).
// Pure rules over strings, except hashing, which is slow on purpose: call it off I/O threads.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tabuleiro::server::accounts {

// User names: username_min to username_max characters of [A-Za-z0-9._-], starting and ending
// with a letter or digit, with no two of '.', '_', '-' in a row. ASCII only, so no control,
// invisible, right-to-left or look-alike letter from another script can be in a name.
inline constexpr std::size_t username_min = 3;
inline constexpr std::size_t username_max = 24;
// Passwords: password_min to password_max code points (any characters).
inline constexpr std::size_t password_min = 8;
inline constexpr std::size_t password_max = 1024;

// Why a user name is refused, in words for the person who typed it; nullopt when it is valid.
std::optional<std::string> username_refusal(std::string_view name);
// The unique key of a valid user name: lower case, with the digits that read as letters folded
// ('0' → 'o', '1' → 'l'), 'i' read as 'l', and '.', '-' read as '_'; "Bob.1" and "bob_l" share
// a key, so at most one of them can exist.
std::string username_key(std::string_view name);
// Why a password given in valid UTF-8 (as every parsed JSON string is) is refused: too short
// or too long; nullopt when it may be used.
std::optional<std::string> password_refusal(std::string_view password);

// Argon2id's cost: iterations and memory. Stored in each hash, so a change applies to new
// hashes and old ones still verify.
struct password_cost {
  unsigned long long ops;
  std::size_t mem_bytes;
};
// libsodium's "interactive" Argon2id parameters: 2 passes over 64 MiB, about 0.1 s on one core.
password_cost default_password_cost();
// libsodium's minimum (1 pass over 8 KiB): for tests that hash many passwords, never a server.
password_cost cheapest_password_cost();

// The stored form of password: libsodium's Argon2id string (algorithm, cost, random salt and
// hash, "$argon2id$v=19$m=65536,t=2,p=1$…"). Throws std::runtime_error when the memory
// cannot be had.
std::string hash_password(std::string_view password, password_cost cost);
// Whether password matches stored (a hash_password string), in time that depends only on the
// stored cost; false for a malformed stored string.
bool verify_password(std::string_view stored, std::string_view password);

}  // namespace tabuleiro::server::accounts

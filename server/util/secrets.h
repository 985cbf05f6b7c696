// Secrets and identifiers from the operating system's CSPRNG (OpenSSL RAND_bytes): seat
// tokens, their SHA-256 hashes, constant-time comparison, share codes and match seeds.
// Thread-safety: every function may be called from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tabuleiro::server {

// Bytes of entropy in a seat token (192 bits).
inline constexpr std::size_t token_bytes = 24;
// Length of a seat token's text: unpadded base64url of token_bytes.
inline constexpr std::size_t token_chars = 32;
// Share-code alphabet: digits and upper-case letters without look-alikes (0/O, 1/I/L).
inline constexpr std::string_view share_code_alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
inline constexpr std::size_t share_code_length = 6;

// Fills out with CSPRNG bytes; throws std::runtime_error if the generator fails.
void random_bytes(std::span<unsigned char> out);
// A uniformly random 64-bit value from the CSPRNG (e.g. a match seed).
std::uint64_t random_seed();

// bytes (a positive multiple of 3) of CSPRNG output as unpadded base64url text ([A-Za-z0-9_-],
// bytes / 3 * 4 characters): seat tokens, session ids, CSRF tokens.
std::string new_random_token(std::size_t bytes);
// A new seat token: token_chars URL-safe characters ([A-Za-z0-9_-]) holding token_bytes of
// CSPRNG output. Give it to the seat holder once; store only token_hash(token).
std::string new_seat_token();
// Lower-case hex SHA-256 of text (64 characters).
std::string sha256_hex(std::string_view text);
// The stored form of a seat token (its SHA-256, hex).
inline std::string token_hash(std::string_view token) { return sha256_hex(token); }
// Whether a and b are equal, in time independent of their contents (lengths are not secret).
bool constant_time_equal(std::string_view a, std::string_view b);
// Whether token hashes to stored_hash, compared in constant time; false if stored_hash is empty.
bool token_matches(std::string_view token, std::string_view stored_hash);

// A new share code: share_code_length characters drawn uniformly from share_code_alphabet.
std::string new_share_code();
// A typed share code in canonical form: surrounding white space dropped, letters upper-cased;
// nullopt unless the result is share_code_length characters of share_code_alphabet.
std::optional<std::string> normalize_share_code(std::string_view typed);

}  // namespace tabuleiro::server

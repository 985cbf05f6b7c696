// CSPRNG-backed secrets and identifiers (see secrets.h).
#include "server/util/secrets.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <climits>
#include <stdexcept>
#include <vector>

namespace tabuleiro::server {

void random_bytes(std::span<unsigned char> out) {
  // RAND_bytes takes an int length; fill in chunks so any span size is safe.
  while (!out.empty()) {
    const std::size_t n = std::min<std::size_t>(out.size(), INT_MAX);
    if (RAND_bytes(out.data(), static_cast<int>(n)) != 1) throw std::runtime_error("CSPRNG failure (RAND_bytes)");
    out = out.subspan(n);
  }
}

std::uint64_t random_seed() {
  std::array<unsigned char, 8> b{};
  random_bytes(b);
  std::uint64_t v = 0;
  for (unsigned char c : b) v = (v << 8) | c;
  return v;
}

std::string new_random_token(std::size_t bytes) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  if (bytes == 0 || bytes % 3 != 0)
    throw std::invalid_argument("new_random_token: bytes must be a positive multiple of 3");
  std::vector<unsigned char> b(bytes);
  random_bytes(b);
  std::string out;
  out.reserve(bytes / 3 * 4);
  for (std::size_t i = 0; i < b.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t{b[i]} << 16) | (std::uint32_t{b[i + 1]} << 8) | b[i + 2];
    for (int shift = 18; shift >= 0; shift -= 6) out.push_back(alphabet[(v >> shift) & 63]);
  }
  OPENSSL_cleanse(b.data(), b.size());
  return out;
}

std::string new_seat_token() {
  static_assert(token_bytes % 3 == 0 && token_chars == token_bytes / 3 * 4);
  return new_random_token(token_bytes);
}

std::string sha256_hex(std::string_view text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int len = 0;
  if (EVP_Digest(text.data(), text.size(), digest.data(), &len, EVP_sha256(), nullptr) != 1 || len != 32)
    throw std::runtime_error("SHA-256 failure (EVP_Digest)");
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * len);
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

bool token_matches(std::string_view token, std::string_view stored_hash) {
  if (stored_hash.empty()) return false;
  return constant_time_equal(sha256_hex(token), stored_hash);
}

std::string new_share_code() {
  // Rejection sampling keeps every character equally likely: accept bytes below the
  // largest multiple of the alphabet size.
  constexpr unsigned limit = 256 / share_code_alphabet.size() * share_code_alphabet.size();
  std::string out;
  std::array<unsigned char, 16> pool{};
  std::size_t used = pool.size();
  while (out.size() < share_code_length) {
    if (used == pool.size()) {
      random_bytes(pool);
      used = 0;
    }
    const unsigned char c = pool[used++];
    if (c < limit) out.push_back(share_code_alphabet[c % share_code_alphabet.size()]);
  }
  return out;
}

std::optional<std::string> normalize_share_code(std::string_view typed) {
  constexpr std::string_view space = " \t\r\n";
  const auto first = typed.find_first_not_of(space);
  if (first == std::string_view::npos) return std::nullopt;
  typed = typed.substr(first, typed.find_last_not_of(space) - first + 1);
  if (typed.size() != share_code_length) return std::nullopt;
  std::string out;
  for (char c : typed) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (share_code_alphabet.find(c) == std::string_view::npos) return std::nullopt;
    out.push_back(c);
  }
  return out;
}

}  // namespace tabuleiro::server

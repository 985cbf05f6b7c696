// Credential rules and Argon2id hashing (see credentials.h).
#include "server/accounts/credentials.h"

#include <sodium.h>

#include <stdexcept>

namespace tabuleiro::server::accounts {
namespace {

bool is_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool is_separator(char c) { return c == '.' || c == '_' || c == '-'; }

// Initialises libsodium once (thread-safe; later calls return at once).
void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

}  // namespace

std::optional<std::string> username_refusal(std::string_view name) {
  if (name.size() < username_min || name.size() > username_max)
    return "a user name has " + std::to_string(username_min) + " to " + std::to_string(username_max) + " characters";
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!is_alnum(c) && !is_separator(c))
      return "a user name uses only the letters A-Z and a-z, the digits 0-9 and . _ -";
    if (is_separator(c) && (i == 0 || i + 1 == name.size()))
      return "a user name starts and ends with a letter or a digit";
    if (is_separator(c) && is_separator(name[i - 1])) return "a user name has no two of . _ - in a row";
  }
  return std::nullopt;
}

std::string username_key(std::string_view name) {
  std::string key;
  key.reserve(name.size());
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == '0') c = 'o';
    if (c == '1' || c == 'i') c = 'l';
    if (is_separator(c)) c = '_';
    key.push_back(c);
  }
  return key;
}

std::optional<std::string> password_refusal(std::string_view password) {
  std::size_t code_points = 0;
  for (unsigned char c : password)
    if ((c & 0xC0) != 0x80) ++code_points;
  if (code_points < password_min) return "a password has at least " + std::to_string(password_min) + " characters";
  if (code_points > password_max) return "a password has at most " + std::to_string(password_max) + " characters";
  return std::nullopt;
}

password_cost default_password_cost() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

password_cost cheapest_password_cost() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

std::string hash_password(std::string_view password, password_cost cost) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.ops, cost.mem_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("password hashing ran out of memory");
  return std::string(out);
}

bool verify_password(std::string_view stored, std::string_view password) {
  ensure_sodium();
  if (stored.empty() || stored.size() >= crypto_pwhash_STRBYTES) return false;
  char text[crypto_pwhash_STRBYTES] = {};
  stored.copy(text, stored.size());
  return crypto_pwhash_str_verify(text, password.data(), password.size()) == 0;
}

}  // namespace tabuleiro::server::accounts

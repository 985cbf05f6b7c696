#include "engine/core/rng.h"

#include <cstdio>

namespace tabuleiro::engine {

namespace {

// splitmix64 step: advances x and returns the next output.
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Rotates x left by k bits.
constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

rng::rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t rng::uniform(std::uint64_t n) {
  // Reject the low (2^64 mod n) values so every residue is equally likely.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = next();
    if (r >= threshold) return r % n;
  }
}

std::string rng::to_string() const {
  std::string out = "x256:";
  char buf[17];
  for (auto word : s_) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(word));
    out += buf;
  }
  return out;
}

std::optional<rng> rng::from_string(std::string_view text) {
  constexpr std::string_view prefix = "x256:";
  if (text.size() != prefix.size() + 64 || text.substr(0, prefix.size()) != prefix) return std::nullopt;
  rng r;
  bool any_nonzero = false;
  for (int w = 0; w < 4; ++w) {
    std::uint64_t v = 0;
    for (int i = 0; i < 16; ++i) {
      const char c = text[prefix.size() + 16 * w + i];
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else return std::nullopt;
      v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    r.s_[w] = v;
    any_nonzero = any_nonzero || v != 0;
  }
  if (!any_nonzero) return std::nullopt;  // xoshiro's one forbidden state
  return r;
}

}  // namespace tabuleiro::engine

// Portable seeded PRNG stored inside every game state (rules §10 of each game).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tabuleiro::engine {

// xoshiro256** (Blackman & Vigna), seeded through splitmix64. Output is identical on every
// platform and standard library: uniform draws use our own rejection sampling, never
// std::uniform_int_distribution. A value type: copying it forks the stream.
// Thread-safety: a plain value; not safe to mutate from two threads at once.
class rng {
 public:
  // Seeds the generator from a 64-bit seed via splitmix64.
  explicit rng(std::uint64_t seed = 0);

  // Next raw 64-bit output.
  std::uint64_t next();

  // Uniform integer in [0, n); n must be > 0. Unbiased (rejection sampling).
  std::uint64_t uniform(std::uint64_t n);

  // Opaque serialisation of the full state ("x256:" + 4×16 hex digits).
  std::string to_string() const;

  // Parses what to_string wrote; nullopt if malformed or all-zero.
  static std::optional<rng> from_string(std::string_view text);

  friend bool operator==(const rng&, const rng&) = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace tabuleiro::engine

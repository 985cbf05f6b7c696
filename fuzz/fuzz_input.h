// What the game fuzzers share: reading a fuzzer input as (game, seed, prefix length, text),
// and playing a reproducible prefix of legal actions so actions are fuzzed mid-game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "protocol/core/game.h"

namespace tabuleiro::fuzz {

// A fuzzer input split into its fixed header and the JSON text that follows it.
struct game_input {
  const protocol::game_kind* kind = nullptr;  // a registered game, chosen by the first byte
  std::uint64_t seed = 0;                     // bytes 1–8
  int prefix = 0;                             // byte 9: legal actions to play first (0–63)
  int seat = 1;                               // byte 9's top bit: seat 1 or 2
  std::string_view text;                      // the rest
};

// Splits data; nullopt-like (kind == nullptr) when the input is shorter than the header.
game_input read_game_input(const std::uint8_t* data, std::size_t size);

// Plays up to count legal actions on m (a listed action, or a named preset when the list is
// incomplete), each chosen by a PRNG seeded with seed; stops early when nobody can act.
void play_prefix(protocol::match& m, int count, std::uint64_t seed);

}  // namespace tabuleiro::fuzz

// Quick pairing as a pure function: which waiting seeks become matches now.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tabuleiro::server::social {

// One waiting seek: its pool (the same game, clock and rated choice pair together), its
// member, the member's rating in that game and speed, and since when it waits.
struct seeker {
  std::string pool;
  std::int64_t user_id = 0;
  double rating = 1500;
  std::int64_t since_ms = 0;
};

// The rating gap a seeker accepts after waiting waited_ms: 100 points at once, 20 more every
// second (200 after 5 s, 700 after 30 s), so that anyone is paired in the end.
double pairing_window(std::int64_t waited_ms);

// The pairs (indices into seekers) to make at now_ms: two seekers of one pool and two accounts
// pair when their gap is within the wider of their two windows; among all such pairs the nearest
// ratings go first (then the longest waiting), each seeker in at most one pair.
std::vector<std::pair<std::size_t, std::size_t>> pair_seekers(const std::vector<seeker>& seekers, std::int64_t now_ms);

}  // namespace tabuleiro::server::social

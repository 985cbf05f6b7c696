// Quick pairing (see pairing.h).
#include "server/social/pairing.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tabuleiro::server::social {

double pairing_window(std::int64_t waited_ms) {
  return 100.0 + 20.0 * double(std::max<std::int64_t>(waited_ms, 0)) / 1000.0;
}

std::vector<std::pair<std::size_t, std::size_t>> pair_seekers(const std::vector<seeker>& seekers, std::int64_t now_ms) {
  struct candidate {
    double gap;
    std::int64_t since;  // the later of the two waits' starts: the pair that waited longer goes first
    std::size_t a, b;
  };
  std::vector<candidate> candidates;
  for (std::size_t i = 0; i < seekers.size(); ++i)
    for (std::size_t j = i + 1; j < seekers.size(); ++j) {
      const seeker& a = seekers[i];
      const seeker& b = seekers[j];
      if (a.pool != b.pool || a.user_id == b.user_id) continue;
      const double gap = std::abs(a.rating - b.rating);
      const double window = std::max(pairing_window(now_ms - a.since_ms), pairing_window(now_ms - b.since_ms));
      if (gap <= window) candidates.push_back({gap, std::max(a.since_ms, b.since_ms), i, j});
    }
  std::sort(candidates.begin(), candidates.end(), [](const candidate& x, const candidate& y) {
    return std::tie(x.gap, x.since, x.a, x.b) < std::tie(y.gap, y.since, y.a, y.b);
  });
  std::vector<bool> taken(seekers.size(), false);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const candidate& c : candidates) {
    if (taken[c.a] || taken[c.b]) continue;
    taken[c.a] = taken[c.b] = true;
    pairs.emplace_back(c.a, c.b);
  }
  return pairs;
}

}  // namespace tabuleiro::server::social

// Quick pairing (server/social/pairing): nearest ratings first, widening windows, pools and
// accounts kept apart.
#include <algorithm>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "server/social/pairing.h"

using namespace tabuleiro::server::social;

namespace {

// The pairs as sets of ratings, whatever the order of the seekers and of each pair.
std::set<std::pair<double, double>> rating_pairs(const std::vector<seeker>& s,
                                                 const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
  std::set<std::pair<double, double>> out;
  for (const auto& [a, b] : pairs) out.insert({std::min(s[a].rating, s[b].rating), std::max(s[a].rating, s[b].rating)});
  return out;
}

}  // namespace

TEST_CASE("pairing: 20 waiting players are paired with the nearest ratings, in any order of arrival") {
  // Ten pairs 5 to 50 points apart, each pair at least 150 from the next.
  std::vector<seeker> s;
  std::set<std::pair<double, double>> expected;
  for (int i = 0; i < 10; ++i) {
    const double base = 1000 + 200 * i, mate = base + 5 * (i + 1);
    expected.insert({base, mate});
    s.push_back({"taixu 5+3", 100 + 2 * i, base, 0});
    s.push_back({"taixu 5+3", 101 + 2 * i, mate, 0});
  }
  std::mt19937 rng(7);
  for (int shuffle = 0; shuffle < 20; ++shuffle) {
    std::shuffle(s.begin(), s.end(), rng);
    const auto pairs = pair_seekers(s, 0);
    CHECK(pairs.size() == 10);
    CHECK(rating_pairs(s, pairs) == expected);
  }
}

TEST_CASE("pairing: the nearest rating wins over the longest wait, and the window widens with waiting") {
  // 1500 waits long; 1600 and 1610 arrive: the two nearest pair, 1500 keeps waiting.
  std::vector<seeker> s{{"p", 1, 1500, 0}, {"p", 2, 1600, 60'000}, {"p", 3, 1610, 60'000}};
  const auto pairs = pair_seekers(s, 60'000);
  REQUIRE(pairs.size() == 1);
  CHECK(rating_pairs(s, pairs) == std::set<std::pair<double, double>>{{1600, 1610}});
  // 300 points apart: not at once (window 100), after 10 s of waiting (window 300) yes.
  std::vector<seeker> far{{"p", 1, 1500, 0}, {"p", 2, 1800, 0}};
  CHECK(pair_seekers(far, 0).empty());
  CHECK(pair_seekers(far, 9'000).empty());
  CHECK(pair_seekers(far, 10'000).size() == 1);
  // The wider of the two windows counts: a newcomer is paired with one who waited long.
  std::vector<seeker> old_new{{"p", 1, 1500, 0}, {"p", 2, 1800, 10'000}};
  CHECK(pair_seekers(old_new, 10'000).size() == 1);
  CHECK(pairing_window(0) == Approx(100));
  CHECK(pairing_window(5'000) == Approx(200));
  CHECK(pairing_window(30'000) == Approx(700));
}

TEST_CASE("pairing: other pools and the same account are never paired") {
  std::vector<seeker> s{{"taixu 5+3", 1, 1500, 0}, {"taixu 10+0", 2, 1500, 0}, {"quadri 5+3", 3, 1500, 0}};
  CHECK(pair_seekers(s, 600'000).empty());
  std::vector<seeker> same{{"p", 1, 1500, 0}, {"p", 1, 1500, 0}};
  CHECK(pair_seekers(same, 600'000).empty());
  std::vector<seeker> three{{"p", 1, 1500, 0}, {"p", 1, 1501, 0}, {"p", 2, 1502, 0}};
  const auto pairs = pair_seekers(three, 0);
  REQUIRE(pairs.size() == 1);
  CHECK(three[pairs[0].first].user_id != three[pairs[0].second].user_id);
}

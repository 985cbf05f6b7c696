// The load generator's latency histogram: bucket bounds and quantiles.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>
#include <algorithm>

#include "bench/load/histogram.h"

using tabuleiro::bench::histogram;

TEST_CASE("histogram: every value lands in a bucket whose bounds hold it, within 1/32") {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    const auto idx = histogram::index_of(v);
    REQUIRE(idx < histogram::bucket_count);
    REQUIRE(histogram::upper_of(idx) >= v);
    const std::uint64_t lower = idx == 0 ? 0 : histogram::upper_of(idx - 1) + 1;
    REQUIRE(lower <= v);
    REQUIRE(static_cast<double>(histogram::upper_of(idx) - lower) <= static_cast<double>(lower) / 32.0 + 1);
  }
  REQUIRE(histogram::index_of(~std::uint64_t{0}) == histogram::bucket_count - 1);
  REQUIRE(histogram::upper_of(histogram::bucket_count - 1) == ~std::uint64_t{0});
}

TEST_CASE("histogram: quantiles match the sorted values within the bucket precision") {
  histogram h;
  REQUIRE(h.quantile(0.5) == 0);
  std::mt19937_64 rng(11);
  std::lognormal_distribution<double> dist(6.0, 1.2);
  std::vector<std::uint64_t> values;
  for (int i = 0; i < 20000; ++i) {
    values.push_back(static_cast<std::uint64_t>(dist(rng)));
    h.record(values.back());
  }
  std::sort(values.begin(), values.end());
  REQUIRE(h.count() == values.size());
  REQUIRE(h.max() == values.back());
  REQUIRE(h.min() == values.front());
  for (double q : {0.5, 0.95, 0.99, 1.0}) {
    const auto exact = values[static_cast<std::size_t>(std::ceil(q * values.size())) - 1];
    const auto got = h.quantile(q);
    REQUIRE(got >= exact);
    REQUIRE(static_cast<double>(got) <= static_cast<double>(exact) * (1.0 + 1.0 / 32) + 1);
  }
}

TEST_CASE("histogram: small values are exact") {
  histogram h;
  for (std::uint64_t v = 1; v <= 10; ++v) h.record(v);
  REQUIRE(h.quantile(0.5) == 5);
  REQUIRE(h.quantile(0.9) == 9);
  REQUIRE(h.quantile(1.0) == 10);
  REQUIRE(h.mean() == Approx(5.5));
}

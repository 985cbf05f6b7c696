// Log-linear latency histogram in the style of HdrHistogram: exact below 64, then 32
// sub-buckets per power of two (relative error below 1/32), fixed memory, O(1) record.
// Thread-safety: none; one owner records and reads.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace tabuleiro::bench {

class histogram {
 public:
  static constexpr int sub_bits = 6;  // 64 exact values, then 32 per octave
  static constexpr std::uint64_t half = 1u << (sub_bits - 1);
  static constexpr std::size_t bucket_count = (64 - sub_bits + 1) * half + half;  // 1920

  // The bucket holding value v.
  static constexpr std::size_t index_of(std::uint64_t v) {
    if (v < 2 * half) return static_cast<std::size_t>(v);
    const int msb = 63 - std::countl_zero(v);
    const int shift = msb - (sub_bits - 1);
    return static_cast<std::size_t>(shift) * half + static_cast<std::size_t>(v >> shift);
  }

  // The largest value that lands in bucket idx.
  static constexpr std::uint64_t upper_of(std::size_t idx) {
    if (idx < 2 * half) return idx;
    const std::size_t shift = idx / half - 1;
    const std::uint64_t m = idx % half + half;
    return ((m + 1) << shift) - 1;
  }

  // Counts one value.
  void record(std::uint64_t v) {
    ++counts_[index_of(v)];
    ++count_;
    sum_ += static_cast<double>(v);
    if (v > max_) max_ = v;
    if (count_ == 1 || v < min_) min_ = v;
  }

  // Number of recorded values.
  std::uint64_t count() const { return count_; }
  // Exact largest and smallest recorded values (0 when empty).
  std::uint64_t max() const { return max_; }
  std::uint64_t min() const { return min_; }
  // Exact mean (0 when empty).
  double mean() const { return count_ ? sum_ / static_cast<double>(count_) : 0.0; }

  // The value at quantile q (0..1): the upper bound of the bucket holding the
  // ceil(q*count)-th smallest value, capped at the exact max; 0 when empty.
  std::uint64_t quantile(double q) const {
    if (count_ == 0) return 0;
    auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_)));
    if (rank < 1) rank = 1;
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < bucket_count; ++i) {
      seen += counts_[i];
      if (seen >= rank) return upper_of(i) < max_ ? upper_of(i) : max_;
    }
    return max_;
  }

 private:
  std::array<std::uint64_t, bucket_count> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
  std::uint64_t min_ = 0;
  double sum_ = 0;
};

}  // namespace tabuleiro::bench

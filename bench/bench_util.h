// Small helpers shared by the in-process benchmarks (engine_bench, cyvasse_bench, quadri_bench,
// codec_bench): rates per CPU second of the calling thread, medians, and number formatting.
// Thread-safety: stateless functions.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <string>
#include <vector>

namespace tabuleiro::bench {

// CPU time of the calling thread, in seconds (rates stay meaningful on a shared machine).
inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Runs body() (which returns the operations it did) until it has used about seconds of CPU
// time (or 4x that in wall time); returns operations per CPU second.
template <class Body>
double per_second(double seconds, Body body) {
  using clock_type = std::chrono::steady_clock;
  const auto wall_limit = clock_type::now() + std::chrono::duration<double>(4 * seconds);
  const double start = thread_cpu_seconds();
  long long ops = 0;
  double used = 0;
  do {
    ops += body();
    used = thread_cpu_seconds() - start;
  } while (used < seconds && clock_type::now() < wall_limit);
  return static_cast<double>(ops) / used;
}

// The median of v (the mean of the two middle values when v has an even size); v not empty.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A non-negative number rounded to an integer, with thousands separators ("31,872").
inline std::string fmt(double x) {
  std::string digits = std::to_string(static_cast<long long>(x + 0.5));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace tabuleiro::bench

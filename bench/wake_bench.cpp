// What a hand-off between threads costs: the CPU, wall time and context switches of passing a
// token back and forth, with no other work, in the ways the server hands work between its
// threads (a condition variable, as the store's writer waits; an Asio post into an idle
// io_context, as the writer completes a write; strands of one io_context run by two threads, as
// a connection's and a room's do), against the same posts inside one thread (no wake-up).
// Prints one Markdown table; bounded by HANDOFFS per run and RUNS runs per way.
#include <sys/resource.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench_util.h"

namespace net = boost::asio;
using tabuleiro::bench::median;

namespace {

constexpr int handoffs = 100'000;
constexpr int runs = 5;

// CPU seconds of every thread of this process.
double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Voluntary context switches of every thread of this process so far.
long voluntary_switches() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_nvcsw;
}

// One run's figures per hand-off.
struct per_handoff {
  double cpu_ns = 0, wall_ns = 0, switches = 0;
};

// Times body(), which makes `handoffs` hand-offs and returns when the last one ran.
per_handoff measure(const std::function<void()>& body) {
  const long s0 = voluntary_switches();
  const double c0 = process_cpu_seconds();
  const auto w0 = std::chrono::steady_clock::now();
  body();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  return {1e9 * (process_cpu_seconds() - c0) / handoffs, 1e9 * wall / handoffs,
          static_cast<double>(voluntary_switches() - s0) / handoffs};
}

// Posts within one io_context run by one thread: each handler posts the next.
void same_thread() {
  net::io_context io;
  int left = handoffs;
  std::function<void()> next = [&] {
    if (--left > 0) net::post(io, next);
  };
  net::post(io, next);
  io.run();
}

// A token passed between two threads through one mutex and condition variable.
void condition_variable_pair() {
  std::mutex mu;
  std::condition_variable cv;
  int turn = 0, passed = 0;
  auto player = [&](int me) {
    std::unique_lock lock(mu);
    for (;;) {
      cv.wait(lock, [&] { return turn == me || passed >= handoffs; });
      if (passed >= handoffs) return;
      ++passed;
      turn = 1 - me;
      cv.notify_one();
    }
  };
  std::thread other(player, 1);
  player(0);
  cv.notify_all();
  other.join();
}

// Passes a token `handoffs` times between executors first and second (each handler posts the
// next onto the other), starting on first, and calls stop() where it ends; run() runs the
// calling thread's part until then.
template <class Executor, class Run>
void pass_between(const Executor& first, const Executor& second, const std::function<void()>& stop, Run run) {
  int left = handoffs;
  std::function<void(bool)> next = [&](bool on_first) {
    if (--left <= 0) return stop();
    net::post(on_first ? second : first, [&next, on_first] { next(!on_first); });
  };
  net::post(first, [&next] { next(true); });
  run();
}

// Two io_contexts, each run by its own thread; each handler posts the next into the other,
// which is idle (waiting in its reactor) until it arrives.
void post_between_io_contexts() {
  net::io_context a, b;
  auto guard_a = net::make_work_guard(a), guard_b = net::make_work_guard(b);
  std::thread tb([&] { b.run(); });
  pass_between(
      a.get_executor(), b.get_executor(),
      [&] {
        guard_a.reset();
        guard_b.reset();
        a.stop();
        b.stop();
      },
      [&] { a.run(); });
  tb.join();
}

// Two strands of one io_context run by two threads; each handler posts the next onto the other
// strand, which whichever thread is free runs (the other thread sleeps unless woken).
void strands_on_two_threads() {
  net::io_context io(2);
  auto guard = net::make_work_guard(io);
  const auto s1 = net::make_strand(io), s2 = net::make_strand(io);
  std::thread t([&] { io.run(); });
  pass_between(
      s1, s2,
      [&] {
        guard.reset();
        io.stop();
      },
      [&] { io.run(); });
  t.join();
}

}  // namespace

int main() {
  struct way {
    const char* name;
    void (*body)();
  };
  const std::vector<way> ways = {
      {"posts within one thread (no wake-up)", same_thread},
      {"condition variable between two threads", condition_variable_pair},
      {"Asio post into another thread's idle io_context", post_between_io_contexts},
      {"two strands of one io_context on two threads", strands_on_two_threads},
  };
  std::printf("wake_bench: %d hand-offs per run, %d runs per way, medians; CPU of every thread of the process\n\n",
              handoffs, runs);
  std::printf("| hand-off | CPU ns each | wall ns each | voluntary switches each |\n|---|---:|---:|---:|\n");
  for (const auto& w : ways) {
    std::vector<double> cpu, wall, sw;
    for (int r = 0; r < runs; ++r) {
      const per_handoff p = measure(w.body);
      cpu.push_back(p.cpu_ns);
      wall.push_back(p.wall_ns);
      sw.push_back(p.switches);
    }
    std::printf("| %s | %s | %s | %.2f |\n", w.name, tabuleiro::bench::fmt(median(cpu)).c_str(),
                tabuleiro::bench::fmt(median(wall)).c_str(), median(sw));
  }
  return 0;
}

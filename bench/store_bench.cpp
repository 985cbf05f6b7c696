// store_bench: durable appends per second through the store, group commit versus one commit
// per write. R rooms each append their next action as soon as the previous one is durable
// (as a room acknowledges a move only after commit). Bounded: N appends per run, K runs per
// mode, and no new appends after a per-run time limit. Prints a Markdown table.
//
//   store_bench [--rooms R] [--appends N] [--runs K] [--dir D] [--limit-seconds S]
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <iostream>
#include <mutex>
#include <string>
#include <vector>

#include "server/store/store.h"
#include "server/util/secrets.h"

namespace {

using namespace tabuleiro::server;
using steady = std::chrono::steady_clock;

struct config {
  int rooms = 32;
  int appends = 1024;  // per run, spread over the rooms
  int runs = 5;
  double limit_seconds = 20;
  std::filesystem::path dir = std::filesystem::temp_directory_path();
};

struct run_result {
  double appends_per_second = 0;
  double mean_batch = 0;
  double median_latency_ms = 0;  // enqueue-to-commit, per batch
  int failed = 0;
};

// One room's chain of appends: each completion queues the next until the quota is met.
struct room {
  store* s = nullptr;
  std::string code;
  int quota = 0;
  int next = 1;
  steady::time_point deadline;
  std::atomic<int>* failed = nullptr;
  std::atomic<int>* done = nullptr;
  std::promise<void>* all_done = nullptr;
  int total_rooms = 0;

  void append() {
    const action_row a{next, 1 + next % 2, {{"type", "move"}, {"from", "c3"}, {"to", "d4"}}, nullptr, next};
    s->append_action(code, a, [this](write_status status) {
      const bool ok = status == write_status::ok;
      if (!ok) ++*failed;
      ++next;
      if (ok && next <= quota && steady::now() < deadline) return append();
      if (++*done == total_rooms) all_done->set_value();
    });
  }
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One bounded run on a fresh database; max_batch 1 means one commit per write.
run_result run_once(const config& c, std::size_t max_batch) {
  const auto path = c.dir / ("tabuleiro-store-bench-" + new_share_code());
  std::filesystem::create_directories(path);
  run_result out;
  {
    std::mutex mu;
    std::vector<double> latencies;
    std::size_t batches = 0, writes = 0;
    bool measuring = false;
    store_options options;
    options.max_batch = max_batch;
    std::string error;
    auto s = store::open((path / "bench.db").string(), error,
                         [&](std::size_t n, double seconds) {
                           std::lock_guard lock(mu);
                           if (!measuring) return;
                           ++batches;
                           writes += n;
                           latencies.push_back(seconds * 1000);
                         },
                         options);
    if (!s) {
      std::cerr << "store_bench: " << error << "\n";
      std::exit(1);
    }
    std::vector<room> rooms(static_cast<std::size_t>(c.rooms));
    std::atomic<int> failed{0}, done{0};
    std::promise<void> all_done;
    for (int i = 0; i < c.rooms; ++i) {
      match_row m;
      m.code = new_share_code();
      m.game = "taixu";
      m.options = json::object();
      m.seed = std::to_string(random_seed());
      m.visibility = "public";
      m.status = "waiting";
      m.token_hash[0] = token_hash(new_seat_token());
      s->insert_match(m, [&](write_status status) { failed += status != write_status::ok; });
      room& r = rooms[static_cast<std::size_t>(i)];
      r = room{s.get(), m.code, c.appends / c.rooms, 1, {}, &failed, &done, &all_done, c.rooms};
    }
    s->flush();
    {
      std::lock_guard lock(mu);
      measuring = true;
    }
    const auto start = steady::now();
    for (auto& r : rooms)
      r.deadline = start + std::chrono::duration_cast<steady::duration>(std::chrono::duration<double>(c.limit_seconds));
    for (auto& r : rooms) r.append();
    all_done.get_future().wait();
    const double seconds = std::chrono::duration<double>(steady::now() - start).count();
    s->close();
    std::lock_guard lock(mu);
    out.appends_per_second = static_cast<double>(writes) / seconds;
    out.mean_batch = batches ? static_cast<double>(writes) / static_cast<double>(batches) : 0;
    out.median_latency_ms = median(latencies);
    out.failed = failed;
  }
  std::filesystem::remove_all(path);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  config c;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--rooms" && has_value) c.rooms = std::max(1, std::stoi(argv[++i]));
    else if (arg == "--appends" && has_value) c.appends = std::max(1, std::stoi(argv[++i]));
    else if (arg == "--runs" && has_value) c.runs = std::clamp(std::stoi(argv[++i]), 1, 50);
    else if (arg == "--limit-seconds" && has_value) c.limit_seconds = std::stod(argv[++i]);
    else if (arg == "--dir" && has_value) c.dir = argv[++i];
    else {
      std::cerr << "usage: store_bench [--rooms R] [--appends N] [--runs K] [--dir D] [--limit-seconds S]\n";
      return 2;
    }
  }
  c.appends = std::max(c.appends, c.rooms);
  spdlog::set_level(spdlog::level::warn);

  struct mode {
    const char* name;
    std::size_t max_batch;
    std::vector<run_result> runs;
  };
  std::vector<mode> modes = {{"group commit", store_options{}.max_batch, {}}, {"one commit per write", 1, {}}};
  // Interleave the modes so that machine load drifts affect both alike.
  for (int k = 0; k < c.runs; ++k)
    for (auto& m : modes) m.runs.push_back(run_once(c, m.max_batch));

  std::printf("store_bench: %d rooms, %d appends per run, %d runs per mode, database in %s\n\n", c.rooms,
              c.rooms * (c.appends / c.rooms), c.runs, c.dir.string().c_str());
  std::printf("| mode | median appends/s | min | max | mean batch | median commit latency (ms) | failed |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  std::vector<double> medians;
  for (auto& m : modes) {
    std::vector<double> rate, batch, latency;
    int failed = 0;
    for (const auto& r : m.runs) {
      rate.push_back(r.appends_per_second);
      batch.push_back(r.mean_batch);
      latency.push_back(r.median_latency_ms);
      failed += r.failed;
    }
    medians.push_back(median(rate));
    std::printf("| %s | %.0f | %.0f | %.0f | %.1f | %.2f | %d |\n", m.name, median(rate),
                *std::min_element(rate.begin(), rate.end()), *std::max_element(rate.begin(), rate.end()), median(batch),
                median(latency), failed);
  }
  std::printf("\ngroup commit / one commit per write: %.1fx\n", medians[1] > 0 ? medians[0] / medians[1] : 0.0);
  return 0;
}

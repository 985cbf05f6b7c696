// Hidden measurement (not run by CTest): `build/tests/server/server_tests "[.measure]"`.
// Plays random TAIXU actions through the real server and prints the ack round trip, patch
// size against full-view size, and the server's commit latency from /metrics.
#include <algorithm>
#include <chrono>
#include <iostream>

#include <catch2/catch.hpp>

#include "game_util.h"

using namespace tabuleiro::test;

namespace {
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
}  // namespace

TEST_CASE("measure: ack round trip, patch vs view size, commit latency", "[.measure]") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--msg-rate", "100000", "--msg-burst", "100000"});
  std::vector<double> rtt_ms, patch_bytes, view_bytes;
  std::mt19937 rng(5);
  for (int game = 0; game < 5 && rtt_ms.size() < 1000; ++game) {
    table tb = table::open(srv.port());
    for (int i = 0; i < 200; ++i) {
      const int seat = tb.to_act();
      if (seat == 0) break;
      const json action = pick_action(tb.at[seat].t.legal, rng, false);
      const auto t0 = std::chrono::steady_clock::now();
      tb.at[seat].ws->send({{"type", "act"}, {"id", i}, {"action", action}});
      until_applying(*tb.at[seat].ws, tb.at[seat].t, "ack");
      rtt_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      for (int s = 0; s < 3; ++s)
        if (s != seat) {
          json p = until_applying(*tb.at[s].ws, tb.at[s].t, "patch");
          if (s == 0) {
            patch_bytes.push_back(double(json{{"ops", p["ops"]}}.dump().size()));
            view_bytes.push_back(double(tb.at[0].t.view.dump().size()));
          }
        }
      if (!tb.at[0].t.view["outcome"].is_null()) break;
    }
  }
  const std::string m = http_call(srv.port(), "GET", "/metrics").body;
  auto metric = [&](const std::string& name) {
    auto p = m.find("\n" + name + " ");
    return p == std::string::npos ? -1.0 : std::stod(m.substr(p + name.size() + 2));
  };
  std::cout << "actions: " << rtt_ms.size() << "\n"
            << "ack round trip median ms: " << median(rtt_ms) << "\n"
            << "spectator patch ops median bytes: " << median(patch_bytes)
            << " vs full view median bytes: " << median(view_bytes) << "\n"
            << "commit batches: " << metric("tabuleiro_commit_seconds_count") << ", mean commit latency ms: "
            << 1000 * metric("tabuleiro_commit_seconds_sum") / metric("tabuleiro_commit_seconds_count") << "\n";
  CHECK(rtt_ms.size() > 100);
}

// tabuleiro-load: load generator for `tabuleiro serve` and the baseline relay (bench/run.sh).
#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "bench/load/driver.h"

namespace {

using tabuleiro::bench::json;

// Raises the soft open-file limit to the hard limit (one descriptor per connection).
void raise_fd_limit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
}

// One line: the payload bytes each role received, and the actor sent, per acknowledged action.
void print_wire(const json& r) {
  const double acked = static_cast<double>(r["actions_acked"].get<unsigned long long>());
  if (acked == 0) return;
  std::string line = "  payload bytes per action:";
  for (const auto& [role, types] : r["wire"]["received"].items()) {
    double bytes = 0;
    for (const auto& [type, c] : types.items()) bytes += c["bytes"].get<double>();
    line += " " + role + " " + std::to_string(static_cast<long long>(bytes / acked)) + ",";
  }
  double sent = 0;
  for (const auto& [type, c] : r["wire"]["sent"].items()) sent += c["bytes"].get<double>();
  line += " sent " + std::to_string(static_cast<long long>(sent / acked)) + "\n";
  std::fputs(line.c_str(), stderr);
}

// A few human lines summarising the JSON report.
void print_summary(const json& r) {
  const auto& s = r["server"];
  std::fprintf(stderr, "tabuleiro-load %s → %s%s%s (%s:%d, pid %d)\n", r["mode"].get<std::string>().c_str(),
               r["target"].get<std::string>().c_str(), r.contains("game") ? ", " : "",
               r.value("game", std::string()).c_str(), r["host"].get<std::string>().c_str(), r["port"].get<int>(),
               s["pid"].get<int>());
  if (r["mode"] == "play") {
    const auto& l = r["latency_us"];
    std::fprintf(stderr,
                 "  %d matches × (2 players + %d spectators), %.1f s measured after %.1f s set-up\n"
                 "  actions acked: %llu (%.0f/s), sent %llu, rejects %llu, errors %llu, games finished %llu\n"
                 "  latency to last viewer (µs): p50 %llu  p95 %llu  p99 %llu  max %llu\n"
                 "  connections held %llu; server CPU %.2f s (%.1f µs/action), RSS %llu → %llu kB;"
                 " generator CPU %.2f s\n",
                 r["matches"].get<int>(), r["spectators"].get<int>(), r["measured_s"].get<double>(),
                 r["setup_s"].get<double>(), r["actions_acked"].get<unsigned long long>(),
                 r["acked_per_s"].get<double>(), r["actions_sent"].get<unsigned long long>(),
                 r["rejects_total"].get<unsigned long long>(), r["errors_total"].get<unsigned long long>(),
                 r["games_finished"].get<unsigned long long>(), l["p50"].get<unsigned long long>(),
                 l["p95"].get<unsigned long long>(), l["p99"].get<unsigned long long>(),
                 l["max"].get<unsigned long long>(), r["connections_held"].get<unsigned long long>(),
                 s["cpu_s_run"].get<double>(), s["cpu_us_per_action"].get<double>(),
                 s["before"]["rss_kb"].get<unsigned long long>(), s["end"]["rss_kb"].get<unsigned long long>(),
                 r["generator"]["cpu_s_run"].get<double>());
    print_wire(r);
  } else {
    std::fprintf(stderr,
                 "  idle: %llu of %d connections held (errors %llu); server RSS %llu → %llu kB,"
                 " %.1f kB per connection, %llu fds\n",
                 r["connections_held"].get<unsigned long long>(), r["connections_target"].get<int>(),
                 r["errors_total"].get<unsigned long long>(), s["before"]["rss_kb"].get<unsigned long long>(),
                 s["end"]["rss_kb"].get<unsigned long long>(), s["rss_kb_per_conn"].get<double>(),
                 s["end"]["fds"].get<unsigned long long>());
  }
  if (!r["errors"].empty()) std::fprintf(stderr, "  errors: %s\n", r["errors"].dump().c_str());
  if (!r["create_errors"].empty()) std::fprintf(stderr, "  create errors: %s\n", r["create_errors"].dump().c_str());
  if (r.contains("rejects") && !r["rejects"].empty())
    std::fprintf(stderr, "  rejects: %s\n", r["rejects"].dump().c_str());
}

}  // namespace

// Parses options, runs one bounded benchmark, prints the JSON line and the summary.
// Exit code: 0 done, 2 usage error or non-loopback target, 1 nothing measurable.
int main(int argc, char** argv) {
  using namespace tabuleiro::bench;
  int code = 0;
  auto opt = parse_options(std::vector<std::string>(argv + 1, argv + argc), &code);
  if (!opt) return code;
  raise_fd_limit();
  const tcp::endpoint target(net::ip::make_address(opt->host), opt->port);
  const int pid = opt->server_pid ? opt->server_pid : find_listener_pid(opt->port);
  if (!pid)
    std::cerr << "tabuleiro-load: no process found listening on port " << opt->port
              << "; server /proc figures will be missing\n";
  net::io_context io(1);
  driver d(io, *opt, target, pid);
  const json report = d.run();
  std::cout << report.dump() << std::endl;
  if (!opt->quiet) print_summary(report);
  return report["connections_joined"].get<std::uint64_t>() > 0 ? 0 : 1;
}

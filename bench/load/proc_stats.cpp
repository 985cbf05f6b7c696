// /proc readers for the load generator's server and self measurements.
#include "bench/load/proc_stats.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tabuleiro::bench {
namespace fs = std::filesystem;

namespace {

// "/proc/<pid>" or "/proc/self".
std::string proc_dir(int pid) { return pid ? "/proc/" + std::to_string(pid) : "/proc/self"; }

// The inode of the socket listening on port in one /proc/net/tcp* table, or 0.
std::uint64_t listening_inode(const char* table, std::uint16_t port) {
  std::ifstream in(table);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string sl, local, remote, state, queues, timer, retr, uid, timeout, inode;
    if (!(ls >> sl >> local >> remote >> state >> queues >> timer >> retr >> uid >> timeout >> inode)) continue;
    const auto colon = local.rfind(':');
    if (colon == std::string::npos || state != "0A") continue;
    if (std::stoul(local.substr(colon + 1), nullptr, 16) == port) return std::stoull(inode);
  }
  return 0;
}

// Adds the context switches and the CPU time by thread name of every thread under dir/task to
// s (a thread that ended before the sample is not counted).
void add_threads(const std::string& dir, proc_sample& s) {
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  std::error_code ec;
  for (fs::directory_iterator t(dir + "/task", ec), end; !ec && t != end; t.increment(ec)) {
    std::ifstream status(t->path() / "status");
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("voluntary_ctxt_switches:", 0) == 0) s.switches_voluntary += std::stoull(line.substr(24));
      if (line.rfind("nonvoluntary_ctxt_switches:", 0) == 0) s.switches_involuntary += std::stoull(line.substr(27));
    }
    std::ifstream stat(t->path() / "stat");
    const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto open = text.find('('), close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) continue;
    std::istringstream fields(text.substr(close + 2));
    std::vector<std::string> f;
    for (std::string w; fields >> w && f.size() < 13;) f.push_back(w);
    if (f.size() < 13) continue;
    s.cpu_by_thread[text.substr(open + 1, close - open - 1)] += (std::stod(f[11]) + std::stod(f[12])) / tick;
  }
}

}  // namespace

proc_sample sample_proc(int pid) {
  proc_sample s;
  const std::string dir = proc_dir(pid);
  std::ifstream stat(dir + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto paren = text.rfind(')');
  if (paren == std::string::npos) return s;
  std::istringstream fields(text.substr(paren + 2));
  std::vector<std::string> f;
  for (std::string w; fields >> w;) f.push_back(w);
  if (f.size() < 18) return s;
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  s.cpu_user_s = std::stod(f[11]) / tick;  // field 14 (utime); f[0] is field 3
  s.cpu_sys_s = std::stod(f[12]) / tick;   // field 15 (stime)
  s.threads = std::stoi(f[17]);            // field 20
  std::ifstream status(dir + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) s.rss_kb = std::stoull(line.substr(6));
    if (line.rfind("VmHWM:", 0) == 0) s.hwm_kb = std::stoull(line.substr(6));
  }
  std::error_code ec;
  for (fs::directory_iterator it(dir + "/fd", ec), end; !ec && it != end; it.increment(ec)) ++s.fds;
  add_threads(dir, s);
  s.ok = true;
  return s;
}

double load_average() {
  std::ifstream in("/proc/loadavg");
  double one = -1;
  in >> one;
  return in ? one : -1;
}

int find_listener_pid(std::uint16_t port) {
  std::uint64_t inode = listening_inode("/proc/net/tcp", port);
  if (!inode) inode = listening_inode("/proc/net/tcp6", port);
  if (!inode) return 0;
  const std::string want = "socket:[" + std::to_string(inode) + "]";
  std::error_code ec;
  for (fs::directory_iterator p("/proc", ec), end; !ec && p != end; p.increment(ec)) {
    const std::string name = p->path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code fec;
    for (fs::directory_iterator fd(p->path() / "fd", fec), fend; !fec && fd != fend; fd.increment(fec)) {
      std::error_code lec;
      if (fs::read_symlink(fd->path(), lec).string() == want) return std::stoi(name);
    }
  }
  return 0;
}

}  // namespace tabuleiro::bench

// Reading a process's resource use from /proc (Linux), and finding a server by its port.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace tabuleiro::bench {

// One sample of a process's resource use; ok is false when the process could not be read.
struct proc_sample {
  bool ok = false;
  std::uint64_t rss_kb = 0;  // VmRSS
  std::uint64_t hwm_kb = 0;  // VmHWM (peak RSS)
  double cpu_user_s = 0;     // utime
  double cpu_sys_s = 0;      // stime
  int threads = 0;
  std::uint64_t fds = 0;  // open file descriptors
  // Context switches of all its threads (each task's status), voluntary (it waited: a wake-up
  // follows) and involuntary (preempted).
  std::uint64_t switches_voluntary = 0;
  std::uint64_t switches_involuntary = 0;
  // CPU seconds (user + system) of its threads by name (the server names its own: tab-store,
  // tab-io, ...), threads alive at the sample only.
  std::map<std::string, double> cpu_by_thread;
};

// Samples /proc/<pid>/{stat,status,fd,task/*/status}; pid 0 means this process.
proc_sample sample_proc(int pid);

// The 1-minute load average of the machine (from /proc/loadavg; -1 if unreadable).
double load_average();

// The pid of the process listening on TCP port (IPv4 or IPv6), or 0 if none is found.
int find_listener_pid(std::uint16_t port);

}  // namespace tabuleiro::bench

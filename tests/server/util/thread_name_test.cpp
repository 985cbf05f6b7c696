// Thread names (server/util/thread_name.h): a thread is named as the kernel shows it, a long
// name is cut to the kernel's 15 bytes, and naming one thread leaves the others as they were.
#include <catch2/catch.hpp>

#include <sys/syscall.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

#include "server/util/thread_name.h"

using namespace tabuleiro::server;

namespace {

// The calling thread's name as /proc shows it.
std::string this_thread_comm() {
  std::ifstream in("/proc/self/task/" + std::to_string(syscall(SYS_gettid)) + "/comm");
  std::string name;
  std::getline(in, name);
  return name;
}

}  // namespace

TEST_CASE("thread names: a thread is named as the kernel shows it, cut to 15 bytes") {
  const std::string mine = this_thread_comm();
  std::string named, cut;
  std::thread([&] {
    name_this_thread("tab-store");
    named = this_thread_comm();
    name_this_thread("tab-a-name-longer-than-fifteen");
    cut = this_thread_comm();
  }).join();
  CHECK(named == "tab-store");
  CHECK(cut == "tab-a-name-long");
  CHECK(this_thread_comm() == mine);  // the other thread's name did not change this one's
}

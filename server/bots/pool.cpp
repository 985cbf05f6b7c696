#include "server/bots/pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

#include <boost/asio/post.hpp>

#include "server/util/thread_name.h"

namespace tabuleiro::server {

namespace {

// Lowers the calling worker thread's priority once (nice 10: Linux gives each thread its own),
// so that the I/O threads, which acknowledge players' actions, come first when the cores are
// busy with decisions.
void lower_this_thread() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  name_this_thread("tab-bot");
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
}

}  // namespace

bot_pool::bot_pool(int threads) : threads_(static_cast<std::size_t>(std::max(1, threads))), pool_(threads_) {}

bot_pool::~bot_pool() {
  stop();
  join();
}

void bot_pool::run(const std::shared_ptr<bot_ticket>& t, std::function<void()> job) {
  {
    mutex_lock lock(mu_);
    std::erase_if(live_, [](const std::weak_ptr<bot_ticket>& w) {
      auto p = w.lock();
      return !p || p->done.load();
    });
    if (stopped_) t->stop = true;
    else live_.push_back(t);
  }
  net::post(pool_, [t, job = std::move(job)] {
    lower_this_thread();
    job();
    t->done = true;
  });
}

std::size_t bot_pool::busy() const {
  mutex_lock lock(mu_);
  std::size_t n = 0;
  for (const auto& w : live_)
    if (auto t = w.lock(); t && !t->done.load()) ++n;
  return n;
}

std::chrono::milliseconds bot_pool::budget(std::chrono::milliseconds base) const {
  const std::size_t decisions = busy();
  if (decisions <= threads_) return base;
  const auto share = base * static_cast<std::int64_t>(threads_) / static_cast<std::int64_t>(decisions);
  return std::max(share, base / 10);
}

void bot_pool::stop() {
  mutex_lock lock(mu_);
  stopped_ = true;
  for (auto& w : live_)
    if (auto t = w.lock()) t->stop = true;
  live_.clear();
}

void bot_pool::join() { pool_.join(); }

}  // namespace tabuleiro::server

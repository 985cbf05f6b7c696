// The computer players' worker threads: decisions run here, never on the I/O threads, and
// every decision can be stopped at once (match over, room gone, server shutting down).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "server/util/mutex.h"

namespace tabuleiro::server {

namespace net = boost::asio;

// One decision's cancellation: the search polls stop (bots::choose); done is set once the
// decision has finished, whichever way.
struct bot_ticket {
  std::atomic<bool> stop{false};
  std::atomic<bool> done{false};
};

// A fixed number of worker threads running bot decisions, each at nice 10.
// Thread-safety: every method may be called from any thread.
class bot_pool {
 public:
  // Starts threads workers (at least 1).
  explicit bot_pool(int threads);
  // Stops every decision and joins the workers.
  ~bot_pool();

  // Runs job on a worker; the job must return soon once t->stop is set. After stop() the
  // ticket is stopped at once and the job still runs (and sees it).
  void run(const std::shared_ptr<bot_ticket>& t, std::function<void()> job) EXCLUDES(mu_);

  // How many decisions are queued or running now.
  std::size_t busy() const EXCLUDES(mu_);

  // The time a decision starting now may take, for a level whose own budget is base: base
  // while there are no more decisions queued or running than workers; past that, each gets its
  // share of the workers (base × workers / decisions), so that the queue drains in about base,
  // but never less than a tenth of base. Decisions are served in the order they were queued,
  // and a match has at most one at a time: the order is round-robin by match.
  std::chrono::milliseconds budget(std::chrono::milliseconds base) const EXCLUDES(mu_);

  // Sets the stop flag of every decision queued or running, and of every later one. Does not
  // wait.
  void stop() EXCLUDES(mu_);

  // Waits for the workers to finish their (stopped) work; call after stop().
  void join();

 private:
  const std::size_t threads_;
  net::thread_pool pool_;
  mutable mutex mu_;
  std::vector<std::weak_ptr<bot_ticket>> live_ GUARDED_BY(mu_);  // pruned as decisions end
  bool stopped_ GUARDED_BY(mu_) = false;
};

}  // namespace tabuleiro::server

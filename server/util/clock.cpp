// The system time source and the manual one.
#include "server/util/clock.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace tabuleiro::server {

namespace {

// An Asio steady timer behind the timer interface.
// Thread-safety: cancel() posts to the timer's executor.
class asio_timer final : public timer, public std::enable_shared_from_this<asio_timer> {
 public:
  asio_timer(net::any_io_executor ex) : t_(ex) {}

  // Arms the timer for delay_ms and runs fn on its executor when it expires uncancelled.
  void start(std::int64_t delay_ms, std::function<void()> fn) {
    t_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(delay_ms, 0)));
    t_.async_wait([self = shared_from_this(), fn = std::move(fn)](boost::system::error_code ec) {
      if (ec || self->cancelled_) return;
      fn();
    });
  }

  void cancel() override {
    cancelled_ = true;
    net::post(t_.get_executor(), [self = shared_from_this()] { self->t_.cancel(); });
  }

 private:
  net::steady_timer t_;
  std::atomic<bool> cancelled_{false};
};

// System clock "now"; Asio timers.
// Thread-safety: stateless.
class system_time_source final : public time_source {
 public:
  std::int64_t now_ms() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }

  std::shared_ptr<timer> call_at(std::int64_t at_ms, net::any_io_executor ex, std::function<void()> fn) override {
    auto t = std::make_shared<asio_timer>(ex);
    t->start(at_ms - now_ms(), std::move(fn));
    return t;
  }
};

}  // namespace

// A timer armed on a manual clock.
struct manual_time::entry final : timer {
  net::any_io_executor ex;
  std::function<void()> fn;
  std::atomic<bool> cancelled{false};
  void cancel() override { cancelled = true; }
};

std::unique_ptr<time_source> system_time() { return std::make_unique<system_time_source>(); }

manual_time::manual_time(std::int64_t start_ms) : now_(start_ms) {}

std::int64_t manual_time::now_ms() const {
  mutex_lock lock(mu_);
  return now_;
}

std::shared_ptr<timer> manual_time::call_at(std::int64_t at_ms, net::any_io_executor ex, std::function<void()> fn) {
  auto e = std::make_shared<entry>();
  e->ex = std::move(ex);
  e->fn = std::move(fn);
  bool fire_now = false;
  {
    mutex_lock lock(mu_);
    if (at_ms <= now_) fire_now = true;
    else due_.emplace(at_ms, e);
  }
  if (fire_now)
    net::post(e->ex, [e] {
      if (!e->cancelled) e->fn();
    });
  return e;
}

std::int64_t manual_time::advance(std::int64_t ms) {
  std::vector<std::shared_ptr<entry>> fire;
  std::int64_t now;
  {
    mutex_lock lock(mu_);
    now_ += std::max<std::int64_t>(ms, 0);
    now = now_;
    while (!due_.empty() && due_.begin()->first <= now_) {
      fire.push_back(std::move(due_.begin()->second));
      due_.erase(due_.begin());
    }
  }
  for (auto& e : fire)
    if (!e->cancelled)
      net::post(e->ex, [e] {
        if (!e->cancelled) e->fn();
      });
  return now;
}

std::size_t manual_time::pending() const {
  mutex_lock lock(mu_);
  return static_cast<std::size_t>(
      std::count_if(due_.begin(), due_.end(), [](const auto& kv) { return !kv.second->cancelled; }));
}

}  // namespace tabuleiro::server

// Outbound deliveries' worker and retries (see delivery_queue.h).
#include "server/notify/delivery_queue.h"

#include <algorithm>
#include <charconv>

#include <boost/asio/post.hpp>

#include "server/util/thread_name.h"

namespace tabuleiro::server::notify {

namespace net = boost::asio;

// One delivery between its attempts.
struct delivery_queue::delivery {
  request_maker make;
  outcome_fn outcome;
  int attempt = 1;
};

std::int64_t push_retry_delay_ms(const push_pacing& p, int attempt, const std::string& retry_after) {
  std::int64_t seconds = 0;
  const char* end = retry_after.data() + retry_after.size();
  if (!retry_after.empty() && std::from_chars(retry_after.data(), end, seconds).ptr == end && seconds >= 0)
    return std::clamp(seconds * 1000, p.min_retry_after_ms, p.max_retry_after_ms);
  std::int64_t delay = p.first_retry_ms;
  for (int i = 2; i < attempt; ++i) delay *= 4;
  return delay;
}

delivery_queue::delivery_queue(outbound_policy policy, time_source& time, push_pacing pacing)
    : time_(time), pacing_(pacing), out_(std::make_unique<outbound_client>(std::move(policy))) {
  net::post(pool_, [] { name_this_thread("tab-notify"); });
}

delivery_queue::~delivery_queue() {
  stopping_ = true;
  out_.reset();  // no answer comes after this
  net::post(worker_, [this] {
    for (auto& [d, t] : waiting_) t->cancel();
    waiting_.clear();
  });
  pool_.join();
}

bool delivery_queue::submit(std::function<void()> job) {
  if (stopping_) return false;
  if (++pending_ > pacing_.max_pending) {
    --pending_;
    return false;
  }
  net::post(worker_, [this, job = std::move(job)] {
    if (!stopping_) job();
    --pending_;
  });
  return true;
}

void delivery_queue::deliver(request_maker make, outcome_fn outcome) {
  auto d = std::make_shared<delivery>();
  d->make = std::move(make);
  d->outcome = std::move(outcome);
  ++pending_;
  attempt(std::move(d));
}

void delivery_queue::attempt(std::shared_ptr<delivery> d) {
  if (stopping_) {
    --pending_;
    return;
  }
  out_->post(d->make(d->attempt), [this, d](outbound_answer a) {
    net::post(worker_, [this, d, a = std::move(a)]() mutable { on_answer(d, std::move(a)); });
  });
}

void delivery_queue::on_answer(std::shared_ptr<delivery> d, outbound_answer a) {
  if (stopping_) {
    --pending_;
    return;
  }
  const bool again = transient_answer(a) && d->attempt < pacing_.attempts;
  d->outcome(a, d->attempt, again);
  if (!again) {
    --pending_;
    return;
  }
  const std::int64_t delay = push_retry_delay_ms(pacing_, ++d->attempt, a.retry_after);
  waiting_[d.get()] = time_.call_after(delay, worker_, [this, d] {
    waiting_.erase(d.get());
    attempt(d);
  });
}

}  // namespace tabuleiro::server::notify

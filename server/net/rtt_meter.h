// A connection's round trip, measured by its own WebSocket pings (PROTOCOL.md, lag
// compensation): every client, a browser included, answers a ping by itself with a pong that
// carries the same payload.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/util/clock.h"

namespace tabuleiro::server {

// One connection's round-trip meter: one ping in flight at a time, each with its own payload,
// and the timer that schedules the next.
// Thread-safety: rtt_ms() may be called from any thread; everything else on the connection's
// strand.
class rtt_meter {
 public:
  using steady = std::chrono::steady_clock;

  // The payload of a ping to send at now, or nullopt while the last one is still being written.
  std::optional<std::string> start(steady::time_point now) {
    if (writing_) return std::nullopt;
    writing_ = true;
    payload_ = "rtt " + std::to_string(++seq_);
    sent_ = now;
    return payload_;
  }
  // The ping's write ended (sent or failed).
  void written() { writing_ = false; }
  // A pong with payload arrived at now: the round trip, when it answers the awaited ping.
  void on_pong(std::string_view payload, steady::time_point now) {
    if (payload_.empty() || payload != payload_) return;
    rtt_ms_ = std::chrono::duration_cast<std::chrono::milliseconds>(now - sent_).count();
    payload_.clear();
  }
  // The last measured round trip in ms (0: none yet).
  std::int64_t rtt_ms() const { return rtt_ms_.load(); }

  // Keeps t, the timer of the next ping (cancelling the last one's).
  void schedule(std::shared_ptr<timer> t) {
    cancel();
    timer_ = std::move(t);
  }
  // Stops the next ping.
  void cancel() {
    if (timer_) timer_->cancel();
  }

 private:
  std::atomic<std::int64_t> rtt_ms_{0};
  std::string payload_;  // the payload of the ping awaiting its pong ("" = none)
  steady::time_point sent_;
  std::uint64_t seq_ = 0;
  bool writing_ = false;
  std::shared_ptr<timer> timer_;
};

}  // namespace tabuleiro::server

// A room's clock timer (server/room/clock_timer.h) on the injected clock: it moves with committed
// changes, fires when the running time may be out, flags a late request, retries a refused
// timeout, and stops with its room.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <boost/asio/io_context.hpp>

#include "server/room/clock_timer.h"

using namespace tabuleiro::server;
using json = nlohmann::json;

namespace {

constexpr std::int64_t timer_t0 = 1'000'000;

// A Fischer clock of initial_s seconds, no increment.
match_clock fischer_clock(std::int64_t initial_s) {
  std::string error;
  auto o = parse_clock_options(json{{"initial_s", initial_s}, {"increment_s", 0}}, error);
  REQUIRE(o);
  return match_clock(*o);
}

// A room's strand and time: due timers run when the test polls.
struct fixture {
  boost::asio::io_context ioc;
  manual_time time{timer_t0};
  room_strand strand = boost::asio::make_strand(ioc);
  // Moves time by ms and runs what became due.
  void advance(std::int64_t ms) {
    time.advance(ms);
    ioc.restart();
    ioc.poll();
  }
};

// Seats both taken at timer_t0, seat 1 and seat 2 each ended one (untimed) turn: seat 1's time runs
// from timer_t0 + 1000.
void start(clock_timer& c) {
  c.on_seated(timer_t0);
  c.on_committed(timer_t0, 1, true, 0, {2}, false);
  c.on_committed(timer_t0 + 1000, 2, true, 0, {1}, false);
}

}  // namespace

TEST_CASE("clock timer: fires once the running time may be out, and finds the seat out of time") {
  fixture f;
  clock_timer c(fischer_clock(60), f.time, f.strand, {1});
  f.advance(1000);
  start(c);
  int fired = 0;
  c.arm(false, [&] { ++fired; });
  CHECK_FALSE(c.timed_out());
  f.advance(60'000);  // seat 1's minute is over, but a lag credit or the grace may still count
  CHECK(fired == 0);
  f.advance(2'000);
  CHECK(fired == 1);
  REQUIRE(c.timed_out());
  CHECK(*c.timed_out() == 1);
  CHECK(c.deadline_or_now() == timer_t0 + 61'000);
  CHECK(c.text().find("\"running\":1") != std::string::npos);
}

TEST_CASE("clock timer: re-arming replaces the timer, none once over or without a clock") {
  fixture f;
  clock_timer c(fischer_clock(60), f.time, f.strand, {1});
  start(c);
  int first = 0, second = 0;
  c.arm(false, [&] { ++first; });
  c.arm(false, [&] { ++second; });
  CHECK(f.time.pending() == 1);
  c.arm(true, [&] { ++second; });  // over: nothing armed
  CHECK(f.time.pending() == 0);
  f.advance(120'000);
  CHECK(first + second == 0);
  clock_timer none(match_clock(clock_options{}), f.time, f.strand, {1});
  none.arm(false, [&] { ++first; });
  CHECK(f.time.pending() == 0);
  CHECK(none.text().empty());
}

TEST_CASE("clock timer: a late request is flagged, a game action in time gets no flag") {
  fixture f;
  clock_timer c(fischer_clock(60), f.time, f.strand, {1});
  start(c);
  std::int64_t credit = -1;
  f.advance(30'000);
  CHECK_FALSE(c.late(1, true, 0, credit));
  CHECK(credit == 0);
  CHECK_FALSE(c.late(0, false, 0, credit));  // the server's own changes are never late
  f.advance(40'000);
  CHECK(c.late(2, false, 0, credit));  // the opponent's resignation finds seat 1 out of time
  CHECK(c.flagged() == 1);
  CHECK(credit == 0);
  clock_timer none(match_clock(clock_options{}), f.time, f.strand, {1});
  CHECK_FALSE(none.late(1, true, 500, credit));
}

TEST_CASE("clock timer: a refused timeout is tried again after storage_retry_ms, the timer dies with its owner") {
  fixture f;
  int fired = 0;
  {
    clock_timer c(fischer_clock(60), f.time, f.strand, {1});
    c.retry([&] { ++fired; });
    f.advance(clock_timer::storage_retry_ms - 1);
    CHECK(fired == 0);
    f.advance(1);
    CHECK(fired == 1);
    start(c);
    c.arm(false, [&] { ++fired; });
    CHECK(f.time.pending() == 1);
  }
  f.advance(120'000);  // the owner is gone: its timer never fires
  CHECK(fired == 1);
}

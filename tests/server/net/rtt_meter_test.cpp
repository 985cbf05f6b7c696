// A connection's round-trip meter (server/net/rtt_meter.h): one ping in flight, only its own
// pong measures, the timer of the next ping is replaced and cancelled.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include "server/net/rtt_meter.h"

using namespace tabuleiro::server;
using namespace std::chrono_literals;

TEST_CASE("rtt meter: only the awaited ping's pong measures the round trip") {
  rtt_meter m;
  const auto t = std::chrono::steady_clock::time_point{} + 1h;
  CHECK(m.rtt_ms() == 0);
  auto first = m.start(t);
  REQUIRE(first);
  CHECK_FALSE(m.start(t + 1ms));  // still being written
  m.written();
  m.on_pong("not ours", t + 10ms);
  CHECK(m.rtt_ms() == 0);
  m.on_pong(*first, t + 42ms);
  CHECK(m.rtt_ms() == 42);
  m.on_pong(*first, t + 90ms);  // answered already
  CHECK(m.rtt_ms() == 42);
  auto second = m.start(t + 5s);
  REQUIRE(second);
  CHECK(*second != *first);
  m.written();
  m.on_pong(*second, t + 5s + 7ms);
  CHECK(m.rtt_ms() == 7);
}

TEST_CASE("rtt meter: the next ping's timer is replaced and cancelled") {
  boost::asio::io_context ioc;
  manual_time time(0);
  rtt_meter m;
  int fired = 0;
  m.schedule(time.call_after(5000, ioc.get_executor(), [&] { ++fired; }));
  m.schedule(time.call_after(5000, ioc.get_executor(), [&] { fired += 10; }));
  time.advance(5000);
  ioc.poll();
  CHECK(fired == 10);
  m.schedule(time.call_after(5000, ioc.get_executor(), [&] { ++fired; }));
  m.cancel();
  time.advance(5000);
  ioc.restart();
  ioc.poll();
  CHECK(fired == 10);
}

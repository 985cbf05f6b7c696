// The matches against the computer a node runs at once (server/bots/capacity.h) and the time a
// decision gets while the bot workers are behind (server/bots/pool.h).
#include <atomic>
#include <thread>

#include <catch2/catch.hpp>

#include "server/bots/capacity.h"
#include "server/bots/pool.h"

using namespace tabuleiro::server;

namespace {

bool refused(const std::variant<bot_reservation, bot_refusal>& r, bot_refusal why) {
  const auto* w = std::get_if<bot_refusal>(&r);
  return w && *w == why;
}

}  // namespace

TEST_CASE("bot capacity: a global limit and one per address, creations in flight counted") {
  bot_capacity c(3, 2);
  auto a1 = c.admit("a");
  auto a2 = c.admit("a");
  REQUIRE(std::holds_alternative<bot_reservation>(a1));
  REQUIRE(std::holds_alternative<bot_reservation>(a2));
  CHECK(refused(c.admit("a"), bot_refusal::per_address));  // two in flight from a
  auto b1 = c.admit("b");
  REQUIRE(std::holds_alternative<bot_reservation>(b1));
  CHECK(refused(c.admit("c"), bot_refusal::busy));  // three in use
  CHECK(c.in_use() == 3);
  std::get<bot_reservation>(a1).bind("AAAAA1");
  std::get<bot_reservation>(a2).bind("AAAAA2");
  CHECK(c.in_use() == 3);
  CHECK(refused(c.admit("a"), bot_refusal::busy));
  c.release("AAAAA1");
  CHECK(refused(c.admit("a"), bot_refusal::per_address) == false);
}

TEST_CASE("bot capacity: a creation that fails frees its place, and a room's hold counts once") {
  bot_capacity c(2, 2);
  {
    auto r = c.admit("a");
    REQUIRE(std::holds_alternative<bot_reservation>(r));
    CHECK(c.in_use() == 1);
  }  // never bound: the creation failed
  CHECK(c.in_use() == 0);
  // The room may hold its code before the creation binds it, or after: one place either way.
  auto r = c.admit("a");
  c.hold("CODE01");
  std::get<bot_reservation>(r).bind("CODE01");
  c.hold("CODE01");
  CHECK(c.in_use() == 1);
  // A match loaded after a restart holds a place under no address: the global limit counts it.
  c.hold("OLD001");
  CHECK(refused(c.admit("b"), bot_refusal::busy));
  c.release("OLD001");
  c.release("CODE01");
  CHECK(c.in_use() == 0);
  CHECK(std::holds_alternative<bot_reservation>(c.admit("a")));
}

TEST_CASE("bot pool: a decision's time shrinks with the queue behind the workers, to a tenth at least") {
  using std::chrono::milliseconds;
  bot_pool pool(1);
  CHECK(pool.budget(milliseconds(1000)) == milliseconds(1000));
  std::atomic<bool> go{false};
  std::vector<std::shared_ptr<bot_ticket>> tickets;
  auto hold = [&](int n) {
    for (int i = 0; i < n; ++i) {
      tickets.push_back(std::make_shared<bot_ticket>());
      pool.run(tickets.back(), [&go] {
        while (!go) std::this_thread::yield();
      });
    }
  };
  hold(1);
  CHECK(pool.budget(milliseconds(1000)) == milliseconds(1000));  // one decision, one worker
  hold(3);
  CHECK(pool.budget(milliseconds(1000)) == milliseconds(250));  // four decisions share one worker
  hold(36);
  CHECK(pool.budget(milliseconds(1000)) == milliseconds(100));  // 40: the floor, a tenth
  go = true;
  pool.stop();
  pool.join();
}

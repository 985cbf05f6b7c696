// The connection record's totals, bound and wire form (server/room/connection_log).
#include "server/room/connection_log.h"

#include <catch2/catch.hpp>

using namespace tabuleiro::server;

namespace {
constexpr std::int64_t log_t0 = 1'700'000'000'000;
}

TEST_CASE("connection record: each seat's disconnections and time offline, up to the end") {
  connection_log log;
  CHECK(log.empty());
  CHECK(log.add({2, false, log_t0 + 10'000}));
  CHECK(log.add({2, true, log_t0 + 90'000}));  // back after 80 s
  CHECK(log.add({1, false, log_t0 + 100'000}));
  CHECK(log.add({2, false, log_t0 + 120'000}));  // away again, still at the end
  const auto one = log.totals(1, log_t0 + 130'000);
  CHECK(one.seat == 1);
  CHECK(one.disconnections == 1);
  CHECK(one.offline_ms == 30'000);
  CHECK(one.offline);
  const auto two = log.totals(2, log_t0 + 200'000);
  CHECK(two.disconnections == 2);
  CHECK(two.offline_ms == 80'000 + 80'000);
  CHECK(two.offline);
  CHECK(log.offline(1));
  CHECK(log.offline(2));
}

TEST_CASE("connection record: a repeated state is nothing new, and a seat never offline has nothing") {
  connection_log log;
  log.add({1, true, log_t0});  // back without having left (after a restart)
  log.add({1, false, log_t0 + 1'000});
  log.add({1, false, log_t0 + 5'000});  // offline again: still the first absence
  log.add({1, true, log_t0 + 11'000});
  log.add({1, true, log_t0 + 12'000});
  const auto one = log.totals(1, log_t0 + 60'000);
  CHECK(one.disconnections == 1);
  CHECK(one.offline_ms == 10'000);
  CHECK_FALSE(one.offline);
  const auto two = log.totals(2, log_t0 + 60'000);
  CHECK(two.disconnections == 0);
  CHECK(two.offline_ms == 0);
  CHECK_FALSE(two.offline);
  CHECK_FALSE(log.offline(2));
}

TEST_CASE("connection record: bounded, and says when it is incomplete") {
  connection_log log;
  for (std::size_t i = 0; i < connection_log::max_changes; ++i)
    REQUIRE(log.add({1, i % 2 == 1, log_t0 + static_cast<std::int64_t>(i) * 1000}));
  CHECK(log.record(log_t0)["complete"] == true);
  CHECK_FALSE(log.add({2, false, log_t0}));
  CHECK(log.changes().size() == connection_log::max_changes);
  CHECK(log.record(log_t0)["complete"] == false);

  connection_log restored;  // a stored record one change longer than kept reads as incomplete
  restored.restore(std::vector<connection_change>(connection_log::max_changes + 1, {1, false, log_t0}));
  CHECK(restored.changes().size() == connection_log::max_changes);
  CHECK(restored.record(log_t0)["complete"] == false);
}

TEST_CASE("connection record: the wire form lists the totals and the changes in order") {
  connection_log log;
  log.add({2, false, log_t0, 4});
  log.add({2, true, log_t0 + 61'000, 6});
  const auto r = log.record(log_t0 + 100'000);
  REQUIRE(r["seats"].size() == 2);
  CHECK(r["seats"][0] == nlohmann::json{{"seat", 1}, {"disconnections", 0}, {"offline_ms", 0}, {"offline", false}});
  CHECK(r["seats"][1] ==
        nlohmann::json{{"seat", 2}, {"disconnections", 1}, {"offline_ms", 61'000}, {"offline", false}});
  REQUIRE(r["changes"].size() == 2);
  CHECK(r["changes"][0] ==
        nlohmann::json{{"seat", 2}, {"online", false}, {"at", "2023-11-14T22:13:20Z"}, {"version", 4}});
  CHECK(r["changes"][1]["online"] == true);
  CHECK(r["changes"][1]["version"] == 6);
  CHECK(r["changes"][1]["at"] == "2023-11-14T22:14:21Z");
  CHECK(r["complete"] == true);
}

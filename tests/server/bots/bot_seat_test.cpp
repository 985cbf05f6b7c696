// A room's computer player (server/bots/seat.h) on a real bot pool and the injected clock:
// which answers count, when a refused action makes it think again, and its retry.
#include <catch2/catch.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "protocol/core/game.h"
#include "server/bots/seat.h"

using namespace tabuleiro;
using namespace tabuleiro::server;

namespace {

constexpr std::int64_t bot_t0 = 1'000'000;

// A TAIXU match in its first position (seat 1 to act).
std::unique_ptr<protocol::match> taixu_match() {
  auto created = protocol::find_game("taixu")->create(nlohmann::json::object(), nullptr, 7);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  return std::move(std::get<std::unique_ptr<protocol::match>>(created));
}

}  // namespace

TEST_CASE("bot seat: thinks when its seat acts, only a current answer is taken, and a running match holds a place") {
  boost::asio::io_context ioc;
  manual_time time(bot_t0);
  metrics stats;
  bot_pool pool(1);
  auto strand = boost::asio::make_strand(ioc);
  const bot_settings settings{.limits = {.iterations = 8, .time_limit = std::chrono::milliseconds(1000)},
                              .delay_ms = 0};
  bot_capacity capacity(4, 4);
  std::optional<bot_seat> bot;
  bot.emplace(std::make_unique<bot_player>(1, bots::level::easy, 42, settings, pool, time, strand, stats), stats, time,
              strand, &capacity, "K7M2QX", true);
  CHECK(capacity.in_use() == 1);  // a running match holds a place
  CHECK(bot->seat() == 1);
  CHECK(bot->level_name() == "easy");
  auto m = taixu_match();
  std::optional<std::int64_t> answered;
  nlohmann::json action;
  bot->consider(*m, 0, false, [&](std::int64_t v, nlohmann::json a) {
    answered = v;
    action = std::move(a);
  });
  // The pool's worker answers on the strand; a bounded wait for it (no clock time passes).
  auto work = boost::asio::make_work_guard(ioc);
  for (int i = 0; i < 200 && !answered; ++i) ioc.run_one_for(std::chrono::milliseconds(50));
  work.reset();
  REQUIRE(answered);
  CHECK(*answered == 0);
  CHECK(action.is_object());
  CHECK_FALSE(bot->take_answer(0, 1, false));  // the match moved on: stale
  CHECK(stats.bot_stale == 1);
  CHECK_FALSE(bot->take_answer(0, 0, true));  // over: stale too
  CHECK(bot->take_answer(0, 0, false));
  CHECK(stats.bot_actions == 1);
  const engine::rule_error refused{"not_your_turn", "it is not your turn"};
  CHECK(bot->think_again_after(refused, 1, "K7M2QX"));        // refused after the match moved on
  CHECK_FALSE(bot->think_again_after(refused, 0, "K7M2QX"));  // refused where it chose: a defect
  // The match ends: its place is free (and freed once, whatever comes later).
  bot->consider(*m, 1, true, [](std::int64_t, nlohmann::json) {});
  CHECK(capacity.in_use() == 0);
  bot.reset();
  CHECK(capacity.in_use() == 0);
  // A finished match's seat (a room loaded to be read) holds none.
  bot_seat finished(std::make_unique<bot_player>(1, bots::level::easy, 42, settings, pool, time, strand, stats), stats,
                    time, strand, &capacity, "K7M2QY", false);
  CHECK(capacity.in_use() == 0);
  pool.stop();
}

TEST_CASE("bot seat: a refused store write is tried again after storage_retry_ms, once") {
  boost::asio::io_context ioc;
  manual_time time(bot_t0);
  metrics stats;
  bot_pool pool(1);
  auto strand = boost::asio::make_strand(ioc);
  bot_seat bot(std::make_unique<bot_player>(2, bots::level::hard, 1, bot_settings{}, pool, time, strand, stats), stats,
               time, strand, nullptr, "K7M2QX", true);
  int again = 0;
  bot.retry([&] { ++again; });
  bot.retry([&] { ++again; });  // replaces the first
  time.advance(bot_seat::storage_retry_ms - 1);
  ioc.poll();
  CHECK(again == 0);
  time.advance(1);
  ioc.restart();
  ioc.poll();
  CHECK(again == 1);
  pool.stop();
}

// The bot seat's pure parts (server/bots/player.h): a decision's seed.
#include <catch2/catch.hpp>

#include "server/bots/player.h"

using namespace tabuleiro::server;

TEST_CASE("bots: a decision's seed is a function of the bot's seed and the version only") {
  CHECK(bot_decision_seed(42, 7) == bot_decision_seed(42, 7));
  CHECK(bot_decision_seed(42, 7) != bot_decision_seed(42, 8));
  CHECK(bot_decision_seed(42, 7) != bot_decision_seed(43, 7));
  CHECK(bot_decision_seed(42, 0) != 42);
}

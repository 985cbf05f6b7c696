// What the session fuzz targets share: one real server state (temporary SQLite store, rooms,
// list feed, manual clock) on a single-threaded io_context, and one TAIXU match in it whose
// code and creator token replace placeholders in the fuzz input.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "server/bots/pool.h"
#include "server/config/config.h"
#include "server/net/shared_state.h"
#include "server/registry/list_feed.h"
#include "server/registry/rooms.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"

namespace tabuleiro::fuzz {

// Placeholders a seed writes where the match's share code and seat token go (same lengths:
// a seed's frames, masked with the key 0, stay valid after the substitution).
inline constexpr std::string_view code_placeholder = "@CODE@";
inline constexpr std::string_view token_placeholder = "@TOKEN@@@@@@@@@@@@@@@@@@@@@@@@@@";

// The server state, built on first use and kept for the process (inputs share it, as the
// connections of one server do).
// Thread-safety: ioc is run only by the fuzzing thread; the store's writer and the registry's
// pool post back to it.
struct server_fixture {
  boost::asio::io_context ioc{1};
  server::config cfg;
  server::metrics stats;
  std::unique_ptr<server::store> db;
  std::unique_ptr<server::manual_time> time;
  std::unique_ptr<server::bot_pool> bots;
  std::unique_ptr<server::match_list_feed> list_feed;
  std::unique_ptr<server::window_limiter> creations;     // POST /api/matches per address
  std::unique_ptr<server::window_limiter> publications;  // POST /api/matches/publish per address
  server::connection_set connections;
  std::unique_ptr<server::rooms> registry;
  std::unique_ptr<server::shared_state> state;
  std::unique_ptr<server::router> routes;  // the HTTP routes of state's services
  std::string code, token;                 // the match created at start-up
};

// The process's fixture (created, with its match, on the first call; aborts if that fails).
server_fixture& fixture();

// Runs ready handlers of the fixture's io_context: at most max_handlers, and stops once none
// is ready within a few milliseconds (work of the store's and registry's threads included).
void drive(server_fixture& f, std::size_t max_handlers);

// data as a string with every placeholder replaced by the fixture match's code and token.
std::string with_match(server_fixture& f, const unsigned char* data, std::size_t size);

}  // namespace tabuleiro::fuzz

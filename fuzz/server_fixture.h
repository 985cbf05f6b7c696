// What the session fuzz targets share: one real server state (temporary SQLite store, rooms,
// list feed, manual clock) on a single-threaded io_context, and one TAIXU match in it whose
// code and creator token replace placeholders in the fuzz input.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "server/node/node.h"

namespace tabuleiro::fuzz {

// Placeholders a seed writes where the match's share code and seat token go (same lengths:
// a seed's frames, masked with the key 0, stay valid after the substitution).
inline constexpr std::string_view code_placeholder = "@CODE@";
inline constexpr std::string_view token_placeholder = "@TOKEN@@@@@@@@@@@@@@@@@@@@@@@@@@";

// The server, built on first use as `tabuleiro serve` builds it (server/node/node.h) and kept
// for the process (inputs share it, as the connections of one server do), never run: the
// fuzzing thread drives its io_context.
// Thread-safety: ioc is run only by the fuzzing thread; the store's writer and the node's pools
// post back to it.
struct server_fixture {
  std::unique_ptr<server::node> node;  // its listener is bound to a loopback port, never accepting
  boost::asio::io_context& ioc;
  server::shared_state* state = nullptr;
  std::string code, token;  // the match created at start-up
};

// The process's fixture (created, with its match, on the first call; aborts if that fails).
server_fixture& fixture();

// Runs ready handlers of the fixture's io_context: at most max_handlers, and stops once none
// is ready within a few milliseconds (work of the store's and registry's threads included).
void drive(server_fixture& f, std::size_t max_handlers);

// data as a string with every placeholder replaced by the fixture match's code and token.
std::string with_match(server_fixture& f, const unsigned char* data, std::size_t size);

}  // namespace tabuleiro::fuzz

// HTTP side of a connection: the JSON API, health and metrics, static files, WS upgrades.
#pragma once

#include <boost/asio/ip/tcp.hpp>

namespace tabuleiro::server {

struct shared_state;

// Serves HTTP on socket (a fresh connection on its own strand) until it closes or upgrades
// to a WebSocket on /ws.
void serve_http(boost::asio::ip::tcp::socket&& socket, shared_state& state);

}  // namespace tabuleiro::server

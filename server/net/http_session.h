// HTTP side of a connection: the JSON API, health and metrics, static files, WS upgrades.
#pragma once

namespace tabuleiro::server {

struct shared_state;

// Serves HTTP on stream (a fresh connection on its own strand) until it closes or upgrades
// to a WebSocket on /ws. Stream is conn_stream (conn_types.h); builds with
// TABULEIRO_TEST_STREAMS (the fuzz targets) also instantiate it for boost::beast::test::stream.
template <class Stream>
void serve_http(Stream&& stream, shared_state& state);

}  // namespace tabuleiro::server

// WebSocket side of a connection: the match protocol of protocol/PROTOCOL.md.
#pragma once

#include <optional>
#include <string>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/accounts/accounts.h"

namespace tabuleiro::server {

struct shared_state;

// Who is at the other end of a WebSocket: the client's address (rate limits, logs) and the
// account its session cookie signed in at the upgrade, if any.
struct peer_identity {
  std::string address;
  std::optional<accounts::account> account;
  std::string session_hash;  // the session the account signed in with (its id's SHA-256), "" for a guest
};

// Takes over stream (on its strand) and, once the request's session cookie (if any) says which
// account is signed in, completes the WebSocket handshake of upgrade request req from the client
// at address, then speaks the match protocol until the connection closes. NextLayer is
// conn_socket (conn_types.h); builds with TABULEIRO_TEST_STREAMS (the fuzz targets) also
// instantiate it for boost::beast::test::stream.
template <class NextLayer>
void serve_websocket(NextLayer&& stream, boost::beast::http::request<boost::beast::http::string_body> req,
                     shared_state& state, std::string address);

}  // namespace tabuleiro::server

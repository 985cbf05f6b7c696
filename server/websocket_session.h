// WebSocket side of a connection: the match protocol of protocol/PROTOCOL.md.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace tabuleiro::server {

struct shared_state;

// Takes over socket (on its strand) and completes the WebSocket handshake of upgrade request
// req, then speaks the match protocol until the connection closes.
void serve_websocket(boost::asio::ip::tcp::socket&& socket,
                     boost::beast::http::request<boost::beast::http::string_body> req,
                     shared_state& state, std::string address);

}  // namespace tabuleiro::server

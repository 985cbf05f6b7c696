// Boost.Beast/Asio names shared by the listener and the HTTP and WebSocket sessions.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/conn_types.h"
#include "server/net/shared_state.h"
#include "server/registry/rooms.h"
#include "server/room/room.h"

namespace tabuleiro::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

// Logs a failed asynchronous step (quietly for the ordinary ends of a connection).
void fail(beast::error_code ec, const char* what);

}  // namespace tabuleiro::server

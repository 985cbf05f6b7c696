// The types of one client connection: the strand it runs on, as a concrete executor type (no
// type-erased executor between a socket's completions and its handlers), and the socket and
// the stream with timeouts built on it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/basic_stream.hpp>

namespace tabuleiro::server {

using conn_executor = boost::asio::strand<boost::asio::io_context::executor_type>;
using conn_socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, conn_executor>;
using conn_stream = boost::beast::basic_stream<boost::asio::ip::tcp, conn_executor>;

}  // namespace tabuleiro::server

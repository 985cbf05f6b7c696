#include "server/net/listener.h"

#include <boost/asio/post.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>
#include <spdlog/spdlog.h>

#include "server/net/http_session.h"

namespace tabuleiro::server {

namespace net = boost::asio;
namespace beast = boost::beast;

listener::listener(net::io_context& ioc, net::ip::tcp::endpoint endpoint, shared_state& state)
    : ioc_(ioc), strand_(net::make_strand(ioc)), acceptor_(strand_), state_(state) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

net::ip::tcp::endpoint listener::local_endpoint() const { return acceptor_.local_endpoint(); }

void listener::run() {
  net::post(strand_, [self = shared_from_this()] { self->do_accept(); });
}

void listener::stop() {
  net::post(strand_, [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::do_accept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(net::make_strand(ioc_),
                         [self = shared_from_this()](boost::system::error_code ec, conn_socket socket) {
                           self->on_accept(ec, std::move(socket));
                         });
}

void listener::on_accept(boost::system::error_code ec, conn_socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
  if (ec) {
    spdlog::warn("accept: {}", ec.message());
  } else {
    // Small protocol messages (a patch, then its ack) must not wait for delayed ACKs.
    boost::system::error_code opt_ec;
    socket.set_option(net::ip::tcp::no_delay(true), opt_ec);
    serve_http(conn_stream(std::move(socket)), state_);
  }
  do_accept();
}

void fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == beast::websocket::error::closed || ec == beast::error::timeout ||
      ec == net::error::eof || ec == net::error::connection_reset || ec == beast::http::error::end_of_stream)
    spdlog::debug("{}: {}", what, ec.message());
  else spdlog::warn("{}: {}", what, ec.message());
}

}  // namespace tabuleiro::server

// Accepts TCP connections and hands each socket to an HTTP session.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

#include "server/net/conn_types.h"

namespace tabuleiro::server {

struct shared_state;

// Accepts connections on one endpoint until stop().
// Thread-safety: run and stop may be called from any thread (they post to its strand).
class listener : public std::enable_shared_from_this<listener> {
 public:
  // Opens, binds and listens; throws boost::system::system_error on failure.
  listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, shared_state& state);
  // The bound endpoint (its port when 0 was asked).
  boost::asio::ip::tcp::endpoint local_endpoint() const;
  // Starts accepting.
  void run();
  // Stops accepting new connections (open ones are unaffected).
  void stop();

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, conn_socket socket);

  boost::asio::io_context& ioc_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  shared_state& state_;
};

}  // namespace tabuleiro::server

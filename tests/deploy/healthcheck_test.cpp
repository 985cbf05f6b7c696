// `tabuleiro healthcheck` against a one-request HTTP responder on a free loopback port.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "server/cli/commands.h"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Answers one HTTP request on address:<free port> (127.0.0.1 unless given) with `status`, or
// never answers when `silent`; records the request target. Not thread-safe: read target()
// after join().
class one_shot_responder {
 public:
  one_shot_responder(http::status status, bool silent = false, const char* address = "127.0.0.1")
      : acceptor_(ioc_, tcp::endpoint(net::ip::make_address(address), 0)) {
    thread_ = std::thread([this, status, silent] { serve(status, silent); });
  }
  ~one_shot_responder() { join(); }
  // Waits for the responder to finish its one exchange.
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  std::string port() const { return std::to_string(acceptor_.local_endpoint().port()); }
  const std::string& target() const { return target_; }

 private:
  // Accepts one connection, reads its request and answers it (or waits for the peer to go).
  void serve(http::status status, bool silent) {
    beast::error_code ec;
    tcp::socket socket(ioc_);
    bool accepted = false;  // a client that never connects (a refused argument) must not hang the test
    acceptor_.async_accept(socket, [&](beast::error_code e) {
      ec = e;
      accepted = true;
    });
    ioc_.run_for(std::chrono::seconds(10));
    if (!accepted || ec) return;
    beast::flat_buffer buffer;
    http::request<http::string_body> req;
    http::read(socket, buffer, req, ec);
    if (ec) return;
    target_ = std::string(req.target());
    if (silent) {  // hold the connection until the client gives up
      char byte;
      socket.read_some(net::buffer(&byte, 1), ec);
      return;
    }
    http::response<http::string_body> res{status, 11};
    res.body() = "ok";
    res.prepare_payload();
    http::write(socket, res, ec);
  }

  net::io_context ioc_;
  tcp::acceptor acceptor_;
  std::thread thread_;
  std::string target_;
};

}  // namespace

TEST_CASE("healthcheck exits 0 when /healthz answers 200") {
  one_shot_responder server(http::status::ok);
  CHECK(tabuleiro::run_healthcheck({"--port", server.port()}) == 0);
  server.join();
  CHECK(server.target() == "/healthz");
}

TEST_CASE("healthcheck exits 1 when /healthz answers an error status") {
  one_shot_responder server(http::status::service_unavailable);
  CHECK(tabuleiro::run_healthcheck({"--port", server.port(), "--host", "127.0.0.1"}) == 1);
}

TEST_CASE("healthcheck takes its port from TABULEIRO_PORT") {
  one_shot_responder server(http::status::ok);
  ::setenv("TABULEIRO_PORT", server.port().c_str(), 1);
  const int code = tabuleiro::run_healthcheck({});
  ::unsetenv("TABULEIRO_PORT");
  CHECK(code == 0);
}

TEST_CASE("healthcheck exits 1 when nothing listens on the port") {
  std::string port;
  {
    net::io_context ioc;
    tcp::acceptor probe(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    port = std::to_string(probe.local_endpoint().port());
  }  // closed again: connecting is refused
  CHECK(tabuleiro::run_healthcheck({"--port", port}) == 1);
}

TEST_CASE("healthcheck gives up on a server that never answers") {
  one_shot_responder server(http::status::ok, /*silent=*/true);
  const auto start = std::chrono::steady_clock::now();
  CHECK(tabuleiro::run_healthcheck({"--port", server.port()}) == 1);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

TEST_CASE("healthcheck refuses a bad port or argument with 1, never 2") {
  CHECK(tabuleiro::run_healthcheck({"--port", "0"}) == 1);
  CHECK(tabuleiro::run_healthcheck({"--port", "70000"}) == 1);
  CHECK(tabuleiro::run_healthcheck({"--port", "80x"}) == 1);
  CHECK(tabuleiro::run_healthcheck({"--bogus"}) == 1);
}

TEST_CASE("healthcheck probes the address the server binds (TABULEIRO_BIND), its loopback twin for every address") {
  for (const char* bind : {"127.0.0.2", "::1"}) {
    one_shot_responder server(http::status::ok, false, bind);
    ::setenv("TABULEIRO_BIND", bind, 1);
    const int code = tabuleiro::run_healthcheck({"--port", server.port()});
    ::unsetenv("TABULEIRO_BIND");
    INFO(bind);
    CHECK(code == 0);
  }
  one_shot_responder every(http::status::ok, false, "::1");
  ::setenv("TABULEIRO_BIND", "::", 1);
  const int code = tabuleiro::run_healthcheck({"--port", every.port()});
  ::unsetenv("TABULEIRO_BIND");
  CHECK(code == 0);
}

TEST_CASE("healthcheck --ready asks /readyz and fails on its 503") {
  {
    one_shot_responder server(http::status::ok);
    CHECK(tabuleiro::run_healthcheck({"--ready", "--port", server.port()}) == 0);
    server.join();
    CHECK(server.target() == "/readyz");
  }
  one_shot_responder refusing(http::status::service_unavailable);
  CHECK(tabuleiro::run_healthcheck({"--ready", "--port", refusing.port()}) == 1);
}

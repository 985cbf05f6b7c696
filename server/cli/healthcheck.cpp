// `tabuleiro healthcheck`: GET /healthz (liveness) or /readyz (readiness) of a local server;
// exit 0 when it answers 200. Used by the container image's HEALTHCHECK and the systemd unit,
// so the image needs no curl or wget.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "server/cli/commands.h"

namespace tabuleiro {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::string_view healthcheck_usage =
    "usage: tabuleiro healthcheck [--ready] [--port N] [--host ADDRESS]\n"
    "\n"
    "GETs http://<host>:<port>/healthz (the process answers) or, with --ready, /readyz (its\n"
    "database takes writes and, in a cluster, its leases hold) and exits 0 when the server\n"
    "answers 200, 1 otherwise (never 2, which container engines reserve); a not-ready server's\n"
    "reasons are printed.\n"
    "\n"
    "  --ready           ask /readyz instead of /healthz\n"
    "  --port N          server port (env TABULEIRO_PORT; default 8080)\n"
    "  --host ADDRESS    server address (default: the server's own TABULEIRO_BIND; its loopback\n"
    "                    address when it binds every address, 0.0.0.0 or ::; else 127.0.0.1)\n";

constexpr auto healthcheck_timeout = std::chrono::seconds(3);

// Parses a TCP port number (1..65535); nullopt when it is not one.
std::optional<unsigned short> parse_port(const std::string& s) {
  if (s.empty() || s.size() > 5 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  const unsigned long v = std::stoul(s);
  if (v == 0 || v > 65535) return std::nullopt;
  return static_cast<unsigned short>(v);
}

// The address to probe for a server bound to bind: its loopback twin when it binds every address.
std::string probe_address(const std::string& bind) {
  if (bind.empty() || bind == "0.0.0.0") return "127.0.0.1";
  if (bind == "::" || bind == "[::]") return "::1";
  if (bind.size() > 2 && bind.front() == '[' && bind.back() == ']') return bind.substr(1, bind.size() - 2);
  return bind;
}

// Sends one GET /healthz under one deadline for the whole exchange; returns the HTTP status,
// or 0 with `ec` set on a network error or timeout. (Beast's tcp_stream deadline applies to
// asynchronous operations only, hence the async steps run to completion here.)
unsigned get_healthz(const std::string& host, unsigned short port, const char* target, std::string& body,
                     beast::error_code& ec) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  const auto address = net::ip::make_address(host, ec);
  if (ec) return 0;

  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, (address.is_v6() ? "[" + host + "]" : host) + ":" + std::to_string(port));
  req.set(http::field::user_agent, "tabuleiro-healthcheck");
  req.set(http::field::connection, "close");
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(4096);

  stream.expires_after(healthcheck_timeout);
  stream.async_connect(tcp::endpoint(address, port), [&](beast::error_code e) {
    if (e) return void(ec = e);
    http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
      if (e) return void(ec = e);
      http::async_read(stream, buffer, parser, [&](beast::error_code e, std::size_t) { ec = e; });
    });
  });
  ioc.run();
  if (ec) return 0;
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  body = parser.get().body();
  return parser.get().result_int();
}

}  // namespace

int run_healthcheck(const args& a) {
  std::string host = probe_address(std::getenv("TABULEIRO_BIND") ? std::getenv("TABULEIRO_BIND") : "");
  std::string port_text = "8080";
  bool ready = false;
  if (const char* env = std::getenv("TABULEIRO_PORT"); env && *env) port_text = env;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--help" || a[i] == "-h") {
      std::cout << healthcheck_usage;
      return 0;
    }
    if (a[i] == "--ready") {
      ready = true;
      continue;
    }
    if ((a[i] == "--port" || a[i] == "--host") && i + 1 < a.size()) {
      (a[i] == "--port" ? port_text : host) = a[i + 1];
      ++i;
      continue;
    }
    std::cerr << "tabuleiro healthcheck: unexpected argument '" << a[i] << "'\n" << healthcheck_usage;
    return 1;
  }
  const auto port = parse_port(port_text);
  if (!port) {
    std::cerr << "tabuleiro healthcheck: bad port '" << port_text << "'\n";
    return 1;
  }
  beast::error_code ec;
  std::string body;
  const char* target = ready ? "/readyz" : "/healthz";
  const unsigned status = get_healthz(host, *port, target, body, ec);
  if (ec) {
    std::cerr << "tabuleiro healthcheck: " << host << ":" << *port << ": " << ec.message() << "\n";
    return 1;
  }
  if (status == 200) return 0;
  std::cerr << "tabuleiro healthcheck: " << target << " answered " << status << (body.empty() ? "" : ": " + body)
            << "\n";
  return 1;
}

}  // namespace tabuleiro

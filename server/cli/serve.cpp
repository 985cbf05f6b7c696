// `tabuleiro serve`: the configuration and the log, then the node (server/node/) that runs.
#include <iostream>

#include <boost/asio/ip/address.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "server/cli/commands.h"
#include "server/config/config.h"
#include "server/node/node.h"

namespace tabuleiro {

int run_serve(const args& a) {
  using namespace tabuleiro::server;
  std::string error;
  bool help = false;
  const auto parsed = parse_config(a, error, help);
  if (help) {
    std::cout << config_help();
    return 0;
  }
  if (!parsed) {
    std::cerr << "tabuleiro serve: " << error << "\n\n" << config_help();
    return 2;
  }

  auto log = spdlog::stderr_color_mt("tabuleiro");
  spdlog::set_default_logger(log);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(parsed->log_level));

  boost::system::error_code ec;
  const auto address = net::ip::make_address(parsed->bind, ec);
  if (ec) {
    std::cerr << "tabuleiro serve: bad --bind address '" << parsed->bind << "'\n";
    return 2;
  }
  int status = 1;
  try {
    node server(*parsed, address);
    status = server.run();
  } catch (const startup_error& e) {
    spdlog::critical("{}", e.what());
  }
  spdlog::shutdown();
  return status;
}

}  // namespace tabuleiro

// Sends one POST with notify::outbound_client and prints its answer as one JSON object
// ({status, retry_after, body, error, ms}), for tests/server/notify/outbound_check.mjs:
//   outbound_probe URL [--ca FILE] [--allow-private] [--timeout-ms N] [--header NAME:VALUE]… [--body TEXT]
#include <chrono>
#include <future>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "server/notify/outbound.h"

using namespace tabuleiro::server::notify;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr
        << "usage: outbound_probe URL [--ca FILE] [--allow-private] [--timeout-ms N] [--header NAME:VALUE]… [--body TEXT]\n";
    return 2;
  }
  outbound_policy policy;
  outbound_request r{argv[1], {}, ""};
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--allow-private") policy.allow_private = true;
    else if (a == "--ca" && has_value) policy.ca_file = argv[++i];
    else if (a == "--timeout-ms" && has_value) policy.timeout = std::chrono::milliseconds(std::stoll(argv[++i]));
    else if (a == "--body" && has_value) r.body = argv[++i];
    else if (a == "--header" && has_value) {
      const std::string h = argv[++i];
      const auto colon = h.find(':');
      if (colon == std::string::npos) return 2;
      r.headers.emplace_back(h.substr(0, colon), h.substr(colon + 1));
    } else {
      std::cerr << "outbound_probe: unknown argument " << a << "\n";
      return 2;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::promise<outbound_answer> answered;
  {
    outbound_client client(policy);
    client.post(std::move(r), [&answered](outbound_answer a) { answered.set_value(std::move(a)); });
    const outbound_answer a = answered.get_future().get();
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    std::cout << nlohmann::json{{"status", a.status},
                                {"retry_after", a.retry_after},
                                {"body", a.body},
                                {"error", a.error},
                                {"ms", ms}}
                     .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
              << '\n';
  }
  return 0;
}

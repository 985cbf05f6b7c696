// Outbound HTTPS requests (Web Push deliveries, webhooks): one POST at a time per request, on
// the client's own thread, never an I/O thread's. Certificates are verified against the
// system's CA store (or a configured CA file), the host name is checked, a redirect is an
// answer like any other (never followed), and a host that resolves to a loopback, private,
// link-local or otherwise internal address is refused unless the owner allows it.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/ip/address.hpp>

namespace tabuleiro::server::notify {

// What outbound requests may do.
struct outbound_policy {
  bool allow_private = false;  // may reach loopback, private and link-local addresses (tests, an intranet)
  std::string ca_file;         // a PEM file of the CAs to trust ("" = the system's store)
  std::chrono::milliseconds timeout{10'000};  // connect, TLS, request and answer together
  std::size_t max_answer_bytes = 64 * 1024;   // an answer's body past this is an error
};

// An https URL split: host, port (443 when none) and target ("/…", at least "/").
struct https_url {
  std::string host;
  std::string port;
  std::string target;
};
// url split, or nullopt when it is not an https URL with a host (no user info).
std::optional<https_url> parse_https_url(std::string_view url);

// Whether address is one that outbound requests refuse by default: unspecified, loopback,
// private (RFC 1918, unique local), link-local, shared (100.64/10), multicast, broadcast, or
// an IPv4-mapped IPv6 address of one of those.
bool internal_address(const boost::asio::ip::address& address);

// One POST.
struct outbound_request {
  std::string url;  // https
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// Its answer: the status (0 when none came: error says why), the Retry-After header's value
// ("" when none) and the body (cut at max_answer_bytes). refused: no request was sent and none
// ever will be as things stand (not an https URL, only internal addresses, no CAs to trust), so
// trying again is pointless.
struct outbound_answer {
  int status = 0;
  std::string retry_after;
  std::string body;
  std::string error;
  bool refused = false;
};

// Sends outbound requests on a thread of its own.
// Thread-safety: post() may be called from any thread; answers come on the client's thread.
class outbound_client {
 public:
  explicit outbound_client(outbound_policy policy);
  // Stops the thread; requests still in flight are dropped unanswered.
  ~outbound_client();
  outbound_client(const outbound_client&) = delete;
  outbound_client& operator=(const outbound_client&) = delete;

  // Sends r; done gets its answer, once.
  void post(outbound_request r, std::function<void(outbound_answer)> done);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace tabuleiro::server::notify

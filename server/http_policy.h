// HTTP hardening rules: allowed origins, JSON media types, trusted reverse proxies (the real
// client address) and the security headers of every answer. Pure functions over strings and
// addresses, so each rule is unit-testable without a socket.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>
#include <boost/beast/http/fields.hpp>

namespace tabuleiro::server {

// "scheme://host[:port]" of a URL or Origin value, scheme and host lower-cased and a default
// port (80 for http, 443 for https) dropped; nullopt when it is not an http(s) origin.
std::optional<std::string> normalize_origin(std::string_view url);

// The origins a browser page may call this server from: the public URL's, http://bind:port,
// and every extra one (each normalized; unparseable entries are skipped).
std::vector<std::string> own_origins(const std::string& public_url, const std::string& bind_host,
                                     unsigned short port, const std::vector<std::string>& extra);

// Whether an Origin header value is one of allowed (exact match after normalization).
bool origin_allowed(std::string_view origin, const std::vector<std::string>& allowed);

// Whether a Content-Type value names application/json (parameters such as charset allowed).
bool is_json_media_type(std::string_view content_type);

// Addresses and networks whose requests may say who the client is (X-Forwarded-For,
// Forwarded). An IPv4-mapped IPv6 peer counts as its IPv4 address.
class trusted_proxies {
 public:
  // Parses a comma-separated list of addresses and CIDR networks (IPv4 and IPv6); nullopt
  // on a malformed entry.
  static std::optional<trusted_proxies> parse(std::string_view list);
  // Whether address is one of the trusted addresses or inside a trusted network.
  bool contains(const boost::asio::ip::address& address) const;
  // Whether no proxy is trusted.
  bool empty() const { return v4_.empty() && v6_.empty(); }

 private:
  std::vector<boost::asio::ip::network_v4> v4_;
  std::vector<boost::asio::ip::network_v6> v6_;
};

// The client's address for per-address limits and logs: the TCP peer, or, when the peer is a
// trusted proxy, the right-most untrusted hop of X-Forwarded-For (else of Forwarded: for=).
std::string client_address(const boost::asio::ip::address& peer,
                           const boost::beast::http::fields& headers, const trusted_proxies& trusted);

// The Content-Security-Policy for the web client: same-origin scripts, styles, images (and
// data: images), WebSockets; inline scripts only by the sha256 hashes given.
std::string content_security_policy(const std::vector<std::string>& inline_script_hashes);

// The 'sha256-…' sources of every inline <script> (one without src) in an HTML page.
std::vector<std::string> inline_script_hashes(std::string_view html);

// Adds the security headers of every answer (CSP, nosniff, no-referrer, no framing).
void set_security_headers(boost::beast::http::fields& f, const std::string& csp);

}  // namespace tabuleiro::server

// HTTP hardening rules: the site a request was sent to (its Host, or a trusted proxy's word)
// and what the server answers for it, allowed origins, JSON media types, trusted reverse
// proxies (the real client address) and the security headers of every answer. Pure functions
// and values over strings and addresses, so each rule is unit-testable without a socket.
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
std::vector<std::string> own_origins(const std::string& public_url, const std::string& bind_host, unsigned short port,
                                     const std::vector<std::string>& extra);

// Whether an Origin header value is one of allowed (exact match after normalization).
bool origin_allowed(std::string_view origin, const std::vector<std::string>& allowed);

// A Host (or X-Forwarded-Host) value split: the host a DNS name (letters, digits, '-', '_',
// dots), an IPv4 address or a bracketed IPv6 address, lower-cased; the port 1 to 5 digits up
// to 65535, or empty when none was given.
struct host_and_port {
  std::string host;
  std::string port;
};

// The host[:port] of a Host header value; nullopt when it is not a valid one.
std::optional<host_and_port> parse_host(std::string_view value);

// Where a browser sent a request: the scheme and the host[:port] it named.
struct request_site {
  std::string scheme = "http";  // "http" or "https"
  host_and_port address;
  bool forwarded = false;  // named by a trusted proxy's headers, not by the connection
  // The site as a normalized origin, "scheme://host[:port]" (a default port left out).
  std::string origin() const;
};

// The site of a request. From a trusted proxy: X-Forwarded-Host and X-Forwarded-Proto (the
// right-most value of each, the nearest proxy's), else Forwarded's host= and proto=, else the
// Host header over plain HTTP. From anyone else: the Host header, over plain HTTP. Without a
// Host header (allowed in HTTP/1.0 only) the connection's own local address, local_host.
// nullopt when HTTP/1.1 lacks Host or a host named is malformed.
std::optional<request_site> site_of(const boost::beast::http::fields& headers, unsigned version,
                                    bool from_trusted_proxy, std::string_view local_host);

// Whether host (as parse_host gives it) names this machine only: localhost, a name under
// .localhost, or a loopback address.
bool is_loopback_host(std::string_view host);

// How the server names itself: by its configured public URL, or, without one, by the site of
// each request (same-origin is then the request's own scheme, host and port, the check the
// common WebSocket libraries make). Decides which Host values are answered, which Origin
// values may change state, and the base of the absolute links the server writes.
// Thread-safety: immutable once built; shared by every thread.
class site_policy {
 public:
  site_policy() = default;
  // public_url "" names the server by each request; fixed_origins are allowed in every mode
  // (own_origins: the public URL's, http://bind:port and --allowed-origins). loopback_only
  // (bound to a loopback address) answers, without a public URL, only requests addressed to
  // this machine or to a fixed origin's host, unless a trusted proxy named the site.
  site_policy(std::string public_url, std::vector<std::string> fixed_origins, bool loopback_only);

  // Whether links and origins come from each request (no public URL configured).
  bool from_requests() const { return public_url_.empty(); }
  // The configured public URL ("" when none).
  const std::string& public_url() const { return public_url_; }
  // The origins allowed whatever the request's site.
  const std::vector<std::string>& fixed_origins() const { return fixed_origins_; }
  // Why a request to site is not answered (a 400 bad_host), or "" when it is.
  std::string refusal(const request_site& site) const;
  // Whether a browser page of this Origin may change state by a request sent to site.
  bool allows_origin(std::string_view origin, const request_site& site) const;
  // The base of the absolute links written for a request to site, "scheme://host[:port]"
  // (the public URL when configured; an unspecified address such as 0.0.0.0 becomes localhost).
  std::string link_base(const request_site& site) const;

 private:
  std::string public_url_;
  std::vector<std::string> fixed_origins_;
  std::vector<std::string> fixed_hosts_;  // the hosts of fixed_origins_ (parse_host's form)
  bool loopback_only_ = false;
};

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

// address:port as a Host header names it (an IPv6 address in brackets).
std::string host_port(const boost::asio::ip::address& address, unsigned short port);

// The client's address for per-address limits and logs: the TCP peer, or, when the peer is a
// trusted proxy, the right-most untrusted hop of X-Forwarded-For (else of Forwarded: for=).
std::string client_address(const boost::asio::ip::address& peer, const boost::beast::http::fields& headers,
                           const trusted_proxies& trusted);

// The Content-Security-Policy for the web client: same-origin scripts, styles, images (and
// data: images), WebSockets; inline scripts only by the sha256 hashes given.
std::string content_security_policy(const std::vector<std::string>& inline_script_hashes);

// The 'sha256-…' sources of every inline <script> (one without src) in an HTML page.
std::vector<std::string> inline_script_hashes(std::string_view html);

// Adds the security headers of every answer (CSP, nosniff, no-referrer, no framing).
void set_security_headers(boost::beast::http::fields& f, const std::string& csp);

}  // namespace tabuleiro::server

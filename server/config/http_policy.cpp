#include "server/config/http_policy.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cctype>

#include <boost/beast/core/string.hpp>

namespace tabuleiro::server {

namespace net = boost::asio;
namespace http = boost::beast::http;

namespace {

// s without leading and trailing spaces and tabs.
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// s lower-cased (ASCII).
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The pieces of a comma-separated list, trimmed, empty ones dropped.
std::vector<std::string_view> split_list(std::string_view list) {
  std::vector<std::string_view> out;
  while (true) {
    const auto comma = list.find(',');
    const std::string_view item = trim(list.substr(0, comma));
    if (!item.empty()) out.push_back(item);
    if (comma == std::string_view::npos) return out;
    list.remove_prefix(comma + 1);
  }
}

// a itself, or the IPv4 address an IPv4-mapped IPv6 address stands for.
net::ip::address unmapped(const net::ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
  return a;
}

// An address written alone, as "[v6]", "[v6]:port" or "v4:port"; IPv4-mapped IPv6 unmapped.
std::optional<net::ip::address> parse_hop(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  if (!s.empty() && s.front() == '[') {
    const auto close = s.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    s = s.substr(1, close - 1);
  } else if (std::count(s.begin(), s.end(), ':') == 1) {
    s = s.substr(0, s.find(':'));
  }
  boost::system::error_code ec;
  const auto a = net::ip::make_address(std::string(s), ec);
  if (ec) return std::nullopt;
  return unmapped(a);
}

// The hops named by every X-Forwarded-For header, in order (client first).
std::vector<std::string> forwarded_for_hops(const http::fields& headers) {
  std::vector<std::string> hops;
  for (auto [it, end] = headers.equal_range("X-Forwarded-For"); it != end; ++it)
    for (auto item : split_list(it->value())) hops.emplace_back(item);
  return hops;
}

// The values of parameter key (e.g. "for") of every Forwarded header (RFC 7239), in order
// (client first), one per element that has it, quotes removed.
std::vector<std::string> forwarded_values(const http::fields& headers, std::string_view key) {
  std::vector<std::string> values;
  for (auto [it, end] = headers.equal_range(http::field::forwarded); it != end; ++it) {
    for (auto element : split_list(it->value())) {
      while (!element.empty()) {
        const auto semi = element.find(';');
        const std::string_view pair = trim(element.substr(0, semi));
        if (pair.size() > key.size() + 1 && pair[key.size()] == '=' &&
            boost::beast::iequals(pair.substr(0, key.size()), key)) {
          std::string_view value = pair.substr(key.size() + 1);
          if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
          values.emplace_back(value);
          break;
        }
        if (semi == std::string_view::npos) break;
        element.remove_prefix(semi + 1);
      }
    }
  }
  return values;
}

// The right-most item of every header named name, trimmed ("" when there is none).
std::string last_item(const http::fields& headers, std::string_view name) {
  std::string last;
  for (auto [it, end] = headers.equal_range(name); it != end; ++it)
    for (auto item : split_list(it->value())) last = std::string(item);
  return last;
}

// Whether c may appear in a host name (RFC 3986's unreserved characters less '~').
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

// The address an IP literal host names ("[v6]" or dotted IPv4), nullopt for a name.
std::optional<net::ip::address> literal_address(std::string_view host) {
  boost::system::error_code ec;
  net::ip::address a;
  if (host.size() > 2 && host.front() == '[')
    a = net::ip::make_address_v6(std::string(host.substr(1, host.size() - 2)), ec);
  else a = net::ip::make_address_v4(std::string(host), ec);
  if (ec) return std::nullopt;
  return unmapped(a);
}

// Base64 of bytes.
std::string base64(const unsigned char* data, int size) {
  std::string out(static_cast<std::size_t>(4 * ((size + 2) / 3)), '\0');
  EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), data, size);
  return out;
}

}  // namespace

std::optional<std::string> normalize_origin(std::string_view url) {
  url = trim(url);
  const auto sep = url.find("://");
  if (sep == std::string_view::npos) return std::nullopt;
  const std::string scheme = lower(url.substr(0, sep));
  if (scheme != "http" && scheme != "https") return std::nullopt;
  std::string_view rest = url.substr(sep + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (rest.empty() || rest.find('@') != std::string_view::npos) return std::nullopt;
  std::string_view host = rest, port;
  if (rest.front() == '[') {
    const auto close = rest.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = rest.substr(0, close + 1);
    const std::string_view after = rest.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return std::nullopt;
      port = after.substr(1);
    }
  } else if (const auto colon = rest.rfind(':'); colon != std::string_view::npos) {
    host = rest.substr(0, colon);
    port = rest.substr(colon + 1);
  }
  if (host.empty() || (port.empty() && rest.back() == ':')) return std::nullopt;
  if (!std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) || port.size() > 5)
    return std::nullopt;
  while (port.size() > 1 && port.front() == '0') port.remove_prefix(1);
  if ((scheme == "http" && port == "80") || (scheme == "https" && port == "443")) port = {};
  std::string out = scheme + "://" + lower(host);
  if (!port.empty()) out += ":" + std::string(port);
  return out;
}

std::vector<std::string> own_origins(const std::string& public_url, const std::string& bind_host, unsigned short port,
                                     const std::vector<std::string>& extra) {
  std::vector<std::string> out;
  auto add = [&out](std::string_view url) {
    if (auto o = normalize_origin(url); o && std::find(out.begin(), out.end(), *o) == out.end()) out.push_back(*o);
  };
  add(public_url);
  add("http://" + bind_host + ":" + std::to_string(port));
  for (const auto& e : extra) add(e);
  return out;
}

bool origin_allowed(std::string_view origin, const std::vector<std::string>& allowed) {
  const auto o = normalize_origin(origin);
  return o && std::find(allowed.begin(), allowed.end(), *o) != allowed.end();
}

std::optional<host_and_port> parse_host(std::string_view value) {
  if (value.empty() || value.size() > 261) return std::nullopt;
  host_and_port out;
  std::string_view port;
  if (value.front() == '[') {
    const auto close = value.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.host = lower(value.substr(0, close + 1));
    const std::string_view after = value.substr(close + 1);
    if (!after.empty() && after.front() != ':') return std::nullopt;
    if (!after.empty()) port = after.substr(1);
    if (!literal_address(out.host)) return std::nullopt;
  } else {
    const auto colon = value.find(':');
    out.host = lower(value.substr(0, colon));
    if (colon != std::string_view::npos) port = value.substr(colon + 1);
    if (colon != std::string_view::npos && port.empty()) return std::nullopt;
    if (out.host.empty() || out.host.size() > 254 || out.host.front() == '.' ||
        out.host.find("..") != std::string::npos || !std::all_of(out.host.begin(), out.host.end(), is_name_char))
      return std::nullopt;
    // All digits and dots: it must be an IPv4 address.
    if (std::all_of(out.host.begin(), out.host.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); })) {
      std::string_view h = out.host;
      if (h.back() == '.') h.remove_suffix(1);
      if (!literal_address(h)) return std::nullopt;
    }
  }
  if (!port.empty() || value.back() == ':') {
    if (port.empty() || port.size() > 5 ||
        !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        std::stoul(std::string(port)) > 65535)
      return std::nullopt;
    out.port = std::string(port);
  }
  return out;
}

std::string request_site::origin() const {
  const std::string url = scheme + "://" + address.host + (address.port.empty() ? "" : ":" + address.port);
  return normalize_origin(url).value_or(url);
}

std::optional<request_site> site_of(const http::fields& headers, unsigned version, bool from_trusted_proxy,
                                    std::string_view local_host) {
  request_site site;
  std::string named;
  if (from_trusted_proxy) {
    named = last_item(headers, "X-Forwarded-Host");
    std::string proto = lower(last_item(headers, "X-Forwarded-Proto"));
    if (named.empty()) {
      const auto hosts = forwarded_values(headers, "host");
      if (!hosts.empty()) named = hosts.back();
    }
    if (proto.empty()) {
      const auto protos = forwarded_values(headers, "proto");
      if (!protos.empty()) proto = lower(protos.back());
    }
    site.forwarded = !named.empty() || !proto.empty();
    if (proto == "https") site.scheme = proto;
  }
  if (named.empty()) {
    const auto host = headers.find(http::field::host);
    if (headers.count(http::field::host) > 1) return std::nullopt;
    if (host != headers.end()) named = std::string(trim(host->value()));
    else if (version >= 11) return std::nullopt;
    else named = std::string(local_host);
  }
  auto parsed = parse_host(named);
  if (!parsed) return std::nullopt;
  site.address = std::move(*parsed);
  return site;
}

bool is_loopback_host(std::string_view host) {
  if (host.ends_with('.')) host.remove_suffix(1);
  if (host == "localhost" || host.ends_with(".localhost")) return true;
  const auto a = literal_address(host);
  return a && a->is_loopback();
}

site_policy::site_policy(std::string public_url, std::vector<std::string> fixed_origins, bool loopback_only)
    : public_url_(std::move(public_url)), fixed_origins_(std::move(fixed_origins)), loopback_only_(loopback_only) {
  for (const auto& o : fixed_origins_)
    if (const auto host = parse_host(o.substr(o.find("://") + 3))) fixed_hosts_.push_back(host->host);
}

std::string site_policy::refusal(const request_site& site) const {
  if (!from_requests() || !loopback_only_ || site.forwarded || is_loopback_host(site.address.host)) return "";
  if (std::find(fixed_hosts_.begin(), fixed_hosts_.end(), site.address.host) != fixed_hosts_.end()) return "";
  return "this server listens on a loopback address and answers only requests addressed to "
         "localhost or 127.0.0.1 (or to --public-url / --allowed-origins), not to " +
         site.origin();
}

bool site_policy::allows_origin(std::string_view origin, const request_site& site) const {
  if (origin_allowed(origin, fixed_origins_)) return true;
  if (!from_requests()) return false;
  const auto o = normalize_origin(origin);
  return o && *o == site.origin();
}

std::string site_policy::link_base(const request_site& site) const {
  if (!from_requests()) return public_url_;
  std::string host = site.address.host;
  if (const auto a = literal_address(host); a && a->is_unspecified()) host = "localhost";
  return site.scheme + "://" + host + (site.address.port.empty() ? "" : ":" + site.address.port);
}

bool is_json_media_type(std::string_view content_type) {
  return boost::beast::iequals(trim(content_type.substr(0, content_type.find(';'))), "application/json");
}

std::optional<trusted_proxies> trusted_proxies::parse(std::string_view list) {
  trusted_proxies out;
  for (std::string_view item : split_list(list)) {
    const auto slash = item.find('/');
    boost::system::error_code ec;
    const auto a = net::ip::make_address(std::string(item.substr(0, slash)), ec);
    if (ec) return std::nullopt;
    unsigned long prefix = a.is_v4() ? 32 : 128;
    if (slash != std::string_view::npos) {
      const std::string digits(item.substr(slash + 1));
      if (digits.empty() || digits.size() > 3 ||
          !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
      prefix = std::stoul(digits);
      if (prefix > (a.is_v4() ? 32u : 128u)) return std::nullopt;
    }
    if (a.is_v4()) out.v4_.push_back(net::ip::network_v4(a.to_v4(), static_cast<unsigned short>(prefix)).canonical());
    else out.v6_.push_back(net::ip::network_v6(a.to_v6(), static_cast<unsigned short>(prefix)).canonical());
  }
  return out;
}

bool trusted_proxies::contains(const net::ip::address& address) const {
  const net::ip::address a = unmapped(address);
  if (a.is_v4()) {
    for (const auto& n : v4_)
      if (net::ip::network_v4(a.to_v4(), n.prefix_length()).canonical() == n) return true;
    return false;
  }
  for (const auto& n : v6_)
    if (net::ip::network_v6(a.to_v6(), n.prefix_length()).canonical() == n) return true;
  return false;
}

std::string host_port(const boost::asio::ip::address& address, unsigned short port) {
  return (address.is_v6() ? "[" + address.to_string() + "]" : address.to_string()) + ":" + std::to_string(port);
}

std::string client_address(const net::ip::address& peer, const http::fields& headers, const trusted_proxies& trusted) {
  if (!trusted.contains(peer)) return peer.to_string();
  auto hops = forwarded_for_hops(headers);
  if (hops.empty()) hops = forwarded_values(headers, "for");
  if (hops.empty()) return peer.to_string();
  for (auto it = hops.rbegin(); it != hops.rend(); ++it) {
    const auto a = parse_hop(*it);
    if (!a) return it->substr(0, 64);  // what the proxy wrote ("unknown", an obfuscated name)
    if (!trusted.contains(*a) || std::next(it) == hops.rend()) return a->to_string();
  }
  return peer.to_string();
}

std::string content_security_policy(const std::vector<std::string>& inline_script_hashes) {
  std::string scripts = "'self'";
  for (const auto& h : inline_script_hashes) scripts += " " + h;
  // 'wasm-unsafe-eval' lets the rules engine's WebAssembly module compile (web/engine/, in a
  // worker from this origin); it allows no JavaScript eval.
  return "default-src 'none'; script-src " + scripts +
         " 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
         "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
}

std::vector<std::string> inline_script_hashes(std::string_view html) {
  std::vector<std::string> out;
  const std::string text = lower(html);
  std::size_t at = 0;
  while ((at = text.find("<script", at)) != std::string::npos) {
    const auto tag_end = text.find('>', at);
    if (tag_end == std::string::npos) break;
    const auto close = text.find("</script", tag_end);
    if (close == std::string::npos) break;
    const std::string_view tag(text.data() + at, tag_end - at);
    if (tag.find(" src=") == std::string_view::npos) {
      const std::string_view body = html.substr(tag_end + 1, close - tag_end - 1);
      std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
      unsigned len = 0;
      if (EVP_Digest(body.data(), body.size(), digest.data(), &len, EVP_sha256(), nullptr) == 1)
        out.push_back("'sha256-" + base64(digest.data(), static_cast<int>(len)) + "'");
    }
    at = close;
  }
  return out;
}

void set_security_headers(http::fields& f, const std::string& csp) {
  f.set("Content-Security-Policy", csp);
  f.set("X-Content-Type-Options", "nosniff");
  f.set("Referrer-Policy", "no-referrer");
  f.set("X-Frame-Options", "DENY");
}

}  // namespace tabuleiro::server

// Outbound HTTPS requests (see outbound.h), after Beast's asynchronous SSL client example.
#include "server/notify/outbound.h"

#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/version.hpp>

#include "server/util/thread_name.h"

namespace tabuleiro::server::notify {

namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
namespace beast = boost::beast;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;

std::optional<https_url> parse_https_url(std::string_view url) {
  constexpr std::string_view scheme = "https://";
  if (url.substr(0, scheme.size()) != scheme) return std::nullopt;
  url.remove_prefix(scheme.size());
  const std::size_t end = url.find_first_of("/?#");
  std::string_view authority = url.substr(0, end);
  std::string target = end == std::string_view::npos ? "/" : std::string(url.substr(end));
  if (target[0] != '/') target.insert(0, "/");
  if (const auto hash = target.find('#'); hash != std::string::npos) target.resize(hash);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  https_url out{"", "443", target};
  if (authority.front() == '[') {  // an IPv6 literal
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.host = std::string(authority.substr(1, close - 1));
    authority.remove_prefix(close + 1);
    if (!authority.empty() && authority.front() != ':') return std::nullopt;
  } else {
    const auto colon = authority.find(':');
    out.host = std::string(authority.substr(0, colon));
    authority.remove_prefix(colon == std::string_view::npos ? authority.size() : colon);
  }
  if (!authority.empty()) {  // ":port"
    const std::string_view port = authority.substr(1);
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) > 65535)
      return std::nullopt;
    out.port = std::string(port);
  }
  if (out.host.empty()) return std::nullopt;
  return out;
}

bool internal_address(const net::ip::address& address) {
  if (address.is_v6()) {
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return internal_address(net::ip::make_address_v4(net::ip::v4_mapped, v6));
    const auto b = v6.to_bytes();
    return v6.is_unspecified() || v6.is_loopback() || v6.is_link_local() || v6.is_multicast() || v6.is_site_local() ||
           (b[0] & 0xfe) == 0xfc;  // fc00::/7, unique local
  }
  const auto v4 = address.to_v4();
  const auto b = v4.to_bytes();
  return v4.is_unspecified() || v4.is_loopback() || v4.is_multicast() || b[0] == 0 || b[0] == 10 ||
         (b[0] == 172 && (b[1] & 0xf0) == 16) || (b[0] == 192 && b[1] == 168) || (b[0] == 169 && b[1] == 254) ||
         (b[0] == 100 && (b[1] & 0xc0) == 64) || b[0] >= 240;  // 240/4 reserved, 255.255.255.255 broadcast
}

namespace {

// One request, from resolving its host to its answer. Runs on the client's thread.
class exchange : public std::enable_shared_from_this<exchange> {
 public:
  exchange(net::io_context& ioc, ssl::context& ctx, const outbound_policy& policy, https_url url, outbound_request r,
           std::function<void(outbound_answer)> done)
      : resolver_(ioc),
        resolve_deadline_(ioc),
        stream_(ioc, ctx),
        policy_(policy),
        url_(std::move(url)),
        done_(std::move(done)) {
    req_.method(http::verb::post);
    req_.target(url_.target);
    // An IPv6 literal is written in brackets (RFC 9110 section 7.2).
    const std::string host = url_.host.find(':') != std::string::npos ? "[" + url_.host + "]" : url_.host;
    req_.set(http::field::host, url_.port == "443" ? host : host + ":" + url_.port);
    req_.set(http::field::user_agent, "Tabuleiro");
    for (auto& [name, value] : r.headers) req_.set(name, value);
    req_.body() = std::move(r.body);
    req_.prepare_payload();
    parser_.body_limit(policy_.max_answer_bytes);
  }

  // Starts: resolves the host, within the policy's time for the whole exchange.
  void run() {
    boost::system::error_code ec;
    const bool literal = !net::ip::make_address(url_.host, ec).is_unspecified() && !ec;
    // SNI names a host, never an address literal (RFC 6066 section 3).
    if (!literal && !SSL_set_tlsext_host_name(stream_.native_handle(), url_.host.c_str()))
      return fail("TLS: the host name cannot be sent");
    stream_.set_verify_mode(ssl::verify_peer);
    stream_.set_verify_callback(ssl::host_name_verification(url_.host));
    beast::get_lowest_layer(stream_).expires_after(policy_.timeout);
    // The stream's deadline does not cover resolving: this timer does (cancelling the resolver
    // ends its wait with operation_aborted).
    resolve_deadline_.expires_after(policy_.timeout);
    resolve_deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->resolver_.cancel();
    });
    resolver_.async_resolve(url_.host, url_.port, beast::bind_front_handler(&exchange::on_resolve, shared_from_this()));
  }

 private:
  void on_resolve(beast::error_code ec, tcp::resolver::results_type results) {
    resolve_deadline_.cancel();
    if (ec) return fail("cannot resolve " + url_.host + ": " + ec.message());
    std::vector<tcp::endpoint> allowed;
    for (const auto& e : results)
      if (policy_.allow_private || !internal_address(e.endpoint().address())) allowed.push_back(e.endpoint());
    if (allowed.empty()) return fail("refused: " + url_.host + " is an internal address", true);
    beast::get_lowest_layer(stream_).async_connect(allowed, beast::bind_front_handler(&exchange::on_connect,
                                                                                      shared_from_this()));
  }

  void on_connect(beast::error_code ec, const tcp::endpoint&) {
    if (ec) return fail("cannot connect to " + url_.host + ": " + ec.message());
    stream_.async_handshake(ssl::stream_base::client,
                            beast::bind_front_handler(&exchange::on_handshake, shared_from_this()));
  }

  void on_handshake(beast::error_code ec) {
    if (ec) return fail("TLS with " + url_.host + ": " + ec.message());
    http::async_write(stream_, req_, beast::bind_front_handler(&exchange::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return fail("sending to " + url_.host + ": " + ec.message());
    http::async_read(stream_, buffer_, parser_, beast::bind_front_handler(&exchange::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return fail("reading the answer of " + url_.host + ": " + ec.message());
    const auto& res = parser_.get();
    outbound_answer a;
    a.status = static_cast<int>(res.result_int());
    if (const auto it = res.find(http::field::retry_after); it != res.end()) a.retry_after = std::string(it->value());
    a.body = res.body();
    answer(std::move(a));
    // The connection is not kept: a polite TLS close, whose outcome matters to no one.
    stream_.async_shutdown([self = shared_from_this()](beast::error_code) {});
  }

  void fail(std::string why, bool refused = false) {
    outbound_answer a;
    a.error = std::move(why);
    a.refused = refused;
    answer(std::move(a));
  }

  // Gives done its answer, once.
  void answer(outbound_answer a) {
    if (!done_) return;
    auto done = std::move(done_);
    done_ = nullptr;
    done(std::move(a));
  }

  tcp::resolver resolver_;
  net::steady_timer resolve_deadline_;
  beast::ssl_stream<beast::tcp_stream> stream_;
  const outbound_policy& policy_;
  https_url url_;
  http::request<http::string_body> req_{http::verb::post, "/", 11};
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  std::function<void(outbound_answer)> done_;
};

}  // namespace

struct outbound_client::impl {
  explicit impl(outbound_policy p) : policy(std::move(p)) {
    ctx.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                    ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    boost::system::error_code ec;
    if (policy.ca_file.empty()) ctx.set_default_verify_paths(ec);
    else ctx.load_verify_file(policy.ca_file, ec);
    if (ec) ca_error = "the CAs to trust cannot be read: " + ec.message();
    thread = std::thread([this] {
      name_this_thread("tab-outbound");
      ioc.run();
    });
  }
  ~impl() {
    work.reset();
    ioc.stop();
    thread.join();
  }

  outbound_policy policy;
  net::io_context ioc{1};
  net::executor_work_guard<net::io_context::executor_type> work{ioc.get_executor()};
  ssl::context ctx{ssl::context::tls_client};
  std::string ca_error;
  std::thread thread;
};

outbound_client::outbound_client(outbound_policy policy) : impl_(std::make_unique<impl>(std::move(policy))) {}

outbound_client::~outbound_client() = default;

void outbound_client::post(outbound_request r, std::function<void(outbound_answer)> done) {
  net::post(impl_->ioc, [this, r = std::move(r), done = std::move(done)]() mutable {
    auto url = parse_https_url(r.url);
    if (!url || !impl_->ca_error.empty()) {
      outbound_answer a;
      a.error = url ? impl_->ca_error : "not an https URL: " + r.url;
      a.refused = true;
      return done(std::move(a));
    }
    std::make_shared<exchange>(impl_->ioc, impl_->ctx, impl_->policy, std::move(*url), std::move(r), std::move(done))
        ->run();
  });
}

}  // namespace tabuleiro::server::notify

// The account routes of the HTTP API (/api/account…): sign-up, sign-in, the signed-in state,
// signing out here and everywhere. The session id travels only in an HttpOnly, SameSite=Lax
// cookie (Secure when the request came over TLS), is replaced at every sign-in, and every
// state-changing request of a signed-in browser must carry the session's CSRF token in the
// X-CSRF-Token header. Free functions over one parsed request, like Beast's handle_request.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/accounts/accounts.h"
#include "server/net/api_answer.h"

namespace tabuleiro::server {

// The name of the session cookie.
inline constexpr std::string_view session_cookie = "tabuleiro_session";

// The value of cookie name in a Cookie header value ("a=1; b=2"), or "" when absent.
std::string cookie_value(std::string_view header, std::string_view name);

// The session id the request's cookie carries ("" when none).
std::string session_id_of(const boost::beast::http::request<boost::beast::http::string_body>& req);
// The CSRF token the request carries in X-CSRF-Token ("" when none).
std::string csrf_token_of(const boost::beast::http::request<boost::beast::http::string_body>& req);
// Whether a sent CSRF token is the session's own (constant time; never when none was sent).
bool csrf_matches(std::string_view sent, const accounts::session& s);

// Answers a signed-in member's request to one of their own settings' routes (notifications,
// webhooks): authenticates its session and answers 503 unavailable or 401 signed_out itself,
// and, for a change (anything but GET or HEAD), 403 bad_csrf without this session's CSRF token;
// otherwise calls then with the member's id and answer. answer is called once, on any thread.
void for_member(accounts::account_service& accounts,
                const boost::beast::http::request<boost::beast::http::string_body>& req,
                std::function<void(api_answer)> answer,
                std::function<void(std::int64_t user, std::function<void(api_answer)> answer)> then);

// Where an account request came from, as the HTTP session established it.
struct account_request_context {
  std::string address;  // the client's address (rate limits)
  bool secure = false;  // the request came over TLS (the cookie is then Secure)
  std::string access = "open";  // the server's access mode, as the answers name it
  // Closes this node's WebSockets of account (any account when 0) signed in by a session whose
  // hash ended(hash) says has ended (4004), once a sign-out, a sign-in replacing the browser's
  // session or a password change has ended it; the other nodes read it from the database.
  std::function<void(std::int64_t account, std::function<bool(const std::string&)> ended)> end_sockets =
      [](std::int64_t, std::function<bool(const std::string&)>) {};
};

// Whether path is one of the account routes.
bool is_account_route(std::string_view path);

// Answers one request to an account route (its Origin already checked) through answer, called
// once, on any thread.
void handle_account_request(accounts::account_service& service,
                            const boost::beast::http::request<boost::beast::http::string_body>& req,
                            std::string_view path, const account_request_context& ctx,
                            std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

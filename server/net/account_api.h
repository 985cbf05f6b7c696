// The account routes of the HTTP API (/api/account…, their handlers in route_handlers.h):
// sign-up, sign-in, the signed-in state, signing out here and everywhere; and the session
// cookie and CSRF token every route reads through these. The session id travels only in an HttpOnly, SameSite=Lax
// cookie (Secure when the request came over TLS), is replaced at every sign-in, and every
// state-changing request of a signed-in browser must carry the session's CSRF token in the
// X-CSRF-Token header (the router checks it, server/net/router.h).
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

}  // namespace tabuleiro::server

// The admin routes of the HTTP API (/api/admin/…, PROTOCOL.md "Administration"): users,
// invitations, the audit log, the server's state and maintenance mode, matches. Only a
// signed-in administrator is answered (401 signed_out, 403 not_admin); every POST also needs the
// session's CSRF token (403 bad_csrf) and is recorded in the audit log with the admin's name and
// address. Free functions over one parsed request, like account_api.h.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/net/api_answer.h"

namespace tabuleiro::server {

struct shared_state;

// Where an admin request came from, as the HTTP session established it.
struct admin_request_context {
  std::string address;    // the client's address (the audit log)
  std::string link_base;  // "scheme://host[:port]" for the links the answers carry
};

// Whether path is an admin route.
bool is_admin_route(std::string_view path);

// Answers one request to an admin route (its Origin and, for POST, its media type already
// checked) through answer, called once, on any thread.
void handle_admin_request(shared_state& state, const boost::beast::http::request<boost::beast::http::string_body>& req,
                          std::string_view path, std::string_view query, const admin_request_context& ctx,
                          std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

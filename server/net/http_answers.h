// HTTP responses made from answers: a route's api_answer (JSON, bytes, a download, a file of the
// web client), the web client's files under --web, text and errors. Free functions; the HTTP
// session writes what they make.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <boost/beast/http.hpp>

#include "server/config/config.h"
#include "server/config/http_policy.h"
#include "server/net/api_answer.h"

namespace tabuleiro::server {

// A text answer of type, kept by no cache.
boost::beast::http::response<boost::beast::http::string_body> text_response(boost::beast::http::status status,
                                                                            std::string body, std::string_view type,
                                                                            unsigned version, bool keep);

// A JSON error answer {"type":"error","code","message"} (PROTOCOL.md "HTTP").
boost::beast::http::response<boost::beast::http::string_body> error_response(boost::beast::http::status status,
                                                                             std::string_view code,
                                                                             std::string_view message, unsigned version,
                                                                             bool keep);

// What serving a file gives: the file, its header alone (HEAD), or a text answer.
using file_response = std::variant<boost::beast::http::response<boost::beast::http::file_body>,
                                   boost::beast::http::response<boost::beast::http::empty_body>,
                                   boost::beast::http::response<boost::beast::http::string_body>>;

// The file path names under root (--web; "" when the server has no web client) for a GET or
// HEAD: 400 bad_path for a path that could leave root, index.html for a directory, Content-Type
// by its name, Cache-Control by its name (the engine's content-hashed files kept a year, the
// others revalidated), and for an absent file 404, or the fallback page naming the WebSocket
// when path is /index.html.
file_response serve_web_file(const std::string& root, std::string path, boost::beast::http::verb method,
                             unsigned version, bool keep);

// The response to a route's answer a, for a request of method: its JSON (or bytes) with its
// headers (no body for HEAD, its Content-Length kept), the download a.file_path names (its name
// removed at once; 503 when it cannot be opened), or the file a.web_file names under web_root.
file_response response_of(const api_answer& a, const std::string& web_root, boost::beast::http::verb method,
                          unsigned version, bool keep);

// The refusal of a request before any route reads it, from a peer at local_host (this end's
// address:port): 503 shutting_down while the server stops, then 400 bad_host for a Host the site
// policy does not serve; nullopt when it may go on, with site set to where it was sent.
std::optional<boost::beast::http::response<boost::beast::http::string_body>> admission_refusal(
    const boost::beast::http::request<boost::beast::http::string_body>& req, const config& cfg, bool stopping,
    bool from_proxy, const std::string& local_host, request_site& site);

// Whether a request may change state or open a WebSocket by its Origin: none (not a browser), or
// one cfg's site policy allows for site, where the request was sent.
bool origin_allowed(const boost::beast::http::request<boost::beast::http::string_body>& req, const config& cfg,
                    const request_site& site);

}  // namespace tabuleiro::server

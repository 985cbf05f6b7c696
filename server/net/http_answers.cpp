// Responses made from answers (see http_answers.h).
#include "server/net/http_answers.h"

#include <filesystem>

#include <boost/beast/core/string.hpp>

#include "protocol/core/messages.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;

// The MIME type of a file name's extension.
std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  static const std::pair<std::string_view, std::string_view> types[] = {{".html", "text/html; charset=utf-8"},
                                                                        {".htm", "text/html; charset=utf-8"},
                                                                        {".css", "text/css; charset=utf-8"},
                                                                        {".js", "text/javascript; charset=utf-8"},
                                                                        {".mjs", "text/javascript; charset=utf-8"},
                                                                        {".json", "application/json"},
                                                                        {".map", "application/json"},
                                                                        {".txt", "text/plain; charset=utf-8"},
                                                                        {".svg", "image/svg+xml"},
                                                                        {".png", "image/png"},
                                                                        {".jpg", "image/jpeg"},
                                                                        {".jpeg", "image/jpeg"},
                                                                        {".gif", "image/gif"},
                                                                        {".webp", "image/webp"},
                                                                        {".ico", "image/vnd.microsoft.icon"},
                                                                        {".woff", "font/woff"},
                                                                        {".woff2", "font/woff2"},
                                                                        {".wasm", "application/wasm"},
                                                                        {".webmanifest", "application/manifest+json"}};
  for (const auto& [e, t] : types)
    if (boost::beast::iequals(ext, e)) return t;
  return "application/octet-stream";
}

// The Cache-Control of a file under --web: the browser engine's content-hashed files
// (/engine/tabuleiro-engine.<16 hex digits>.js or .wasm, wasm/publish.cmake) never change under
// their name, so they are cached for a year; everything else is revalidated on every use.
std::string_view cache_control_of(std::string_view path) {
  constexpr std::string_view prefix = "/engine/tabuleiro-engine.";
  if (path.substr(0, prefix.size()) == prefix) {
    const std::string_view rest = path.substr(prefix.size());
    const auto dot = rest.find('.');
    const bool hashed = dot == 16 && rest.substr(0, 16).find_first_not_of("0123456789abcdef") == std::string_view::npos;
    if (hashed && (rest.substr(dot) == ".js" || rest.substr(dot) == ".wasm"))
      return "public, max-age=31536000, immutable";
  }
  return "no-cache";
}

// The page served for the web client's pages when the web client is absent.
constexpr std::string_view fallback_page =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Tabuleiro</title></head>"
    "<body><h1>Tabuleiro</h1><p>The web client is not installed on this server. Connect a "
    "WebSocket client to <code>/ws</code> and send <code>{\"type\":\"join\",\"code\":\"…\"}</code> "
    "(see protocol/PROTOCOL.md).</p></body></html>";

}  // namespace

http::response<http::string_body> text_response(http::status status, std::string body, std::string_view type,
                                                unsigned version, bool keep) {
  http::response<http::string_body> res{status, version};
  res.set(http::field::content_type, type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http::response<http::string_body> error_response(http::status status, std::string_view code, std::string_view message,
                                                 unsigned version, bool keep) {
  return text_response(status, protocol::messages::http_error(code, message).dump(), "application/json", version, keep);
}

file_response serve_web_file(const std::string& root, std::string path, http::verb method, unsigned version,
                             bool keep) {
  if (path.find("..") != std::string::npos || path.find('\\') != std::string::npos ||
      path.find('\0') != std::string::npos || path.empty() || path[0] != '/')
    return error_response(http::status::bad_request, "bad_path", "bad path", version, keep);
  if (path.back() == '/') path += "index.html";
  std::string full = root + path;
  std::error_code fec;
  if (!root.empty() && std::filesystem::is_directory(full, fec)) full += "/index.html";
  http::file_body::value_type body;
  boost::beast::error_code ec;
  if (!root.empty()) body.open(full.c_str(), boost::beast::file_mode::scan, ec);
  if (root.empty() || ec) {
    if (path == "/index.html")
      return text_response(http::status::ok, std::string(fallback_page), "text/html; charset=utf-8", version, keep);
    return error_response(http::status::not_found, "not_found", "no such file", version, keep);
  }
  const auto size = body.size();
  if (method == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, version};
    res.set(http::field::content_type, mime_type(full));
    res.content_length(size);
    res.keep_alive(keep);
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, version)};
  res.set(http::field::content_type, mime_type(full));
  res.set(http::field::cache_control, cache_control_of(path));
  res.content_length(size);
  res.keep_alive(keep);
  return res;
}

file_response response_of(const api_answer& a, const std::string& web_root, http::verb method, unsigned version,
                          bool keep) {
  if (!a.web_file.empty()) return serve_web_file(web_root, a.web_file, method, version, keep);
  if (!a.file_path.empty()) {
    http::file_body::value_type body;
    boost::beast::error_code ec;
    body.open(a.file_path.c_str(), boost::beast::file_mode::scan, ec);
    std::error_code removed;
    std::filesystem::remove(a.file_path, removed);
    if (ec)
      return error_response(http::status::service_unavailable, "unavailable", "the file could not be read", version,
                            keep);
    const auto size = body.size();
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(static_cast<http::status>(a.status), version)};
    for (const auto& [name, value] : a.headers) res.set(name, value);
    res.set(http::field::cache_control, "no-store");
    res.content_length(size);
    res.keep_alive(keep);
    return res;
  }
  if (a.status == 204) {
    http::response<http::string_body> res{http::status::no_content, version};
    for (const auto& [name, value] : a.headers) res.set(name, value);
    res.keep_alive(keep);
    return res;
  }
  auto res = text_response(static_cast<http::status>(a.status), a.bytes ? *a.bytes : a.body.dump(), "application/json",
                           version, keep);
  for (const auto& [name, value] : a.headers) res.set(name, value);
  if (method == http::verb::head) {
    const auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  return res;
}

std::optional<http::response<http::string_body>> admission_refusal(const http::request<http::string_body>& req,
                                                                   const config& cfg, bool stopping, bool from_proxy,
                                                                   const std::string& local_host, request_site& site) {
  if (stopping)
    return error_response(http::status::service_unavailable, "shutting_down",
                          "the server is shutting down; try again shortly", req.version(), false);
  auto sent_to = site_of(req, req.version(), from_proxy, local_host);
  const std::string refused = sent_to ? cfg.sites.refusal(*sent_to)
                                      : "the request's Host header is missing or is not a valid host[:port]";
  if (!refused.empty()) return error_response(http::status::bad_request, "bad_host", refused, req.version(), false);
  site = std::move(*sent_to);
  return std::nullopt;
}

bool origin_allowed(const http::request<http::string_body>& req, const config& cfg, const request_site& site) {
  const auto it = req.find(http::field::origin);
  return it == req.end() || cfg.sites.allows_origin(it->value(), site);
}

}  // namespace tabuleiro::server

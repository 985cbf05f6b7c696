// The route table's matching and checks (see router.h).
#include "server/net/router.h"

#include <algorithm>

#include "protocol/core/messages.h"
#include "server/config/http_policy.h"
#include "server/net/account_api.h"
#include "server/net/http_query.h"
#include "server/util/secrets.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
using accounts::auth_result;
using protocol::messages::http_error;

// The next segment of path after its leading '/', removed from path; nullopt when path is empty.
std::optional<std::string_view> next_segment(std::string_view& path) {
  if (path.empty() || path.front() != '/') return std::nullopt;
  path.remove_prefix(1);
  const auto slash = path.find('/');
  const std::string_view segment = path.substr(0, slash);
  path.remove_prefix(slash == std::string_view::npos ? path.size() : slash);
  return segment;
}

// Whether path matches pattern (router.h), its parameters appended to params.
bool matches(std::string_view pattern, std::string_view path, std::vector<std::string>& params) {
  params.clear();
  while (!pattern.empty()) {
    const auto want = next_segment(pattern);
    if (want->size() > 2 && want->front() == '{' && want->back() == '}' && want->ends_with("*}")) {
      if (path.size() < 2 || path.front() != '/') return false;  // the rest: one segment at least
      params.emplace_back(path.substr(1));
      return true;
    }
    const auto got = next_segment(path);
    if (!got) return false;
    if (want->size() < 2 || want->front() != '{' || want->back() != '}') {
      if (*got != *want) return false;
      continue;
    }
    if (got->empty()) return false;
    if (want->ends_with(":int}")) {
      if (positive_number(*got) == 0) return false;
      params.emplace_back(*got);
    } else if (want->ends_with(":code}")) {
      const auto code = normalize_share_code(*got);
      if (!code) return false;
      params.push_back(*code);
    } else {
      params.emplace_back(*got);
    }
  }
  return path.empty();
}

// Whether a route's method takes method (GET takes HEAD too).
bool takes(http::verb route_method, http::verb method) {
  return route_method == method || (route_method == http::verb::get && method == http::verb::head);
}

}  // namespace

std::variant<nlohmann::json, api_answer> object_body(const route_call& call, bool empty_ok) {
  std::string why;
  auto body = parse_client_json(call.body.empty() && empty_ok ? "{}" : call.body, why);
  if (!body) return api_answer{400, http_error("bad_json", why)};
  if (!body->is_object()) return api_answer{400, http_error("bad_request", "the body is a JSON object")};
  return std::move(*body);
}

std::int64_t route_call::number(std::size_t i) const { return i < params.size() ? positive_number(params[i]) : 0; }

router::router(std::vector<route> routes, accounts::account_service* accounts)
    : routes_(std::move(routes)), accounts_(accounts) {}

const route* router::find(http::verb method, std::string_view path, std::vector<std::string>* params,
                          bool* path_known) const {
  const std::size_t fewest = fewest_parameters(path);
  *path_known = fewest != npos;
  std::vector<std::string> scratch;
  for (const route& r : routes_) {
    if (!matches(r.pattern, path, scratch) || scratch.size() != fewest || !takes(r.method, method)) continue;
    if (params) *params = std::move(scratch);
    return &r;
  }
  return nullptr;
}

std::size_t router::fewest_parameters(std::string_view path) const {
  std::size_t fewest = npos;
  std::vector<std::string> scratch;
  for (const route& r : routes_)
    if (matches(r.pattern, path, scratch)) fewest = std::min(fewest, scratch.size());
  return fewest;
}

std::size_t router::body_limit(http::verb method, std::string_view path) const {
  bool known = false;
  const route* r = find(method, path, nullptr, &known);
  return r ? r->body_limit : small_body_bytes;
}

std::string router::allow(std::string_view path, bool with_options) const {
  std::vector<http::verb> methods;
  std::vector<std::string> scratch;
  const std::size_t fewest = fewest_parameters(path);
  for (const route& r : routes_)
    if (matches(r.pattern, path, scratch) && scratch.size() == fewest &&
        std::find(methods.begin(), methods.end(), r.method) == methods.end())
      methods.push_back(r.method);
  if (methods.empty()) return "";
  std::string allow;
  const auto add = [&allow](std::string_view m) { allow += (allow.empty() ? "" : ", ") + std::string(m); };
  if (std::find(methods.begin(), methods.end(), http::verb::get) != methods.end()) {
    add("GET");
    if (!with_options) add("HEAD");
  }
  for (const http::verb m : methods)
    if (m != http::verb::get) add(http::to_string(m));
  if (with_options) add("OPTIONS");
  return allow;
}

void router::serve(route_call call, std::string_view content_type, bool origin_ok, std::string csrf_token,
                   answer_fn answer) const {
  const bool api = call.path.starts_with("/api/");
  if (call.method == http::verb::options && api) {  // the route's methods, and no CORS grant
    const std::string methods = allow(call.path, true);
    if (methods.empty()) return answer({404, http_error("not_found", "no such API route")});
    return answer({204, nullptr, {{"Allow", methods}}});
  }
  // A state change from a foreign origin is refused before anything else, whichever route it names.
  const bool changing = call.method != http::verb::get && call.method != http::verb::head;
  if (api && changing && !origin_ok)
    return answer({403, http_error("bad_origin", "requests from this origin are not allowed")});
  bool known = false;
  const route* r = find(call.method, call.path, &call.params, &known);
  if (!r && !known && api) return answer({404, http_error("not_found", "no such API route")});
  if (!r && !known) {  // a file of the web client
    if (call.method != http::verb::get && call.method != http::verb::head)
      return answer({405, http_error("method_not_allowed", "only GET and HEAD serve files")});
    api_answer file{200, nullptr};
    file.web_file = call.path;
    return answer(std::move(file));
  }
  if (!r) {
    const std::string methods = allow(call.path, false);
    return answer({405, http_error("method_not_allowed", "this route takes " + methods), {{"Allow", methods}}});
  }
  if (r->does == effect::changes && !origin_ok)
    return answer({403, http_error("bad_origin", "requests from this origin are not allowed")});
  if (r->body == media::json && !is_json_media_type(content_type))
    return answer(
        {415, http_error("unsupported_media_type", "the body must be sent as Content-Type: application/json")});
  if (r->who == caller::anyone || !accounts_ || (r->who == caller::visitor && call.session_id.empty()))
    return r->handler(call, std::move(answer));
  const std::string id = call.session_id;
  // The line's fields are copied: the answer may come after a shutdown began.
  accounts_->authenticate(id, [who = r->who, does = r->does, handler = r->handler, call = std::move(call),
                               csrf = std::move(csrf_token), answer = std::move(answer)](auth_result a) mutable {
    const bool reading = does == effect::reads;
    if (a.state == auth_result::status::unavailable && (who != caller::visitor || !reading))
      return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
    const bool member = a.state == auth_result::status::signed_in;
    if (!member && (who == caller::member || who == caller::admin))
      return answer({401, http_error("signed_out", "sign in first")});
    if (who == caller::admin && !a.s.who.admin)
      return answer({403, http_error("not_admin", "only administrators may do this")});
    if (member && !reading && !csrf_matches(csrf, a.s))
      return answer({403, http_error("bad_csrf", "the request lacks this session's CSRF token (X-CSRF-Token)")});
    call.auth = std::move(a);
    handler(call, std::move(answer));
  });
}

}  // namespace tabuleiro::server

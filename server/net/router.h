// The HTTP routes of one server as a table (after lila-ws's Router and Beast's handle_request):
// each route is one line giving its method, its path pattern with typed parameters, its body
// limit and media type, who may call it, whether it changes state, and its handler. The router
// checks, once and from those fields, what every route needs: the Origin of a state-changing
// request, the media type, the body size, the session, the caller's role and the CSRF token;
// OPTIONS and 405 answers come from the same table. A handler receives a route_call (the
// request, its parameters, its client and its session) and answers one api_answer.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/beast/http/verb.hpp>

#include "server/accounts/accounts.h"
#include "server/net/api_answer.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

struct shared_state;

// Who may call a route.
enum class caller {
  anyone,   // the session is not read (a state-changing route authenticates by its body, if at all)
  visitor,  // anyone; the session is read when the request carries one, and the handler sees it
  member,   // a signed-in member: 503 when accounts cannot be reached, else 401 signed_out
  admin,    // an administrator: as member, then 403 not_admin
};

// What a route does to the server: a read, or a change (its Origin is checked, and a
// signed-in session's request must carry the session's CSRF token unless the caller is anyone).
enum class effect { reads, changes };

// The media type a route's body is read as.
enum class media { none, json };

// The largest body any route takes (a publication's), and the limit of every other route.
inline constexpr std::size_t small_body_bytes = max_message_bytes;
inline constexpr std::size_t large_body_bytes = max_publish_bytes;

// One request as a handler sees it, once the router let it through.
struct route_call {
  shared_state& state;
  boost::beast::http::verb method = boost::beast::http::verb::get;
  std::string path, query, body;
  std::vector<std::string> params;  // the pattern's parameters in order, each of its type
  std::string address;              // the client's address (the peer, or whom a trusted proxy names)
  std::string link_base;            // the scheme://host[:port] links in answers are made under
  bool secure = false;              // the request came over TLS
  std::string session_id;           // the session cookie's value ("" when none)
  accounts::auth_result auth;       // the session, when the route's caller is not anyone

  // Whether the session is a signed-in member's.
  bool signed_in() const { return auth.state == accounts::auth_result::status::signed_in; }
  // The i-th parameter of an {name:int} segment.
  std::int64_t number(std::size_t i) const;
};

// The JSON object of call's body ("{}" when the body is empty and empty_ok), or the 400 answer
// that refuses it: bad_json when it is no JSON a client may send, bad_request when not an object.
std::variant<nlohmann::json, api_answer> object_body(const route_call& call, bool empty_ok = false);

// The function that answers one call: answer is called once, on any thread.
using answer_fn = std::function<void(api_answer)>;
using route_handler = std::function<void(const route_call& call, answer_fn answer)>;

// One line of the table. A pattern is a path whose segments may be {name} (any non-empty
// segment), {name:int} (a positive whole number) or {name:code} (a share code, normalized), and
// whose last segment may be {name*} (the rest of the path, one or more segments).
struct route {
  boost::beast::http::verb method;  // GET also answers HEAD
  std::string pattern;
  std::size_t body_limit = small_body_bytes;
  media body = media::none;
  caller who = caller::anyone;
  effect does = effect::reads;
  route_handler handler;
};

// The routes of one server and the checks every request passes before its handler.
// Thread-safety: constant after construction; any thread may call its const methods.
class router {
 public:
  // The table; accounts answers the sessions (null on a server without accounts: then no route
  // may be for a member or an administrator).
  router(std::vector<route> routes, accounts::account_service* accounts);

  // The routes, in table order (the tests walk them).
  const std::vector<route>& routes() const { return routes_; }

  // The body limit of a request to method and path (the largest of the routes that may take it;
  // small_body_bytes when none does).
  std::size_t body_limit(boost::beast::http::verb method, std::string_view path) const;

  // The value of an Allow header for path (GET with HEAD, then the others, in table order), or
  // "" when no route has this path; with_options adds OPTIONS and leaves HEAD out (an answer to
  // OPTIONS).
  std::string allow(std::string_view path, bool with_options) const;

  // Serves call, whose method and path are set, with content_type, origin_ok and csrf_token the
  // request's: OPTIONS is 204 with the path's methods in Allow; 404 when no route has its path, 405 when none takes its method, 415 for a body
  // not of the route's media type, 403 bad_origin for a state change from a foreign origin,
  // then the session's checks (503, 401, 403 not_admin, 403 bad_csrf), then the handler.
  void serve(route_call call, std::string_view content_type, bool origin_ok, std::string csrf_token,
             answer_fn answer) const;

 private:
  // The route of method and path (its parameters into params), or null; path_known says whether
  // any route has path (then the method is the refusal: 405).
  const route* find(boost::beast::http::verb method, std::string_view path, std::vector<std::string>* params,
                    bool* path_known) const;

  // The fewest parameters of the patterns path matches (npos when none does): a path is the
  // route's whose pattern names the most of it (/api/matches/publish is not /api/matches/{code}).
  std::size_t fewest_parameters(std::string_view path) const;

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  std::vector<route> routes_;
  accounts::account_service* accounts_;
};

}  // namespace tabuleiro::server

// The account routes (see account_api.h).
#include "server/net/account_api.h"

#include "protocol/core/admin_messages.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "server/room/summary.h"
#include "server/util/secrets.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
using request = http::request<http::string_body>;
using protocol::messages::http_error;
using accounts::account_service;
using accounts::auth_result;

// The 4xx/5xx answer to a refusal of the account service.
api_answer refused(const accounts::refusal& r) {
  int status = 400;
  if (r.code == "name_taken") status = 409;
  else if (r.code == "bad_credentials") status = 401;
  else if (r.code == "account_disabled" || r.code == "invitation_required" || r.code == "bad_invitation" ||
           r.code == "bad_reset")
    status = 403;
  else if (r.code == "rate_limited") status = 429;
  else if (r.code == "unavailable") status = 503;
  api_answer a{status, http_error(r.code, r.message)};
  if (r.retry_after_s > 0) a.headers.emplace_back("Retry-After", std::to_string(r.retry_after_s));
  return a;
}

// The 400 answer to a body member the route does not take (PROTOCOL.md "HTTP": unknown field).
api_answer unknown_member(const std::string& name) {
  return {400, http_error("bad_request", "unknown member \"" + name + "\" in the body")};
}

// The Set-Cookie value that gives the browser id for max_age_s seconds (0 deletes it).
std::string cookie(const std::string& id, std::int64_t max_age_s, bool secure) {
  return std::string(session_cookie) + "=" + id + "; Path=/; Max-Age=" + std::to_string(max_age_s) +
         "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
}

// The answer's body for a signed-in session.
nlohmann::json state_of(const accounts::session& s, std::string_view access) {
  const protocol::messages::account_fields f{s.who.id, s.who.username, s.who.display_name, s.who.language,
                                             s.who.admin};
  return protocol::messages::account_state(&f, s.csrf, access);
}

// The answer's body for a browser that is not signed in.
nlohmann::json signed_out(std::string_view access) { return protocol::messages::account_state(nullptr, "", access); }

// Answers a sign-up or sign-in: the new session's cookie (the old session, if any, ended) and
// its state, or the refusal.
std::function<void(accounts::sign_result)> signing(account_service& service, std::string old_id, int status,
                                                   const account_request_context& ctx,
                                                   std::function<void(api_answer)> answer) {
  return [&service, old_id = std::move(old_id), status, secure = ctx.secure, access = ctx.access,
          end_sockets = ctx.end_sockets, answer = std::move(answer)](accounts::sign_result r) {
    if (const auto* no = std::get_if<accounts::refusal>(&r)) return answer(refused(*no));
    const auto& o = std::get<accounts::opened_session>(r);
    api_answer a{status, state_of(o.s, access)};
    a.headers.emplace_back("Set-Cookie", cookie(o.id, service.options().session_ms / 1000, secure));
    a.headers.emplace_back("Cache-Control", "no-store");
    if (old_id.empty()) return answer(std::move(a));
    // Rotated: the old id has ended by the time the browser holds the new one.
    service.sign_out(old_id, [answer, a = std::move(a), end_sockets, old = sha256_hex(old_id)](bool) mutable {
      end_sockets(0, [old](const std::string& hash) { return hash == old; });
      answer(std::move(a));
    });
  };
}

// The value of header name in req ("" when absent).
std::string header(const request& req, std::string_view name) {
  const auto it = req.find(name);
  return it == req.end() ? "" : std::string(it->value().data(), it->value().size());
}

}  // namespace

std::string cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view pair = header.substr(0, semi);
    while (!pair.empty() && (pair.front() == ' ' || pair.front() == '\t')) pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name) {
      std::string_view value = pair.substr(eq + 1);
      while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
      return std::string(value);
    }
    if (semi == std::string_view::npos) break;
    header.remove_prefix(semi + 1);
  }
  return "";
}

std::string session_id_of(const request& req) { return cookie_value(header(req, "Cookie"), session_cookie); }

std::string csrf_token_of(const request& req) { return header(req, "X-CSRF-Token"); }

bool csrf_matches(std::string_view sent, const accounts::session& s) {
  return !sent.empty() && constant_time_equal(sent, s.csrf);
}

void for_member(account_service& accounts, const request& req, std::function<void(api_answer)> answer,
                std::function<void(std::int64_t user, std::function<void(api_answer)> answer)> then) {
  const bool change = req.method() != http::verb::get && req.method() != http::verb::head;
  accounts.authenticate(session_id_of(req), [change, csrf = csrf_token_of(req), answer = std::move(answer),
                                             then = std::move(then)](auth_result r) {
    if (r.state == auth_result::status::unavailable)
      return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
    if (r.state == auth_result::status::signed_out) return answer({401, http_error("signed_out", "sign in first")});
    if (change && !csrf_matches(csrf, r.s))
      return answer({403, http_error("bad_csrf", "the request lacks this session's CSRF token (X-CSRF-Token)")});
    then(r.s.who.id, answer);
  });
}

bool is_account_route(std::string_view path) {
  return path == "/api/account" || path == "/api/account/matches" || path == "/api/account/signup" ||
         path == "/api/account/signin" || path == "/api/account/signout" || path == "/api/account/signout-everywhere" ||
         path == "/api/account/profile" || path == "/api/account/password" || path == "/api/account/reset";
}

void handle_account_request(account_service& service, const request& req, std::string_view path,
                            const account_request_context& ctx, std::function<void(api_answer)> answer) {
  std::string id = session_id_of(req);
  const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
  const bool post = req.method() == http::verb::post;

  if (path == "/api/account") {
    if (!get) return answer({405, http_error("method_not_allowed", "GET /api/account"), {{"Allow", "GET, HEAD"}}});
    return service.authenticate(id, [access = ctx.access, answer = std::move(answer)](auth_result r) {
      if (r.state == auth_result::status::unavailable)
        return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
      api_answer a{200, r.state == auth_result::status::signed_in ? state_of(r.s, access) : signed_out(access)};
      a.headers.emplace_back("Cache-Control", "no-store");
      answer(std::move(a));
    });
  }
  if (path == "/api/account/matches") {
    if (!get) return answer({405, http_error("method_not_allowed", "GET /api/account/matches"), {{"Allow", "GET, HEAD"}}});
    return service.authenticate(id, [&service, answer = std::move(answer)](auth_result r) {
      if (r.state == auth_result::status::unavailable)
        return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
      if (r.state == auth_result::status::signed_out) return answer({401, http_error("signed_out", "sign in first")});
      service.held_seats(r.s.who.id, [answer](std::optional<std::vector<accounts::held_seat_row>> rows) {
        if (!rows) return answer({503, http_error("unavailable", "your matches cannot be read right now; try again")});
        std::vector<nlohmann::json> outcomes;
        std::vector<std::string> times;
        outcomes.reserve(rows->size());
        times.reserve(rows->size() * 2);
        std::vector<protocol::messages::held_seat_fields> fields;
        for (const auto& h : *rows) {
          outcomes.push_back(h.outcome.empty() ? nlohmann::json(nullptr) : nlohmann::json::parse(h.outcome, nullptr, false));
          times.push_back(iso_time(h.created_ms));
          times.push_back(iso_time(h.updated_ms));
        }
        for (std::size_t i = 0; i < rows->size(); ++i) {
          const auto& h = (*rows)[i];
          fields.push_back({h.code, h.game, h.status, h.seat, h.opponent, &outcomes[i], times[2 * i], times[2 * i + 1]});
        }
        api_answer a{200, protocol::messages::held_seats(fields)};
        a.headers.emplace_back("Cache-Control", "no-store");
        answer(std::move(a));
      });
    });
  }
  if (!post) return answer({405, http_error("method_not_allowed", "this route takes POST"), {{"Allow", "POST"}}});

  if (path == "/api/account/signup" || path == "/api/account/signin") {
    std::string why;
    const auto body = parse_client_json(req.body(), why);
    if (!body) return answer({400, http_error("bad_json", why)});
    std::string username, password, display_name, language = "en", invitation;
    const bool up = path == "/api/account/signup";
    if (const auto unknown = up ? protocol::first_unknown_key(*body, {"username", "password", "display_name", "language",
                                                                      "invitation"})
                                : protocol::first_unknown_key(*body, {"username", "password"}))
      return answer(unknown_member(*unknown));
    if (!body->is_object() || !string_member(*body, "username", username) ||
        !string_member(*body, "password", password) || !string_member(*body, "display_name", display_name) ||
        !string_member(*body, "language", language) || !string_member(*body, "invitation", invitation))
      return answer({400, http_error("bad_request", "the body is an object of strings: username, password"
                                                    " (and, to sign up, display_name, language, invitation)")});
    auto done = signing(service, id, path == "/api/account/signup" ? 201 : 200, ctx, std::move(answer));
    if (path == "/api/account/signup")
      return service.sign_up(std::move(username), std::move(password), std::move(display_name), std::move(language),
                             std::move(invitation), ctx.address, std::move(done));
    return service.sign_in(std::move(username), std::move(password), ctx.address, std::move(done));
  }

  if (path == "/api/account/reset") {  // a reset link's code and the new password; no session needed
    std::string why;
    const auto body = parse_client_json(req.body(), why);
    if (!body) return answer({400, http_error("bad_json", why)});
    std::string code, password;
    if (const auto unknown = protocol::first_unknown_key(*body, {"code", "password"})) return answer(unknown_member(*unknown));
    if (!body->is_object() || !string_member(*body, "code", code) || !string_member(*body, "password", password))
      return answer({400, http_error("bad_request", "the body is an object of strings: code, password")});
    return service.reset_password(std::move(code), std::move(password), ctx.address,
                                  [answer](std::optional<accounts::refusal> no) {
                                    if (no) return answer(refused(*no));
                                    answer({200, protocol::messages::admin_done()});
                                  });
  }
  if (path == "/api/account/profile" || path == "/api/account/password") {  // the signed-in user's own
    std::string why;
    auto body = parse_client_json(req.body(), why);
    if (!body) return answer({400, http_error("bad_json", why)});
    return service.authenticate(id, [&service, id, path = std::string(path), body = std::move(*body),
                                     csrf = csrf_token_of(req), address = ctx.address, access = ctx.access,
                                     end_sockets = ctx.end_sockets, answer = std::move(answer)](auth_result r) {
      if (r.state == auth_result::status::unavailable)
        return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
      if (r.state == auth_result::status::signed_out) return answer({401, http_error("signed_out", "sign in first")});
      if (!csrf_matches(csrf, r.s))
        return answer({403, http_error("bad_csrf", "the request lacks this session's CSRF token (X-CSRF-Token)")});
      const auto unknown = path == "/api/account/profile" ? protocol::first_unknown_key(body, {"display_name", "language"})
                                                          : protocol::first_unknown_key(body, {"current", "password"});
      if (unknown) return answer(unknown_member(*unknown));
      if (path == "/api/account/profile") {
        std::string display_name = r.s.who.display_name, language = r.s.who.language;
        if (!body.is_object() || !string_member(body, "display_name", display_name) ||
            !string_member(body, "language", language))
          return answer({400, http_error("bad_request", "the body is an object of strings: display_name, language")});
        return service.update_profile(r.s.who.id, display_name, language,
                                      [answer, s = r.s, access](std::variant<accounts::account, accounts::refusal> u) mutable {
                                        if (const auto* no = std::get_if<accounts::refusal>(&u)) return answer(refused(*no));
                                        s.who = std::get<accounts::account>(u);
                                        answer({200, state_of(s, access), {{"Cache-Control", "no-store"}}});
                                      });
      }
      std::string current, password;
      if (!body.is_object() || !string_member(body, "current", current) || !string_member(body, "password", password))
        return answer({400, http_error("bad_request", "the body is an object of strings: current, password")});
      service.change_password(r.s.who.id, std::move(current), std::move(password), id, address,
                              [answer, end_sockets, user = r.s.who.id, keep = r.s.id_hash](std::optional<accounts::refusal> no) {
                                if (no) return answer(refused(*no));
                                end_sockets(user, [keep](const std::string& hash) { return hash != keep; });
                                answer({200, protocol::messages::admin_done()});
                              });
    });
  }

  // Sign out (here, or everywhere): needs the session's CSRF token.
  const bool everywhere = path == "/api/account/signout-everywhere";
  service.authenticate(id, [&service, id, everywhere, csrf = csrf_token_of(req), secure = ctx.secure,
                            access = ctx.access, end_sockets = ctx.end_sockets,
                            answer = std::move(answer)](auth_result r) {
    if (r.state == auth_result::status::unavailable)
      return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
    if (r.state == auth_result::status::signed_out) {
      if (everywhere) return answer({401, http_error("signed_out", "sign in first")});
      api_answer a{200, signed_out(access)};
      a.headers.emplace_back("Set-Cookie", cookie("", 0, secure));
      return answer(std::move(a));
    }
    if (!csrf_matches(csrf, r.s))
      return answer({403, http_error("bad_csrf", "the request lacks this session's CSRF token (X-CSRF-Token)")});
    auto finish = [answer, secure, access, end_sockets, everywhere, user = r.s.who.id, ended = r.s.id_hash](bool ok) {
      if (!ok) return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
      end_sockets(user, [everywhere, ended](const std::string& hash) { return everywhere || hash == ended; });
      api_answer a{200, signed_out(access)};
      a.headers.emplace_back("Set-Cookie", cookie("", 0, secure));
      answer(std::move(a));
    };
    if (everywhere) return service.sign_out_everywhere(r.s.who.id, std::move(finish));
    service.sign_out(id, std::move(finish));
  });
}

}  // namespace tabuleiro::server

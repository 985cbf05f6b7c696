// The account routes (see account_api.h).
#include "server/net/account_api.h"

#include "server/net/route_handlers.h"
#include "server/net/shared_state.h"

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
using accounts::account_service;
using accounts::auth_result;
using protocol::messages::http_error;

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

// The server's access mode, as the account answers name it.
std::string access_of(const route_call& call) { return access_name(call.state.svc.cfg->access); }

// Closes this node's WebSockets of account (any account when 0) signed in by a session whose hash
// ended(hash) says has ended (4004), once a sign-out, a sign-in replacing the browser's session or
// a password change has ended it; the other nodes read it from the database.
void end_sockets(shared_state& state, std::int64_t account, std::function<bool(const std::string&)> ended) {
  state.connections.close_sessions(account, std::move(ended), session_ended_close, "session ended");
}

// The answer's body for a signed-in session.
nlohmann::json state_of(const accounts::session& s, std::string_view access) {
  const protocol::messages::account_fields f{s.who.id, s.who.username, s.who.display_name, s.who.language, s.who.admin};
  return protocol::messages::account_state(&f, s.csrf, access);
}

// The answer's body for a browser that is not signed in.
nlohmann::json signed_out(std::string_view access) { return protocol::messages::account_state(nullptr, "", access); }

// Answers a sign-up or sign-in: the new session's cookie (the old session, if any, ended) and
// its state, or the refusal.
std::function<void(accounts::sign_result)> signing(const route_call& call, int status, answer_fn answer) {
  account_service& service = call.state.accounts;
  return [&service, &state = call.state, old_id = call.session_id, status, secure = call.secure,
          access = access_of(call), answer = std::move(answer)](accounts::sign_result r) {
    if (const auto* no = std::get_if<accounts::refusal>(&r)) return answer(refused(*no));
    const auto& o = std::get<accounts::opened_session>(r);
    api_answer a{status, state_of(o.s, access)};
    a.headers.emplace_back("Set-Cookie", cookie(o.id, service.options().session_ms / 1000, secure));
    a.headers.emplace_back("Cache-Control", "no-store");
    if (old_id.empty()) return answer(std::move(a));
    // Rotated: the old id has ended by the time the browser holds the new one.
    service.sign_out(old_id, [&state, answer, a = std::move(a), old = sha256_hex(old_id)](bool) mutable {
      end_sockets(state, 0, [old](const std::string& hash) { return hash == old; });
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

void read_account(const route_call& call, answer_fn answer) {
  if (call.auth.state == auth_result::status::unavailable)
    return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
  api_answer a{200, call.signed_in() ? state_of(call.auth.s, access_of(call)) : signed_out(access_of(call))};
  a.headers.emplace_back("Cache-Control", "no-store");
  answer(std::move(a));
}

void read_account_matches(const route_call& call, answer_fn answer) {
  call.state.accounts.held_seats(call.auth.s.who.id, [answer](
                                                         std::optional<std::vector<accounts::held_seat_row>> rows) {
    if (!rows) return answer({503, http_error("unavailable", "your matches cannot be read right now; try again")});
    std::vector<nlohmann::json> outcomes;
    std::vector<std::string> times;
    outcomes.reserve(rows->size());
    times.reserve(rows->size() * 2);
    std::vector<protocol::messages::held_seat_fields> fields;
    for (const auto& h : *rows) {
      outcomes.push_back(h.outcome.empty() ? nlohmann::json(nullptr)
                                           : nlohmann::json::parse(h.outcome, nullptr, false));
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
}

void sign_up_or_in(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  std::string username, password, display_name, language = "en", invitation;
  const bool up = call.path == "/api/account/signup";
  if (const auto unknown = up ? protocol::first_unknown_key(body, {"username", "password", "display_name", "language",
                                                                   "invitation"})
                              : protocol::first_unknown_key(body, {"username", "password"}))
    return answer(unknown_member(*unknown));
  if (!body.is_object() || !string_member(body, "username", username) || !string_member(body, "password", password) ||
      !string_member(body, "display_name", display_name) || !string_member(body, "language", language) ||
      !string_member(body, "invitation", invitation))
    return answer({400, http_error("bad_request", "the body is an object of strings: username, password"
                                                  " (and, to sign up, display_name, language, invitation)")});
  auto done = signing(call, up ? 201 : 200, std::move(answer));
  if (up)
    return call.state.accounts.sign_up(std::move(username), std::move(password), std::move(display_name),
                                       std::move(language), std::move(invitation), call.address, std::move(done));
  call.state.accounts.sign_in(std::move(username), std::move(password), call.address, std::move(done));
}

void reset_password(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  std::string code, password;
  if (const auto unknown = protocol::first_unknown_key(body, {"code", "password"}))
    return answer(unknown_member(*unknown));
  if (!body.is_object() || !string_member(body, "code", code) || !string_member(body, "password", password))
    return answer({400, http_error("bad_request", "the body is an object of strings: code, password")});
  call.state.accounts.reset_password(std::move(code), std::move(password), call.address,
                                     [answer](std::optional<accounts::refusal> no) {
                                       if (no) return answer(refused(*no));
                                       answer({200, protocol::messages::admin_done()});
                                     });
}

void update_profile(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  if (const auto unknown = protocol::first_unknown_key(body, {"display_name", "language"}))
    return answer(unknown_member(*unknown));
  std::string display_name = call.auth.s.who.display_name, language = call.auth.s.who.language;
  if (!body.is_object() || !string_member(body, "display_name", display_name) ||
      !string_member(body, "language", language))
    return answer({400, http_error("bad_request", "the body is an object of strings: display_name, language")});
  call.state.accounts.update_profile(call.auth.s.who.id, display_name, language,
                                     [answer, s = call.auth.s, access = access_of(call)](
                                         std::variant<accounts::account, accounts::refusal> u) mutable {
                                       if (const auto* no = std::get_if<accounts::refusal>(&u))
                                         return answer(refused(*no));
                                       s.who = std::get<accounts::account>(u);
                                       answer({200, state_of(s, access), {{"Cache-Control", "no-store"}}});
                                     });
}

void change_password(const route_call& call, answer_fn answer) {
  auto parsed = object_body(call);
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  if (const auto unknown = protocol::first_unknown_key(body, {"current", "password"}))
    return answer(unknown_member(*unknown));
  std::string current, password;
  if (!body.is_object() || !string_member(body, "current", current) || !string_member(body, "password", password))
    return answer({400, http_error("bad_request", "the body is an object of strings: current, password")});
  call.state.accounts.change_password(
      call.auth.s.who.id, std::move(current), std::move(password), call.session_id, call.address,
      [&state = call.state, answer, user = call.auth.s.who.id,
       keep = call.auth.s.id_hash](std::optional<accounts::refusal> no) {
        if (no) return answer(refused(*no));
        end_sockets(state, user, [keep](const std::string& hash) { return hash != keep; });
        answer({200, protocol::messages::admin_done()});
      });
}

void sign_out(const route_call& call, answer_fn answer) {
  const bool everywhere = call.path == "/api/account/signout-everywhere";
  const std::string access = access_of(call);
  if (!call.signed_in()) {  // a browser already signed out (sign-out everywhere is a member's route)
    api_answer a{200, signed_out(access)};
    a.headers.emplace_back("Set-Cookie", cookie("", 0, call.secure));
    return answer(std::move(a));
  }
  auto finish = [&state = call.state, answer, secure = call.secure, access, everywhere, user = call.auth.s.who.id,
                 ended = call.auth.s.id_hash](bool ok) {
    if (!ok) return answer({503, http_error("unavailable", "accounts cannot be reached right now; try again")});
    end_sockets(state, user, [everywhere, ended](const std::string& hash) { return everywhere || hash == ended; });
    api_answer a{200, signed_out(access)};
    a.headers.emplace_back("Set-Cookie", cookie("", 0, secure));
    answer(std::move(a));
  };
  if (everywhere) return call.state.accounts.sign_out_everywhere(call.auth.s.who.id, std::move(finish));
  call.state.accounts.sign_out(call.session_id, std::move(finish));
}

}  // namespace tabuleiro::server

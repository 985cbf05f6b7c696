// The match routes (see route_handlers.h).
#include "server/net/route_handlers.h"

#include <charconv>
#include <utility>

#include "protocol/core/messages.h"
#include "server/net/http_query.h"
#include "server/net/shared_state.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

namespace {

// The answer to a failure of the server's own while making a match (what could not be done:
// what, e.g. "the match").
api_answer failure_answer(create_failure f, std::string_view what) {
  switch (f) {
    case create_failure::no_free_code: return {503, msg::http_error("busy", "no free share code; try again")};
    case create_failure::busy:
      return {503,
              msg::http_error("busy", "too many games are being published right now; try again"),
              {{"Retry-After", "1"}}};
    case create_failure::storage_unavailable:
      return {503, msg::http_error("storage_error", std::string(what) + " could not be stored right now; try again")};
    case create_failure::storage_failed: break;
  }
  return {500, msg::http_error("storage_error", std::string(what) + " could not be stored")};
}

// The answer to a publication's result (links under link_base).
api_answer publish_answer(publish_result r, const std::string& link_base) {
  if (const auto* m = std::get_if<published_match>(&r))
    return {201, msg::published(m->code, link_base + "/m/" + m->code)};
  if (const auto* e = std::get_if<request_error>(&r)) return {400, msg::http_error(e->code, e->message)};
  if (const auto* e = std::get_if<log_refusal>(&r)) return {400, msg::bad_log(e->message, e->step, e->reason)};
  return failure_answer(std::get<create_failure>(r), "the game");
}

// What a read of one match says when the store cannot answer.
constexpr std::string_view match_unreadable = "the match cannot be read right now; try again";

// The answer to a registry read: 200 with its JSON, else the failure's status and error
// (unavailable_message says what could not be read).
api_answer read_answer(registry_read r, std::string_view unavailable_message) {
  if (auto* body = std::get_if<json>(&r)) return {200, std::move(*body)};
  switch (std::get<read_failure>(r)) {
    case read_failure::absent: return {404, msg::http_error("unknown_match", "no match has this code")};
    case read_failure::elsewhere:
      // 421 Misdirected Request: another node serves the match; the same request again (routed
      // anew by the proxy) reaches it once the lease moved.
      return {
          421, msg::http_error("match_elsewhere", "another node serves this match; try again"), {{"Retry-After", "1"}}};
    case read_failure::log_failed: return {500, msg::http_error("internal", "the log could not be built")};
    case read_failure::unavailable: break;
  }
  return {503, msg::http_error("storage_error", unavailable_message)};
}

// The answer to POST /api/matches for a creation's result: 201 with code, link (link_base +
// "/m/" + code), seat and token; 400 for the game's refusal; 503 or 500 for the server's own.
api_answer creation_answer(const create_result& r, const std::string& link_base) {
  if (const auto* m = std::get_if<new_match>(&r))
    return {201, msg::created(m->code, link_base + "/m/" + m->code, m->seat, m->token)};
  if (const auto* e = std::get_if<request_error>(&r)) return {400, msg::http_error(e->code, e->message)};
  return failure_answer(std::get<create_failure>(r), "the match");
}

// A registry read's callback: its read_answer.
std::function<void(registry_read)> reading(answer_fn answer, std::string_view unavailable_message) {
  return [answer = std::move(answer), unavailable_message](registry_read r) {
    answer(read_answer(std::move(r), unavailable_message));
  };
}

// The refusal of a creation or publication by a guest where only members play, or nullopt.
std::optional<api_answer> guest_refusal(const route_call& call, const char* what) {
  if (call.signed_in() || call.state.svc.cfg->access == access_mode::open) return std::nullopt;
  return api_answer{401, msg::http_error("sign_in_required", std::string("only signed-in members ") + what +
                                                                 " on this server; sign in first")};
}

// The answer to a match against the computer that the node's bot capacity refuses: 503 when
// every place is taken, 429 when this address holds its share; both say when to try again.
api_answer bot_refused(shared_state& state, bot_refusal why) {
  const bot_capacity& places = *state.svc.bot_matches;
  state.svc.stats->rejected(why == bot_refusal::busy ? "bots_busy" : "too_many_bot_matches");
  api_answer a = why == bot_refusal::busy
                     ? api_answer{503, msg::http_error("bots_busy", "the computer is busy with " +
                                                                        std::to_string(places.global_limit()) +
                                                                        " matches; try again in a minute")}
                     : api_answer{429, msg::http_error("too_many_bot_matches",
                                                       "this address already plays " +
                                                           std::to_string(places.per_address_limit()) +
                                                           " matches against the computer; finish one first")};
  a.headers.emplace_back("Retry-After", "60");
  return a;
}

// Reads match code with read() unless only members watch it and call is a guest's (401
// sign_in_required): where only members play, its summary says so, and is read first.
void read_unless_members_only(const route_call& call, answer_fn answer, std::function<void()> read) {
  if (call.state.svc.cfg->access == access_mode::open) return read();
  call.state.registry.describe(call.params.at(0), [member = call.signed_in(), read = std::move(read),
                                                   answer = std::move(answer)](registry_read r) {
    const auto* summary = std::get_if<json>(&r);
    if (summary && !member && !summary->value("guests_watch", true))
      return answer(
          {401, msg::http_error("sign_in_required", "only signed-in members watch this match; sign in first")});
    if (!summary) return answer(read_answer(std::move(r), match_unreadable));
    read();
  });
}

// Calls then() unless new matches are paused: in maintenance (set by an administrator for every
// node) answer gets 503 maintenance with Retry-After: 300, and 503 unavailable when the
// database cannot say.
void unless_maintenance(shared_state& state, answer_fn answer, std::function<void()> then) {
  state.admin.maintenance([&state, answer = std::move(answer), then = std::move(then)](std::optional<bool> on) {
    if (!on) return answer({503, msg::http_error("unavailable", "the server cannot be reached right now; try again")});
    if (*on) {
      state.svc.stats->matches_refused_maintenance++;
      return answer({503,
                     msg::http_error("maintenance", "the server is under maintenance: no new matches for now; "
                                                    "running ones go on"),
                     {{"Retry-After", "300"}}});
    }
    then();
  });
}

}  // namespace

void create_match(const route_call& call, answer_fn answer) {
  shared_state& state = call.state;
  if (auto refused = guest_refusal(call, "create matches")) return answer(std::move(*refused));
  std::string why;
  auto body = parse_client_json(call.body, why);
  if (!body) return answer({400, msg::http_error("bad_json", why)});
  if (const auto wait_s = state.creations.admit(call.address); wait_s > 0)
    return answer({429,
                   msg::http_error("rate_limited", "too many matches created from this address"),
                   {{"Retry-After", std::to_string(wait_s)}}});
  auto parsed = parse_create_request(*body);
  if (auto* e = std::get_if<request_error>(&parsed)) return answer({400, msg::http_error(e->code, e->message)});
  auto& request = std::get<create_request>(parsed);
  if (request.rated && !call.signed_in())
    return answer(
        {401, msg::http_error("sign_in_required", "only signed-in members play rated matches; sign in first")});
  if (call.signed_in()) request.account_id = call.auth.s.who.id;  // the creator's seat is the account's
  // A match against the computer takes a place of the node's bot capacity, bound to its code
  // when the code is drawn (freed if the creation stops before).
  if (request.bot_level && state.svc.bot_matches) {
    auto admitted = state.svc.bot_matches->admit(call.address);
    if (const auto* refusal = std::get_if<bot_refusal>(&admitted)) return answer(bot_refused(state, *refusal));
    request.bot_place = std::make_shared<bot_reservation>(std::move(std::get<bot_reservation>(admitted)));
  }
  unless_maintenance(state, answer,
                     [&registry = state.registry, request = std::move(request), answer,
                      link_base = call.link_base]() mutable {
                       registry.create(std::move(request),
                                       [answer, link_base](create_result r) { answer(creation_answer(r, link_base)); });
                     });
}

void publish_match(const route_call& call, answer_fn answer) {
  shared_state& state = call.state;
  if (auto refused = guest_refusal(call, "create matches")) return answer(std::move(*refused));
  // Every publication counts, a refused one too: each may cost a replay.
  if (const auto wait_s = state.publications.admit(call.address); wait_s > 0)
    return answer({429,
                   msg::http_error("rate_limited", "too many games published from this address"),
                   {{"Retry-After", std::to_string(wait_s)}}});
  unless_maintenance(state, answer,
                     [&state, text = call.body, account_id = call.signed_in() ? call.auth.s.who.id : 0,
                      link_base = call.link_base, answer]() mutable {
                       state.registry.publish(std::move(text), account_id, [link_base, answer](publish_result r) {
                         answer(publish_answer(std::move(r), link_base));
                       });
                     });
}

void list_matches(const route_call& call, answer_fn answer) {
  const std::string preview = query_value(call.query, "preview");
  if (preview != "" && preview != "0" && preview != "1")
    return answer({400, msg::http_error("bad_request", "preview must be 0 or 1")});
  const std::string status = query_value(call.query, "status");
  if (status != "" && status != "waiting" && status != "live" && status != "finished")
    return answer({400, msg::http_error("bad_request", "status must be waiting, live or finished")});
  call.state.registry.list(status, query_value(call.query, "game"), preview == "1",
                           reading(std::move(answer), "matches cannot be listed right now"));
}

void read_match(const route_call& call, answer_fn answer) {
  read_unless_members_only(call, answer, [&registry = call.state.registry, code = call.params.at(0), answer] {
    registry.describe(code, reading(answer, match_unreadable));
  });
}

void read_match_log(const route_call& call, answer_fn answer) {
  const std::string from_text = query_value(call.query, "from");
  std::int64_t from = 0;
  if (!from_text.empty()) {
    const auto [p, ec] = std::from_chars(from_text.data(), from_text.data() + from_text.size(), from);
    if (ec != std::errc{} || p != from_text.data() + from_text.size() || from < 0)
      return answer({400, msg::http_error("bad_request", "from must be a non-negative integer")});
  }
  read_unless_members_only(call, answer, [&registry = call.state.registry, code = call.params.at(0), from, answer] {
    registry.log(code, from, reading(answer, match_unreadable));
  });
}

}  // namespace tabuleiro::server

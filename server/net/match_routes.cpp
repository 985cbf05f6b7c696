#include "server/net/match_routes.h"

#include <utility>

#include "protocol/core/messages.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

namespace {

// The answer to a failure of the server's own while making a match (what could not be done:
// what, e.g. "the match").
api_answer failure_answer(create_failure f, std::string_view what) {
  switch (f) {
    case create_failure::no_free_code: return {503, msg::http_error("busy", "no free share code; try again")};
    case create_failure::busy:
      return {503, msg::http_error("busy", "too many games are being published right now; try again"),
              {{"Retry-After", "1"}}};
    case create_failure::storage_unavailable:
      return {503, msg::http_error("storage_error", std::string(what) + " could not be stored right now; try again")};
    case create_failure::storage_failed: break;
  }
  return {500, msg::http_error("storage_error", std::string(what) + " could not be stored")};
}

// The answer to a publication's result (links under link_base).
api_answer publish_answer(publish_result r, const std::string& link_base) {
  if (const auto* m = std::get_if<published_match>(&r)) return {201, msg::published(m->code, link_base + "/m/" + m->code)};
  if (const auto* e = std::get_if<request_error>(&r)) return {400, msg::http_error(e->code, e->message)};
  if (const auto* e = std::get_if<log_refusal>(&r)) return {400, msg::bad_log(e->message, e->step, e->reason)};
  return failure_answer(std::get<create_failure>(r), "the game");
}

}  // namespace

api_answer read_answer(registry_read r, std::string_view unavailable_message) {
  if (auto* body = std::get_if<json>(&r)) return {200, std::move(*body)};
  switch (std::get<read_failure>(r)) {
    case read_failure::absent: return {404, msg::http_error("unknown_match", "no match has this code")};
    case read_failure::elsewhere:
      // 421 Misdirected Request: another node serves the match; the same request again (routed
      // anew by the proxy) reaches it once the lease moved.
      return {421, msg::http_error("match_elsewhere", "another node serves this match; try again"),
              {{"Retry-After", "1"}}};
    case read_failure::log_failed: return {500, msg::http_error("internal", "the log could not be built")};
    case read_failure::unavailable: break;
  }
  return {503, msg::http_error("storage_error", unavailable_message)};
}

api_answer creation_answer(const create_result& r, const std::string& link_base) {
  if (const auto* m = std::get_if<new_match>(&r))
    return {201, msg::created(m->code, link_base + "/m/" + m->code, m->seat, m->token)};
  if (const auto* e = std::get_if<request_error>(&r)) return {400, msg::http_error(e->code, e->message)};
  return failure_answer(std::get<create_failure>(r), "the match");
}

void unless_maintenance(shared_state& state, std::function<void(api_answer)> answer, std::function<void()> then) {
  if (!state.admin) return then();
  state.admin->maintenance([&state, answer = std::move(answer), then = std::move(then)](std::optional<bool> on) {
    if (!on) return answer({503, msg::http_error("unavailable", "the server cannot be reached right now; try again")});
    if (*on) {
      state.svc.stats->matches_refused_maintenance++;
      return answer({503, msg::http_error("maintenance", "the server is under maintenance: no new matches for now; "
                                                         "running ones go on"),
                     {{"Retry-After", "300"}}});
    }
    then();
  });
}

void answer_publish(shared_state& state, std::string text, const std::string& address, std::int64_t account_id,
                    const std::string& link_base, std::function<void(api_answer)> answer) {
  // Every publication counts, a refused one too: each may cost a replay.
  if (const auto wait_s = state.publications ? state.publications->admit(address) : 0; wait_s > 0)
    return answer({429, msg::http_error("rate_limited", "too many games published from this address"),
                   {{"Retry-After", std::to_string(wait_s)}}});
  unless_maintenance(state, answer, [&state, text = std::move(text), account_id, link_base, answer]() mutable {
    state.registry->publish(std::move(text), account_id, [link_base, answer](publish_result r) {
      answer(publish_answer(std::move(r), link_base));
    });
  });
}

}  // namespace tabuleiro::server

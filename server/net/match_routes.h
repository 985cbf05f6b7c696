// The match routes' answers over HTTP, once the session let the request through (origin, media
// type, CSRF and access mode are the session's checks): reads of a match, the answer to POST
// /api/matches, and POST /api/matches/publish, a game played away from the server sent back
// finished, replayed and stored (server/registry/publish_request.h). No match is made in
// maintenance.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "server/net/api_answer.h"
#include "server/net/shared_state.h"

namespace tabuleiro::server {

// The path of the publication route.
inline constexpr std::string_view publish_path = "/api/matches/publish";

// What a read of one match says when the store cannot answer.
inline constexpr std::string_view match_unreadable = "the match cannot be read right now; try again";

// The answer to a registry read: 200 with its JSON, else the failure's status and error
// (unavailable_message says what could not be read).
api_answer read_answer(registry_read r, std::string_view unavailable_message);

// The answer to POST /api/matches for a creation's result: 201 with code, link (link_base +
// "/m/" + code), seat and token; 400 for the game's refusal; 503 or 500 for the server's own.
api_answer creation_answer(const create_result& r, const std::string& link_base);

// Calls then() unless new matches are paused: in maintenance (set by an administrator for every
// node) answer gets 503 maintenance with Retry-After: 300, and 503 unavailable when the
// database cannot say. At once when the server has no administration.
void unless_maintenance(shared_state& state, std::function<void(api_answer)> answer, std::function<void()> then);

// Answers POST /api/matches/publish whose body is text, sent from address by account_id (0: a
// guest): 429 rate_limited (Retry-After) past the address's --publish-limit per minute, then
// 503 in maintenance, then the registry's replay: 201 {"code","link"} (link under link_base);
// 400 bad_json, bad_request, unknown_game, bad_options, or bad_log with the step refused;
// 503 busy (Retry-After: 1) or storage_error; 500 storage_error.
void answer_publish(shared_state& state, std::string text, const std::string& address, std::int64_t account_id,
                    const std::string& link_base, std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

// Link previews over HTTP: a match page (/m/{code}) carrying Open Graph and Twitter card tags
// (the game, the players, whose turn or the result) and GET /api/matches/{code}/preview.png,
// the picture those tags name, drawn from the spectator's view (server/preview/). A match
// whose creator kept guests out (members and invite modes) gets neither tags nor, for a guest,
// a picture.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/net/api_answer.h"
#include "server/net/shared_state.h"

namespace tabuleiro::server {

// The share code of a preview image path "/api/matches/{code}/preview.png", or "" for any
// other path.
std::string preview_png_code(std::string_view path);

// Answers the preview PNG of match code for a client at address (member: signed in, which a
// match only members watch needs): 200 image/png, 401 sign_in_required, 404 unknown_match,
// 421 match_elsewhere, 429 rate_limited (Retry-After) or 503.
void answer_preview_png(shared_state& state, const std::string& code, bool member, const std::string& address,
                        std::function<void(api_answer)> answer);

// Answers the match page of code: page (index.html's text) with the match's preview tags after
// its <title> when guests may watch it (links under link_base), else page as it is.
void answer_match_page(shared_state& state, const std::string& code, const std::string& link_base, std::string page,
                       std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

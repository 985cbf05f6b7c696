// The ratings' read routes of the HTTP API: a player's profile (GET /api/players/{name}) and a
// game's leaderboard (GET /api/leaderboard?game=…&speed=…). Free functions over one parsed
// request, like the account routes.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/net/api_answer.h"
#include "server/social/ratings.h"

namespace tabuleiro::server {

// Whether path is one of the ratings' routes.
bool is_rating_route(std::string_view path);

// Answers one request to a ratings route through answer, called once, on any thread; now_ms
// decides who is active on a leaderboard (a rated game in the last 30 days).
void handle_rating_request(social::rating_service& ratings,
                           const boost::beast::http::request<boost::beast::http::string_body>& req,
                           std::string_view path, std::string_view query, std::int64_t now_ms,
                           std::function<void(api_answer)> answer);

}  // namespace tabuleiro::server

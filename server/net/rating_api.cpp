// The ratings' read routes of the HTTP API: a player's profile (GET /api/players/{name}) and a
// game's leaderboard (GET /api/leaderboard?game=…&speed=…). Their handlers are declared in route_handlers.h.
#include "server/net/route_handlers.h"

#include "protocol/core/game.h"
#include "protocol/core/messages.h"
#include "server/net/http_query.h"
#include "server/net/shared_state.h"
#include "server/room/summary.h"

namespace tabuleiro::server {

namespace http = boost::beast::http;
namespace msg = protocol::messages;
using protocol::messages::http_error;

namespace {

constexpr std::int64_t active_days = 30;
constexpr std::size_t board_size = 50;
constexpr std::size_t history_points = 200;

// The answer to a read the database could not do.
api_answer unavailable() { return {503, http_error("unavailable", "ratings cannot be read right now; try again")}; }

// A profile as its route answers it.
api_answer profile_answer(const social::profile& p) {
  std::vector<msg::player_rating_fields> ratings;
  for (std::size_t i = 0; i < p.ratings.size(); ++i) {
    const social::rating_row& r = p.ratings[i];
    msg::player_rating_fields f{r.game,
                                social::speed_name(r.speed),
                                r.current.value,
                                r.current.deviation,
                                social::provisional(r.current),
                                r.games,
                                r.wins,
                                r.draws,
                                r.losses,
                                {}};
    for (const social::rating_point& point : p.history[i])
      f.history.push_back({point.code, iso_time(point.at_ms), point.opponent, point.value, point.score});
    ratings.push_back(std::move(f));
  }
  return {200, msg::player_profile(p.player.username, p.player.display_name, ratings), {{"Cache-Control", "no-cache"}}};
}

}  // namespace

void read_player_profile(const route_call& call, answer_fn answer) {
  const std::string& name = call.params.at(0);
  if (name.size() > 64 || name.find('/') != std::string::npos)
    return answer({404, http_error("unknown_player", "no rated games are known for this name")});
  call.state.ratings.read_profile(
      name, history_points, [answer = std::move(answer)](read_status st, social::profile p) {
        if (st == read_status::unavailable) return answer(unavailable());
        if (st == read_status::absent)
          return answer({404, http_error("unknown_player", "no rated games are known for this name")});
        answer(profile_answer(p));
      });
}

void read_leaderboard(const route_call& call, answer_fn answer) {
  const std::string game = query_value(call.query, "game");
  if (protocol::find_game(game) == nullptr)
    return answer({400, http_error("unknown_game", "game must name a hosted game")});
  const std::string speed_text = query_value(call.query, "speed");
  const auto speed = speed_text.empty() ? std::optional(social::speed::live) : social::parse_speed(speed_text);
  if (!speed) return answer({400, http_error("bad_request", "speed must be live or correspondence")});
  const std::int64_t now_ms = call.state.svc.time->now_ms();
  call.state.ratings.read_leaderboard(
      game, *speed, now_ms - active_days * 86'400'000, board_size,
      [answer = std::move(answer), game, s = *speed](read_status st, std::vector<social::board_line> lines) {
        if (st != read_status::found) return answer(unavailable());
        std::vector<msg::leaderboard_line> out;
        for (const auto& l : lines)
          out.push_back({l.username, l.display_name, l.current.value, l.current.deviation, l.games});
        answer({200, msg::leaderboard(game, social::speed_name(s), out), {{"Cache-Control", "no-cache"}}});
      });
}

}  // namespace tabuleiro::server

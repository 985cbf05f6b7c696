// The rating service: settling through the store's writer, reads on its read connection.
#include "server/social/ratings.h"

#include <memory>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "server/accounts/credentials.h"
#include "server/store/connection.h"

namespace tabuleiro::server::social {

namespace msg = protocol::messages;
namespace net = boost::asio;

nlohmann::json ratings_json(const settlement& s) {
  std::array<msg::rating_line, 2> lines{};
  for (std::size_t i = 0; i < 2; ++i)
    lines[i] = {s.changes[i].seat, s.changes[i].before.value, s.changes[i].after.value,
                provisional(s.changes[i].after)};
  return msg::match_ratings(s.counted, speed_name(s.speed), lines, s.not_counted);
}

void rating_service::settle(const std::string& code, std::function<void(nlohmann::json)> shown) {
  auto out = std::make_shared<settlement>();
  db_.queue_write(settle_work(code, out), [code, out, shown = std::move(shown)](write_status st) {
    if (st != write_status::ok) {
      spdlog::error("ratings: could not settle match {} ({})", code, write_status_name(st));
      return;
    }
    if (out->counted)
      spdlog::info("ratings: match {} settled: {:.0f} → {:.0f}, {:.0f} → {:.0f}", code, out->changes[0].before.value,
                   out->changes[0].after.value, out->changes[1].before.value, out->changes[1].after.value);
    if (shown) shown(ratings_json(*out));
  });
}

std::size_t rating_service::settle_missed(std::size_t limit) {
  std::vector<std::string> codes;
  if (db_.run_read("finding unsettled rated matches", [&](sql_connection& db, std::string& error) {
        return read_unsettled(db, limit, codes, error);
      }) != read_status::found)
    return 0;
  for (const std::string& code : codes) settle(code, {});  // queued in order: the oldest end first
  if (!codes.empty()) spdlog::info("ratings: settling {} rated matches that ended unsettled", codes.size());
  return codes.size();
}

nlohmann::json rating_service::read_match_ratings(const std::string& code) {
  nlohmann::json out;
  db_.run_read("reading a match's ratings", [&](sql_connection& db, std::string& error) {
    std::optional<std::string> settled;
    if (!db.query(
            "SELECT ratings_settled FROM matches WHERE code = ?1 AND rated = 1", {code},
            [&](const sql_row& r) {
              if (!r.is_null(0)) settled = r.text(0);
            },
            error))
      return read_status::unavailable;
    if (!settled) return read_status::absent;
    settlement s;
    if (*settled != "counted") {
      s.not_counted = *settled;
    } else if (const read_status st = read_match_changes(db, code, s, error); st != read_status::found) {
      return st;
    }
    out = ratings_json(s);
    return read_status::found;
  });
  return out;
}

void rating_service::read_profile(std::string username, std::size_t history_limit,
                                  std::function<void(read_status, profile)> done) {
  net::post(reads_, [this, username = std::move(username), history_limit, done = std::move(done)] {
    profile p;
    const read_status st = db_.run_read("reading a profile", [&](sql_connection& db, std::string& error) {
      const read_status who = read_player(db, accounts::username_key(username), p.player, error);
      if (who != read_status::found) return who;
      if (read_user_ratings(db, p.player.id, p.ratings, error) != read_status::found) return read_status::unavailable;
      if (p.ratings.empty()) return read_status::absent;  // only a member who played rated has a profile
      p.history.assign(p.ratings.size(), {});
      for (std::size_t i = 0; i < p.ratings.size(); ++i)
        if (read_rating_history(db, p.player.id, p.ratings[i].game, p.ratings[i].speed, history_limit, p.history[i],
                                error) != read_status::found)
          return read_status::unavailable;
      return read_status::found;
    });
    done(st, st == read_status::found ? std::move(p) : profile{});
  });
}

void rating_service::read_leaderboard(std::string game, speed s, std::int64_t since_ms, std::size_t limit,
                                      std::function<void(read_status, std::vector<board_line>)> done) {
  net::post(reads_, [this, game = std::move(game), s, since_ms, limit, done = std::move(done)] {
    std::vector<board_line> lines;
    const read_status st = db_.run_read("reading a leaderboard", [&](sql_connection& db, std::string& error) {
      return social::read_leaderboard(db, game, s, since_ms, limit, lines, error);
    });
    done(st, std::move(lines));
  });
}

}  // namespace tabuleiro::server::social

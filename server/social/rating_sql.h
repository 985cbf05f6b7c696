// The ratings' rows in the store (schema/011_ratings.sql): settling a finished rated match as
// one write for the store's writer thread, and the reads of ratings and their history, one SQL
// text for both databases (store/connection.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/room/match_clock.h"
#include "server/social/glicko2.h"
#include "server/store/store.h"

namespace tabuleiro::server::social {

// Live clocks and correspondence (days per move) are rated apart.
enum class speed { live, correspondence };
// "live" | "correspondence".
const char* speed_name(speed s);
// The speed named n, if it is one.
std::optional<speed> parse_speed(const std::string& n);
// The speed a clock gives: live for a Fischer clock, correspondence for days per move (and, should
// a rated match have none, for no clock).
speed speed_of(const clock_options& clock);

// One player's part of a rated match: the rating before it (the deviation grown by the idle
// days), the score and the rating after.
struct rating_change {
  int seat = 0;
  std::int64_t user_id = 0;
  double score = 0;  // 1 win, 0.5 draw, 0 loss
  rating before;
  rating after;
};

// What settling a match did: counted (both players' changes, by seat) or not, and why not.
struct settlement {
  bool counted = false;
  std::string game;
  social::speed speed = speed::live;
  std::array<rating_change, 2> changes{};  // [seat - 1], when counted
  std::string not_counted;                 // why a finished rated match did not count ("" when counted)
};

// Settles match code's ratings, once: when the match is rated and finished, both seats are held
// by two different accounts, neither an abort nor the host ended it and both seats acted, both
// players' ratings for its game and speed move by Glicko-2 (one game, one rating period; each
// rating first grown by its idle days) and a rating_changes row records each; out says what was
// done. A match settled before reads back its changes and writes nothing. ok also when the match
// does not count; conflict when it is absent, not rated or unfinished.
write_work settle_work(const std::string& code, std::shared_ptr<settlement> out, const glicko2_constants& k = {});

// A match's rating changes as stored (absent: the match is not rated, or did not count).
read_status read_match_changes(sql_connection& db, const std::string& code, settlement& out, std::string& error);

// One account's rating in one game and speed as stored, and its record.
struct rating_row {
  std::int64_t user_id = 0;
  std::string game;
  social::speed speed = speed::live;
  rating current;
  int games = 0;
  int wins = 0, draws = 0, losses = 0;
  std::int64_t updated_ms = 0;
};

// An account as its profile shows it.
struct player_row {
  std::int64_t id = 0;
  std::string username;
  std::string display_name;
};

// The account whose username_key is key, unless disabled (absent: none).
read_status read_player(sql_connection& db, const std::string& key, player_row& out, std::string& error);

// Every rating of user_id (each game and speed it played rated), by game then speed.
read_status read_user_ratings(sql_connection& db, std::int64_t user_id, std::vector<rating_row>& out,
                              std::string& error);

// One point of a rating's history: after the match code ended at at_ms.
struct rating_point {
  std::string code;
  std::int64_t at_ms = 0;
  double score = 0;
  double value = 0;
  double deviation = 0;
  std::string opponent;  // the opponent's display name
};

// user_id's history in game and speed, oldest first, its last limit points.
read_status read_rating_history(sql_connection& db, std::int64_t user_id, const std::string& game, speed s,
                                std::size_t limit, std::vector<rating_point>& out, std::string& error);

// A leaderboard line: the account and its rating.
struct board_line {
  std::int64_t user_id = 0;
  std::string username;
  std::string display_name;
  rating current;
  int games = 0;
};

// The best limit accounts of game and speed, best first: not disabled, not provisional (RD at
// most 110) and with a rated game ended at or after active_since_ms.
read_status read_leaderboard(sql_connection& db, const std::string& game, speed s, std::int64_t active_since_ms,
                             std::size_t limit, std::vector<board_line>& out, std::string& error);

// The codes of finished rated matches not yet settled (a node stopped between a match's end and
// its settling: ratings_settled is NULL), oldest end first, at most limit.
read_status read_unsettled(sql_connection& db, std::size_t limit, std::vector<std::string>& out, std::string& error);

}  // namespace tabuleiro::server::social

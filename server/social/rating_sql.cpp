// Settling a rated match and reading ratings, in SQL both databases accept.
#include "server/social/rating_sql.h"

#include <algorithm>
#include <exception>
#include <limits>

#include "server/room/match_clock.h"
#include "server/store/connection.h"

namespace tabuleiro::server::social {
namespace {

// The speed a match's stored clock option gives (speed_of; no clock or an unreadable one:
// correspondence).
speed speed_of_text(const std::string& clock_text) {
  if (clock_text.empty()) return speed::correspondence;
  std::string error;
  const auto o = parse_clock_options(json::parse(clock_text, nullptr, false), error);
  return o ? speed_of(*o) : speed::correspondence;
}

// The stored match a settling needs.
struct rated_match {
  std::int64_t id = 0;
  std::string game;
  bool rated = false;
  std::string status;
  json outcome;
  std::string clock;
  std::int64_t finished_ms = 0;
  std::optional<std::string> settled;
};

// Reads code's match into m; false with error when the database failed (m.id 0: absent).
bool read_rated_match(sql_connection& db, const std::string& code, rated_match& m, std::string& error) {
  return db.query(
      "SELECT id, game, rated, status, outcome, clock, finished_ms, ratings_settled FROM matches WHERE code = ?1",
      {code},
      [&](const sql_row& r) {
        m.id = r.int64(0);
        m.game = r.text(1);
        m.rated = r.int64(2) != 0;
        m.status = r.text(3);
        m.outcome = r.is_null(4) ? json() : json::parse(r.text(4), nullptr, false);
        m.clock = r.is_null(5) ? std::string() : r.text(5);
        m.finished_ms = r.int64(6);
        if (!r.is_null(7)) m.settled = r.text(7);
      },
      error);
}

// Why a finished rated match does not count ("" when it does): an abort (by a player or the
// host), a seat without an account, one account in both seats, or a seat that never acted.
std::string not_counted(sql_connection& db, const rated_match& m, std::array<std::int64_t, 2>& users, bool& failed,
                        std::string& error) {
  const std::string reason = m.outcome.is_object() ? m.outcome.value("reason", std::string()) : std::string();
  if (reason == "aborted" || reason == "aborted_by_host") return "aborted";
  failed = !db.query(
      "SELECT seat, user_id FROM seats WHERE match_id = ?1", {m.id},
      [&](const sql_row& r) {
        const auto seat = r.int64(0);
        if ((seat == 1 || seat == 2) && !r.is_null(1)) users[static_cast<std::size_t>(seat - 1)] = r.int64(1);
      },
      error);
  if (failed) return {};
  if (users[0] == 0 || users[1] == 0) return "guest";
  if (users[0] == users[1]) return "same_account";
  std::int64_t acted = 0;
  failed = !db.query(
      "SELECT COUNT(DISTINCT seat) FROM actions WHERE match_id = ?1 AND seat IN (1, 2) AND action IS NOT NULL", {m.id},
      [&](const sql_row& r) { acted = r.int64(0); }, error);
  if (failed) return {};
  return acted == 2 ? std::string() : "not_both_acted";
}

// Reads (user, game, speed)'s stored rating into r (a newcomer's when there is none) and the
// end of its last rated game; false with error when the database failed.
bool read_rating(sql_connection& db, std::int64_t user, const std::string& game, speed s, rating& r,
                 std::int64_t& updated_ms, std::string& error) {
  r = initial_rating();
  updated_ms = 0;
  return db.query(
      "SELECT value, deviation, volatility, updated_ms FROM ratings WHERE user_id = ?1 AND game = ?2 AND speed = ?3",
      {user, game, std::string(speed_name(s))},
      [&](const sql_row& row) {
        r = {row.real(0), row.real(1), row.real(2)};
        updated_ms = row.int64(3);
      },
      error);
}

// What a match settled before did (settled: its ratings_settled), read back into out.
write_status settled_before(sql_connection& db, const std::string& code, const std::string& settled, settlement& out,
                            std::string& error) {
  if (settled != "counted") {
    out.not_counted = settled;
    return write_status::ok;
  }
  const std::string game = out.game;
  const speed s = out.speed;
  const read_status r = read_match_changes(db, code, out, error);
  out.game = game;
  out.speed = s;
  return r == read_status::unavailable ? write_status::unavailable : write_status::ok;
}

}  // namespace

speed speed_of(const clock_options& clock) {
  return clock.type == clock_options::kind::fischer ? speed::live : speed::correspondence;
}

const char* speed_name(speed s) { return s == speed::live ? "live" : "correspondence"; }

std::optional<speed> parse_speed(const std::string& n) {
  if (n == "live") return speed::live;
  if (n == "correspondence") return speed::correspondence;
  return std::nullopt;
}

read_status read_match_changes(sql_connection& db, const std::string& code, settlement& out, std::string& error) {
  out = settlement{};
  if (read_rows(
          db,
          "SELECT c.seat, c.user_id, c.score, c.before_value, c.before_deviation, c.after_value, c.after_deviation,"
          " c.game, c.speed FROM rating_changes c JOIN matches m ON m.id = c.match_id WHERE m.code = ?1 ORDER BY c.seat",
          {code},
          [&](const sql_row& r) {
            const auto seat = r.int64(0);
            if (seat != 1 && seat != 2) return;
            auto& c = out.changes[static_cast<std::size_t>(seat - 1)];
            c.seat = static_cast<int>(seat);
            c.user_id = r.int64(1);
            c.score = r.real(2);
            c.before = {r.real(3), r.real(4), 0};
            c.after = {r.real(5), r.real(6), 0};
            out.game = r.text(7);
            out.speed = parse_speed(r.text(8)).value_or(speed::live);
            out.counted = true;
          },
          error) != read_status::found)
    return read_status::unavailable;
  return out.counted && out.changes[0].seat == 1 && out.changes[1].seat == 2 ? read_status::found : read_status::absent;
}

write_work settle_work(const std::string& code, std::shared_ptr<settlement> out, const glicko2_constants& k) {
  return [code, out, k](sql_connection& db, std::string& error) -> write_status {
    try {
      rated_match m;
      if (!read_rated_match(db, code, m, error)) return write_status::unavailable;
      if (m.id == 0 || !m.rated || m.status != "finished") {
        error = m.id == 0 ? "no such match" : !m.rated ? "the match is not rated" : "the match is not finished";
        return write_status::conflict;
      }
      *out = settlement{};
      out->game = m.game;
      out->speed = speed_of_text(m.clock);
      if (m.settled) return settled_before(db, code, *m.settled, *out, error);
      std::array<std::int64_t, 2> users{};
      bool failed = false;
      const std::string why = not_counted(db, m, users, failed, error);
      if (failed) return write_status::unavailable;
      if (!why.empty()) {
        out->not_counted = why;
        return db.run("UPDATE matches SET ratings_settled = ?2 WHERE id = ?1", {m.id, why}, error);
      }
      // Lock both rating rows in account order (a newcomer's row is made first), so that two
      // matches of one player settled at once on two nodes take turns and cannot deadlock.
      const std::string speed_text = speed_name(out->speed);
      for (const std::int64_t user : {std::min(users[0], users[1]), std::max(users[0], users[1])}) {
        const rating start = initial_rating();
        const write_status s = db.run(
            "INSERT INTO ratings (user_id, game, speed, value, deviation, volatility, games, updated_ms)"
            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 0)"
            " ON CONFLICT (user_id, game, speed) DO UPDATE SET games = ratings.games",
            {user, m.game, speed_text, start.value, start.deviation, start.volatility}, error);
        if (s != write_status::ok) return s;
      }
      // Another node may have settled the match while this one waited for the rows.
      std::optional<std::string> settled;
      if (!db.query(
              "SELECT ratings_settled FROM matches WHERE id = ?1", {m.id},
              [&](const sql_row& r) {
                if (!r.is_null(0)) settled = r.text(0);
              },
              error))
        return write_status::unavailable;
      if (settled) return settled_before(db, code, *settled, *out, error);
      std::array<rating, 2> before{};
      for (std::size_t i = 0; i < 2; ++i) {
        std::int64_t updated_ms = 0;
        if (!read_rating(db, users[i], m.game, out->speed, before[i], updated_ms, error))
          return write_status::unavailable;
        if (updated_ms > 0)
          before[i] = after_idle(before[i], static_cast<double>(m.finished_ms - updated_ms) / 86'400'000.0, k);
      }
      const json winner = m.outcome.is_object() ? m.outcome.value("winner", json()) : json();
      for (std::size_t i = 0; i < 2; ++i) {
        const int seat = static_cast<int>(i + 1);
        const double score = winner.is_number_integer() ? (winner.get<int>() == seat ? 1.0 : 0.0) : 0.5;
        const game_result game{before[1 - i], score};
        const rating after = rate(before[i], std::span<const game_result>(&game, 1), k);
        out->changes[i] = {seat, users[i], score, before[i], after};
      }
      for (const rating_change& c : out->changes) {
        write_status s = db.run(
            "UPDATE ratings SET value = ?4, deviation = ?5, volatility = ?6, games = games + 1, updated_ms = ?7"
            " WHERE user_id = ?1 AND game = ?2 AND speed = ?3",
            {c.user_id, m.game, speed_text, c.after.value, c.after.deviation, c.after.volatility, m.finished_ms},
            error);
        if (s == write_status::ok)
          s = db.run(
              "INSERT INTO rating_changes (match_id, seat, user_id, game, speed, score, before_value, before_deviation,"
              " after_value, after_deviation, at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
              {m.id, std::int64_t{c.seat}, c.user_id, m.game, speed_text, c.score, c.before.value, c.before.deviation,
               c.after.value, c.after.deviation, m.finished_ms},
              error);
        if (s != write_status::ok) return s;
      }
      out->counted = true;
      return db.run("UPDATE matches SET ratings_settled = 'counted' WHERE id = ?1", {m.id}, error);
    } catch (const std::exception& e) {
      error = std::string("settling ratings: ") + e.what();
      return write_status::unavailable;
    }
  };
}

read_status read_player(sql_connection& db, const std::string& key, player_row& out, std::string& error) {
  out = player_row{};
  if (!db.query(
          "SELECT id, username, display_name FROM users WHERE username_key = ?1 AND disabled = 0", {key},
          [&](const sql_row& r) {
            out = {r.int64(0), r.text(1), r.text(2)};
          },
          error))
    return read_status::unavailable;
  return out.id != 0 ? read_status::found : read_status::absent;
}

read_status read_user_ratings(sql_connection& db, std::int64_t user_id, std::vector<rating_row>& out,
                              std::string& error) {
  out.clear();
  const bool ok = db.query(
      "SELECT r.game, r.speed, r.value, r.deviation, r.volatility, r.games, r.updated_ms,"
      " (SELECT COUNT(*) FROM rating_changes c WHERE c.user_id = r.user_id AND c.game = r.game AND c.speed = r.speed AND c.score = 1),"
      " (SELECT COUNT(*) FROM rating_changes c WHERE c.user_id = r.user_id AND c.game = r.game AND c.speed = r.speed AND c.score = 0.5),"
      " (SELECT COUNT(*) FROM rating_changes c WHERE c.user_id = r.user_id AND c.game = r.game AND c.speed = r.speed AND c.score = 0)"
      " FROM ratings r WHERE r.user_id = ?1 AND r.games > 0 ORDER BY r.game, r.speed",
      {user_id},
      [&](const sql_row& r) {
        rating_row row;
        row.user_id = user_id;
        row.game = r.text(0);
        row.speed = parse_speed(r.text(1)).value_or(speed::live);
        row.current = {r.real(2), r.real(3), r.real(4)};
        row.games = static_cast<int>(r.int64(5));
        row.updated_ms = r.int64(6);
        row.wins = static_cast<int>(r.int64(7));
        row.draws = static_cast<int>(r.int64(8));
        row.losses = static_cast<int>(r.int64(9));
        out.push_back(std::move(row));
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_rating_history(sql_connection& db, std::int64_t user_id, const std::string& game, speed s,
                                std::size_t limit, std::vector<rating_point>& out, std::string& error) {
  out.clear();
  const bool ok = db.query(
      "SELECT m.code, c.at_ms, c.score, c.after_value, c.after_deviation,"
      " (SELECT u.display_name FROM rating_changes o JOIN users u ON u.id = o.user_id"
      "  WHERE o.match_id = c.match_id AND o.seat <> c.seat)"
      " FROM rating_changes c JOIN matches m ON m.id = c.match_id"
      " WHERE c.user_id = ?1 AND c.game = ?2 AND c.speed = ?3 ORDER BY c.at_ms DESC, c.match_id DESC LIMIT ?4",
      {user_id, game, std::string(speed_name(s)), sql_limit(limit)},
      [&](const sql_row& r) {
        out.push_back(
            {r.text(0), r.int64(1), r.real(2), r.real(3), r.real(4), r.is_null(5) ? std::string() : r.text(5)});
      },
      error);
  std::reverse(out.begin(), out.end());
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_leaderboard(sql_connection& db, const std::string& game, speed s, std::int64_t active_since_ms,
                             std::size_t limit, std::vector<board_line>& out, std::string& error) {
  out.clear();
  const bool ok = db.query(
      "SELECT u.id, u.username, u.display_name, r.value, r.deviation, r.volatility, r.games"
      " FROM ratings r JOIN users u ON u.id = r.user_id"
      " WHERE r.game = ?1 AND r.speed = ?2 AND r.games > 0 AND r.deviation <= 110 AND r.updated_ms >= ?3 AND u.disabled = 0"
      " ORDER BY r.value DESC, u.id LIMIT ?4",
      {game, std::string(speed_name(s)), active_since_ms, sql_limit(limit)},
      [&](const sql_row& r) {
        out.push_back(
            {r.int64(0), r.text(1), r.text(2), {r.real(3), r.real(4), r.real(5)}, static_cast<int>(r.int64(6))});
      },
      error);
  return ok ? read_status::found : read_status::unavailable;
}

read_status read_unsettled(sql_connection& db, std::size_t limit, std::vector<std::string>& out, std::string& error) {
  out.clear();
  const bool ok = db.query(
      "SELECT code FROM matches WHERE rated = 1 AND status = 'finished' AND ratings_settled IS NULL"
      " ORDER BY finished_ms, id LIMIT ?1",
      {sql_limit(limit)}, [&](const sql_row& r) { out.push_back(r.text(0)); }, error);
  return ok ? read_status::found : read_status::unavailable;
}

}  // namespace tabuleiro::server::social

// Ratings (schema/011_ratings.sql): a rated match's end settles both players' Glicko-2 ratings
// once, in the store's writer thread; the profile and leaderboard read them. Matches whose
// settling a stopped node missed are settled when the server starts.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include "server/social/rating_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server::social {

// A rated match's settlement as the wire shows it (protocol messages::match_ratings).
nlohmann::json ratings_json(const settlement& s);

// An account's profile: who, every rating with its record, and each one's recent history.
struct profile {
  player_row player;
  std::vector<rating_row> ratings;
  std::vector<std::vector<rating_point>> history;  // [i]: ratings[i]'s last points, oldest first
};

// The ratings of one store. Reads run on the service's own thread, never the caller's.
// Thread-safety: every method may be called from any thread; answers come on the service's
// thread (reads) or the store's writer thread (settling).
class rating_service {
 public:
  explicit rating_service(store& db) : db_(db) {}
  ~rating_service() { reads_.join(); }

  // Settles match code (or reads back its settlement) and calls shown with ratings_json of it,
  // on the store's writer thread; a failure is logged and shown is not called.
  void settle(const std::string& code, std::function<void(nlohmann::json)> shown);
  // Settles, one by one, every finished rated match not yet settled (at most limit), and
  // returns how many it queued; the database failing is logged (0). Blocks on one read.
  std::size_t settle_missed(std::size_t limit = 1000);

  // A match's ratings as settled (ratings_json), or null while not settled, for an unrated
  // match or when the database could not answer. Blocks on one read (call it off the I/O threads).
  nlohmann::json read_match_ratings(const std::string& code);

  // Reads the profile of the account named username (any spelling username_key folds alike;
  // history: the last history_limit points of each rating): found, absent (no such account,
  // a disabled one, or one without a rated game: the same answer, so that profiles do not tell
  // which names exist) or unavailable.
  void read_profile(std::string username, std::size_t history_limit, std::function<void(read_status, profile)> done);
  // Reads the best limit accounts of game and speed with a rated game since since_ms, not
  // provisional: found or unavailable.
  void read_leaderboard(std::string game, speed s, std::int64_t since_ms, std::size_t limit,
                        std::function<void(read_status, std::vector<board_line>)> done);

 private:
  store& db_;
  boost::asio::thread_pool reads_{1};
};

}  // namespace tabuleiro::server::social

// Ratings (schema/011_ratings.sql): a rated match's end settles both players' Glicko-2 ratings
// once, in the store's writer thread; the profile and leaderboard read them. Matches whose
// settling a stopped node missed are settled when the server starts.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/social/rating_sql.h"
#include "server/store/store.h"
#include "server/util/clock.h"

namespace tabuleiro::server::social {

// A rated match's settlement as the wire shows it (protocol messages::match_ratings).
nlohmann::json ratings_json(const settlement& s);

// The ratings of one store.
// Thread-safety: every method may be called from any thread; reads block the caller (call them
// off the I/O threads), settle never does.
class rating_service {
 public:
  explicit rating_service(store& db) : db_(db) {}

  // Settles match code (or reads back its settlement) and calls shown with ratings_json of it,
  // on the store's writer thread; a failure is logged and shown is not called.
  void settle(const std::string& code, std::function<void(nlohmann::json)> shown);
  // Settles, one by one, every finished rated match not yet settled (at most limit), and
  // returns how many it queued; the database failing is logged (0).
  std::size_t settle_missed(std::size_t limit = 1000);

  // An account's profile: every rating with its record, and each one's recent history.
  struct profile {
    std::vector<rating_row> ratings;
    std::vector<std::vector<rating_point>> history;  // [i]: ratings[i]'s last points, oldest first
  };
  // Reads user_id's profile (history: the last history_limit points of each rating); nullopt when
  // the database could not answer.
  std::optional<profile> read_profile(std::int64_t user_id, std::size_t history_limit = 100);
  // The best limit accounts of game and speed with a rated game since since_ms, not provisional;
  // nullopt when the database could not answer.
  std::optional<std::vector<board_line>> read_leaderboard(const std::string& game, speed s, std::int64_t since_ms,
                                                          std::size_t limit = 50);

 private:
  store& db_;
};

}  // namespace tabuleiro::server::social

// The lobby's rows in the store (schema/012_lobby.sql): posting, ending and taking challenges as
// writes of the store's writer thread, and the read every node repeats to follow them; one SQL
// text for both databases (store/connection.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/social/rating_sql.h"
#include "server/store/store.h"

namespace tabuleiro::server::social {

// One challenge as stored, with its author's and target's names.
struct challenge_row {
  std::string id;
  std::string kind;  // "open" | "direct" | "seek"
  std::int64_t author_id = 0;
  std::string author_name, author_display;
  std::int64_t target_id = 0;  // direct: the member challenged (0: none)
  std::string target_name, target_display;
  std::string game;
  std::string request;  // the creation request's JSON text
  bool rated = false;
  std::optional<std::int64_t> min_rating, max_rating;
  double rating = 1500;  // the author's rating when posted
  bool provisional = true;
  std::string node;
  std::string status = "open";  // "open" | "accepted" | "cancelled" | "declined" | "expired"
  std::string match_code;       // accepted: the match it made
  std::int64_t accepted_by = 0;
  std::int64_t created_ms = 0, seen_ms = 0, expires_ms = 0, updated_ms = 0;
};

// Every open challenge and every one whose status changed at or after since_ms, oldest first,
// at most limit.
read_status read_challenges(sql_connection& db, std::int64_t since_ms, std::size_t limit,
                            std::vector<challenge_row>& out, std::string& error);

// One challenge by id (absent: none).
read_status read_challenge(sql_connection& db, const std::string& id, challenge_row& out, std::string& error);

// user_id's rating in game and speed, grown by its idle days until now_ms (a newcomer's when the
// member never played it rated).
read_status read_member_rating(sql_connection& db, std::int64_t user_id, const std::string& game, speed s,
                               std::int64_t now_ms, rating& out, std::string& error);

// Stores c as open. A seek first cancels its author's other open seeks; conflict when the author
// already has max_open open challenges (seeks aside: *refusal "too_many_challenges"), or a direct
// one to the same member is open ("already_challenged").
write_work post_challenge_work(const challenge_row& c, std::size_t max_open, std::shared_ptr<std::string> refusal);

// Ends challenge id with status ("cancelled" or "declined") at now_ms when it is open and user_id
// is its author (cancel) or its target (decline); conflict otherwise.
write_work end_challenge_work(const std::string& id, std::int64_t user_id, const std::string& status,
                              std::int64_t now_ms);

// Cancels every open challenge and seek that user_id's connections on node held (ok when none);
// kind "seek" cancels only the seeks.
write_work cancel_held_work(std::int64_t user_id, const std::string& node, const std::string& kind,
                            std::int64_t now_ms);

// Marks the open challenges that users' connections on node hold as seen at now_ms.
write_work renew_held_work(const std::vector<std::int64_t>& users, const std::string& node, std::int64_t now_ms);

// Expires every open challenge past its expires_ms, or not seen since stale_before_ms (its node
// stopped without cancelling it).
write_work expire_work(std::int64_t now_ms, std::int64_t stale_before_ms);

// Takes challenges ids (one challenge, or the two seeks paired) for match code, accepted_by
// user_id (0 for a pairing), at now_ms: each must still be open and unexpired, else conflict
// and nothing changes; then every other open challenge and seek of players is cancelled (they
// are playing now). Runs inside the new match's own write.
write_status take_challenges(sql_connection& db, const std::vector<std::string>& ids, std::int64_t accepted_by,
                             const std::vector<std::int64_t>& players, const std::string& code, std::int64_t now_ms,
                             std::string& error);

}  // namespace tabuleiro::server::social

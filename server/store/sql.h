// The store's SQL, one text for every database (connection.h): each write as a unit of
// work for the writer thread, and the reads. Internal to the store; see store.h for the contracts.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/store/store.h"

namespace tabuleiro::server {

class sql_connection;

// Builders of write work. Values (including JSON text) are captured at call time, so a caller's
// later changes do not leak in; a value that cannot be serialised makes a write that reports
// conflict (retrying cannot help).
write_work insert_match_work(const match_row& m);
// A plain INSERT: conflict when the seat row exists (never overwritten) or the match is absent.
write_work claim_seat_work(const std::string& code, int seat, const std::string& hash, std::int64_t at_ms,
                           std::int64_t user_id = 0);
// Sets a taken seat's display name ("" stores NULL); conflict when the seat row is absent.
write_work set_seat_name_work(const std::string& code, int seat, const std::string& name);
// insert_match_work(m) for a finished m, then every change of log (versions 1, 2, … in order,
// exactly one of action and change each) in multi-row INSERTs, then last_version := the last
// version; refused (conflict) for an unfinished m or an empty or malformed log.
write_work insert_finished_match_work(const match_row& m, const std::vector<action_row>& log);
// insert_match_work(next), then old_code's rematch := next.code while it is NULL; conflict
// when old_code is absent or already linked.
write_work insert_rematch_work(const match_row& next, const std::string& old_code);
// The version fence: conflict unless the match is unfinished and a.version is last + 1; and,
// when fence.epoch is not 0, the epoch fence: conflict unless fence is still the match's lease
// (whose row stays locked until the commit). Also conflict (a programming error, logged)
// unless exactly one of a.action and a.change is set.
write_work append_action_work(const std::string& code, const action_row& a, const lease& fence);
// append_action_work, then the match's end (status, outcome, finished_ms = a.at_ms).
write_work append_and_finish_work(const std::string& code, const action_row& a, const json& outcome,
                                  const lease& fence);
// Claims code's lease for node (store::claim_lease; asking the holder for it if ask) and sets
// *out to the lease as it stands after the claim (epoch 0: no such match). ok unless the
// database failed.
write_work claim_lease_work(const std::string& code, const std::string& node, std::int64_t now_ms,
                            std::int64_t expires_ms, bool ask, std::shared_ptr<lease> out);
// Extends node's leases to expires_ms and sets *out to the leases node holds.
write_work renew_leases_work(const std::string& node, std::int64_t expires_ms,
                             std::shared_ptr<std::vector<held_lease>> out);
// Makes code's lease l (every lease of l.node when code is empty) lapse now, epoch kept.
write_work release_lease_work(const std::string& code, const lease& l);

// Reads. Each returns found (out filled), absent (no such match; out empty) or unavailable
// (database or decoding error, with error set; out empty).
read_status read_match(sql_connection& db, const std::string& code, match_row& out, std::string& error);
read_status read_actions(sql_connection& db, const std::string& code, std::vector<action_row>& out, std::string& error);
// Lists are found (possibly empty) or unavailable.
read_status read_public(sql_connection& db, const std::string& status, const std::string& game, std::size_t limit,
                        std::vector<match_row>& out, std::string& error);
read_status read_idle(sql_connection& db, std::int64_t before_ms, std::size_t limit, std::vector<match_row>& out,
                      std::string& error);

}  // namespace tabuleiro::server

// The store's SQL: each write as a unit of work for the writer thread, and the reads.
// Internal to the store (store.cpp); see store.h for the contracts.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/store.h"

namespace tabuleiro::server {

class sqlite_connection;

// One write's SQL, run by the writer thread inside a savepoint of the batch's transaction.
// Returns false and sets error when the write must not take effect.
using write_work = std::function<bool(sqlite_connection& db, std::string& error)>;

// Builders of write work. Values (including JSON text) are captured at call time, so a caller's
// later changes do not leak in and serialisation errors surface as a failed write.
write_work insert_match_work(const match_row& m);
write_work set_seat_token_work(const std::string& code, int seat, const std::string& hash);
write_work append_action_work(const std::string& code, const action_row& a);
write_work finish_match_work(const std::string& code, const json& outcome, std::int64_t at_ms);
// first then second, as one write (the caller's savepoint undoes both if either fails).
write_work both_work(write_work first, write_work second);

// Reads; each returns false and sets error on a database or decoding error.
bool read_match(sqlite_connection& db, const std::string& code, std::optional<match_row>& out,
                std::string& error);
bool read_actions(sqlite_connection& db, const std::string& code, std::vector<action_row>& out,
                  std::string& error);
bool read_public(sqlite_connection& db, const std::string& status, const std::string& game,
                 std::size_t limit, std::vector<match_row>& out, std::string& error);
bool read_idle(sqlite_connection& db, std::int64_t before_ms, std::size_t limit,
               std::vector<match_row>& out, std::string& error);

}  // namespace tabuleiro::server

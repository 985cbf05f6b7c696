// Durable match storage in SQLite: matches, seats (token hashes), append-only action log.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

using json = nlohmann::json;

// One match as stored. Times are Unix milliseconds.
struct match_row {
  std::string code;             // share code, upper case ("K7M2QX")
  std::string game;             // "taixu"
  json options;                 // match options object
  std::string seed;             // unsigned 64-bit seed, decimal string (secret)
  json start_position;          // null, or the position the match was created from
  std::string visibility;       // "public" | "unlisted"
  std::string status;           // "waiting" | "live" | "finished"
  json outcome;                 // null or {"winner":1|2|null,"reason":"..."}
  std::int64_t created_ms = 0;
  std::int64_t finished_ms = 0;  // 0 while unfinished
  std::array<std::string, 2> token_hash;  // hex SHA-256 per seat; empty = seat free
};

// One logged state change. action is the game's action JSON, or a room-level change such as
// {"type":"resign","seat":2}, {"type":"draw_agreed"}, {"type":"abandoned"}.
struct action_row {
  std::int64_t version = 0;  // the room version this change produced (1, 2, ...)
  int seat = 0;              // acting seat, 0 for the server
  json action;
  std::int64_t at_ms = 0;
};

// Commit-latency observer: called on the writer thread once per committed batch with the
// batch size and the seconds from the oldest write's enqueue to its commit.
using commit_observer = std::function<void(std::size_t writes, double seconds)>;

// SQLite store. Writes are queued to one writer thread that commits them in batches (group
// commit; WAL, synchronous=FULL) and only then runs each write's completion on that thread —
// callers post back to their own strand from it. Reads use a separate connection.
// Thread-safety: every public method may be called from any thread.
class store {
 public:
  // Called once per write after its batch committed (ok=true) or failed (ok=false).
  using done = std::function<void(bool ok)>;

  // Opens (creating directories and the file) and migrates the database at path.
  // Returns nullptr and sets error on failure.
  static std::unique_ptr<store> open(const std::string& path, std::string& error,
                                     commit_observer observer = {});
  virtual ~store() = default;

  // Queues the insertion of a new match (with its seat token hashes).
  virtual void insert_match(const match_row& m, done d) = 0;
  // Queues setting seat's token hash (seat 1 or 2) of match code.
  virtual void set_seat_token(const std::string& code, int seat, const std::string& hash, done d) = 0;
  // Queues appending one logged change; the status becomes "live" if it was "waiting".
  virtual void append_action(const std::string& code, const action_row& a, done d) = 0;
  // Queues recording the end of a match (status "finished", outcome, finished_ms).
  virtual void finish_match(const std::string& code, const json& outcome, std::int64_t at_ms,
                            done d) = 0;

  // Reads one match (nullopt if absent); code is matched exactly (callers upper-case it).
  virtual std::optional<match_row> load_match(const std::string& code) = 0;
  // Reads a match's log in version order.
  virtual std::vector<action_row> load_actions(const std::string& code) = 0;
  // Lists matches by status ("" = any) and game ("" = any), public ones only, newest first.
  virtual std::vector<match_row> list_public(const std::string& status, const std::string& game,
                                             std::size_t limit) = 0;

  // Blocks until every write queued before the call has committed.
  virtual void flush() = 0;
  // Flushes and stops the writer thread; later writes complete with ok=false.
  virtual void close() = 0;
};

}  // namespace tabuleiro::server

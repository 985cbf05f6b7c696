// Durable match storage: matches, seats (token hashes), append-only log of game actions and
// room-level changes. One interface over SQLite (a file path) or PostgreSQL (a URL).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::server {

using json = nlohmann::json;

// A seat played by the server's computer player (schema/005_bot_seats.sql).
struct bot_seat_row {
  int seat = 0;       // 1 or 2
  std::string level;  // "easy" | "medium" | "hard"
  std::string seed;   // the bot's own unsigned 64-bit seed, decimal string (secret)
};

// One match as stored. Times are Unix milliseconds.
struct match_row {
  std::string code;        // share code, upper case ("K7M2QX")
  std::string game;        // a registered game's name
  json options;            // match options object
  std::string seed;        // unsigned 64-bit seed, decimal string (secret)
  json start_position;     // null, or the position the match was created from
  std::string visibility;  // "public" | "unlisted"
  std::string status;      // "waiting" | "live" | "finished"
  json outcome;            // null or {"winner":1|2|null,"reason":"..."}
  std::int64_t created_ms = 0;
  std::int64_t finished_ms = 0;                   // 0 while unfinished
  std::array<std::string, 2> token_hash;          // hex SHA-256 per seat; empty = seat free
  std::array<std::string, 2> seat_name;           // display name per seat ("" = none); not a credential
  std::string rematch;                            // share code of the rematch created from this match, or ""
  std::int64_t version = 0;                       // highest logged version; filled by reads, ignored by insert_match
  std::int64_t updated_ms = 0;                    // last logged change (or creation); filled by reads
  json clock;                                     // the clock option (server/room/match_clock.h), null = none
  std::array<std::int64_t, 2> seat_claimed_ms{};  // when each seat was taken (0: unknown/free)
  std::optional<bot_seat_row> bot;                // the seat a bot plays, if any (its seat also has a token hash)
  std::array<std::int64_t, 2> seat_user{};        // the account holding each seat (0: a guest's, or free)
  bool guests_watch = true;                       // guests may watch (where only members play; else everyone may)
  bool offline = false;                           // played away from the server and published finished (schema/010)
  bool rated = false;                             // its end changes both players' ratings (schema/011)
  bool chat = true;                               // its creator left its chat on (schema/013)
};

// One logged state change: either a game action (action, the game's canonical action JSON;
// change null) or a typed room-level change (change, e.g. {"type":"resign","seat":2},
// {"type":"draw_agreed"}, {"type":"abandoned","winner":1|null}; action null), kept in their
// own columns so that a game action can never replay as a room-level change.
// Versions are contiguous per match: the log holds 1..N with no gaps or duplicates.
struct action_row {
  std::int64_t version = 0;  // the room version this change produced (1, 2, ...)
  int seat = 0;              // acting seat, 0 for the server
  json action;               // game action, or null
  json change;               // room-level change, or null
  std::int64_t at_ms = 0;
  std::int64_t lag_ms = 0;  // lag compensation credited to this change (match_clock)
};

// A node's hold on one match in a cluster (schema/007_leases.sql): the node's name, the
// claim's epoch (raised by every claim, so an earlier holder can be told apart) and when it
// lapses unless renewed (Unix ms). epoch 0 is no lease: a single node's unfenced appends.
struct lease {
  std::string node;
  std::int64_t epoch = 0;
  std::int64_t expires_ms = 0;
  // Set by a claim that took the lease from another node which let it lapse without giving it
  // up (that node died or froze), as opposed to a fresh lease or one given up.
  bool taken_over = false;
};

// A lease a node holds, as its renewal reports it: the match, the epoch, and whether another
// node asked for the match since the claim (the holder then hands it over).
struct held_lease {
  std::string code;
  std::int64_t epoch = 0;
  bool wanted = false;
};

// How a write ended.
enum class write_status {
  ok,           // committed (durable)
  conflict,     // refused by the stored state: version not next (the fence), seat already
                // taken, code taken, match absent or already finished. Retrying will not help.
  unavailable,  // the database could not do it (I/O error, disk full, read-only, locked,
                // store closed). Nothing took effect; the same write may succeed later.
};

// The stable name of s ("ok", "conflict", "unavailable").
const char* write_status_name(write_status s);

// target (a path or a postgres:// URL, as store::open takes) as it may be logged: a URL's
// password, in its user part or a password= parameter, replaced by "***".
std::string loggable_db_target(const std::string& target);

// How a read ended: found, absent (the database answered: no such row), or unavailable
// (the database could not answer; not the same as absent).
enum class read_status { found, absent, unavailable };

// A read's status and, when found, its value.
template <class T>
struct read_result {
  read_status status = read_status::unavailable;
  T value{};
  bool found() const { return status == read_status::found; }
};

class sql_connection;

// A unit of SQL work for the writer thread (the store's own writes, and those of the
// subsystems that keep their rows in the store, e.g. server/accounts/), run inside the
// batch's transaction on sql_connection (store/connection.h). Returns ok when it took effect
// (pending the commit); otherwise conflict (the stored state refuses it) or unavailable (the
// database failed), with error set; the transaction is then rolled back and run again without
// it (or each write retried alone), so whatever it did is undone. A work may run more than once
// and must do the same each time on the same state.
using write_work = std::function<write_status(sql_connection& db, std::string& error)>;
// A read on the read connection: found (with its results kept by the work itself), absent, or
// unavailable with error set.
using read_work = std::function<read_status(sql_connection& db, std::string& error)>;

// Commit-latency observer: called on the writer thread once per committed transaction (a
// batch, or a single write retried alone) with its number of writes and the seconds from the
// oldest write's enqueue to its commit. It must not throw.
using commit_observer = std::function<void(std::size_t writes, double seconds)>;

// What the store has seen of its database since it opened, for readiness (/readyz) and
// /metrics. A failure's kind is one of: full, damaged, io, read_only, locked, unreachable, other.
struct store_health {
  std::int64_t last_commit_ms = 0;                // Unix ms (system clock) of the latest commit; 0: none yet
  bool failing = false;                           // the latest write attempt failed and nothing committed since
  bool damaged = false;                           // a write or read found the file damaged (kept until restart)
  std::string last_failure;                       // the latest failed write's or read's message ("": none)
  std::string last_failure_kind;                  // its kind
  std::map<std::string, std::uint64_t> failures;  // failed writes and reads since start, by kind
  std::int64_t file_bytes = -1;                   // SQLite: the database file's size (-1: PostgreSQL)
  std::int64_t wal_bytes = -1;                    // SQLite: the -wal file's size (0 when none; -1: PostgreSQL)
};

// h as Prometheus samples: tabuleiro_database_last_commit_timestamp_seconds,
// tabuleiro_database_write_failing, tabuleiro_database_damaged,
// tabuleiro_database_errors_total{kind}, and on SQLite tabuleiro_database_bytes and
// tabuleiro_database_wal_bytes.
std::string health_metrics(const store_health& h);

// The kind (see store_health) of a database error message, SQLite's or PostgreSQL's.
std::string failure_kind(std::string_view error);

// Tuning knobs of store::open; the defaults suit the server.
struct store_options {
  std::size_t max_batch = 1024;  // most writes per transaction (1 = one commit per write)
  int busy_timeout_ms = 5000;    // wait for a lock held by another process before failing
                                 // (SQLite's busy_timeout, PostgreSQL's lock_timeout)
  int quick_check_ms = -1;       // SQLite: run quick_check before migrating, for at most this
                                 // long (0: no limit; -1: not at all); damage refuses the open
};

// The store, on SQLite or PostgreSQL. Writes are queued to one writer thread that commits them
// in batches (group commit; SQLite: WAL, synchronous=FULL; PostgreSQL: synchronous_commit=on)
// and only then runs each write's completion on that thread — callers post back to their own
// strand from it. Reads use a separate connection.
// A refused write does not fail the others of its batch: the batch runs again without it;
// if a whole batch cannot commit, its writes are retried one by one, and a write reports ok
// only once its transaction has committed.
// Thread-safety: every public method may be called from any thread, except that flush() and
// close() must not be called from a completion (they wait for the writer thread).
class store {
 public:
  // Called once per write after its batch committed (ok), was refused (conflict) or could
  // not be done (unavailable), on the writer thread; after close() it is called at once on
  // the caller's thread with unavailable. It must not block for long: it delays the next
  // batch. An exception from it is logged.
  using done = std::function<void(write_status)>;

  // Opens and migrates the database at path: a SQLite file (its directories and the file are
  // created), or a PostgreSQL database named by a postgres:// or postgresql:// URL (libpq's
  // URI form; the database must exist). Returns nullptr and sets error on failure.
  static std::unique_ptr<store> open(const std::string& path, std::string& error, commit_observer observer = {});
  // As above, with explicit tuning (benchmarks and tests).
  static std::unique_ptr<store> open(const std::string& path, std::string& error, commit_observer observer,
                                     const store_options& options);
  virtual ~store() = default;

  // Queues the insertion of a new match (with its seat token hashes and its bot seat, if
  // any); conflict on a taken code.
  virtual void insert_match(const match_row& m, done d) = 0;
  // Queues claiming a free seat (1 or 2) of match code with token hash at at_ms, for the account
  // user_id (0: a guest); conflict when the match is absent or the seat is already taken (a
  // taken seat's token is never overwritten).
  virtual void claim_seat(const std::string& code, int seat, const std::string& hash, done d, std::int64_t at_ms = 0,
                          std::int64_t user_id = 0) = 0;
  // Queues setting the display name of a taken seat (1 or 2) of match code ("" clears it);
  // conflict when the seat is not taken.
  virtual void set_seat_name(const std::string& code, int seat, const std::string& name, done d) = 0;
  // Queues a finished match and its whole log as ONE write (a game played away from the server
  // and published): insert_match(m) — m's status "finished", outcome and finished_ms as given —,
  // then log's changes, whose versions must run 1, 2, … with exactly one of action and change
  // each, then last_version := the log's last version; conflict (nothing stored) on a taken
  // code, an unfinished m, or an empty or malformed log.
  virtual void insert_finished_match(const match_row& m, const std::vector<action_row>& log, done d) = 0;
  // Queues a rematch as ONE write: insert_match(next), then old_code's rematch := next.code;
  // conflict (and nothing inserted) when old_code is absent or already has a rematch.
  virtual void insert_rematch(const match_row& next, const std::string& old_code, done d) = 0;
  // Queues appending one logged change; the status becomes "live" if it was "waiting".
  // conflict unless the match exists, is unfinished, and a.version is its next version
  // (last logged + 1): the version fence; and, when fence.epoch is not 0, unless fence is
  // still the match's lease (same node and epoch): the epoch fence. The append locks the
  // lease row until it commits, so a claim by another node is ordered before or after it.
  virtual void append_action(const std::string& code, const action_row& a, done d, const lease& fence = {}) = 0;
  // Queues the change that ends a match and the match's end as ONE write: append_action(code,
  // a, fence), then status "finished", outcome and finished_ms = a.at_ms; both or neither.
  virtual void append_and_finish(const std::string& code, const action_row& a, const json& outcome, done d,
                                 const lease& fence = {}) = 0;

  // A lease claim's completion: ok with the match's lease as it stands after the claim (node's
  // own when claimed, the live holder's otherwise; epoch 0 when the match is absent), or
  // unavailable.
  using lease_done = std::function<void(write_status, lease)>;
  // Queues claiming match code for node until expires_ms. It is taken when no node holds it,
  // when its lease lapsed before now_ms, or when node itself holds it (a restarted node); each
  // claim raises the epoch by one, so the earlier holder's appends are refused from then on.
  // Refused a live lease, node is recorded as wanting the match (held_lease::wanted) if ask.
  virtual void claim_lease(const std::string& code, const std::string& node, std::int64_t now_ms,
                           std::int64_t expires_ms, bool ask, lease_done d) = 0;
  // Queues extending every lease node holds to expires_ms; d gets the leases node holds (all
  // renewed), so that node can drop the rooms of the leases it lost and hand over the wanted.
  virtual void renew_leases(const std::string& node, std::int64_t expires_ms,
                            std::function<void(write_status, std::vector<held_lease>)> d) = 0;
  // Queues giving up a lease at once (it lapses now, keeping its epoch) so that another node
  // may claim it without waiting: code's lease if it is still l; with code empty, every lease
  // l.node holds (a node shutting down). ok even when there was nothing to give up.
  virtual void release_lease(const std::string& code, const lease& l, done d) = 0;

  // Reads run on the calling thread and see every write whose completion has run. A
  // database error is logged and reads as unavailable, never as absent or a partial log.

  // Reads one match; code is matched exactly (callers upper-case it).
  virtual read_result<match_row> load_match(const std::string& code) = 0;
  // Reads a match's whole log in version order (absent when the match is absent).
  virtual read_result<std::vector<action_row>> load_actions(const std::string& code) = 0;
  // Lists matches by status ("" = any) and game ("" = any), public ones only, newest first
  // (by creation; with status "finished", by their end), at most limit of them.
  virtual read_result<std::vector<match_row>> list_public(const std::string& status, const std::string& game,
                                                          std::size_t limit) = 0;
  // Lists unfinished matches (public or not) whose last change is older than before_ms,
  // least recently active first, at most limit of them (e.g. to record abandonment).
  virtual read_result<std::vector<match_row>> list_idle(std::int64_t before_ms, std::size_t limit) = 0;

  // Another subsystem's rows (its SQL written for both databases, see store/connection.h):
  // queues work as one write, batched, committed and completed like the store's own.
  virtual void queue_write(write_work work, done d) = 0;
  // Runs work on the read connection (re-opened if its link broke); an unavailable result is
  // logged with what.
  virtual read_status run_read(std::string_view what, const read_work& work) = 0;

  // What the store has seen of its database (see store_health).
  virtual store_health health() const = 0;

  // Blocks until every write queued before the call has committed and its completion has run.
  virtual void flush() = 0;
  // Flushes and stops the writer thread; later writes complete at once with unavailable.
  // Reads still work until destruction. Idempotent; the destructor calls it.
  virtual void close() = 0;
};

}  // namespace tabuleiro::server

// Helpers shared by the store tests: a temporary directory per test, a fresh database of
// either backend, sample rows, a raw SQLite connection independent of the store, and a
// one-shot gate for the writer thread.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <future>
#include <stdexcept>
#include <string>

#include "pg_cluster.h"
#include "server/store/pg.h"
#include "server/store/sqlite.h"
#include "server/store/store.h"
#include "server/util/secrets.h"
#include "tests/test_paths.h"

namespace tabuleiro::server::test {

constexpr write_status ok = write_status::ok;
constexpr write_status conflict = write_status::conflict;
constexpr write_status unavailable = write_status::unavailable;

// The fixed moment (in 2026, in ms) the tests' rows are dated from.
constexpr std::int64_t t0 = 1'790'000'000'000;

// A fresh directory under the system temp directory, removed with its contents at scope end.
struct temp_dir {
  std::filesystem::path path;
  temp_dir() {
    path = std::filesystem::temp_directory_path() / ("tabuleiro-store-" + new_share_code() + new_share_code());
    std::filesystem::create_directories(path);
  }
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string db() const { return (path / "data" / "tabuleiro.db").string(); }
};

// The databases the store runs on. A test of the store's contract runs on each:
//   const backend kind = GENERATE(backend::sqlite, backend::postgres);
enum class backend { sqlite, postgres };

// A fresh database for one test: a SQLite file in a temporary directory, or a new database
// in the test process's PostgreSQL cluster (tests/pg/pg_cluster.h).
struct test_db {
  backend kind;
  temp_dir dir;
  std::string target;  // what store::open takes: the file's path or the database's URL
  explicit test_db(backend k)
      : kind(k), target(k == backend::sqlite ? dir.db() : tabuleiro::test::shared_pg_cluster().create_database()) {}

  // A new connection to the database through the store's connection layer, not the store
  // (it sees committed data only). Throws rather than asserting, so the writer thread may use it.
  std::unique_ptr<sql_connection> connect() const {
    std::string error;
    std::unique_ptr<sql_connection> c;
    if (kind == backend::postgres) {
      c = pg_connection::open(target, error);
    } else if (auto lite = sqlite_connection::open(target, false, error)) {
      if (lite->exec("PRAGMA busy_timeout = 5000", error)) c = std::move(lite);
    }
    if (!c) throw std::runtime_error("cannot connect to " + target + ": " + error);
    return c;
  }
  // Runs one statement on a new connection: ok, or conflict (a constraint refused it) or
  // unavailable (any other failure).
  write_status run(const std::string& sql) const {
    std::string error;
    return connect()->run(sql.c_str(), {}, error);
  }
  // The first column of the first row of sql as an integer (-1 if no row or on error).
  std::int64_t scalar(const std::string& sql) const {
    std::int64_t v = -1;
    std::string error;
    bool first = true;
    connect()->query(
        sql.c_str(), {},
        [&](const sql_row& row) {
          if (first && !row.is_null(0)) v = row.int64(0);
          first = false;
        },
        error);
    return v;
  }
};

// Opens a store at path, failing the test with the error if it cannot.
inline std::unique_ptr<store> open_store(const std::string& path, commit_observer observer = {},
                                         const store_options& options = {}) {
  std::string error;
  auto s = store::open(path, error, std::move(observer), options);
  INFO(error);
  REQUIRE(s != nullptr);
  return s;
}

// A complete match row with a fresh code, seed and seat-1 token hash.
inline match_row sample_match(const std::string& game = "taixu", const std::string& visibility = "public",
                              std::int64_t created_ms = t0) {
  match_row m;
  m.code = new_share_code();
  m.game = game;
  m.options = {{"reserve", 8}, {"destroyed_pieces", "reserve"}};
  m.seed = std::to_string(random_seed());
  m.start_position = nullptr;
  m.visibility = visibility;
  m.status = "waiting";
  m.created_ms = created_ms;
  m.token_hash[0] = token_hash(new_seat_token());
  return m;
}

// A logged game action (change null).
inline action_row game_action(std::int64_t version, int seat, json action, std::int64_t at_ms) {
  return action_row{version, seat, std::move(action), nullptr, at_ms};
}

// A logged room-level change (action null), e.g. {"type":"resign","seat":2}.
inline action_row room_change(std::int64_t version, int seat, json change, std::int64_t at_ms) {
  return action_row{version, seat, nullptr, std::move(change), at_ms};
}

// The completion's status, waited for (the writer runs it on its own thread).
struct result {
  std::promise<write_status> p;
  std::future<write_status> f = p.get_future();
  store::done done() {
    return [this](write_status s) { p.set_value(s); };
  }
  write_status get() { return f.get(); }
};

// Queues work on s and waits for its status.
inline write_status run_write(store& s, write_work work) {
  result r;
  s.queue_write(std::move(work), r.done());
  return r.get();
}

// Inserts m through the store; REQUIREs that it was written.
inline void store_match(store& s, const match_row& m) {
  result r;
  s.insert_match(m, r.done());
  REQUIRE(r.get() == ok);
}

// Inserts a user called name (display name "<name> D") straight into db; its id.
inline std::int64_t add_user(const test_db& db, const std::string& name) {
  REQUIRE(db.run("INSERT INTO users (username, username_key, display_name, password_hash, created_ms) VALUES ('" +
                 name + "', '" + name + "', '" + name + " D', 'x', 0)") == write_status::ok);
  return db.scalar("SELECT id FROM users WHERE username_key = '" + name + "'");
}

// A raw SQLite connection to path, opened afresh (sees only committed data). Not copyable.
struct raw_db {
  sqlite3* db = nullptr;
  // Throws (rather than asserting) so it may be used on the writer thread, where Catch2
  // assertions are not allowed.
  explicit raw_db(const std::string& path, bool read_only = true) {
    if (sqlite3_open_v2(path.c_str(), &db, read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE, nullptr) !=
        SQLITE_OK) {
      sqlite3_close(db);
      throw std::runtime_error("cannot open " + path);
    }
    sqlite3_busy_timeout(db, 5000);
  }
  raw_db(const raw_db&) = delete;
  raw_db& operator=(const raw_db&) = delete;
  ~raw_db() { sqlite3_close(db); }
  // The first column of the first row of sql as an integer (-1 if no row or on error).
  std::int64_t scalar(const std::string& sql) const {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) return -1;
    std::int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    return v;
  }
  // The first column of the first row of sql as text ("" if none).
  std::string text(const std::string& sql) const {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) return {};
    std::string v;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) != nullptr)
      v = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return v;
  }
  // Runs sql; returns the SQLite result code.
  int exec(const std::string& sql) const { return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr); }
};

// Holds the writer thread inside a completion until released, so that writes queued
// meanwhile are all taken as the next batch.
struct writer_gate {
  std::promise<void> entered_p, release_p;
  std::shared_future<void> release = release_p.get_future().share();
  // A completion that signals entry and blocks until open() is called.
  store::done hold() {
    return [this](write_status) {
      entered_p.set_value();
      release.wait();
    };
  }
  void wait_entered() { entered_p.get_future().wait(); }
  void open() { release_p.set_value(); }
};

}  // namespace tabuleiro::server::test

// Catch2 prints statuses by name in failed checks.
namespace Catch {
template <>
struct StringMaker<tabuleiro::server::write_status> {
  static std::string convert(tabuleiro::server::write_status s) { return tabuleiro::server::write_status_name(s); }
};
template <>
struct StringMaker<tabuleiro::server::test::backend> {
  static std::string convert(tabuleiro::server::test::backend b) {
    return b == tabuleiro::server::test::backend::sqlite ? "sqlite" : "postgres";
  }
};
template <>
struct StringMaker<tabuleiro::server::read_status> {
  static std::string convert(tabuleiro::server::read_status s) {
    switch (s) {
      case tabuleiro::server::read_status::found: return "found";
      case tabuleiro::server::read_status::absent: return "absent";
      case tabuleiro::server::read_status::unavailable: return "unavailable";
    }
    return "?";
  }
};
}  // namespace Catch

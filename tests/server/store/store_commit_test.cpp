// Group commit: batching, completion only after commit, failure isolation, durability, close.
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

// Records every committed batch the observer reports (on the writer thread, so no Catch2
// assertions in there).
struct batch_log {
  std::mutex mu;
  std::vector<std::size_t> sizes;
  bool negative_latency = false;
  commit_observer observer() {
    return [this](std::size_t n, double seconds) {
      std::lock_guard lock(mu);
      sizes.push_back(n);
      negative_latency = negative_latency || seconds < 0.0;
    };
  }
  std::size_t commits() {
    std::lock_guard lock(mu);
    return sizes.size();
  }
  std::size_t writes() {
    std::lock_guard lock(mu);
    std::size_t n = 0;
    for (auto s : sizes) n += s;
    return n;
  }
};

}  // namespace

TEST_CASE("group commit batches writes from many threads — completions follow the commit", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  batch_log batches;
  auto s = open_store(db.target, batches.observer());
  constexpr int threads = 4, appends = 60;
  std::atomic<int> committed{0}, failed{0}, readable{0};

  // Each completion checks, on a brand-new connection, that its own write is already visible.
  auto visible_done = [&](std::string sql) {
    return [&, sql = std::move(sql)](write_status status) {
      (status == write_status::ok ? committed : failed)++;
      if (db.scalar(sql) == 1) readable++;
    };
  };
  std::vector<std::thread> producers;
  for (int t = 0; t < threads; ++t) {
    producers.emplace_back([&] {
      const match_row m = sample_match();
      s->insert_match(m, visible_done("SELECT COUNT(*) FROM matches WHERE code = '" + m.code + "'"));
      for (int v = 1; v <= appends; ++v)
        s->append_action(m.code, game_action(v, 1 + v % 2, {{"type", "move"}, {"n", v}}, v),
                         visible_done("SELECT COUNT(*) FROM actions a JOIN matches m ON m.id = a.match_id"
                                      " WHERE m.code = '" +
                                      m.code + "' AND a.version = " + std::to_string(v)));
    });
  }
  for (auto& p : producers) p.join();
  s->flush();

  constexpr int writes = threads * (1 + appends);
  CHECK(committed == writes);
  CHECK(failed == 0);
  CHECK(readable == writes);
  CHECK(batches.writes() == static_cast<std::size_t>(writes));
  CHECK(batches.commits() < static_cast<std::size_t>(writes));
  CHECK_FALSE(batches.negative_latency);
  INFO("commits: " << batches.commits());
}

TEST_CASE("the writer takes everything queued as one batch", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  batch_log batches;
  auto s = open_store(db.target, batches.observer());
  writer_gate gate;
  s->insert_match(sample_match(), gate.hold());
  gate.wait_entered();  // the writer is now blocked inside that completion
  std::vector<result> rs(10);
  for (auto& r : rs) s->insert_match(sample_match(), r.done());
  gate.open();
  for (auto& r : rs) CHECK(r.get() == write_status::ok);
  s->flush();
  CHECK(batches.sizes == std::vector<std::size_t>{1, 10});
}

TEST_CASE("max_batch 1 commits every write on its own", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  batch_log batches;
  store_options one;
  one.max_batch = 1;
  auto s = open_store(db.target, batches.observer(), one);
  writer_gate gate;
  s->insert_match(sample_match(), gate.hold());
  gate.wait_entered();
  std::vector<result> rs(5);
  for (auto& r : rs) s->insert_match(sample_match(), r.done());
  gate.open();
  for (auto& r : rs) CHECK(r.get() == write_status::ok);
  s->flush();
  CHECK(batches.sizes == std::vector<std::size_t>(6, 1));
}

TEST_CASE("a duplicate version is a conflict alone — the rest of its batch commits", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  batch_log batches;
  auto s = open_store(db.target, batches.observer());
  const match_row m = sample_match(), other = sample_match();
  writer_gate gate;
  s->insert_match(m, gate.hold());
  gate.wait_entered();
  result v1, dup, v2, ins;
  s->append_action(m.code, game_action(1, 1, {{"type", "a"}}, 1), v1.done());
  s->append_action(m.code, game_action(1, 2, {{"type", "b"}}, 2), dup.done());
  s->append_action(m.code, game_action(2, 2, {{"type", "c"}}, 3), v2.done());
  s->insert_match(other, ins.done());
  gate.open();
  CHECK(v1.get() == ok);
  CHECK(dup.get() == conflict);
  CHECK(v2.get() == ok);
  CHECK(ins.get() == ok);
  s->flush();
  CHECK(batches.sizes == std::vector<std::size_t>{1, 4});  // one transaction for all four
  const auto log = s->load_actions(m.code).value;
  REQUIRE(log.size() == 2);
  CHECK(log[0].action == json{{"type", "a"}});
  CHECK(log[1].action == json{{"type", "c"}});
  CHECK(s->load_match(other.code).found());
}

TEST_CASE("a write that aborts the whole transaction is retried alone — the others commit", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match(), other = sample_match();
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  // A trigger that ends the entire transaction for one particular hash: on SQLite it rolls
  // it back; on PostgreSQL it ends its own session (as a server restart or a network cut
  // would), so the retry of the others runs on a new connection.
  const std::string poison(64, 'f');
  if (db.kind == backend::sqlite) {
    REQUIRE(db.run("CREATE TRIGGER poison BEFORE INSERT ON seats WHEN NEW.token_hash = '" + poison +
                   "' BEGIN SELECT RAISE(ROLLBACK, 'poisoned'); END") == ok);
  } else {
    REQUIRE(db.run("CREATE FUNCTION cut() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                   " IF NEW.token_hash = '" +
                   poison +
                   "' THEN PERFORM pg_terminate_backend(pg_backend_pid());"
                   " PERFORM pg_sleep(5); END IF; RETURN NEW; END $$") == ok);
    REQUIRE(db.run("CREATE TRIGGER cut BEFORE INSERT ON seats FOR EACH ROW EXECUTE FUNCTION cut()") == ok);
  }
  writer_gate gate;
  s->flush();
  s->insert_match(sample_match(), gate.hold());
  gate.wait_entered();
  result before, bad, after;
  s->append_action(m.code, game_action(1, 1, {{"type", "a"}}, 1), before.done());
  s->claim_seat(m.code, 2, poison, bad.done());
  s->insert_match(other, after.done());
  gate.open();
  CHECK(before.get() == ok);
  // SQLite: a trigger's RAISE is a constraint, retrying cannot help. PostgreSQL: the link
  // broke under it again, nothing took effect.
  CHECK(bad.get() == (db.kind == backend::sqlite ? conflict : unavailable));
  CHECK(after.get() == ok);
  CHECK(s->load_actions(m.code).value.size() == 1);
  CHECK(s->load_match(m.code).value.token_hash[1].empty());
  CHECK(s->load_match(other.code).found());
}

TEST_CASE("a batch that cannot begin (database locked) is unavailable to every write, without retrying each",
          "[store]") {
  temp_dir dir;
  store_options quick;
  quick.busy_timeout_ms = 200;
  auto s = open_store(dir.db(), {}, quick);
  const match_row a = sample_match();
  {
    raw_db locker(dir.db(), false);
    writer_gate gate;
    s->flush();
    s->insert_match(sample_match(), gate.hold());
    gate.wait_entered();
    REQUIRE(locker.exec("BEGIN IMMEDIATE") == SQLITE_OK);  // another process holds the write lock
    result ra;
    std::vector<result> rs(20);
    s->insert_match(a, ra.done());
    for (auto& r : rs) s->insert_match(sample_match(), r.done());
    const auto start = std::chrono::steady_clock::now();
    gate.open();
    CHECK(ra.get() == unavailable);
    for (auto& r : rs) CHECK(r.get() == unavailable);
    // One busy wait for the whole batch, not one per write (21 x 200 ms).
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    REQUIRE(locker.exec("ROLLBACK") == SQLITE_OK);
  }
  CHECK(s->load_match(a.code).status == read_status::absent);
  result again;
  s->insert_match(a, again.done());  // the store recovers once the lock is gone
  CHECK(again.get() == ok);
  CHECK(s->load_match(a.code).found());
}

TEST_CASE("committed writes survive close and reopen — writes after close are unavailable at once", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  const match_row m = sample_match();
  const json resign = {{"type", "resign"}, {"seat", 2}};
  std::atomic<int> committed{0};
  auto count = [&](write_status status) { committed += status == write_status::ok; };
  {
    auto s = open_store(db.target);
    s->insert_match(m, count);
    for (int v = 1; v <= 20; ++v) s->append_action(m.code, game_action(v, 1, {{"n", v}}, v), count);
    s->append_and_finish(m.code, room_change(21, 2, resign, 99), {{"winner", 1}, {"reason", "resign"}}, count);
    s->close();  // flushes: every queued write has completed when close returns
    CHECK(committed == 22);
    bool called = false;
    write_status after_close = write_status::ok;
    s->insert_match(sample_match(), [&](write_status status) {
      called = true;
      after_close = status;
    });
    CHECK(called);
    CHECK(after_close == unavailable);
    s->close();  // idempotent
  }
  auto s = open_store(db.target);
  const auto row = s->load_match(m.code);
  REQUIRE(row.found());
  CHECK(row.value.status == "finished");
  CHECK(row.value.version == 21);
  const auto log = s->load_actions(m.code).value;
  REQUIRE(log.size() == 21);
  CHECK(log[19].action == json{{"n", 20}});
  CHECK(log.back().action.is_null());
  CHECK(log.back().change == resign);
}

TEST_CASE("a throwing completion does not stop the writer", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  s->insert_match(sample_match(), [](write_status) { throw std::runtime_error("completion bug"); });
  result r;
  s->insert_match(sample_match(), r.done());
  CHECK(r.get() == ok);
}

TEST_CASE("invalid UTF-8 in JSON makes that write alone a conflict", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  result r, bad, good;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  s->append_action(m.code, game_action(1, 1, {{"type", std::string("\xff\xfe")}}, 1), bad.done());
  s->append_action(m.code, game_action(1, 1, {{"type", "ok"}}, 1), good.done());
  CHECK(bad.get() == conflict);  // it can never be stored as given
  CHECK(good.get() == ok);
}

TEST_CASE("reads during writes see a whole committed prefix of the log", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  constexpr int appends = 300;
  std::atomic<bool> writing{true};
  std::atomic<int> bad_reads{0}, reads{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t)
    readers.emplace_back([&] {
      // At least one read each, however the threads are scheduled (a loaded machine may finish
      // the writes before a reader first runs).
      do {
        const auto read_log = s->load_actions(m.code);
        const auto row = s->load_match(m.code);
        const auto& log = read_log.value;
        if (!read_log.found()) ++bad_reads;
        for (std::size_t i = 0; i < log.size(); ++i)
          if (log[i].version != static_cast<std::int64_t>(i + 1)) ++bad_reads;
        // The match row is read after the log, so it can only be as new or newer.
        if (!row.found() || row.value.version < static_cast<std::int64_t>(log.size())) ++bad_reads;
        ++reads;
      } while (writing);
    });
  for (int v = 1; v <= appends; ++v) s->append_action(m.code, game_action(v, 1, {{"n", v}}, v), {});
  s->flush();
  writing = false;
  for (auto& t : readers) t.join();
  CHECK(bad_reads == 0);
  CHECK(reads > 0);
  CHECK(s->load_actions(m.code).value.size() == appends);
}

TEST_CASE("append_and_finish logs the last change and the end together, or neither", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  const json resign = {{"type", "resign"}, {"seat", 2}};
  const json outcome = {{"winner", 1}, {"reason", "resign"}};
  result r, a1, gap, end, again;
  s->insert_match(m, r.done());
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 10), a1.done());
  REQUIRE(r.get() == ok);
  REQUIRE(a1.get() == ok);

  s->append_and_finish(m.code, room_change(3, 2, resign, 20), outcome, gap.done());  // version gap
  CHECK(gap.get() == conflict);
  CHECK(s->load_match(m.code).value.status == "live");  // the finish was undone with the append
  CHECK(s->load_actions(m.code).value.size() == 1);

  s->append_and_finish(m.code, room_change(2, 2, resign, 30), outcome, end.done());
  CHECK(end.get() == ok);
  auto row = s->load_match(m.code).value;
  CHECK(row.status == "finished");
  CHECK(row.outcome == outcome);
  CHECK(row.finished_ms == 30);
  CHECK(row.version == 2);
  CHECK(s->load_actions(m.code).value.back().change == resign);

  s->append_and_finish(m.code, room_change(3, 1, resign, 40), {{"winner", 2}, {"reason", "resign"}}, again.done());
  CHECK(again.get() == conflict);  // already finished: the append is refused too
  CHECK(s->load_actions(m.code).value.size() == 2);
  CHECK(s->load_match(m.code).value.outcome == outcome);
}

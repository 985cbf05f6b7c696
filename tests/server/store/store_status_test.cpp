// Typed outcomes: a write refused by the stored state is a conflict, a write the database
// cannot do is unavailable; a read the database cannot answer is unavailable, not absent.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>

#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

// The status of one write queued by queue(done) and waited for (usable off the test thread).
template <class Queue>
write_status wait_for(const Queue& queue) {
  std::promise<write_status> p;
  auto f = p.get_future();
  queue([&p](write_status s) { p.set_value(s); });
  return f.get();
}

// A child process: stores m, then writes under a file-size limit of 0 bytes (every write(2)
// to the database files fails, as on a full disk), lifts the limit and writes again. Sends
// the five statuses on fd. Never returns.
[[noreturn]] void full_disk_child(const std::string& path, const match_row& m, const match_row& other, int fd) {
  alarm(30);
  signal(SIGXFSZ, SIG_IGN);  // a write past the limit then fails with EFBIG instead of killing us
  std::string error;
  auto s = store::open(path, error);
  if (!s) _exit(2);
  std::array<unsigned char, 5> out{};
  out[0] = static_cast<unsigned char>(wait_for([&](store::done d) { s->insert_match(m, d); }));
  rlimit normal{};
  if (getrlimit(RLIMIT_FSIZE, &normal) != 0) _exit(3);
  rlimit none = normal;
  none.rlim_cur = 0;
  if (setrlimit(RLIMIT_FSIZE, &none) != 0) _exit(4);
  const action_row first = game_action(1, 1, {{"type", "move"}}, 1);
  out[1] = static_cast<unsigned char>(wait_for([&](store::done d) { s->append_action(m.code, first, d); }));
  out[2] = static_cast<unsigned char>(wait_for([&](store::done d) { s->insert_match(other, d); }));
  out[3] = static_cast<unsigned char>(
      wait_for([&](store::done d) { s->claim_seat(m.code, 2, token_hash("seat 2"), d); }));
  if (setrlimit(RLIMIT_FSIZE, &normal) != 0) _exit(5);
  out[4] = static_cast<unsigned char>(wait_for([&](store::done d) { s->append_action(m.code, first, d); }));
  if (write(fd, out.data(), out.size()) != static_cast<ssize_t>(out.size())) _exit(6);
  s->close();
  _exit(0);
}

}  // namespace

TEST_CASE("a wrong version, or an append to a finished match, is a conflict", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  store_match(*s, m);
  result skip, first, stale;
  s->append_action(m.code, game_action(2, 1, {{"type", "x"}}, 1), skip.done());
  CHECK(skip.get() == conflict);
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), first.done());
  REQUIRE(first.get() == ok);
  s->append_action(m.code, game_action(1, 2, {{"type", "y"}}, 2), stale.done());
  CHECK(stale.get() == conflict);

  result end, late, late_end;
  s->append_and_finish(m.code, room_change(2, 1, {{"type", "resign"}, {"seat", 1}}, 3),
                       {{"winner", 2}, {"reason", "resign"}}, end.done());
  REQUIRE(end.get() == ok);
  s->append_action(m.code, game_action(3, 2, {{"type", "x"}}, 4), late.done());
  CHECK(late.get() == conflict);  // the fence also closes with the match
  s->append_and_finish(m.code, room_change(3, 2, {{"type", "draw_agreed"}}, 5),
                       {{"winner", nullptr}, {"reason", "agreement"}}, late_end.done());
  CHECK(late_end.get() == conflict);
  const auto row = s->load_match(m.code);
  CHECK(row.value.version == 2);
  CHECK(row.value.outcome == json{{"winner", 2}, {"reason", "resign"}});
}

TEST_CASE("claim_seat on a taken seat is a conflict and keeps the stored hash", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();  // seat 1 taken
  store_match(*s, m);
  const std::string mine = token_hash("mine"), theirs = token_hash("theirs");
  writer_gate gate;
  s->insert_match(sample_match(), gate.hold());
  gate.wait_entered();
  result first, second, creator;  // one batch: the first claim wins, the second is refused
  s->claim_seat(m.code, 2, mine, first.done());
  s->claim_seat(m.code, 2, theirs, second.done());
  s->claim_seat(m.code, 1, theirs, creator.done());
  gate.open();
  CHECK(first.get() == ok);
  CHECK(second.get() == conflict);
  CHECK(creator.get() == conflict);
  const auto row = s->load_match(m.code);
  CHECK(row.value.token_hash[0] == m.token_hash[0]);
  CHECK(row.value.token_hash[1] == mine);
  CHECK(db.scalar("SELECT COUNT(*) FROM seats JOIN matches m ON m.id = match_id WHERE m.code = '" + m.code + "'") == 2);
}

TEST_CASE("a write the database cannot do (table gone) is unavailable and leaves nothing", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  store_match(*s, m);
  result first;  // prepares (and caches) the log's INSERT
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), first.done());
  REQUIRE(first.get() == ok);
  REQUIRE(db.run("ALTER TABLE actions RENAME TO actions_away") == ok);

  SECTION("a prepared statement that fails when it runs") {
    writer_gate gate;
    s->insert_match(sample_match(), gate.hold());
    gate.wait_entered();
    result broken, other;  // one batch
    s->append_action(m.code, game_action(2, 1, {{"type", "x"}}, 2), broken.done());
    s->insert_match(sample_match(), other.done());
    gate.open();
    CHECK(broken.get() == unavailable);
    CHECK(other.get() == ok);  // the rest of the batch is not affected
  }
  SECTION("a statement that cannot be prepared") {
    s->close();
    s = open_store(db.target);  // a new connection: nothing prepared yet
    result broken;
    s->append_action(m.code, game_action(2, 1, {{"type", "x"}}, 2), broken.done());
    CHECK(broken.get() == unavailable);
  }
  CHECK(s->load_match(m.code).value.version == 1);  // the fence's update was undone with it
  REQUIRE(db.run("ALTER TABLE actions_away RENAME TO actions") == ok);
  result again;  // the same write succeeds later
  s->append_action(m.code, game_action(2, 1, {{"type", "x"}}, 2), again.done());
  CHECK(again.get() == ok);
  CHECK(s->load_match(m.code).value.version == 2);
}

TEST_CASE("writes on a full disk (file size limit 0) are unavailable, and succeed once it clears", "[store]") {
  temp_dir dir;
  open_store(dir.db())->close();  // create and migrate before the limit applies
  const match_row m = sample_match(), other = sample_match();
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    full_disk_child(dir.db(), m, other, fds[1]);
  }
  close(fds[1]);
  std::array<unsigned char, 5> got{};
  const ssize_t n = read(fds[0], got.data(), got.size());
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  REQUIRE(n == static_cast<ssize_t>(got.size()));
  auto as_status = [](unsigned char c) { return static_cast<write_status>(c); };
  CHECK(as_status(got[0]) == ok);
  CHECK(as_status(got[1]) == unavailable);  // append
  CHECK(as_status(got[2]) == unavailable);  // insert_match
  CHECK(as_status(got[3]) == unavailable);  // claim_seat
  CHECK(as_status(got[4]) == ok);           // the same append, after the limit is lifted

  auto s = open_store(dir.db());
  CHECK(s->load_match(other.code).status == read_status::absent);
  const auto row = s->load_match(m.code);
  CHECK(row.value.token_hash[1].empty());
  CHECK(row.value.version == 1);
  CHECK(s->load_actions(m.code).value.size() == 1);
}

TEST_CASE("a read the database cannot answer is unavailable, never absent or empty", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  store_match(*s, m);
  result a;
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), a.done());
  REQUIRE(a.get() == ok);

  SECTION("the log table is unreadable") {
    REQUIRE(db.run("ALTER TABLE actions RENAME TO actions_away") == ok);
    const auto log = s->load_actions(m.code);
    CHECK(log.status == read_status::unavailable);
    CHECK(log.value.empty());
    CHECK_FALSE(log.found());
    CHECK(s->load_match(m.code).found());  // the match table still answers
    REQUIRE(db.run("ALTER TABLE actions_away RENAME TO actions") == ok);
    CHECK(s->load_actions(m.code).value.size() == 1);
  }
  SECTION("the match table is unreadable") {
    REQUIRE(db.run("ALTER TABLE matches RENAME TO matches_away") == ok);
    CHECK(s->load_match(m.code).status == read_status::unavailable);
    CHECK(s->load_match("ZZZZZZ").status == read_status::unavailable);  // not absent
    CHECK(s->load_actions(m.code).status == read_status::unavailable);
    CHECK(s->list_public("", "", 10).status == read_status::unavailable);
    CHECK(s->list_idle(1'000'000, 10).status == read_status::unavailable);
    REQUIRE(db.run("ALTER TABLE matches_away RENAME TO matches") == ok);
    CHECK(s->load_match(m.code).found());
    CHECK(s->list_public("", "", 10).value.size() == 1);
  }
  SECTION("a stored row that does not decode") {
    REQUIRE(db.run("UPDATE matches SET options = 'not json' WHERE code = '" + m.code + "'") == ok);
    CHECK(s->load_match(m.code).status == read_status::unavailable);
    CHECK(s->list_public("", "", 10).status == read_status::unavailable);
  }
}

TEST_CASE("an absent match reads as absent, a match without changes as found and empty", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  store_match(*s, m);
  const auto missing = s->load_match("ZZZZZZ");
  CHECK(missing.status == read_status::absent);
  CHECK(missing.value.code.empty());
  CHECK(s->load_actions("ZZZZZZ").status == read_status::absent);
  const auto log = s->load_actions(m.code);
  CHECK(log.status == read_status::found);
  CHECK(log.value.empty());
  CHECK(s->list_public("finished", "", 10).status == read_status::found);  // empty, not absent
  CHECK(std::string(write_status_name(conflict)) == "conflict");
  CHECK(std::string(write_status_name(unavailable)) == "unavailable");
  CHECK(std::string(write_status_name(ok)) == "ok");
}

TEST_CASE("seat names are stored with taken seats only, and a rematch links once, atomically", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();  // seat 1 taken, seat 2 free
  store_match(*s, m);
  result named, free_seat, cleared;
  s->set_seat_name(m.code, 1, "Ana", named.done());
  s->set_seat_name(m.code, 2, "Nobody", free_seat.done());
  CHECK(named.get() == ok);
  CHECK(free_seat.get() == conflict);  // the seat is not taken: nothing to name
  CHECK(s->load_match(m.code).value.seat_name[0] == "Ana");
  CHECK(s->load_match(m.code).value.seat_name[1].empty());
  // The rematch: its own row with names per seat, and the old match's link, in one write.
  match_row next = sample_match();
  next.token_hash[1] = token_hash("two");
  next.seat_name = {"", "Ana"};
  result linked;
  s->insert_rematch(next, m.code, linked.done());
  REQUIRE(linked.get() == ok);
  CHECK(s->load_match(m.code).value.rematch == next.code);
  CHECK(s->load_match(next.code).value.seat_name[1] == "Ana");
  CHECK(s->load_match(next.code).value.rematch.empty());
  // A second rematch of the same match is refused, and its match is not inserted either.
  const match_row other = sample_match();
  result again;
  s->insert_rematch(other, m.code, again.done());
  CHECK(again.get() == conflict);
  CHECK(s->load_match(other.code).status == read_status::absent);
  CHECK(s->load_match(m.code).value.rematch == next.code);
  s->set_seat_name(m.code, 1, "", cleared.done());
  CHECK(cleared.get() == ok);
  CHECK(s->load_match(m.code).value.seat_name[0].empty());
}

TEST_CASE("a finished match is stored with its whole log as one write, and read like any other", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row m = sample_match();
  m.token_hash[1] = token_hash(new_seat_token());
  m.seat_name = {"Ana", ""};
  m.bot = bot_seat_row{2, "hard", "42"};
  m.visibility = "unlisted";
  m.status = "finished";
  m.offline = true;
  m.finished_ms = m.created_ms;
  m.outcome = {{"winner", 1}, {"reason", "resign"}};
  // 130 changes: two full multi-row INSERTs and two rows alone, the last a room-level change.
  std::vector<action_row> log;
  for (std::int64_t v = 1; v < 130; ++v)
    log.push_back(game_action(v, v % 2 ? 1 : 2, {{"type", "end_turn"}, {"n", v}}, m.created_ms));
  log.push_back(room_change(130, 2, {{"type", "resign"}, {"seat", 2}}, m.created_ms));
  result r;
  s->insert_finished_match(m, log, r.done());
  REQUIRE(r.get() == ok);
  const auto got = s->load_match(m.code);
  REQUIRE(got.found());
  CHECK(got.value.status == "finished");
  CHECK(got.value.offline);
  CHECK(got.value.outcome == m.outcome);
  CHECK(got.value.finished_ms == m.created_ms);
  CHECK(got.value.version == 130);
  CHECK(got.value.seat_name[0] == "Ana");
  CHECK(got.value.token_hash[1] == m.token_hash[1]);
  REQUIRE(got.value.bot);
  CHECK(got.value.bot->level == "hard");
  const auto read = s->load_actions(m.code);
  REQUIRE(read.found());
  REQUIRE(read.value.size() == log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(read.value[i].version == log[i].version);
    CHECK(read.value[i].seat == log[i].seat);
    CHECK(read.value[i].action == log[i].action);
    CHECK(read.value[i].change == log[i].change);
  }
  // Nothing can follow the end, and an ordinary match is not offline.
  result after;
  s->append_action(m.code, game_action(131, 1, {{"type", "end_turn"}}, m.created_ms), after.done());
  CHECK(after.get() == conflict);
  const match_row plain = sample_match();
  store_match(*s, plain);
  CHECK_FALSE(s->load_match(plain.code).value.offline);

  SECTION("a taken code, an unfinished match or a broken log stores nothing") {
    match_row again = m;
    again.token_hash[1].clear();
    again.bot.reset();
    result taken;
    s->insert_finished_match(again, log, taken.done());
    CHECK(taken.get() == conflict);
    CHECK(s->load_actions(m.code).value.size() == log.size());
    match_row fresh = sample_match();
    fresh.status = "finished";
    fresh.outcome = m.outcome;
    std::vector<action_row> gap = log;
    gap[5].version = 7;
    std::vector<action_row> both = log;
    both[3].change = {{"type", "resign"}, {"seat", 1}};
    match_row running = fresh;
    running.status = "live";
    for (const auto& [row, changes] : {std::pair{fresh, gap}, std::pair{fresh, both},
                                       std::pair{fresh, std::vector<action_row>{}}, std::pair{running, log}}) {
      result refused;
      s->insert_finished_match(row, changes, refused.done());
      CHECK(refused.get() == conflict);
      CHECK(s->load_match(fresh.code).status == read_status::absent);
    }
  }
}

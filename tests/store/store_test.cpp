// The store's schema, migrations, reads and write rules (one write at a time).
#include <fstream>
#include <sstream>

#include "server/store_schema.h"
#include "tests/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

TEST_CASE("migrations create the schema, WAL mode, and are idempotent on reopen", "[store]") {
  temp_dir dir;
  {
    auto s = open_store(dir.db());  // also creates the data/ directory
    s->close();
  }
  REQUIRE(std::filesystem::exists(dir.db()));
  {
    raw_db raw(dir.db());
    for (const char* table : {"matches", "seats", "actions", "schema_version"})
      CHECK(raw.scalar(std::string("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '") +
                       table + "'") == 1);
    CHECK(raw.text("PRAGMA journal_mode") == "wal");
    CHECK(raw.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
    CHECK(raw.scalar("SELECT COUNT(*) FROM schema_version") ==
          static_cast<std::int64_t>(embedded_migrations().size()));
  }
  // Reopening applies nothing again (a second CREATE TABLE would fail) and keeps the data.
  const match_row m = sample_match();
  {
    auto s = open_store(dir.db());
    result r;
    s->insert_match(m, r.done());
    REQUIRE(r.get());
  }
  {
    auto s = open_store(dir.db());
    CHECK(s->load_match(m.code).has_value());
  }
  raw_db raw(dir.db());
  CHECK(raw.scalar("SELECT COUNT(*) FROM schema_version") ==
        static_cast<std::int64_t>(embedded_migrations().size()));
}

TEST_CASE("a database from a newer build is refused", "[store]") {
  temp_dir dir;
  open_store(dir.db())->close();
  {
    raw_db raw(dir.db(), false);
    REQUIRE(raw.exec("INSERT INTO schema_version VALUES (999, '999_future.sql', 0)") == SQLITE_OK);
  }
  std::string error;
  CHECK(store::open(dir.db(), error) == nullptr);
  CHECK(error.find("newer") != std::string::npos);
}

TEST_CASE("embedded migrations are the schema/*.sql files byte for byte", "[store]") {
  REQUIRE(!embedded_migrations().empty());
  for (const auto& m : embedded_migrations()) {
    std::ifstream in(std::filesystem::path(TABULEIRO_SOURCE_DIR) / "schema" / std::string(m.name),
                     std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    CHECK(text.str() == std::string(m.sql));
  }
}

TEST_CASE("a match round-trips through insert and load", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  match_row m = sample_match();
  m.start_position = {{"pieces", {{"a1", "k"}}}, {"to_move", 2}};
  m.visibility = "unlisted";
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get());

  const auto got = s->load_match(m.code);
  REQUIRE(got);
  CHECK(got->code == m.code);
  CHECK(got->game == m.game);
  CHECK(got->options == m.options);
  CHECK(got->seed == m.seed);
  CHECK(got->start_position == m.start_position);
  CHECK(got->visibility == "unlisted");
  CHECK(got->status == "waiting");
  CHECK(got->outcome.is_null());
  CHECK(got->created_ms == m.created_ms);
  CHECK(got->finished_ms == 0);
  CHECK(got->token_hash[0] == m.token_hash[0]);
  CHECK(got->token_hash[1].empty());
  CHECK(got->version == 0);
  CHECK_FALSE(s->load_match("ZZZZZZ"));
  CHECK_FALSE(s->load_match(std::string(m.code).replace(0, 1, 1, m.code[0] == 'A' ? 'B' : 'A')));

  SECTION("a taken code is refused") {
    match_row again = sample_match();
    again.code = m.code;
    result r2;
    s->insert_match(again, r2.done());
    CHECK_FALSE(r2.get());
    CHECK(s->load_match(m.code)->seed == m.seed);
  }
  SECTION("seat tokens are set, replaced, and refused for an absent match") {
    const std::string h2 = token_hash(new_seat_token()), h2b = token_hash(new_seat_token());
    result a, b, c;
    s->set_seat_token(m.code, 2, h2, a.done());
    REQUIRE(a.get());
    CHECK(s->load_match(m.code)->token_hash[1] == h2);
    s->set_seat_token(m.code, 2, h2b, b.done());
    REQUIRE(b.get());
    CHECK(s->load_match(m.code)->token_hash[1] == h2b);
    CHECK(s->load_match(m.code)->token_hash[0] == m.token_hash[0]);
    s->set_seat_token("ZZZZZZ", 2, h2, c.done());
    CHECK_FALSE(c.get());
  }
  SECTION("a bad seat number or hash is refused") {
    result a, b;
    s->set_seat_token(m.code, 3, token_hash("x"), a.done());
    CHECK_FALSE(a.get());
    s->set_seat_token(m.code, 2, "not-a-hash", b.done());
    CHECK_FALSE(b.get());
    CHECK(s->load_match(m.code)->token_hash[1].empty());
  }
}

TEST_CASE("the action log appends contiguous versions and reads back in order", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  const match_row m = sample_match();
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get());

  const std::vector<action_row> log = {
      {1, 1, {{"type", "place"}, {"to", "c3"}}, 1000},
      {2, 2, {{"type", "place"}, {"to", "d4"}}, 2000},
      {3, 0, {{"type", "abandoned"}}, 3000},
  };
  std::vector<result> results(log.size());
  for (std::size_t i = 0; i < log.size(); ++i) s->append_action(m.code, log[i], results[i].done());
  for (auto& res : results) REQUIRE(res.get());

  const auto got = s->load_actions(m.code);
  REQUIRE(got.size() == log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(got[i].version == log[i].version);
    CHECK(got[i].seat == log[i].seat);
    CHECK(got[i].action == log[i].action);
    CHECK(got[i].at_ms == log[i].at_ms);
  }
  const auto row = s->load_match(m.code);
  CHECK(row->status == "live");
  CHECK(row->version == 3);
  CHECK(s->load_actions("ZZZZZZ").empty());

  result gap, dup, absent, bad_seat;
  s->append_action(m.code, {5, 1, {{"type", "x"}}, 4000}, gap.done());
  s->append_action(m.code, {3, 1, {{"type", "x"}}, 4000}, dup.done());
  s->append_action("ZZZZZZ", {1, 1, {{"type", "x"}}, 4000}, absent.done());
  s->append_action(m.code, {4, 7, {{"type", "x"}}, 4000}, bad_seat.done());
  CHECK_FALSE(gap.get());
  CHECK_FALSE(dup.get());
  CHECK_FALSE(absent.get());
  CHECK_FALSE(bad_seat.get());
  CHECK(s->load_actions(m.code).size() == 3);
  CHECK(s->load_match(m.code)->version == 3);  // the failed seat-7 write left nothing behind
}

TEST_CASE("the schema keeps the log unique per version and append-only", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  const match_row m = sample_match();
  result r, a;
  s->insert_match(m, r.done());
  s->append_action(m.code, {1, 1, {{"type", "x"}}, 1}, a.done());
  REQUIRE(r.get());
  REQUIRE(a.get());
  s->close();
  raw_db raw(dir.db(), false);
  const std::string id = "(SELECT id FROM matches WHERE code = '" + m.code + "')";
  CHECK(raw.exec("INSERT INTO actions VALUES (" + id + ", 1, 1, '{}', 2)") == SQLITE_CONSTRAINT);
  CHECK(raw.exec("UPDATE actions SET action = '{}'") == SQLITE_CONSTRAINT);
  CHECK(raw.exec("DELETE FROM actions") == SQLITE_CONSTRAINT);
  CHECK(raw.scalar("SELECT COUNT(*) FROM actions") == 1);
}

TEST_CASE("finishing a match records its outcome once", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  const match_row m = sample_match();
  result r, f, again, absent;
  s->insert_match(m, r.done());
  REQUIRE(r.get());
  const json outcome = {{"winner", 2}, {"reason", "resign"}};
  s->finish_match(m.code, outcome, 5000, f.done());
  REQUIRE(f.get());
  s->finish_match(m.code, {{"winner", 1}, {"reason", "resign"}}, 6000, again.done());
  CHECK_FALSE(again.get());
  s->finish_match("ZZZZZZ", outcome, 5000, absent.done());
  CHECK_FALSE(absent.get());
  const auto row = s->load_match(m.code);
  CHECK(row->status == "finished");
  CHECK(row->outcome == outcome);
  CHECK(row->finished_ms == 5000);
}

TEST_CASE("list_public filters by visibility, status and game, newest first", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  // Four public matches (created at 10..13) and one unlisted (created last).
  std::vector<match_row> ms = {sample_match("taixu", "public", 10), sample_match("cyvasse", "public", 11),
                               sample_match("taixu", "public", 12), sample_match("taixu", "public", 13),
                               sample_match("taixu", "unlisted", 14)};
  std::vector<result> rs(ms.size() + 2);
  for (std::size_t i = 0; i < ms.size(); ++i) s->insert_match(ms[i], rs[i].done());
  s->append_action(ms[2].code, {1, 1, {{"type", "x"}}, 20}, rs[5].done());  // live
  s->finish_match(ms[3].code, {{"winner", nullptr}, {"reason", "agreement"}}, 21, rs[6].done());
  for (auto& r : rs) REQUIRE(r.get());

  auto codes = [](const std::vector<match_row>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.code);
    return out;
  };
  using v = std::vector<std::string>;
  CHECK(codes(s->list_public("", "", 100)) == v{ms[3].code, ms[2].code, ms[1].code, ms[0].code});
  CHECK(codes(s->list_public("waiting", "", 100)) == v{ms[1].code, ms[0].code});
  CHECK(codes(s->list_public("live", "taixu", 100)) == v{ms[2].code});
  CHECK(codes(s->list_public("finished", "", 100)) == v{ms[3].code});
  CHECK(codes(s->list_public("", "cyvasse", 100)) == v{ms[1].code});
  CHECK(codes(s->list_public("waiting", "qu4dri", 100)).empty());
  CHECK(codes(s->list_public("", "", 2)) == v{ms[3].code, ms[2].code});
  CHECK(s->list_public("", "", 0).empty());
  const auto live = s->list_public("live", "", 10);
  REQUIRE(live.size() == 1);
  CHECK(live[0].version == 1);
  CHECK(live[0].token_hash[0] == ms[2].token_hash[0]);
}

TEST_CASE("an unusable path is refused with a message", "[store]") {
  temp_dir dir;
  const auto file = dir.path / "plain-file";
  { std::ofstream(file) << "not a directory"; }
  std::string error;
  CHECK(store::open((file / "tabuleiro.db").string(), error) == nullptr);
  CHECK_FALSE(error.empty());
  error.clear();
  { std::ofstream(dir.path / "junk.db") << std::string(4096, 'x'); }
  CHECK(store::open((dir.path / "junk.db").string(), error) == nullptr);
  CHECK_FALSE(error.empty());
}

TEST_CASE("an older database is brought up to date by the newer migrations only", "[store]") {
  temp_dir dir;
  REQUIRE(latest_schema_version() >= 2);
  const match_row m = sample_match();
  {
    auto s = open_store(dir.db());
    result r;
    s->insert_match(m, r.done());
    REQUIRE(r.get());
  }
  {  // Turn the database back into a version-1 one (002 only adds an index).
    raw_db raw(dir.db(), false);
    REQUIRE(raw.exec("DROP INDEX matches_idle; DELETE FROM schema_version WHERE version >= 2") == SQLITE_OK);
  }
  auto s = open_store(dir.db());
  CHECK(s->load_match(m.code));
  raw_db raw(dir.db());
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'matches_idle'") == 1);
  CHECK(raw.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
}

TEST_CASE("list_idle finds unfinished matches by last activity", "[store]") {
  temp_dir dir;
  auto s = open_store(dir.db());
  match_row quiet = sample_match("taixu", "unlisted", 100), busy = sample_match("taixu", "public", 100),
            done_m = sample_match("taixu", "public", 50), fresh = sample_match("taixu", "public", 900);
  std::vector<result> rs(7);
  s->insert_match(quiet, rs[0].done());
  s->insert_match(busy, rs[1].done());
  s->insert_match(done_m, rs[2].done());
  s->insert_match(fresh, rs[3].done());
  s->append_action(quiet.code, {1, 1, {{"type", "x"}}, 200}, rs[4].done());
  s->append_action(busy.code, {1, 1, {{"type", "x"}}, 700}, rs[5].done());
  s->finish_match(done_m.code, {{"winner", 1}, {"reason", "resign"}}, 60, rs[6].done());
  for (auto& r : rs) REQUIRE(r.get());

  const auto idle = s->list_idle(500, 10);
  REQUIRE(idle.size() == 1);  // busy moved at 700, fresh was created at 900, done_m is finished
  CHECK(idle[0].code == quiet.code);
  CHECK(idle[0].updated_ms == 200);
  const auto all = s->list_idle(1000, 10);
  REQUIRE(all.size() == 3);
  CHECK(all[0].code == quiet.code);
  CHECK(all[1].code == busy.code);
  CHECK(all[2].code == fresh.code);
  CHECK(s->list_idle(1000, 1).size() == 1);
}

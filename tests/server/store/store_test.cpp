// The store's schema, migrations, reads and write rules (one write at a time).
#include <fstream>
#include <sstream>

#include "server/store/schema.h"
#include "tests/server/store/store_test_util.h"

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
      CHECK(raw.scalar(std::string("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '") + table +
                       "'") == 1);
    CHECK(raw.text("PRAGMA journal_mode") == "wal");
    CHECK(raw.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
    CHECK(raw.scalar("SELECT COUNT(*) FROM schema_version") == static_cast<std::int64_t>(embedded_migrations().size()));
  }
  // Reopening applies nothing again (a second CREATE TABLE would fail) and keeps the data.
  const match_row m = sample_match();
  {
    auto s = open_store(dir.db());
    result r;
    s->insert_match(m, r.done());
    REQUIRE(r.get() == ok);
  }
  {
    auto s = open_store(dir.db());
    CHECK(s->load_match(m.code).found());
  }
  raw_db raw(dir.db());
  CHECK(raw.scalar("SELECT COUNT(*) FROM schema_version") == static_cast<std::int64_t>(embedded_migrations().size()));
}

TEST_CASE("a database from a newer build is refused", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  open_store(db.target)->close();
  { REQUIRE(db.run("INSERT INTO schema_version VALUES (999, '999_future.sql', 0)") == ok); }
  std::string error;
  CHECK(store::open(db.target, error) == nullptr);
  CHECK(error.find("newer") != std::string::npos);
}

TEST_CASE("embedded migrations are the schema/*.sql files byte for byte", "[store]") {
  const auto schema = std::filesystem::path(TABULEIRO_SOURCE_DIR) / "schema";
  auto file_text = [](const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  REQUIRE(!embedded_migrations().empty());
  for (const auto& m : embedded_migrations()) CHECK(file_text(schema / std::string(m.name)) == std::string(m.sql));
  // PostgreSQL's: schema/postgres/NNN where that variant exists, else the shared schema/NNN.
  for (const auto& m : embedded_pg_migrations()) {
    const auto variant = schema / "postgres" / std::string(m.name);
    CHECK(file_text(std::filesystem::exists(variant) ? variant : schema / std::string(m.name)) == std::string(m.sql));
  }
}

TEST_CASE("a match round-trips through insert and load", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row m = sample_match();
  m.start_position = {{"pieces", {{"a1", "k"}}}, {"to_move", 2}};
  m.visibility = "unlisted";
  m.guests_watch = false;
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);

  const auto read = s->load_match(m.code);
  REQUIRE(read.status == read_status::found);
  const match_row& got = read.value;
  CHECK(got.code == m.code);
  CHECK(got.game == m.game);
  CHECK(got.options == m.options);
  CHECK(got.seed == m.seed);
  CHECK(got.start_position == m.start_position);
  CHECK(got.visibility == "unlisted");
  CHECK_FALSE(got.guests_watch);
  CHECK(got.status == "waiting");
  CHECK(got.outcome.is_null());
  CHECK(got.created_ms == m.created_ms);
  CHECK(got.finished_ms == 0);
  CHECK(got.token_hash[0] == m.token_hash[0]);
  CHECK(got.token_hash[1].empty());
  CHECK(got.version == 0);
  CHECK(s->load_match("ZZZZZZ").status == read_status::absent);
  CHECK(s->load_match(std::string(m.code).replace(0, 1, 1, m.code[0] == 'A' ? 'B' : 'A')).status ==
        read_status::absent);

  SECTION("a taken code is a conflict") {
    match_row again = sample_match();
    again.code = m.code;
    result r2;
    s->insert_match(again, r2.done());
    CHECK(r2.get() == conflict);
    CHECK(s->load_match(m.code).value.seed == m.seed);
  }
  SECTION("a free seat is claimed once; a taken seat or an absent match is a conflict") {
    const std::string h2 = token_hash(new_seat_token()), h2b = token_hash(new_seat_token());
    result a, b, c, d;
    s->claim_seat(m.code, 2, h2, a.done());
    REQUIRE(a.get() == ok);
    CHECK(s->load_match(m.code).value.token_hash[1] == h2);
    s->claim_seat(m.code, 2, h2b, b.done());
    CHECK(b.get() == conflict);
    s->claim_seat(m.code, 1, h2b, c.done());
    CHECK(c.get() == conflict);
    const auto after = s->load_match(m.code);
    CHECK(after.value.token_hash[1] == h2);  // never overwritten
    CHECK(after.value.token_hash[0] == m.token_hash[0]);
    s->claim_seat("ZZZZZZ", 2, h2, d.done());
    CHECK(d.get() == conflict);
  }
  SECTION("a bad seat number or hash is a conflict") {
    result a, b;
    s->claim_seat(m.code, 3, token_hash("x"), a.done());
    CHECK(a.get() == conflict);
    s->claim_seat(m.code, 2, "not-a-hash", b.done());
    CHECK(b.get() == conflict);
    CHECK(s->load_match(m.code).value.token_hash[1].empty());
  }
}

TEST_CASE("a match's clock, its seats' claim times and a change's lag credit round-trip", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row m = sample_match();
  m.clock = {{"initial_s", 300}, {"increment_s", 2}, {"setup_s", 300}};
  result r, claim, append;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  s->claim_seat(m.code, 2, token_hash(new_seat_token()), claim.done(), m.created_ms + 4321);
  REQUIRE(claim.get() == ok);
  action_row a = game_action(1, 1, {{"type", "place"}, {"to", "c3"}}, m.created_ms + 5000);
  a.lag_ms = 640;
  s->append_action(m.code, a, append.done());
  REQUIRE(append.get() == ok);
  const auto row = s->load_match(m.code);
  REQUIRE(row.found());
  CHECK(row.value.clock == m.clock);
  CHECK(row.value.seat_claimed_ms[0] == m.created_ms);  // the creator's seat: at creation
  CHECK(row.value.seat_claimed_ms[1] == m.created_ms + 4321);
  const auto log = s->load_actions(m.code);
  REQUIRE(log.value.size() == 1);
  CHECK(log.value[0].lag_ms == 640);
  // A match without a clock stores none.
  match_row plain = sample_match();
  result r2;
  s->insert_match(plain, r2.done());
  REQUIRE(r2.get() == ok);
  CHECK(s->load_match(plain.code).value.clock.is_null());
}

TEST_CASE("a bot seat round-trips with its match, and its seat cannot be claimed", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row m = sample_match("cyvasse");
  m.token_hash[1] = token_hash(new_seat_token());
  m.bot = bot_seat_row{2, "hard", std::to_string(random_seed())};
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  const auto read = s->load_match(m.code);
  REQUIRE(read.found());
  REQUIRE(read.value.bot.has_value());
  CHECK(read.value.bot->seat == 2);
  CHECK(read.value.bot->level == "hard");
  CHECK(read.value.bot->seed == m.bot->seed);
  CHECK(read.value.seed == m.seed);  // the match's own seed is a different column
  const auto listed = s->list_public("", "cyvasse", 10);
  REQUIRE(listed.found());
  REQUIRE(listed.value.size() == 1);
  CHECK(listed.value[0].bot.has_value());
  result c;
  s->claim_seat(m.code, 2, token_hash(new_seat_token()), c.done());
  CHECK(c.get() == conflict);
  // A match without a bot reads back without one.
  match_row plain = sample_match();
  result p;
  s->insert_match(plain, p.done());
  REQUIRE(p.get() == ok);
  CHECK_FALSE(s->load_match(plain.code).value.bot.has_value());
  // The schema refuses a bad level and a second bot for a match, and any change of a bot seat.
  s->close();
  CHECK(db.run("INSERT INTO bot_seats (match_id, seat, level, seed) SELECT id, 1, 'expert', '1' FROM matches"
               " WHERE code = '" +
               plain.code + "'") == conflict);
  CHECK(db.run("INSERT INTO bot_seats (match_id, seat, level, seed) SELECT id, 1, 'easy', '1' FROM matches"
               " WHERE code = '" +
               plain.code + "'") == ok);  // the control: a valid row goes in
  CHECK(db.run("INSERT INTO bot_seats (match_id, seat, level, seed) SELECT id, 1, 'easy', '1' FROM matches"
               " WHERE code = '" +
               m.code + "'") == conflict);
  CHECK(db.run("UPDATE bot_seats SET level = 'easy'") == conflict);
}

TEST_CASE("the log appends contiguous versions of actions and changes and reads back in order", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  result r;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  const auto empty = s->load_actions(m.code);
  CHECK(empty.status == read_status::found);  // a match without changes: found, empty
  CHECK(empty.value.empty());

  const std::vector<action_row> log = {
      game_action(1, 1, {{"type", "place"}, {"to", "c3"}}, 1000),
      game_action(2, 2, {{"type", "place"}, {"to", "d4"}}, 2000),
      room_change(3, 0, {{"type", "abandoned"}, {"winner", nullptr}}, 3000),
      game_action(4, 1, {{"type", "resign"}}, 4000),  // a game action, whatever its type
  };
  std::vector<result> results(log.size());
  for (std::size_t i = 0; i < log.size(); ++i) s->append_action(m.code, log[i], results[i].done());
  for (auto& res : results) REQUIRE(res.get() == ok);

  const auto got = s->load_actions(m.code);
  REQUIRE(got.status == read_status::found);
  REQUIRE(got.value.size() == log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(got.value[i].version == log[i].version);
    CHECK(got.value[i].seat == log[i].seat);
    CHECK(got.value[i].action == log[i].action);
    CHECK(got.value[i].change == log[i].change);
    CHECK(got.value[i].at_ms == log[i].at_ms);
  }
  const auto row = s->load_match(m.code);
  CHECK(row.value.status == "live");
  CHECK(row.value.version == 4);
  CHECK(s->load_actions("ZZZZZZ").status == read_status::absent);

  result gap, dup, absent, bad_seat, neither, both, bad_change;
  s->append_action(m.code, game_action(6, 1, {{"type", "x"}}, 5000), gap.done());
  s->append_action(m.code, game_action(4, 1, {{"type", "x"}}, 5000), dup.done());
  s->append_action("ZZZZZZ", game_action(1, 1, {{"type", "x"}}, 5000), absent.done());
  s->append_action(m.code, game_action(5, 7, {{"type", "x"}}, 5000), bad_seat.done());
  s->append_action(m.code, action_row{5, 1, nullptr, nullptr, 5000}, neither.done());
  s->append_action(m.code, action_row{5, 1, {{"type", "x"}}, {{"type", "resign"}}, 5000}, both.done());
  s->append_action(m.code, room_change(5, 1, json::array(), 5000), bad_change.done());
  CHECK(gap.get() == conflict);
  CHECK(dup.get() == conflict);
  CHECK(absent.get() == conflict);
  CHECK(bad_seat.get() == conflict);
  CHECK(neither.get() == conflict);
  CHECK(both.get() == conflict);
  CHECK(bad_change.get() == conflict);
  CHECK(s->load_actions(m.code).value.size() == 4);
  CHECK(s->load_match(m.code).value.version == 4);  // the failed seat-7 write left nothing behind
}

TEST_CASE("the schema keeps the log unique per version, one of action or change, append-only", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  result r, a;
  s->insert_match(m, r.done());
  s->append_action(m.code, game_action(1, 1, {{"type", "x"}}, 1), a.done());
  REQUIRE(r.get() == ok);
  REQUIRE(a.get() == ok);
  s->close();
  const std::string id = "(SELECT id FROM matches WHERE code = '" + m.code + "')";
  const std::string cols = "INSERT INTO actions (match_id, version, seat, action, change, at_ms) VALUES (";
  CHECK(db.run(cols + id + ", 1, 1, '{}', NULL, 2)") == conflict);
  CHECK(db.run(cols + id + ", 2, 1, NULL, NULL, 2)") == conflict);
  CHECK(db.run(cols + id + ", 2, 1, '{}', '{}', 2)") == conflict);
  CHECK(db.run(cols + id + ", 2, 1, '{}', NULL, 2)") == ok);  // the control: a valid row goes in
  CHECK(db.run("UPDATE actions SET action = '{}'") == conflict);
  CHECK(db.run("UPDATE actions SET seat = 0 WHERE version = 2") == conflict);
  CHECK(db.run("DELETE FROM actions") == conflict);
  CHECK(db.scalar("SELECT COUNT(*) FROM actions") == 2);
}

TEST_CASE("a match's end is recorded once, with its last change", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const match_row m = sample_match();
  result r, f, again, absent;
  s->insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  const json outcome = {{"winner", 2}, {"reason", "resign"}};
  s->append_and_finish(m.code, room_change(1, 1, {{"type", "resign"}, {"seat", 1}}, 5000), outcome, f.done());
  REQUIRE(f.get() == ok);
  s->append_and_finish(m.code, room_change(2, 2, {{"type", "resign"}, {"seat", 2}}, 6000),
                       {{"winner", 1}, {"reason", "resign"}}, again.done());
  CHECK(again.get() == conflict);
  s->append_and_finish("ZZZZZZ", room_change(1, 1, {{"type", "draw_agreed"}}, 5000), outcome, absent.done());
  CHECK(absent.get() == conflict);
  const auto row = s->load_match(m.code);
  CHECK(row.value.status == "finished");
  CHECK(row.value.outcome == outcome);
  CHECK(row.value.finished_ms == 5000);
  CHECK(row.value.version == 1);
}

TEST_CASE("list_public filters by visibility, status and game, newest first", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  // Four public matches (created at 10..13) and one unlisted (created last).
  std::vector<match_row> ms = {sample_match("taixu", "public", 10), sample_match("cyvasse", "public", 11),
                               sample_match("taixu", "public", 12), sample_match("taixu", "public", 13),
                               sample_match("taixu", "unlisted", 14)};
  std::vector<result> rs(ms.size() + 2);
  for (std::size_t i = 0; i < ms.size(); ++i) s->insert_match(ms[i], rs[i].done());
  s->append_action(ms[2].code, game_action(1, 1, {{"type", "x"}}, 20), rs[5].done());  // live
  s->append_and_finish(ms[3].code, room_change(1, 2, {{"type", "draw_agreed"}}, 21),
                       {{"winner", nullptr}, {"reason", "agreement"}}, rs[6].done());
  for (auto& r : rs) REQUIRE(r.get() == ok);

  auto codes = [](const read_result<std::vector<match_row>>& rows) {
    REQUIRE(rows.status == read_status::found);
    std::vector<std::string> out;
    for (const auto& r : rows.value) out.push_back(r.code);
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
  CHECK(codes(s->list_public("", "", 0)).empty());
  const auto live = s->list_public("live", "", 10).value;
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
    REQUIRE(r.get() == ok);
  }
  {  // Turn the database back into a version-1 one: 002 only adds an index, 003 rebuilds the
     // (still empty) log with its change column, 004 and 005 add the clock and the bot seats,
     // 006 two columns, 007 the leases, 008 the accounts, 009 the administration, 010 the
     // offline flag, 011 the ratings, 012 the lobby, 013 the chat, 014 Web Push, 015 webhooks,
     // 016 the connection record, 019 the cluster's nodes.
    raw_db raw(dir.db(), false);
    REQUIRE(
        raw.exec(
            "DROP TABLE nodes; DROP TABLE seat_connections; DROP TABLE webhooks; DROP TABLE push_subscriptions; DROP TABLE server_keys; ALTER TABLE users DROP COLUMN notify;"
            " DROP TABLE chat_reports; DROP TABLE chat_mutes; DROP TABLE chat_messages; ALTER TABLE matches DROP COLUMN chat;"
            " DROP TABLE challenges; DROP TABLE rating_changes; DROP TABLE ratings; ALTER TABLE matches DROP COLUMN rated;"
            " ALTER TABLE matches DROP COLUMN ratings_settled;"
            " ALTER TABLE matches DROP COLUMN offline; DROP TRIGGER actions_no_delete; DROP TABLE match_deletions; ALTER TABLE matches DROP COLUMN guests_watch; DROP TABLE server_settings; DROP TABLE audit; DROP TABLE password_resets;"
            " ALTER TABLE invitations DROP COLUMN grants_admin; ALTER TABLE invitations DROP COLUMN uses;"
            " ALTER TABLE invitations DROP COLUMN max_uses; ALTER TABLE users DROP COLUMN disabled_ms;"
            " DROP INDEX seats_by_user; ALTER TABLE seats DROP COLUMN user_id;"
            " DROP TABLE invitations; DROP TABLE sessions; DROP TABLE users; DROP TABLE leases; ALTER TABLE seats DROP COLUMN name; ALTER TABLE matches DROP COLUMN rematch;"
            " DROP INDEX matches_idle; DROP TABLE actions; DROP TABLE bot_seats;"
            " CREATE TABLE actions (match_id INTEGER NOT NULL REFERENCES matches (id),"
            " version INTEGER NOT NULL CHECK (version >= 1),"
            " seat INTEGER NOT NULL CHECK (seat IN (0, 1, 2)), action TEXT NOT NULL,"
            " at_ms INTEGER NOT NULL, PRIMARY KEY (match_id, version)) WITHOUT ROWID;"
            " ALTER TABLE matches DROP COLUMN clock; ALTER TABLE seats DROP COLUMN claimed_ms;"
            " DELETE FROM schema_version WHERE version >= 2") == SQLITE_OK);
  }
  auto s = open_store(dir.db());
  CHECK(s->load_match(m.code).found());
  raw_db raw(dir.db());
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'matches_idle'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('actions') WHERE name = 'change'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('seats') WHERE name = 'name'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'rematch'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'actions'") == 2);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'clock'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('actions') WHERE name = 'lag_ms'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'bot_seats'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'leases'") == 1);
  CHECK(
      raw.scalar(
          "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'sessions', 'invitations')") ==
      3);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('seats') WHERE name = 'user_id'") == 1);
  CHECK(
      raw.scalar(
          "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('audit', 'password_resets', 'server_settings')") ==
      3);
  CHECK(
      raw.scalar(
          "SELECT COUNT(*) FROM pragma_table_info('invitations') WHERE name IN ('max_uses', 'uses', 'grants_admin')") ==
      3);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'offline'") == 1);
  CHECK(raw.scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('ratings', 'rating_changes')") == 2);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'rated'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'challenges'") == 1);
  CHECK(
      raw.scalar(
          "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('chat_messages', 'chat_mutes', 'chat_reports')") ==
      3);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'chat'") == 1);
  CHECK(
      raw.scalar(
          "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('server_keys', 'push_subscriptions')") ==
      2);
  CHECK(raw.scalar("SELECT COUNT(*) FROM pragma_table_info('users') WHERE name = 'notify'") == 1);
  CHECK(raw.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'nodes'") == 1);
  CHECK(raw.scalar("SELECT MAX(version) FROM schema_version") == latest_schema_version());
}

TEST_CASE("list_idle finds unfinished matches by last activity", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  match_row quiet = sample_match("taixu", "unlisted", 100), busy = sample_match("taixu", "public", 100),
            done_m = sample_match("taixu", "public", 50), fresh = sample_match("taixu", "public", 900);
  std::vector<result> rs(7);
  s->insert_match(quiet, rs[0].done());
  s->insert_match(busy, rs[1].done());
  s->insert_match(done_m, rs[2].done());
  s->insert_match(fresh, rs[3].done());
  s->append_action(quiet.code, game_action(1, 1, {{"type", "x"}}, 200), rs[4].done());
  s->append_action(busy.code, game_action(1, 1, {{"type", "x"}}, 700), rs[5].done());
  s->append_and_finish(done_m.code, room_change(1, 2, {{"type", "resign"}, {"seat", 2}}, 60),
                       {{"winner", 1}, {"reason", "resign"}}, rs[6].done());
  for (auto& r : rs) REQUIRE(r.get() == ok);

  const auto idle = s->list_idle(500, 10).value;
  REQUIRE(idle.size() == 1);  // busy moved at 700, fresh was created at 900, done_m is finished
  CHECK(idle[0].code == quiet.code);
  CHECK(idle[0].updated_ms == 200);
  const auto all = s->list_idle(1000, 10).value;
  REQUIRE(all.size() == 3);
  CHECK(all[0].code == quiet.code);
  CHECK(all[1].code == busy.code);
  CHECK(all[2].code == fresh.code);
  CHECK(s->list_idle(1000, 1).value.size() == 1);
}

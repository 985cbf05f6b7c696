// The chat's rows (server/room/chat_sql, and the admin page's reports in server/accounts/admin_sql)
// on SQLite and PostgreSQL: lines stored in order and read back, mutes, reports of a match's own
// lines only, the waiting reports with their conversation, handling once, and a deleted match
// taking its chat with it.
#include <memory>

#include <catch2/catch.hpp>

#include "server/accounts/admin_sql.h"
#include "server/room/chat_sql.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

// Stores a line of match code; its id.
std::int64_t say(store& s, const std::string& code, const std::string& channel, int seat, std::int64_t user,
                 const std::string& text, std::int64_t at) {
  auto line = std::make_shared<chat_line>(
      chat_line{0, channel, seat, user, seat ? "P" + std::to_string(seat) : "", text, at});
  REQUIRE(run_write(s, insert_chat_work(code, line)) == write_status::ok);
  REQUIRE(line->id > 0);
  return line->id;
}

}  // namespace

TEST_CASE("chat rows: lines, mutes and reports are stored and read back, and a deleted match takes them along") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  REQUIRE(db.run("INSERT INTO users (username, username_key, display_name, password_hash, created_ms)"
                 " VALUES ('ana', 'ana', 'Ana', 'x', 0)") == write_status::ok);
  const std::int64_t ana = db.scalar("SELECT id FROM users WHERE username_key = 'ana'");
  match_row m = sample_match("taixu", "public", t0);
  match_row other = sample_match("taixu", "public", t0);
  for (auto* row : {&m, &other}) {
    result r;
    s->insert_match(*row, r.done());
    REQUIRE(r.get() == write_status::ok);
  }
  const std::int64_t hello = say(*s, m.code, "players", 1, ana, "hello", t0 + 1);
  const std::int64_t rude = say(*s, m.code, "players", 2, 0, "you will lose", t0 + 2);
  say(*s, m.code, "spectators", 0, 0, "<b>not bold</b>", t0 + 3);
  say(*s, m.code, "players", 1, ana, "we will see", t0 + 4);
  const std::int64_t elsewhere = say(*s, other.code, "players", 1, 0, "another match", t0 + 5);
  auto missing = std::make_shared<chat_line>(chat_line{0, "players", 1, 0, "", "x", t0});
  CHECK(run_write(*s, insert_chat_work("NOSUCH", missing)) == write_status::conflict);

  REQUIRE(run_write(*s, set_chat_mute_work(m.code, 1, true)) == write_status::ok);
  REQUIRE(run_write(*s, set_chat_mute_work(m.code, 1, true)) == write_status::ok);  // twice is once
  std::vector<chat_line> lines;
  std::array<bool, 2> muted{};
  auto read = [&](std::size_t limit) {
    REQUIRE(s->run_read("test", [&](sql_connection& c, std::string& e) {
      return read_chat(c, m.code, limit, lines, muted, e);
    }) == read_status::found);
  };
  read(10);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].id == hello);
  CHECK(lines[0].user_id == ana);
  CHECK(lines[1].user_id == 0);
  CHECK(lines[2].text == "<b>not bold</b>");
  CHECK(lines[2].channel == "spectators");
  CHECK(muted == std::array<bool, 2>{true, false});
  read(2);  // the last two, in order
  REQUIRE(lines.size() == 2);
  CHECK(lines[1].text == "we will see");
  REQUIRE(run_write(*s, set_chat_mute_work(m.code, 1, false)) == write_status::ok);
  read(10);
  CHECK(muted == std::array<bool, 2>{false, false});

  // A report names a line of its own match only; the admin page reads it with its channel around it.
  CHECK(run_write(*s, report_chat_work(m.code, elsewhere, 0, "", "", t0 + 6)) == write_status::conflict);
  REQUIRE(run_write(*s, report_chat_work(m.code, rude, ana, "Ana", "unkind", t0 + 7)) == write_status::ok);
  std::vector<accounts::chat_report_row> reports;
  auto reports_now = [&] {
    REQUIRE(s->run_read("test", [&](sql_connection& c, std::string& e) {
      return accounts::read_chat_reports(c, 10, 8, reports, e);
    }) == read_status::found);
  };
  reports_now();
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].code == m.code);
  CHECK(reports[0].line.id == rude);
  CHECK(reports[0].reporter == "Ana");
  CHECK(reports[0].reason == "unkind");
  REQUIRE(reports[0].conversation.size() == 3);  // the players' lines, not the spectators'
  CHECK(reports[0].conversation[0].text == "hello");
  CHECK(reports[0].conversation[2].text == "we will see");
  CHECK(run_write(*s, accounts::handle_report_work(reports[0].id, ana, t0 + 8)) == write_status::ok);
  CHECK(run_write(*s, accounts::handle_report_work(reports[0].id, ana, t0 + 9)) == write_status::conflict);
  reports_now();
  CHECK(reports.empty());

  // A finished match deleted by an administrator takes its chat along.
  result end;
  s->append_and_finish(m.code, room_change(1, 0, {{"type", "resign"}, {"seat", 1}}, t0 + 10),
                       {{"winner", 2}, {"reason", "resign"}}, end.done());
  REQUIRE(end.get() == write_status::ok);
  auto deleted = std::make_shared<accounts::match_deletion>();
  REQUIRE(run_write(*s, accounts::delete_match_work(m.code, "", 0, deleted)) == write_status::ok);
  CHECK(db.scalar("SELECT COUNT(*) FROM chat_messages") == 1);  // the other match's line
  CHECK(db.scalar("SELECT COUNT(*) FROM chat_reports") == 0);
  CHECK(db.scalar("SELECT COUNT(*) FROM chat_mutes") == 0);
}

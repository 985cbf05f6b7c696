// The operator's ordinary mistakes with a SQLite database, against the real `tabuleiro` commands
// (deploy/README.md): a second server on one file, a damaged file, a missing or empty one, a
// shell command run from another directory, a restore over a stale journal, a full disk under a
// backup, permissions, and a shell delete while the server runs.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

namespace fs = std::filesystem;

// `tabuleiro serve` on db that is expected not to start: its status and what it printed.
command_result serve_refused(const std::string& db, const std::string& extra = "") {
  return run_command("timeout 20 " + tabuleiro_bin + " serve --bind 127.0.0.1 --port 0 --db " + db + " " + extra);
}

// A database with one finished-or-not match made by a server that then stopped cleanly; the
// match's code.
std::string database_with_a_match(const std::string& db) {
  server_process srv(db);
  const auto m = create_match(srv.port(), {{"game", "taixu"}});
  REQUIRE(srv.terminate() == 0);
  return m.code;
}

// Overwrites the pages of every b-tree of table (its rows and its indexes) with junk, as a
// damaged disk would.
void damage_table(const std::string& db, const std::string& table) {
  const auto pages = run_command("sqlite3 " + db + " \"SELECT rootpage FROM sqlite_schema WHERE tbl_name = '" + table +
                                 "' AND rootpage > 0\"");
  REQUIRE(pages.status == 0);
  const auto size = run_command("sqlite3 " + db + " 'PRAGMA page_size'");
  const long page_size = std::stol(size.output);
  std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
  std::istringstream roots(pages.output);
  int damaged = 0;
  for (long root; roots >> root; ++damaged) {
    f.seekp((root - 1) * page_size);
    const std::string junk(static_cast<std::size_t>(page_size), '\x5a');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  REQUIRE(damaged >= 2);  // the table and its share-code index
}

}  // namespace

TEST_CASE("operator: a second server on the same SQLite file refuses to start, naming the file and the holder") {
  temp_dir dir;
  const std::string db = dir.path + "/club.db";
  server_process first(db);
  const auto second = serve_refused(db);
  INFO(second.output);
  CHECK(second.status == 1);
  CHECK(second.output.find("the database " + db + " is in use by tabuleiro serve, pid ") != std::string::npos);
  CHECK(second.output.find("One server per database file") != std::string::npos);
  CHECK(file_mode(db + ".lock") == 0600);
  // The offline tools that may run beside it still do.
  CHECK(run_command(tabuleiro_bin + " backup --db " + db + " " + dir.path + "/copy.db").status == 0);
  CHECK(run_command(tabuleiro_bin + " admin users --db " + db).status == 0);
  // Once the first stops, the file is free again.
  REQUIRE(first.terminate() == 0);
  server_process again(db);
  CHECK(http_call(again.port(), "GET", "/healthz").status == 200);
}

TEST_CASE(
    "operator: a damaged database refuses to start and says to restore, and at run time a read error is no 'busy'") {
  temp_dir dir;
  const std::string db = dir.path + "/club.db";
  database_with_a_match(db);
  damage_table(db, "matches");
  const auto refused = serve_refused(db);
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(refused.output.find("quick_check found damage") != std::string::npos);
  CHECK(refused.output.find("tabuleiro restore BACKUP") != std::string::npos);
  // Told to skip the check, it starts, and creating a match reports the store, not a busy server.
  server_process unchecked(db, {"--quick-check-seconds", "0"});
  const auto created = http_call(unchecked.port(), "POST", "/api/matches", R"({"game":"taixu"})");
  INFO(created.body);
  CHECK(created.status == 503);
  CHECK(created.json_body()["error"]["code"] == "storage_error");
}

TEST_CASE("operator: a missing, empty or orphaned database file is not a new server, and a new one is made 0600") {
  temp_dir dir;
  const std::string db = dir.path + "/data/club.db";
  std::string code;
  {
    const std::string log = dir.path + "/first.log";
    server_process srv(db, {}, log);
    code = create_match(srv.port(), {{"game", "taixu"}}).code;
    REQUIRE(srv.terminate() == 0);
    const std::string said = read_all(log);
    CHECK(said.find("new database: created " + db + " (no database was there), so this is a new server") !=
          std::string::npos);
    CHECK(said.find("no administrator yet") != std::string::npos);
  }
  CHECK(file_mode(db) == 0600);
  CHECK(file_mode(db + ".lock") == 0600);

  SECTION("the file moved away after a server used the path") {
    fs::rename(db, dir.path + "/elsewhere.db");
    const auto r = serve_refused(db);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("but a server used it before") != std::string::npos);
    CHECK_FALSE(fs::exists(db));
  }
  SECTION("an empty file") {
    fs::resize_file(db, 0);
    const auto r = serve_refused(db);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("is empty (0 bytes)") != std::string::npos);
  }
  SECTION("a journal without its database") {
    const std::string other = dir.path + "/data/other.db";
    std::ofstream(other + "-wal") << "journal";
    const auto r = serve_refused(other);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("its journal " + other + "-wal is there") != std::string::npos);
    CHECK_FALSE(fs::exists(other));
  }
  SECTION("files another user may read are restricted to the owner") {
    ::chmod(db.c_str(), 0644);
    const std::string log = dir.path + "/second.log";
    server_process srv(db, {}, log);
    CHECK(file_mode(db) == 0600);
    CHECK(read_all(log).find("restricted to their owner") != std::string::npos);
    CHECK(match_summary(srv.port(), code)["code"] == code);
  }
}

TEST_CASE("operator: the shell's commands never invent a database, wherever they are run from") {
  temp_dir dir;
  // As an operator would: from another directory, without --db or TABULEIRO_DB.
  const auto made = run_command("cd " + dir.path + " && printf 'a password 1\\n' | env -u TABULEIRO_DB " +
                                tabuleiro_bin + " admin create-user ana --admin");
  INFO(made.output);
  CHECK(made.status == 1);
  CHECK(made.output.find("no database at " + dir.path + "/data/tabuleiro.db; pass --db") != std::string::npos);
  CHECK(made.output.find("created user") == std::string::npos);
  CHECK_FALSE(fs::exists(dir.path + "/data"));
  const std::string none = dir.path + "/none.db";
  for (const std::string& command :
       {" admin users --db " + none, " admin invite --db " + none, " backup --db " + none + " " + dir.path + "/copy.db",
        " puzzles --game taixu --games 1 --db " + none}) {
    const auto r = run_command(tabuleiro_bin + command);
    INFO(command << ": " << r.output);
    CHECK(r.status != 0);
    CHECK(r.output.find("no database at " + none) != std::string::npos);
    CHECK_FALSE(fs::exists(none));
  }
}

TEST_CASE("operator: a backup is 0600 and checked, and one that fails on a full disk leaves no file") {
  temp_dir dir;
  const std::string db = dir.path + "/club.db";
  database_with_a_match(db);
  const auto ok = run_command(tabuleiro_bin + " backup --db " + db + " " + dir.path + "/copy.db");
  INFO(ok.output);
  REQUIRE(ok.status == 0);
  CHECK(ok.output.find("passed quick_check") != std::string::npos);
  CHECK(file_mode(dir.path + "/copy.db") == 0600);

  small_disk disk(64);  // smaller than the database
  if (!disk.mounted) {
    WARN("SKIPPED: mounting a tmpfs was refused: " << disk.why << " (needs root)");
    return;
  }
  const std::string dest = disk.dir.path + "/copy.db";
  const auto full = run_command(tabuleiro_bin + " backup --db " + db + " " + dest);
  INFO(full.output);
  CHECK(full.status == 1);
  CHECK_FALSE(fs::exists(dest));
}

TEST_CASE("operator: a restore replaces a stopped server's file, keeps the old one, and leaves no stale journal") {
  temp_dir dir;
  const std::string db = dir.path + "/club.db", copy = dir.path + "/backup.db";
  std::string before, after;
  {
    server_process srv(db);
    before = create_match(srv.port(), {{"game", "taixu"}}).code;
    REQUIRE(run_command(tabuleiro_bin + " backup --db " + db + " " + copy).status == 0);
    after = create_match(srv.port(), {{"game", "taixu"}}).code;
    // A restore while the server runs is refused.
    const auto busy = run_command(tabuleiro_bin + " restore --db " + db + " " + copy);
    INFO(busy.output);
    CHECK(busy.status == 1);
    CHECK(busy.output.find("Stop the server before a restore") != std::string::npos);
    srv.kill9();  // a server that did not stop cleanly: its -wal stays
  }
  REQUIRE(fs::file_size(db + "-wal") > 0);

  SECTION("copied by hand over the old file, the stale journal is refused") {
    // The old server died an hour before the copy.
    const auto hour_ago = fs::last_write_time(db + "-wal") - std::chrono::hours(1);
    fs::last_write_time(db + "-wal", hour_ago);
    fs::copy_file(copy, db, fs::copy_options::overwrite_existing);
    const auto r = serve_refused(db);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("was replaced after its journal") != std::string::npos);
  }
  SECTION("tabuleiro restore") {
    const auto r = run_command(tabuleiro_bin + " restore --db " + db + " " + copy);
    INFO(r.output);
    REQUIRE(r.status == 0);
    CHECK(r.output.find("passed quick_check") != std::string::npos);
    CHECK(file_mode(db) == 0600);
    CHECK_FALSE(fs::exists(db + "-wal"));
    CHECK_FALSE(fs::exists(db + "-shm"));
    const auto kept = r.output.find("kept as ");
    REQUIRE(kept != std::string::npos);
    const std::string old = r.output.substr(kept + 8, r.output.find(". Start") - kept - 8);
    CHECK(fs::exists(old));
    CHECK(fs::exists(old + "-wal"));
    server_process srv(db);
    CHECK(match_summary(srv.port(), before)["code"] == before);
    CHECK(http_call(srv.port(), "GET", "/api/matches/" + after).status == 404);
  }
  SECTION("a copy that is not a Tabuleiro database, or damaged, is refused and nothing changes") {
    std::ofstream(dir.path + "/junk.db") << "not a database at all, just text that fills a page or so";
    const auto r = run_command(tabuleiro_bin + " restore --db " + db + " " + dir.path + "/junk.db");
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("does not pass quick_check") != std::string::npos);
    CHECK(fs::exists(db + "-wal"));
  }
}

TEST_CASE("operator: restored as root into a service's folder, the file is the service user's to open") {
  if (::geteuid() != 0) {
    WARN("SKIPPED: needs root, as the systemd restore does");
    return;
  }
  temp_dir dir;
  ::chmod(dir.path.c_str(), 0755);
  const std::string state = dir.path + "/state";  // a StateDirectory owned by the unit's user
  fs::create_directories(state);
  REQUIRE(::chown(state.c_str(), 65534, 65534) == 0);
  const std::string db = state + "/tabuleiro.db", copy = dir.path + "/backup.db";
  database_with_a_match(copy);
  const auto r = run_command(tabuleiro_bin + " restore --db " + db + " " + copy);
  INFO(r.output);
  REQUIRE(r.status == 0);
  struct stat st {};
  REQUIRE(::stat(db.c_str(), &st) == 0);
  CHECK(st.st_uid == 65534);
  CHECK(file_mode(db) == 0600);
  REQUIRE(::stat((db + ".lock").c_str(), &st) == 0);  // made by the restore, as root
  CHECK(st.st_uid == 65534);
  const auto as_user = run_command("setpriv --reuid=65534 --regid=65534 --clear-groups " + tabuleiro_bin +
                                   " admin users --db " + db);
  INFO(as_user.output);
  CHECK(as_user.status == 0);
  // The service's own user serves it (it takes the lock file the restore made).
  const auto served = run_command("cd " + state +
                                  " && setpriv --reuid=65534 --regid=65534 --clear-groups timeout -s INT 2 " +
                                  tabuleiro_bin + " serve --bind 127.0.0.1 --port 0 --db " + db);
  INFO(served.output);
  CHECK(served.output.find("Tabuleiro serving on") != std::string::npos);
}

TEST_CASE("operator: the shell's delete is refused while a server holds the file (the admin page is the way)") {
  temp_dir dir;
  const std::string db = dir.path + "/club.db";
  server_process srv(db);
  const auto m = create_match(srv.port(), {{"game", "taixu"}});
  const auto r = run_command(tabuleiro_bin + " admin delete " + m.code + " --db " + db);
  INFO(r.output);
  CHECK(r.status == 1);
  CHECK(r.output.find("is in use by tabuleiro serve") != std::string::npos);
  CHECK(r.output.find("POST /api/admin/matches/" + m.code + "/delete") != std::string::npos);
  CHECK(match_summary(srv.port(), m.code)["code"] == m.code);
  REQUIRE(srv.terminate() == 0);
  // Stopped, the shell may delete it (only a finished match: this one is refused as running).
  const auto stopped = run_command(tabuleiro_bin + " admin delete " + m.code + " --db " + db);
  INFO(stopped.output);
  CHECK(stopped.output.find("in use") == std::string::npos);
}

TEST_CASE("operator: SIGHUP does not stop the server (logged and ignored), and SIGTERM still drains and exits 0") {
  temp_dir dir;
  const std::string log = dir.path + "/server.log";
  server_process srv(dir.path + "/club.db", {}, log);
  srv.signal(SIGHUP);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(http_call(srv.port(), "GET", "/healthz").status == 200);
  srv.signal(SIGHUP);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(http_call(srv.port(), "GET", "/readyz").status == 200);
  CHECK(read_all(log).find("signal SIGHUP: ignored") != std::string::npos);
  CHECK(srv.terminate() == 0);
}

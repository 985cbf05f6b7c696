// Scheduled backups against the real server (deploy/README.md "Scheduled backups"): a checked
// copy at start and at each interval of the injected clock, the newest --backup-keep kept, the
// admin routes and /metrics; a folder the server cannot use refused at start; a failed copy on
// a full disk told and leaving no partial file; and the restore drill: the newest scheduled copy,
// restored into a fresh server, holds every acknowledged action.
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

namespace fs = std::filesystem;

constexpr std::int64_t hour_ms = 3600 * 1000;

// The copies in dir (names of the form the schedule writes), sorted by name; other files apart.
std::vector<std::string> copies(const std::string& dir, std::vector<std::string>* others = nullptr) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (std::regex_match(name, std::regex(R"(tabuleiro-\d{8}T\d{6}Z(-\d+)?\.db)"))) out.push_back(name);
    else if (others) others->push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Waits up to 10 s until dir holds n copies; the copies.
std::vector<std::string> wait_for_copies(const std::string& dir, std::size_t n) {
  for (int i = 0; i < 200 && copies(dir).size() != n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return copies(dir);
}

// Waits up to 10 s until metric name of the server at port reads value.
void wait_for_metric(unsigned short port, const std::string& name, long value) {
  for (int i = 0; i < 200 && metric(port, name) != value; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  REQUIRE(metric(port, name) == value);
}

}  // namespace

TEST_CASE(
    "backups: a checked copy at start and at each interval, the newest --backup-keep kept, told to the admin page and /metrics") {
  temp_dir out;
  const std::string dir = out.path + "/backups";  // made by the server, 0700
  admin_server s({"--clock", "manual", "--backup-dir", dir, "--backup-every", "1h", "--backup-keep", "2"});
  const auto first = wait_for_copies(dir, 1);
  REQUIRE(first.size() == 1);
  CHECK(file_mode(dir) == 0700);
  CHECK(file_mode(dir + "/" + first[0]) == 0600);
  CHECK(run_command("sqlite3 " + dir + "/" + first[0] + " 'PRAGMA quick_check;'").output == "ok\n");
  wait_for_metric(s.port(), "tabuleiro_backup_interval_seconds", 3600);

  advance_clock(s.port(), hour_ms);
  REQUIRE(wait_for_copies(dir, 2).size() == 2);
  advance_clock(s.port(), hour_ms);
  std::vector<std::string> others;
  for (int i = 0; i < 200 && copies(dir)[0] == first[0]; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto kept = copies(dir, &others);
  REQUIRE(kept.size() == 2);  // --backup-keep 2: the first one went
  CHECK(std::find(kept.begin(), kept.end(), first[0]) == kept.end());
  CHECK(others.empty());  // no partial file, no probe left
  CHECK(run_command("sqlite3 " + dir + "/" + kept[1] + " 'SELECT username FROM users;'").output == "root\n");
  CHECK(metric(s.port(), "tabuleiro_backup_last_failed") == 0);
  CHECK(metric(s.port(), "tabuleiro_backup_failures_total") == 0);
  CHECK(metric(s.port(), "tabuleiro_backup_last_success_time_seconds") > 0);

  // The admin page's view: the settings, the copies newest first, what restoring needs.
  auto listed = get(s.port(), "/api/admin/backups", s.root);
  REQUIRE(listed.status == 200);
  json b = listed.json_body();
  CHECK(b["configured"] == true);
  CHECK(b["keep"] == 2);
  CHECK(b["every_s"] == 3600);
  CHECK(b["dir"] == fs::absolute(dir).lexically_normal().string());
  CHECK(b["db"] == fs::absolute(s.dir.path + "/a.db").lexically_normal().string());
  CHECK(b["last_failed"] == false);
  REQUIRE(b["backups"].size() == 2);
  CHECK(b["backups"][0]["file"] == kept[1]);
  CHECK(b["backups"][0]["by"] == "schedule");

  // Back up now: an administrator's copy, audited; a second one within the same second of the
  // (manual) clock gets its own name.
  const auto now = post(s.port(), "/api/admin/backups", json::object(), s.root.headers());
  REQUIRE(now.status == 201);
  b = now.json_body();
  CHECK(b["backups"][0]["by"] == "root");
  CHECK(b["backups"][0]["file"] == kept[1].substr(0, 26) + "-2.db");
  CHECK(b["backups"].size() == 2);  // still --backup-keep 2
  CHECK(copies(dir).size() == 2);
  const auto audit = get(s.port(), "/api/admin/audit", s.root).json_body();
  CHECK(audit["entries"][0]["action"] == "backup");

  // Only administrators, and a POST only with the session's CSRF token and an empty body.
  const browser ana = s.member("ana");
  CHECK(get(s.port(), "/api/admin/backups", ana).status == 403);
  CHECK(post(s.port(), "/api/admin/backups", json::object(), {{"Cookie", s.root.cookie}}).status == 403);
  CHECK(post(s.port(), "/api/admin/backups", {{"extra", 1}}, s.root.headers()).status == 400);
}

TEST_CASE("backups: without --backup-dir the admin page is told so and 'back up now' is refused") {
  admin_server s;
  const auto listed = get(s.port(), "/api/admin/backups", s.root);
  REQUIRE(listed.status == 200);
  CHECK(listed.json_body()["configured"] == false);
  const auto now = post(s.port(), "/api/admin/backups", json::object(), s.root.headers());
  CHECK(now.status == 409);
  CHECK(now.json_body()["error"]["code"] == "no_backup_dir");
  CHECK(metric(s.port(), "tabuleiro_backup_interval_seconds") == -1);
}

TEST_CASE("backups: a backup folder the server cannot use stops it at start, saying what to do") {
  temp_dir dir;
  const std::string file = dir.path + "/not-a-folder";
  REQUIRE(run_command("touch " + file).status == 0);
  const auto r = run_command("timeout 20 " + tabuleiro_bin + " serve --port 0 --db " + dir.path +
                             "/t.db --backup-dir " + file);
  CHECK(r.status == 1);
  CHECK(r.output.find("--backup-dir " + file + " is not a folder") != std::string::npos);
  const auto bad = run_command("timeout 20 " + tabuleiro_bin + " serve --port 0 --db " + dir.path +
                               "/t.db --backup-dir " + dir.path + "/b --backup-every 10x");
  CHECK(bad.status == 2);
  CHECK(bad.output.find("bad value for --backup-every: '10x'") != std::string::npos);

  small_disk disk(256);
  if (!disk.mounted) {
    WARN("no tmpfs here (" << disk.why << "): the read-only folder is not tried");
    return;
  }
  REQUIRE(disk.remount(true) == 0);
  const auto ro = run_command("timeout 20 " + tabuleiro_bin + " serve --port 0 --db " + dir.path +
                              "/t.db --backup-dir " + disk.dir.path);
  CHECK(ro.status == 1);
  CHECK(ro.output.find("cannot write in the backup folder " + disk.dir.path) != std::string::npos);
}

TEST_CASE(
    "backups: a copy that fails on a full disk is counted and shown with its reason, leaves no partial file, and the older copies stay") {
  small_disk disk(1024);
  if (!disk.mounted) {
    WARN("no tmpfs here (" << disk.why << "): not run");
    return;
  }
  admin_server s({"--clock", "manual", "--backup-dir", disk.dir.path, "--backup-every", "1h"});
  const auto first = wait_for_copies(disk.dir.path, 1);
  REQUIRE(first.size() == 1);
  fill(disk.dir.path + "/filler");

  advance_clock(s.port(), hour_ms);
  wait_for_metric(s.port(), "tabuleiro_backup_failures_total", 1);
  CHECK(metric(s.port(), "tabuleiro_backup_last_failed") == 1);
  std::vector<std::string> others;
  CHECK(copies(disk.dir.path, &others) == first);
  CHECK(others == std::vector<std::string>{"filler"});  // no .partial
  json b = get(s.port(), "/api/admin/backups", s.root).json_body();
  CHECK(b["last_failed"] == true);
  CHECK(b["backups"][0]["ok"] == false);
  CHECK(b["backups"][0]["error"].get<std::string>().find("full") != std::string::npos);
  CHECK(b["backups"][1]["file"] == first[0]);
  const auto refused = post(s.port(), "/api/admin/backups", json::object(), s.root.headers());
  CHECK(refused.status == 503);
  CHECK(refused.json_body()["error"]["code"] == "backup_failed");

  // Room again: the next copy is made and the warning ends.
  fs::remove(disk.dir.path + "/filler");
  REQUIRE(post(s.port(), "/api/admin/backups", json::object(), s.root.headers()).status == 201);
  CHECK(metric(s.port(), "tabuleiro_backup_last_failed") == 0);
  CHECK(copies(disk.dir.path).size() == 2);
}

TEST_CASE(
    "backups: restore drill: the newest scheduled copy, restored into a fresh server, holds every acknowledged action") {
  temp_dir dir;
  const std::string backups = dir.path + "/backups";
  const std::string db = dir.path + "/live.db";
  std::string code;
  std::int64_t version = 0;
  json log_before;
  {
    server_process live(db, {"--clock", "manual", "--backup-dir", backups, "--backup-every", "1h"});
    REQUIRE(wait_for_copies(backups, 1).size() == 1);
    table t = table::open(live.port());
    std::mt19937 rng(50);
    REQUIRE(t.play(12, rng) > 0);
    code = t.code;
    version = match_summary(live.port(), code)["version"];
    const auto log = http_call(live.port(), "GET", "/api/matches/" + code + "/log");
    if (log.status == 200) log_before = log.json_body();
    advance_clock(live.port(), hour_ms);  // the schedule's next copy, after every action above
    REQUIRE(wait_for_copies(backups, 2).size() == 2);
    live.kill9();  // the server and its disk are lost; the backup folder is what is left
  }
  const std::string newest = backups + "/" + copies(backups).back();
  const std::string fresh = dir.path + "/fresh";
  fs::create_directories(fresh);
  const auto restored = run_command(tabuleiro_bin + " restore --db " + fresh + "/t.db " + newest);
  INFO(restored.output);
  REQUIRE(restored.status == 0);

  server_process again(fresh + "/t.db");
  const json summary = match_summary(again.port(), code);
  CHECK(summary["version"] == version);
  if (!log_before.is_null()) {
    const auto log = http_call(again.port(), "GET", "/api/matches/" + code + "/log");
    REQUIRE(log.status == 200);
    CHECK(log.json_body() == log_before);
  }
  // And play goes on from there.
  table t = table::open(again.port());
  std::mt19937 rng(51);
  CHECK(t.play(2, rng) == 2);
}

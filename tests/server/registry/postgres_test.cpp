// `tabuleiro serve --db postgresql://...`: the real server on a PostgreSQL database (a
// throw-away cluster of its own, tests/pg): a match is created and played, the server is
// killed and started again on the same database, and the match resumes at the same version;
// a migration beside a backup's locks waits, and the service manager is told.
// Both runs are the same node (--node), which takes its own lease back at once; another node
// would wait for the killed one's lease to lapse (tests/cluster).
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include <catch2/catch.hpp>

#include "admin_util.h"
#include "game_util.h"
#include "pg_cluster.h"

using namespace tabuleiro::test;

TEST_CASE("postgres: a match played on PostgreSQL resumes at the same version after a restart") {
  pg_cluster cluster;
  const std::string url = cluster.create_database();
  temp_dir dir;
  const std::string log = dir.path + "/serve.log";
  const std::vector<std::string> node = {"--node", "pg-node-1"};
  auto srv = std::make_unique<server_process>(url, node, log);
  table tb = table::open(srv->port());
  std::mt19937 rng(5);
  REQUIRE(tb.play(6, rng) == 6);
  const std::int64_t acked = tb.at[0].t.version;
  CHECK(acked >= 6);
  const json view = tb.at[0].t.view;
  srv->kill9();

  srv = std::make_unique<server_process>(url, node, log);
  const json sum = match_summary(srv->port(), tb.code);
  CHECK(sum["version"] == acked);
  CHECK(sum["status"] == "live");
  ws_client watcher(srv->port());
  tracked_view w;
  join(watcher, w, tb.code, {{"as", "spectator"}});
  CHECK(w.version == acked);
  CHECK(w.view == view);  // the replayed log gives the very view the spectator had
  // The seat's token still holds: play goes on at the next version.
  table after;
  after.port = srv->port();
  after.code = tb.code;
  for (auto& c : after.at) c.ws = std::make_unique<ws_client>(srv->port());
  for (int st = 1; st <= 2; ++st) {
    join(*after.at[st].ws, after.at[st].t, tb.code, {{"token", tb.at[st].t.token}});
    after.at[st].t.token = tb.at[st].t.token;
  }
  join(*after.at[0].ws, after.at[0].t, tb.code, {{"as", "spectator"}});
  const int seat = after.to_act();
  REQUIRE(seat != 0);
  CHECK(after.act(seat, pick_action(after.at[seat].t.legal, rng, false)) == acked + 1);
  CHECK(match_summary(srv->port(), tb.code)["version"] == acked + 1);
}

namespace {

// A datagram socket at path that hears what a server sends its service manager ($NOTIFY_SOCKET,
// sd_notify(3)); removed on destruction.
struct notify_listener {
  int fd = -1;
  std::string path;
  explicit notify_listener(std::string at) : path(std::move(at)) {
    fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    REQUIRE(path.size() < sizeof addr.sun_path);
    std::memcpy(addr.sun_path, path.data(), path.size());
    REQUIRE(::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0);
  }
  ~notify_listener() {
    ::close(fd);
    ::unlink(path.c_str());
  }
  // Every message received since the last call, each followed by a blank line.
  std::string drain() {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;)
      out.append(buf, static_cast<std::size_t>(n)).append("\n\n");
    return out;
  }
};

}  // namespace

TEST_CASE(
    "postgres: a migration beside a pg_dump's locks waits and says so, holds up no other query, and tells systemd until it is ready") {
  pg_cluster& cluster = shared_pg_cluster();
  const std::string url = cluster.create_database();
  temp_dir dir;
  { server_process first(url, {}, dir.path + "/first.log"); }  // the schema, at the newest version
  // The database as an older build left it: migrations 018 and 019 not applied yet.
  const auto psql = [&](const std::string& sql) {
    return "psql -X -q -v ON_ERROR_STOP=1 '" + url + "' -c \"" + sql + "\"";
  };
  REQUIRE(
      run_command(
          psql(
              "ALTER TABLE users DROP COLUMN sessions_ended_ms; DROP TABLE nodes; DELETE FROM schema_version WHERE version >= 18"))
          .status == 0);

  // A backup's session: pg_dump holds an ACCESS SHARE lock on every table for its whole run.
  const std::string holder_log = dir.path + "/holder.log";
  run_command("(" + psql("BEGIN; LOCK TABLE users IN ACCESS SHARE MODE; SELECT pg_sleep(6); COMMIT") + " >" +
              holder_log + " 2>&1 &)");
  for (int i = 0; i < 100; ++i) {
    const auto held = run_command(
        psql(
            "SELECT 'held' FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'users' AND l.granted AND l.pid <> pg_backend_pid()") +
        " -t");
    if (held.output.find("held") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  notify_listener systemd(dir.path + "/notify");
  const std::string log = dir.path + "/serve.log";
  const auto started = std::chrono::steady_clock::now();
  const auto launched = run_command("NOTIFY_SOCKET=" + systemd.path + " timeout 60 " + std::string(TABULEIRO_BIN) +
                                    " serve --port 0 --db '" + url + "' >" + log + " 2>&1 & echo $!");
  const int pid = std::stoi(launched.output);

  // Meanwhile the other nodes' queries of the table are not held up behind the migration's
  // lock request (PostgreSQL queues a query behind a waiting ACCESS EXCLUSIVE request).
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  for (int i = 0; i < 5; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    REQUIRE(run_command(psql("SELECT count(*) FROM users")).status == 0);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    CHECK(ms < 1000);  // at most the migration's 200 ms lock wait, plus psql's own start
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  // Waiting: told in the log, naming the session.
  std::string said;
  for (int i = 0; i < 100 && said.find("a migration waits for a table another session holds") == std::string::npos;
       ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    said = read_all(log);
  }
  INFO(said);
  CHECK(said.find("a migration waits for a table another session holds (held by pid") != std::string::npos);
  CHECK(said.find("psql") != std::string::npos);
  // The lock ends with the backup: the migration runs and the server serves, past the store's
  // own 5 s lock timeout that used to end the start.
  for (int i = 0; i < 300 && read_all(log).find("serving on") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  said = read_all(log);
  CHECK(said.find("store: migration 018_session_ends.sql applied in") != std::string::npos);
  REQUIRE(said.find("serving on") != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - started > std::chrono::seconds(5));
  // The service manager heard the waits (each extending the start timeout), then READY=1.
  std::string heard;
  for (int i = 0; i < 40 && heard.find("READY=1") == std::string::npos; ++i) {
    heard += systemd.drain();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  INFO(heard);
  CHECK(heard.find("EXTEND_TIMEOUT_USEC=") != std::string::npos);
  CHECK(heard.find("STATUS=a migration waits for a table another session holds") != std::string::npos);
  CHECK(heard.find("READY=1\nSTATUS=serving on http://") != std::string::npos);
  CHECK(heard.find("READY=1") > heard.find("EXTEND_TIMEOUT_USEC="));
  ::kill(pid, SIGTERM);
  for (int i = 0; i < 100 && systemd.drain().find("STOPPING=1") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

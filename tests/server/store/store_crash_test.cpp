// Durability against a crash: a child process appends through the store and reports each
// acknowledged version on a pipe; the parent kills it with SIGKILL mid-stream and checks that
// every acknowledged version is in the log after reopening.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>

#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

// The child: open, then append versions one after another, each queued by the previous
// completion, writing every acknowledged version to fd. Never returns.
[[noreturn]] void crash_child(const std::string& path, const std::string& code, int fd) {
  alarm(30);  // bounded even if the parent never kills us
  std::string error;
  auto s = store::open(path, error);
  if (!s) _exit(2);
  std::function<void(std::int64_t)> append = [&](std::int64_t v) {
    s->append_action(code, game_action(v, 1, {{"type", "move"}, {"n", v}}, v), [&, v](write_status status) {
      if (status != write_status::ok) _exit(3);
      if (write(fd, &v, sizeof v) != static_cast<ssize_t>(sizeof v)) _exit(4);
      append(v + 1);
    });
  };
  append(1);
  for (;;) pause();
}

}  // namespace

TEST_CASE("every acknowledged append survives a SIGKILL of the process", "[store]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  const match_row m = sample_match();
  {
    auto s = open_store(db.target);
    result r;
    s->insert_match(m, r.done());
    REQUIRE(r.get() == ok);
  }
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    crash_child(db.target, m.code, fds[1]);
  }
  close(fds[1]);
  std::int64_t acked = 0;
  int reads = 0;
  while (reads < 60) {  // kill after 60 acknowledgements, or 10 s without one
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, 10'000) != 1) break;
    std::int64_t v = 0;
    if (read(fds[0], &v, sizeof v) != static_cast<ssize_t>(sizeof v)) break;
    acked = v;
    ++reads;
  }
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  close(fds[0]);
  CHECK(WIFSIGNALED(status));
  REQUIRE(reads == 60);

  auto s = open_store(db.target);
  const auto log = s->load_actions(m.code).value;
  INFO("acknowledged up to " << acked << ", log holds " << log.size());
  REQUIRE(static_cast<std::int64_t>(log.size()) >= acked);
  for (std::size_t i = 0; i < log.size(); ++i) CHECK(log[i].version == static_cast<std::int64_t>(i + 1));
  CHECK(s->load_match(m.code).value.version == static_cast<std::int64_t>(log.size()));
}

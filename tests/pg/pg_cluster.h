// A throw-away PostgreSQL cluster for tests: initdb in a temporary directory, the server on
// 127.0.0.1 at a free port (and a unix socket in that directory), stopped and removed at the
// end. The server refuses to run as root, so as root the cluster belongs to the `postgres`
// user (Debian's postgresql package creates it) and its programs run through runuser.
#pragma once

#include <memory>
#include <string>

namespace tabuleiro::test {

// Where Debian 12's PostgreSQL programs are (initdb, pg_ctl).
inline constexpr const char* pg_bin_dir = "/usr/lib/postgresql/15/bin";

// One cluster. Every step is bounded (pg_ctl waits at most 30 s). Not thread-safe.
class pg_cluster {
 public:
  // Creates and starts a new cluster in dir (a new temporary directory when empty; an
  // existing dir is removed first); throws std::runtime_error (with the log) on failure.
  explicit pg_cluster(std::string dir = {});
  // The running cluster in dir (started by `pg_test_cluster start dir`), not removed by the
  // destructor; throws when there is none.
  static std::unique_ptr<pg_cluster> adopt(const std::string& dir);
  // Stops (immediately) and removes a cluster this object created.
  ~pg_cluster();
  pg_cluster(const pg_cluster&) = delete;
  pg_cluster& operator=(const pg_cluster&) = delete;

  // The URL of database name on this cluster (user tabuleiro, no password).
  std::string url(const std::string& name) const;
  // Creates a new empty database and returns its URL; throws on failure.
  std::string create_database();
  // Stops the server: "immediate" (like a crash: no checkpoint) or "fast".
  void stop(const std::string& mode = "immediate");
  // Starts the stopped server again on the same port.
  void start();
  const std::string& dir() const { return dir_; }
  // Leaves the cluster running when this object goes (pg_test_cluster start), or makes the
  // destructor stop and remove it (pg_test_cluster stop).
  void keep(bool running) { owned_ = !running; }

 private:
  struct adopted {};
  pg_cluster(adopted, const std::string& dir);

  std::string dir_;
  unsigned short port_ = 0;
  bool owned_ = true;
  int databases_ = 0;
};

// The cluster shared by this test process: the one named by the environment variable
// TABULEIRO_TEST_PG_DIR (a CTest fixture starts it), else one started on first use and
// removed at exit.
pg_cluster& shared_pg_cluster();

}  // namespace tabuleiro::test

// A throw-away PostgreSQL cluster for tests (see pg_cluster.h).
#include "pg_cluster.h"

#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace tabuleiro::test {
namespace {

// The contents of path ("" if unreadable).
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A TCP port on 127.0.0.1 free right now.
unsigned short free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    if (fd >= 0) close(fd);
    throw std::runtime_error("pg_cluster: no free port");
  }
  close(fd);
  return ntohs(a.sin_port);
}

// Runs a PostgreSQL program of pg_bin_dir with args (already quoted), as the postgres user
// when we are root; its output goes to log. Throws with the log's text on failure.
void run_pg(const std::string& program, const std::string& args, const std::string& log) {
  const std::string as = geteuid() == 0 ? "runuser -u postgres -- " : "";
  const std::string cmd = as + pg_bin_dir + std::string("/") + program + " " + args + " >>'" + log + "' 2>&1";
  if (std::system(cmd.c_str()) != 0) throw std::runtime_error("pg_cluster: " + program + " failed:\n" + read_text(log));
}

// Runs sql on the cluster's postgres database; throws on failure.
void admin_sql(const std::string& url, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK)
    throw std::runtime_error("pg_cluster: cannot connect: " + std::string(PQerrorMessage(conn.get())));
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_COMMAND_OK)
    throw std::runtime_error("pg_cluster: " + sql + ": " + PQresultErrorMessage(res.get()));
}

}  // namespace

pg_cluster::pg_cluster(std::string dir) : dir_(std::move(dir)) {
  static std::atomic<int> counter{0};
  if (dir_.empty())
    dir_ = (std::filesystem::temp_directory_path() /
            ("tabuleiro-pg-" + std::to_string(getpid()) + "-" + std::to_string(counter++)))
               .string();
  if (std::filesystem::exists(dir_ + "/data/postmaster.pid")) {  // left running by an aborted run
    try {
      stop();
    } catch (const std::exception&) {  // not running after all
    }
  }
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
  if (geteuid() == 0) {
    const passwd* pw = getpwnam("postgres");
    if (pw == nullptr || chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
      throw std::runtime_error("pg_cluster: running as root needs the postgres user");
  }
  port_ = free_port();
  run_pg("initdb", "-D '" + dir_ + "/data' -A trust -U tabuleiro -E UTF8 --locale=C --no-sync", dir_ + "/initdb.log");
  start();
}

pg_cluster::pg_cluster(adopted, const std::string& dir) : dir_(dir), owned_(false) {
  const std::string port = read_text(dir + "/port");
  if (port.empty()) throw std::runtime_error("pg_cluster: no cluster in " + dir);
  port_ = static_cast<unsigned short>(std::stoi(port));
}

std::unique_ptr<pg_cluster> pg_cluster::adopt(const std::string& dir) {
  return std::unique_ptr<pg_cluster>(new pg_cluster(adopted{}, dir));
}

pg_cluster::~pg_cluster() {
  if (!owned_) return;
  try {
    stop();
  } catch (...) {  // already stopped
  }
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string pg_cluster::url(const std::string& name) const {
  return "postgresql://tabuleiro@127.0.0.1:" + std::to_string(port_) + "/" + name;
}

std::string pg_cluster::create_database() {
  // Unique across processes sharing one cluster: the pid and a counter.
  const std::string name = "t" + std::to_string(getpid()) + "_" + std::to_string(++databases_);
  admin_sql(url("postgres"), "CREATE DATABASE " + name);
  return url(name);
}

void pg_cluster::stop(const std::string& mode) {
  run_pg("pg_ctl", "-D '" + dir_ + "/data' -m " + mode + " -w -t 30 stop", dir_ + "/pg_ctl.log");
}

void pg_cluster::start() {
  // fsync and synchronous_commit stay on (the defaults): the store's durability is tested.
  const std::string options = "-c listen_addresses=127.0.0.1 -p " + std::to_string(port_) + " -k " + dir_ +
                              " -c max_connections=60 -c recovery_init_sync_method=syncfs";
  run_pg("pg_ctl", "-D '" + dir_ + "/data' -l '" + dir_ + "/server.log' -w -t 30 -o '" + options + "' start",
         dir_ + "/pg_ctl.log");
  std::ofstream(dir_ + "/port") << port_;
}

pg_cluster& shared_pg_cluster() {
  static const std::unique_ptr<pg_cluster> cluster = [] {
    const char* dir = std::getenv("TABULEIRO_TEST_PG_DIR");
    return dir != nullptr && *dir != '\0' ? pg_cluster::adopt(dir) : std::make_unique<pg_cluster>();
  }();
  return *cluster;
}

}  // namespace tabuleiro::test

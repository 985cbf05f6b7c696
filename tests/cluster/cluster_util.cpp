#include "cluster_util.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/test_paths.h"

namespace tabuleiro::test {

namespace {

namespace net = boost::asio;

// A loopback port free now (bound, then released).
unsigned short free_port() {
  net::io_context ioc;
  net::ip::tcp::acceptor a(ioc, net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

// True once something accepts on 127.0.0.1:port.
bool accepting(unsigned short port) {
  net::io_context ioc;
  net::ip::tcp::socket s(ioc);
  boost::system::error_code ec;
  s.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  return !ec;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// text with the one line holding `from` (which must be there) replaced by `to`.
std::string replace_line(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("deploy/cluster/nginx.conf has no '" + from + "'");
  const auto begin = text.rfind('\n', at) + 1;
  const auto end = text.find('\n', at);
  return text.replace(begin, end - begin, to);
}

}  // namespace

nginx_proxy::nginx_proxy(const std::vector<unsigned short>& nodes, bool round_robin) {
  std::string site = read_text(std::string(TABULEIRO_SOURCE_DIR) + "/deploy/cluster/nginx.conf");
  const auto begin = site.find("# nodes:begin");
  const auto end = site.find("# nodes:end");
  if (begin == std::string::npos || end == std::string::npos) throw std::runtime_error("no '# nodes:' block");
  std::string servers = "# nodes:begin\n";
  for (unsigned short p : nodes)
    servers += "    server 127.0.0.1:" + std::to_string(p) + " max_fails=1 fail_timeout=5s;\n";
  site.replace(begin, end - begin, servers + "    ");
  if (round_robin) site = replace_line(site, "hash $tabuleiro_route consistent;", "");
  port_ = free_port();
  site = replace_line(site, "listen 8080;", "    listen 127.0.0.1:" + std::to_string(port_) + ";");
  // One test client creates many matches from one address within seconds.
  site = replace_line(site, "limit_req_zone",
                      "limit_req_zone $tabuleiro_create_key zone=tabuleiro_create:1m rate=100r/s;");
  const std::string d = dir_.path;
  std::ofstream(d + "/tabuleiro.conf") << site;
  std::ofstream(d + "/nginx.conf") << (geteuid() == 0 ? "user root;\n" : "") << "worker_processes 1;\n"
                                   << "daemon off;\npid " << d << "/nginx.pid;\nerror_log " << d << "/error.log warn;\n"
                                   << "events { worker_connections 1024; }\n"
                                   << "http {\n  access_log off;\n"
                                   << "  client_body_temp_path " << d << "/body;\n  proxy_temp_path " << d
                                   << "/proxy;\n"
                                   << "  fastcgi_temp_path " << d << "/fastcgi;\n  uwsgi_temp_path " << d << "/uwsgi;\n"
                                   << "  scgi_temp_path " << d << "/scgi;\n  include " << d << "/tabuleiro.conf;\n}\n";
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    // Neither nginx nor its worker may hold the test's output open (ctest waits for it).
    const int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    const std::string conf = d + "/nginx.conf", err = d + "/error.log";
    execl("/usr/sbin/nginx", "nginx", "-p", d.c_str(), "-c", conf.c_str(), "-e", err.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto deadline = steady::now() + std::chrono::seconds(10);
  while (!accepting(port_)) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("nginx exited: " + log_tail());
    }
    if (steady::now() > deadline) throw std::runtime_error("nginx did not start: " + log_tail());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

nginx_proxy::~nginx_proxy() {
  if (pid_ <= 0) return;
  // SIGTERM: the master stops its worker and exits; SIGKILL only if that takes over 5 s (a
  // killed master would leave its worker running).
  ::kill(pid_, SIGTERM);
  const auto deadline = steady::now() + std::chrono::seconds(5);
  while (waitpid(pid_, nullptr, WNOHANG) != pid_) {
    if (steady::now() > deadline) {
      ::kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string nginx_proxy::log_tail() const {
  std::string text = read_text(dir_.path + "/error.log");
  return text.size() > 3000 ? text.substr(text.size() - 3000) : text;
}

bool cluster_player::connect(steady::time_point deadline) {
  while (steady::now() < deadline) {
    ws.reset();
    try {
      ws = std::make_unique<ws_client>(proxy, "", "/ws?code=" + code);
    } catch (const std::exception&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    json join = {{"type", "join"}, {"code", code}, {"token", token}};
    if (t.version >= 0) join["version"] = t.version;
    ws->send(join);
    for (;;) {
      auto m = ws->recv(2);
      if (!m) break;  // closed (moved, node down) or silent: try again
      const std::string type = m->value("type", "");
      if (type == "error") break;  // match_moved / match_elsewhere: the 4001 close follows
      t.apply(*m);
      if (type == "joined") {
        ++reconnects;
        return true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

bool cluster_player::catch_up(std::int64_t v, steady::time_point deadline) {
  while (t.version < v) {
    if (steady::now() > deadline) return false;
    auto m = ws ? ws->recv(0.5) : std::nullopt;
    if (m) {
      const std::string type = m->value("type", "");
      if (type != "error") t.apply(*m);
      continue;
    }
    if (!ws || ws->closed()) {
      if (!connect(deadline)) return false;
    }
  }
  return true;
}

std::int64_t cluster_player::act(const json& action, steady::time_point deadline) {
  static int next_id = 0;
  while (steady::now() < deadline) {
    if ((!ws || ws->closed()) && !connect(deadline)) return 0;
    const std::int64_t before = t.version;
    const std::string id = "a" + std::to_string(++next_id);
    ws->send({{"type", "act"}, {"id", id}, {"action", action}});
    for (;;) {
      auto m = ws->recv(2);
      if (!m) break;  // the connection ended: was it applied? the log tells; ask again
      const std::string type = m->value("type", "");
      if (type == "ack" && m->value("id", "") == id) {
        const std::int64_t v = m->at("version");
        // The ack follows the patch of its version to this seat.
        if (!catch_up(v, deadline)) return 0;
        acked[v] = action;
        return v;
      }
      if (type == "reject" && m->value("id", "") == id) {
        if (m->value("error", json::object()).value("code", "") == "match_moved") break;  // 4001 follows
        return 0;
      }
      if (type != "error") t.apply(*m);
    }
    // After a reconnect the match may have moved past this action (it was applied, unacked):
    // the caller picks again from the new legal list.
    if (!connect(deadline)) return 0;
    if (t.version != before) return 0;
  }
  return 0;
}

}  // namespace tabuleiro::test

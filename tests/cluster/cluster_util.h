// Helpers of the cluster test: Debian's nginx in front of several `tabuleiro serve` nodes,
// run with deploy/cluster/nginx.conf, and a player that reconnects through it.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness.h"

namespace tabuleiro::test {

using steady = std::chrono::steady_clock;

// nginx on a free loopback port with deploy/cluster/nginx.conf (its node lines replaced by
// nodes, its listen line by the port), its files in a temporary directory; stopped (SIGKILL)
// on destruction. Not thread-safe.
class nginx_proxy {
 public:
  // Starts it and waits (≤ 10 s) until it accepts connections; throws on failure. With
  // round_robin, the file's hash line is dropped: nginx's default, each request to the next node.
  explicit nginx_proxy(const std::vector<unsigned short>& nodes, bool round_robin = false);
  ~nginx_proxy();
  nginx_proxy(const nginx_proxy&) = delete;
  nginx_proxy& operator=(const nginx_proxy&) = delete;
  unsigned short port() const { return port_; }
  // The tail of nginx's error log (for failure messages).
  std::string log_tail() const;

 private:
  temp_dir dir_;
  int pid_ = -1;
  unsigned short port_ = 0;
};

// One seat of a match, played through the proxy: reconnects (with its token and the version
// it holds) whenever its connection ends or the node says the match moved (4001), and keeps
// every acknowledged action by version.
struct cluster_player {
  unsigned short proxy = 0;
  std::string code, token;
  std::unique_ptr<ws_client> ws;
  tracked_view t;
  std::map<std::int64_t, json> acked;  // version → the action acknowledged at it
  int reconnects = 0;

  // (Re)connects through the proxy until joined or deadline; false on timeout.
  bool connect(steady::time_point deadline);
  // Reads (reconnecting as needed) until this player holds version v; false on timeout.
  bool catch_up(std::int64_t v, steady::time_point deadline);
  // Sends action and waits for its ack, reconnecting as needed; the acknowledged version, or
  // 0 when the action was refused (a move the match moved past meanwhile) or deadline passed.
  std::int64_t act(const json& action, steady::time_point deadline);
};

}  // namespace tabuleiro::test

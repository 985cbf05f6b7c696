// Helpers for tests of the admin routes: a signed-in browser, and a server whose first
// administrator signed up through the set-up link of its log.
#pragma once

#include <string>
#include <vector>

#include "harness.h"

namespace tabuleiro::test {

// A signed-in browser: its Cookie header value and CSRF token.
struct browser {
  std::string cookie;
  std::string csrf;
  json user;
  // The headers of a state-changing request from this browser.
  header_list headers() const { return {{"Cookie", cookie}, {"X-CSRF-Token", csrf}}; }
};

// The browser an answer to sign-up or sign-in (status 200 or 201) made; REQUIREs that status.
browser signed_in(const http_answer& a);

// POST body (as JSON) to target with headers h.
http_answer post(unsigned short port, const std::string& target, const json& body, header_list h = {});

// GET target as browser b.
http_answer get(unsigned short port, const std::string& target, const browser& b);

// The whole content of the file at path ("" when it cannot be read).
std::string read_all(const std::string& path);

// The set-up link's code in a server's log ("" when none was logged).
std::string setup_code(const std::string& log);

// A server (on dir/a.db, its log in dir/server.log) whose first administrator "root" signed up
// through the set-up link. Not thread-safe: one test thread owns it.
struct admin_server {
  temp_dir dir;
  server_process srv;
  browser root;
  // Starts the server with flags and signs root up; REQUIREs each step.
  explicit admin_server(std::vector<std::string> flags = {});
  unsigned short port() const { return srv.port(); }
  // Signs up a member.
  browser member(const std::string& name);
};

}  // namespace tabuleiro::test

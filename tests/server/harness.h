// Test helpers: the real `tabuleiro serve` process, a synchronous WebSocket client, HTTP calls.
#pragma once

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <nlohmann/json.hpp>

#include "tests/test_paths.h"

namespace tabuleiro::test {

using json = nlohmann::json;

// A fresh temporary directory, removed (recursively) on destruction.
struct temp_dir {
  temp_dir();
  ~temp_dir();
  std::string path;
};

// A small tmpfs mounted on a fresh directory (unmounted on destruction), so that the database,
// its -wal and its -shm share one filesystem that the test can fill or make read-only.
struct small_disk {
  temp_dir dir;
  std::string options;
  bool mounted = false;
  std::string why;  // strerror of a refused mount

  explicit small_disk(int size_kib);
  ~small_disk();
  // Remounts read-only or read-write; 0, or the errno of the refusal.
  int remount(bool read_only);
};

// Writes path until the filesystem is full; REQUIREs that it ended with ENOSPC.
std::size_t fill(const std::string& path);

// What a shell command printed (standard output and error together) and its exit status.
struct command_result {
  int status = -1;  // the exit status, or -1 when it did not exit normally
  std::string output;
};
// Runs command with /bin/sh -c, standard input from /dev/null unless it redirects it.
command_result run_command(const std::string& command);

// The path of the server binary under test (build/tabuleiro).
inline const std::string tabuleiro_bin = TABULEIRO_BIN;

// The permission bits of path, or -1 when it is not there.
int file_mode(const std::string& path);

// Server flags that lift the message rate limit, for tests that send many messages quickly.
inline const std::vector<std::string> no_rate_limit = {"--msg-rate", "100000", "--msg-burst", "100000"};

// `build/tabuleiro serve` (or another build of the server, e.g. build/tabuleiro-toy) on a
// free loopback port; killed (SIGKILL) on destruction. A server that has already exited by
// itself when it is killed (a crash, or a sanitizer report ending it) fails the running test.
// Not thread-safe: one test thread owns it.
class server_process {
 public:
  // Starts binary's server on db with extra flags and waits for its "serving on" line.
  server_process(const std::string& db, const std::vector<std::string>& extra = {}, const std::string& log_path = "",
                 const std::string& binary = TABULEIRO_BIN);
  ~server_process();
  unsigned short port() const { return port_; }
  // SIGKILL and reap; a test failure (with the log's tail) if it had already exited by itself.
  void kill9();
  // SIGTERM; the exit status (or -1 if it did not exit within timeout seconds).
  int terminate(double timeout_s = 10);
  // Sends sig (e.g. SIGSTOP and SIGCONT, to freeze a node as a network partition would).
  void signal(int sig);

 private:
  int pid_ = -1;
  unsigned short port_ = 0;
  std::string log_path_;
};

// Header name → value pairs (names as sent; looked up case-insensitively by header()).
using header_list = std::vector<std::pair<std::string, std::string>>;

// An HTTP answer.
struct http_answer {
  int status = 0;
  std::string content_type;
  std::string body;
  header_list headers;
  json json_body() const { return json::parse(body); }
  // The value of header name ("" when absent), and whether it was sent at all.
  std::string header(const std::string& name) const;
  bool has_header(const std::string& name) const;
  // The error code of the body ({"error":{"code":…}}), or "" when it has none.
  std::string error_code() const;
  // The session id its Set-Cookie gives, or "" when it sets none (or deletes the cookie).
  std::string session_cookie() const;
};

// One HTTP/1.1 request to 127.0.0.1:port (5 s timeout; throws on a transport error), sent
// with Host: 127.0.0.1:port unless headers name another one. A POST says Content-Type:
// application/json unless headers name another one.
http_answer http_call(unsigned short port, const std::string& method, const std::string& target,
                      const std::string& body = "", const header_list& headers = {});

// Moves the clock of a server started with --clock manual by ms; REQUIREs that it moved.
void advance_clock(unsigned short port, std::int64_t ms);

// The value of a sample of GET /metrics, named in full (labels included), or -1 when absent.
long metric(unsigned short port, const std::string& name);

// Opens a TCP connection that sends nothing; true if the server closes it within timeout_s.
bool silent_connection_closed(unsigned short port, double timeout_s);

// A match created over HTTP: code, token and creator seat.
struct created_match {
  std::string code, token;
  int seat = 0;
};
// POST /api/matches with body; REQUIREs 201.
created_match create_match(unsigned short port, const json& body);

// A synchronous WebSocket client of /ws that reads continuously into an inbox.
class ws_client {
 public:
  // Connects and completes the handshake (throws on failure) at target, with an Origin header
  // when origin is not empty, Host: host (127.0.0.1:port when empty), and a Cookie header when
  // cookie is not empty.
  explicit ws_client(unsigned short port, const std::string& origin = "", const std::string& target = "/ws",
                     const std::string& host = "", const std::string& cookie = "");
  ~ws_client();
  void send(const json& j);
  // Sends one text message; false when the connection failed under the write (a reset, a
  // broken pipe, a timeout), true when it was written or stopped by a close.
  bool send_text(const std::string& text);
  void send_binary(const std::string& data);
  // The next message, or nullopt when the connection closed or timeout passed.
  std::optional<json> recv(double timeout_s = 5);
  // The next message as the exact text the server sent.
  std::optional<std::string> recv_text(double timeout_s = 5);
  // The next message; REQUIREs its type.
  json expect(const std::string& type, double timeout_s = 5);
  // Skips messages until one of type arrives (at most 50); REQUIREs it.
  json until(const std::string& type, double timeout_s = 5);
  // Waits until the connection closes; returns its close code (-1 on timeout).
  int wait_closed(double timeout_s = 5);
  bool closed() const { return closed_; }
  int close_code() const { return close_code_; }
  // Whether the connection ended by a completed close handshake (not a reset or timeout).
  bool closed_cleanly() const { return clean_close_; }
  // Messages received so far and not yet consumed.
  std::size_t pending() {
    poll(0);
    return inbox_.size();
  }

 private:
  void do_read();
  void poll(double timeout_s);
  boost::asio::io_context ioc_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> inbox_;
  bool closed_ = false;
  int close_code_ = 0;
  bool clean_close_ = false;
};

// A client's own copy of a match, kept by applying the server's messages.
struct tracked_view {
  std::int64_t version = -1;
  json view;
  json legal = json::array();
  json outcome;
  int seat = 0;
  std::string token;
  std::vector<json> patches;  // every patch applied, in order
  bool wants_legal = true;    // false: joined with "legal": false (no legal list to keep)
  // Applies joined / patch / snapshot / game_over; REQUIREs patches to follow on exactly, and
  // the legal list in each state message unless wants_legal is false.
  void apply(const json& msg);
};

// Joins code on c with the given extra fields (with "legal": false, t keeps no legal list);
// returns the joined message (after applying it).
json join(ws_client& c, tracked_view& t, const std::string& code, const json& extra = json::object());

}  // namespace tabuleiro::test

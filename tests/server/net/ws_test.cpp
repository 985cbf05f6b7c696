// The real server over WebSocket without a game: protocol errors, limits, graceful stop.
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

TEST_CASE("ws: protocol errors before joining keep the connection usable") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  ws_client c(srv.port());
  auto error_code = [&](const std::string& text) {
    c.send_text(text);
    json e = c.expect("error");
    return e.at("code").get<std::string>();
  };
  CHECK(error_code("{not json") == "bad_json");
  CHECK(error_code(std::string(40, '[') + std::string(40, ']')) == "bad_json");
  CHECK(error_code("[1,2]") == "bad_message");
  CHECK(error_code(R"({"type":42})") == "bad_message");
  CHECK(error_code(R"({"type":"dance"})") == "unknown_message");
  CHECK(error_code(R"({"type":"act","id":"r1","action":{"type":"end_turn"}})") == "not_joined");
  CHECK(error_code(R"({"type":"join"})") == "bad_message");
  CHECK(error_code(R"({"type":"join","code":"ZZZZZZ"})") == "unknown_match");
  CHECK(error_code(R"({"type":"join","code":"0O1IL!"})") == "unknown_match");
  c.send(json{{"type", "ping"}, {"t", 7}});
  CHECK(c.expect("pong")["t"] == 7);
  CHECK_FALSE(c.closed());
}

TEST_CASE("ws: a binary frame closes with 1003") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  ws_client c(srv.port());
  c.send_binary("\x01\x02");
  CHECK(c.wait_closed() == 1003);
}

TEST_CASE("ws: a frame over 16 KiB closes with 1009") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  ws_client c(srv.port());
  c.send_text(R"({"type":"ping","t":")" + std::string(17 * 1024, 'x') + "\"}");
  CHECK(c.wait_closed() == 1009);
  ws_client ok(srv.port());  // the server itself is unaffected
  ok.send(json{{"type", "ping"}, {"t", 1}});
  CHECK(ok.expect("pong")["t"] == 1);
}

TEST_CASE("ws: exceeding the message rate closes with 1008") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--msg-rate", "5", "--msg-burst", "10"});
  ws_client c(srv.port());
  for (int i = 0; i < 30; ++i) c.send(json{{"type", "ping"}, {"t", i}});
  int pongs = 0;
  bool limited = false;
  for (int i = 0; i < 40; ++i) {
    auto m = c.recv(2);
    if (!m) break;
    if ((*m)["type"] == "pong") ++pongs;
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") limited = true;
  }
  CHECK(limited);
  CHECK(pongs >= 10);
  CHECK(pongs < 30);
  CHECK(c.wait_closed() == 1008);
}

TEST_CASE("ws: SIGTERM closes connections with 1001 and exits 0") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  ws_client a(srv.port()), b(srv.port());
  a.send(json{{"type", "ping"}, {"t", 1}});
  a.expect("pong");
  CHECK(srv.terminate() == 0);
  CHECK(a.wait_closed() == 1001);
  CHECK(b.wait_closed() == 1001);
}

TEST_CASE("ws: silent peers time out - a reading client is kept alive by pings") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--idle-timeout", "1", "--handshake-timeout", "1"});
  CHECK(silent_connection_closed(srv.port(), 5));  // never sends its HTTP request
  ws_client silent(srv.port()), alive(srv.port());
  // `silent` runs no I/O for 3 s, so it answers no ping; `alive` keeps reading (and ponging).
  for (int i = 0; i < 30; ++i) {
    alive.recv(0.1);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(silent.wait_closed(5) != -1);
  CHECK_FALSE(alive.closed());
  alive.send(json{{"type", "ping"}, {"t", 3}});
  CHECK(alive.expect("pong")["t"] == 3);
}

TEST_CASE("ws: 1 MiB and 4 MiB messages get a clean close 1009, not a reset") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  for (std::size_t size : {std::size_t(1) << 20, std::size_t(4) << 20}) {
    INFO("message of " << size << " bytes");
    ws_client c(srv.port());
    c.send(json{{"type", "ping"}, {"t", 0}});
    CHECK(c.expect("pong")["t"] == 0);
    // The server reads on (discarding) until the close handshake ends, so neither the
    // client's write nor its read ends by a reset.
    CHECK(c.send_text(R"({"type":"ping","t":")" + std::string(size, 'x') + "\"}"));
    CHECK(c.wait_closed(10) == 1009);
    CHECK(c.closed_cleanly());
  }
  ws_client ok(srv.port());
  ok.send(json{{"type", "ping"}, {"t", 1}});
  CHECK(ok.expect("pong")["t"] == 1);
}

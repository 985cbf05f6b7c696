// RFC 6455 conformance of the server's WebSocket endpoint, checked frame by frame over a raw
// TCP socket: the upgrade by hand, hand-crafted (masked or not) frames, the server's close
// frame parsed, and the TCP connection seen to end.
#include <chrono>
#include <optional>
#include <string>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Opcodes and first-byte bits of RFC 6455 section 5.2.
constexpr unsigned char fin = 0x80, rsv1 = 0x40, rsv2 = 0x20, rsv3 = 0x10;
constexpr unsigned char op_cont = 0x0, op_text = 0x1, op_close = 0x8, op_ping = 0x9, op_pong = 0xA;

// A client frame's bytes: first byte (FIN, RSV bits, opcode), the shortest length form, the
// mask key and the payload (masked unless told).
std::string frame_bytes(unsigned char first, const std::string& payload, bool masked = true) {
  std::string f(1, static_cast<char>(first));
  const unsigned char mask_bit = masked ? 0x80 : 0;
  const std::size_t n = payload.size();
  if (n < 126) {
    f += static_cast<char>(mask_bit | n);
  } else if (n < 65536) {
    f += static_cast<char>(mask_bit | 126);
    f += static_cast<char>(n >> 8);
    f += static_cast<char>(n & 0xff);
  } else {
    f += static_cast<char>(mask_bit | 127);
    for (int i = 7; i >= 0; --i) f += static_cast<char>((n >> (8 * i)) & 0xff);
  }
  const unsigned char key[4] = {0x37, 0xfa, 0x21, 0x3d};
  if (masked) f.append(reinterpret_cast<const char*>(key), 4);
  for (std::size_t i = 0; i < n; ++i) f += masked ? static_cast<char>(payload[i] ^ key[i % 4]) : payload[i];
  return f;
}

// One frame as the server sent it.
struct frame {
  unsigned char opcode = 0;
  bool final = false;
  std::string payload;
};

// A WebSocket connection spoken by hand over a plain TCP socket.
// Thread-safety: one test thread.
class raw_ws {
 public:
  // Connects to 127.0.0.1:port and completes the upgrade of /ws; REQUIREs a 101.
  explicit raw_ws(unsigned short port) : socket_(ioc_) {
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    const std::string req = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    net::write(socket_, net::buffer(req));
    const std::size_t n = net::read_until(socket_, net::dynamic_buffer(input_), "\r\n\r\n");
    const std::string head = input_.substr(0, n);
    input_.erase(0, n);
    INFO(head);
    REQUIRE(head.starts_with("HTTP/1.1 101"));
    REQUIRE(head.find("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") != std::string::npos);
  }

  // Sends one frame: first byte (FIN, RSV bits, opcode), payload, masked unless told.
  void send(unsigned char first, const std::string& payload, bool masked = true) {
    send_raw(frame_bytes(first, payload, masked));
  }

  // The next frame from the server, or nullopt when the connection ends or timeout passes.
  std::optional<frame> read_frame(double timeout_s = 5) {
    if (!fill(2, timeout_s)) return std::nullopt;
    frame f;
    const auto b0 = static_cast<unsigned char>(input_[0]);
    const auto b1 = static_cast<unsigned char>(input_[1]);
    f.final = b0 & fin;
    f.opcode = b0 & 0x0f;
    REQUIRE((b1 & 0x80) == 0);  // a server never masks
    std::size_t len = b1 & 0x7f, head = 2;
    if (len == 126) {
      if (!fill(4, timeout_s)) return std::nullopt;
      len = (static_cast<unsigned char>(input_[2]) << 8) | static_cast<unsigned char>(input_[3]);
      head = 4;
    } else if (len == 127) {
      if (!fill(10, timeout_s)) return std::nullopt;
      len = 0;
      for (int i = 2; i < 10; ++i) len = (len << 8) | static_cast<unsigned char>(input_[i]);
      head = 10;
    }
    if (!fill(head + len, timeout_s)) return std::nullopt;
    f.payload = input_.substr(head, len);
    input_.erase(0, head + len);
    return f;
  }

  // Reads until the server's close frame (skipping data frames); its code, or -1 when none
  // came. A code-less close is 1005.
  int read_close(double timeout_s = 5) {
    for (int i = 0; i < 50; ++i) {
      auto f = read_frame(timeout_s);
      if (!f) return -1;
      if (f->opcode != op_close) continue;
      close_payload_ = f->payload;
      if (f->payload.size() < 2) return 1005;
      return (static_cast<unsigned char>(f->payload[0]) << 8) | static_cast<unsigned char>(f->payload[1]);
    }
    return -1;
  }

  // After the server's close: answers it with a close frame echoing its code, then whether
  // the server ends the TCP connection within timeout_s (no more frames, EOF or reset).
  bool closes_tcp(double timeout_s = 5) {
    send(fin | op_close, close_payload_.substr(0, 2));
    if (fill(input_.size() + 1, timeout_s)) return false;  // more bytes after a close
    return !timed_out_;
  }

  const std::string& close_payload() const { return close_payload_; }

  // Sends bytes as they are (a frame's header without its payload, a frame in pieces).
  void send_raw(const std::string& bytes) {
    boost::system::error_code ec;
    net::write(socket_, net::buffer(bytes), ec);  // may fail once the server has given up
  }

  // Sends bytes after a ping frame, and waits for its pong: the server has then read them (a
  // small write arrives in one piece on loopback, and the server reads what arrived at once).
  void send_read(const std::string& bytes) {
    send_raw(frame_bytes(fin | op_ping, "sync") + bytes);
    auto pong = read_frame();
    REQUIRE(pong);
    REQUIRE(pong->opcode == op_pong);
  }

  // Whether the server ends the TCP connection within timeout_s (what it sends first is dropped).
  bool ends_within(double timeout_s) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    while (std::chrono::steady_clock::now() < deadline) {
      const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
      if (!fill(input_.size() + 1, left)) return !timed_out_;
      input_.clear();
    }
    return false;
  }

 private:
  // Reads until input_ holds n bytes; false on EOF, error or timeout (timed_out_ says which).
  bool fill(std::size_t n, double timeout_s) {
    timed_out_ = false;
    while (input_.size() < n) {
      boost::system::error_code ec = net::error::would_block;
      char buf[4096];
      std::size_t got = 0;
      socket_.async_read_some(net::buffer(buf), [&](boost::system::error_code e, std::size_t k) {
        ec = e;
        got = k;
      });
      ioc_.restart();
      ioc_.run_for(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(timeout_s)));
      if (ec == net::error::would_block) {
        timed_out_ = true;
        socket_.cancel();
        ioc_.restart();
        ioc_.run();
        return false;
      }
      if (ec) return false;
      input_.append(buf, got);
    }
    return true;
  }

  net::io_context ioc_;
  tcp::socket socket_;
  std::string input_;
  std::string close_payload_;
  bool timed_out_ = false;
};

// A close payload: the 2-byte code then the reason.
std::string close_body(unsigned code, const std::string& reason = "") {
  return std::string{static_cast<char>(code >> 8), static_cast<char>(code & 0xff)} + reason;
}

// The header of a masked client frame announcing length payload bytes in the 64-bit form.
std::string long_header(unsigned char first, std::uint64_t length) {
  std::string h{static_cast<char>(first), static_cast<char>(0x80 | 127)};
  for (int i = 7; i >= 0; --i) h += static_cast<char>((length >> (8 * i)) & 0xff);
  return h + "\x37\xfa\x21\x3d";
}

// The server's close code after frames are sent (each a first byte and payload), REQUIRing
// that the server then ends the TCP connection.
int close_code_after(unsigned short port, const std::vector<std::pair<unsigned char, std::string>>& frames) {
  raw_ws c(port);
  for (const auto& [first, payload] : frames) c.send(first, payload);
  const int code = c.read_close();
  CHECK(c.closes_tcp());
  return code;
}

}  // namespace

TEST_CASE("rfc6455: a ping is answered by a pong with the same payload") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  raw_ws c(srv.port());
  c.send(fin | op_ping, "hello \x01\x02");
  auto f = c.read_frame();
  REQUIRE(f);
  CHECK(f->opcode == op_pong);
  CHECK(f->final);
  CHECK(f->payload == "hello \x01\x02");
  c.send(fin | op_ping, "");  // an empty ping too
  f = c.read_frame();
  REQUIRE(f);
  CHECK(f->opcode == op_pong);
  CHECK(f->payload.empty());
}

TEST_CASE("rfc6455: a clean close handshake - close 1000 is echoed and TCP ends") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  raw_ws c(srv.port());
  c.send(fin | op_close, close_body(1000, "bye"));
  CHECK(c.read_close() == 1000);
  CHECK(c.closes_tcp());
}

TEST_CASE("rfc6455: invalid UTF-8 in a text frame closes with 1007") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  CHECK(close_code_after(srv.port(), {{fin | op_text, "{\"type\":\"ping\",\"t\":\"\xff\xfe\"}"}}) == 1007);
  CHECK(close_code_after(srv.port(), {{fin | op_text, "\xc0\xaf"}}) == 1007);      // overlong '/'
  CHECK(close_code_after(srv.port(), {{fin | op_text, "\xed\xa0\x80"}}) == 1007);  // a surrogate
  // Invalid UTF-8 inside a fragmented message, in its last frame.
  CHECK(close_code_after(srv.port(), {{op_text, "{\"t\":\"\xce"}, {fin | op_cont, "\xff\"}"}}) == 1007);
}

TEST_CASE("rfc6455: an unmasked client frame closes with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  raw_ws c(srv.port());
  c.send(fin | op_text, R"({"type":"ping","t":1})", false);
  CHECK(c.read_close() == 1002);
  CHECK(c.closes_tcp());
}

TEST_CASE("rfc6455: reserved bits without an extension close with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  for (unsigned char bit : {rsv1, rsv2, rsv3, static_cast<unsigned char>(rsv1 | rsv3)}) {
    INFO("rsv bits " << int(bit));
    CHECK(close_code_after(srv.port(), {{fin | bit | op_text, R"({"type":"ping","t":1})"}}) == 1002);
  }
  CHECK(close_code_after(srv.port(), {{fin | rsv2 | op_ping, "x"}}) == 1002);  // on a control frame
}

TEST_CASE("rfc6455: reserved opcodes close with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  for (unsigned char op : {3, 4, 5, 6, 7, 11, 12, 13, 14, 15}) {
    INFO("opcode " << int(op));
    CHECK(close_code_after(srv.port(), {{static_cast<unsigned char>(fin | op), "x"}}) == 1002);
  }
}

TEST_CASE("rfc6455: a fragmented or oversized control frame closes with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  CHECK(close_code_after(srv.port(), {{op_ping, "abc"}}) == 1002);                        // FIN=0
  CHECK(close_code_after(srv.port(), {{fin | op_ping, std::string(126, 'p')}}) == 1002);  // > 125
  CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(1000, std::string(124, 'r'))}}) == 1002);
}

TEST_CASE("rfc6455: invalid close codes and a 1-byte close payload close with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  for (unsigned code : {0u, 999u, 1004u, 1005u, 1006u, 1014u, 1015u, 1016u, 2999u}) {
    INFO("close code " << code);
    CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(code)}}) == 1002);
  }
  CHECK(close_code_after(srv.port(), {{fin | op_close, "\x03"}}) == 1002);
  // A close reason that is not UTF-8 fails the connection (RFC 6455 8.1), with 1002.
  CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(1000, "\xff")}}) == 1002);
  // Codes that are valid are echoed: a registered one and a private one.
  CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(3000)}}) == 3000);
  CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(4999)}}) == 4999);
}

TEST_CASE("rfc6455: close codes above 4999 are echoed, as Beast does") {
  // RFC 6455 7.4.2 defines 0-4999 only and says nothing of larger codes (Autobahn 7.13.x
  // counts any answer as conformant). Beast's close-code check passes them, and its echo is
  // sent before the server sees the frame, so the server echoes them like a valid code.
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  for (unsigned code : {5000u, 65535u}) {
    INFO("close code " << code);
    CHECK(close_code_after(srv.port(), {{fin | op_close, close_body(code)}}) == static_cast<int>(code));
  }
}

TEST_CASE("rfc6455: fragmentation errors close with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  // A continuation frame with no message started.
  CHECK(close_code_after(srv.port(), {{fin | op_cont, R"({"type":"ping"})"}}) == 1002);
  // A new text frame while a fragmented message is open.
  CHECK(close_code_after(srv.port(), {{op_text, R"({"type":)"}, {fin | op_text, R"("ping"})"}}) == 1002);
}

TEST_CASE("rfc6455: a fragmented message over the 16 KiB limit closes with 1009") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  // Each frame is under the limit (16 KiB, server/util/wire.h max_message_bytes); the total is not.
  const std::string piece(6 * 1024, 'x');
  CHECK(close_code_after(srv.port(), {{op_text, R"({"type":"ping","t":")" + piece},
                                      {op_cont, piece},
                                      {fin | op_cont, piece + "\"}"}}) == 1009);
}

TEST_CASE("rfc6455: a fragmented message is one message, UTF-8 split inside a character") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual"});
  raw_ws c(srv.port());
  // {"type":"ping","t":"é€😀"}: é is split across the first and second frames, 😀 across the
  // second and third; a ping between fragments is answered at once.
  const std::string msg = "{\"type\":\"ping\",\"t\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"}";
  const std::size_t first = msg.find('\xc3') + 1, second = msg.find('\xf0') + 2;
  c.send(op_text, msg.substr(0, first));
  c.send(fin | op_ping, "mid");
  c.send(op_cont, msg.substr(first, second - first));
  c.send(fin | op_cont, msg.substr(second));
  auto pong = c.read_frame();
  REQUIRE(pong);
  CHECK(pong->opcode == op_pong);
  CHECK(pong->payload == "mid");
  auto f = c.read_frame();
  REQUIRE(f);
  CHECK(f->opcode == op_text);
  CHECK(f->final);
  const json answer = json::parse(f->payload);
  CHECK(answer["type"] == "pong");
  CHECK(answer["t"] == "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  c.send(fin | op_close, close_body(1000));
  CHECK(c.read_close() == 1000);
  CHECK(c.closes_tcp());
}

TEST_CASE("rfc6455: a header announcing more than 16 KiB closes with 1009 before its payload arrives") {
  temp_dir dir;
  // The handshake timeout also bounds the close handshake the peer never finishes.
  server_process srv(dir.path + "/t.db", {"--clock", "manual", "--handshake-timeout", "2"});
  raw_ws c(srv.port());
  c.send_raw(long_header(fin | op_text, 1ull << 30));  // 1 GiB announced; not one payload byte sent
  CHECK(c.read_close(1) == 1009);                      // at once, well inside the timeout
  CHECK(c.ends_within(5));  // the peer is inside its frame and cannot answer: the timeout ends it
  CHECK(metric(srv.port(), "tabuleiro_actions_rejected_total{code=\"too_large\"}") == 1);
}

TEST_CASE("rfc6455: a 64-bit payload length with its top bit set closes with 1002") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual", "--handshake-timeout", "2"});
  raw_ws c(srv.port());
  c.send_raw(long_header(fin | op_text, 0x8000000000000005ull) + "abcde");
  CHECK(c.read_close(1) == 1002);
  CHECK(c.ends_within(5));
}

TEST_CASE("rfc6455: a message must arrive whole within the handshake timeout (here 2 s) of its first byte") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--clock", "manual", "--handshake-timeout", "2"});
  const std::string ping = R"({"type":"ping","t":1})";
  const std::string whole = frame_bytes(fin | op_text, ping);
  SECTION("a frame finished 1.9 s after its first byte is answered") {
    raw_ws c(srv.port());
    c.send_read(whole.substr(0, 3));
    advance_clock(srv.port(), 1900);
    c.send_raw(whole.substr(3));
    auto f = c.read_frame();
    REQUIRE(f);
    CHECK(json::parse(f->payload)["type"] == "pong");
  }
  SECTION("a frame dripped past the timeout closes with 1008") {
    raw_ws c(srv.port());
    c.send_read(whole.substr(0, 3));
    advance_clock(srv.port(), 2001);
    c.send_raw(whole.substr(3, 1));
    CHECK(c.read_close() == 1008);
    CHECK(c.close_payload().substr(2) == "message not finished in time");
    CHECK(c.ends_within(5));  // inside its frame, the peer cannot answer the close
    CHECK(metric(srv.port(), "tabuleiro_actions_rejected_total{code=\"message_timeout\"}") == 1);
  }
  SECTION("a fragmented message whose last frame never comes closes with 1008") {
    raw_ws c(srv.port());
    c.send_read(frame_bytes(op_text, R"({"type":)"));
    advance_clock(srv.port(), 1200);
    c.send_read(frame_bytes(op_cont, R"("ping")"));
    advance_clock(srv.port(), 1200);
    c.send(op_cont, ",");
    CHECK(c.read_close() == 1008);
  }
}

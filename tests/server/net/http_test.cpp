// The real server over HTTP: health, metrics, static files, API errors, --help.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>

#include <catch2/catch.hpp>

#include "harness.h"

using namespace tabuleiro::test;

namespace {

// How the server ended a connection that sent bytes piece by piece.
struct ending {
  double after_s = -1;  // seconds from the first piece to the server's end (-1: it did not end)
  std::string answer;   // everything it sent before
};

// Connects to 127.0.0.1:port and writes pieces one every gap_s (then nothing), until the server
// ends the connection or limit_s passes.
ending send_in_pieces(unsigned short port, const std::vector<std::string>& pieces, double gap_s, double limit_s) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  ending out;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::size_t next = 0;
  while (elapsed() < limit_s) {
    if (next < pieces.size()) ::send(fd, pieces[next].data(), pieces[next].size(), MSG_NOSIGNAL), ++next;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(gap_s * 1000)) <= 0) continue;
    char buf[4096];
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      out.after_s = elapsed();
      break;
    }
    out.answer.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

}  // namespace

TEST_CASE("http: health, metrics, static files with MIME types, match page") {
  temp_dir dir;
  std::filesystem::create_directories(dir.path + "/web/css");
  std::ofstream(dir.path + "/web/index.html") << "<!doctype html><title>client</title>";
  std::ofstream(dir.path + "/web/app.js") << "console.log(1)";
  std::ofstream(dir.path + "/web/css/site.css") << "body{}";
  std::ofstream(dir.path + "/secret.txt") << "outside";
  server_process srv(dir.path + "/t.db", {"--web", dir.path + "/web"});

  auto h = http_call(srv.port(), "GET", "/healthz");
  CHECK(h.status == 200);
  CHECK(h.body == "ok\n");

  auto m = http_call(srv.port(), "GET", "/metrics");
  CHECK(m.status == 200);
  CHECK(m.content_type.find("text/plain") == 0);
  for (const char* name :
       {"tabuleiro_connections ", "tabuleiro_rooms ", "tabuleiro_commit_seconds_bucket",
        "tabuleiro_messages_sent_total ", "tabuleiro_bytes_sent_total ", "tabuleiro_actions_accepted_total "})
    CHECK(m.body.find(name) != std::string::npos);

  auto index = http_call(srv.port(), "GET", "/");
  CHECK(index.status == 200);
  CHECK(index.content_type == "text/html; charset=utf-8");
  CHECK(index.body.find("client") != std::string::npos);
  CHECK(http_call(srv.port(), "GET", "/app.js").content_type == "text/javascript; charset=utf-8");
  CHECK(http_call(srv.port(), "GET", "/css/site.css").content_type == "text/css; charset=utf-8");
  auto page = http_call(srv.port(), "GET", "/m/K7M2QX");
  CHECK(page.status == 200);
  CHECK(page.body == index.body);
  CHECK(http_call(srv.port(), "GET", "/nothing.js").status == 404);
  CHECK(http_call(srv.port(), "GET", "/../secret.txt").status == 400);
  CHECK(http_call(srv.port(), "GET", "/%2e%2e/secret.txt").status == 404);
  CHECK(http_call(srv.port(), "DELETE", "/app.js").status == 405);
}

TEST_CASE("http: the browser engine's content-hashed files are cached for a year, its index never") {
  temp_dir dir;
  std::filesystem::create_directories(dir.path + "/web/engine");
  std::ofstream(dir.path + "/web/index.html") << "<!doctype html><title>client</title>";
  std::ofstream(dir.path + "/web/engine/engine.json") << R"({"js":"tabuleiro-engine.0123456789abcdef.js"})";
  std::ofstream(dir.path + "/web/engine/tabuleiro-engine.0123456789abcdef.js") << "var tabuleiroEngine;";
  std::ofstream(dir.path + "/web/engine/tabuleiro-engine.0123456789abcdef.wasm") << "\0asm";
  std::ofstream(dir.path + "/web/engine/tabuleiro-engine.0123456789ABCDEF.wasm") << "\0asm";
  std::ofstream(dir.path + "/web/engine/tabuleiro-engine.js") << "var tabuleiroEngine;";
  server_process srv(dir.path + "/t.db", {"--web", dir.path + "/web"});
  const auto wasm = http_call(srv.port(), "GET", "/engine/tabuleiro-engine.0123456789abcdef.wasm");
  CHECK(wasm.status == 200);
  CHECK(wasm.content_type == "application/wasm");
  CHECK(wasm.header("Cache-Control") == "public, max-age=31536000, immutable");
  CHECK(http_call(srv.port(), "GET", "/engine/tabuleiro-engine.0123456789abcdef.js").header("Cache-Control") ==
        "public, max-age=31536000, immutable");
  for (const char* path :
       {"/engine/engine.json", "/engine/tabuleiro-engine.js", "/engine/tabuleiro-engine.0123456789ABCDEF.wasm", "/"})
    CHECK(http_call(srv.port(), "GET", path).header("Cache-Control") == "no-cache");
  // The CSP lets that module compile in a worker of this origin, and allows no eval of scripts.
  const std::string csp = http_call(srv.port(), "GET", "/").header("Content-Security-Policy");
  CHECK(csp.find("'wasm-unsafe-eval'") != std::string::npos);
  CHECK(csp.find("worker-src 'self'") != std::string::npos);
  CHECK(csp.find("'unsafe-eval'") == std::string::npos);
}

TEST_CASE("http: API errors are typed JSON") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db");
  auto code_of = [](const http_answer& a) { return a.json_body()["error"]["code"].get<std::string>(); };

  auto unknown = http_call(srv.port(), "GET", "/api/matches/ABCDEF");
  CHECK(unknown.status == 404);
  CHECK(code_of(unknown) == "unknown_match");
  CHECK(http_call(srv.port(), "GET", "/api/matches/not-a-code").status == 404);

  auto bad = http_call(srv.port(), "POST", "/api/matches", "{not json");
  CHECK(bad.status == 400);
  CHECK(code_of(bad) == "bad_json");
  auto deep = http_call(srv.port(), "POST", "/api/matches", std::string(100, '[') + std::string(100, ']'));
  CHECK(deep.status == 400);
  CHECK(code_of(deep) == "bad_json");
  auto game = http_call(srv.port(), "POST", "/api/matches", R"({"game":"chess"})");
  CHECK(game.status == 400);
  CHECK(code_of(game) == "unknown_game");
  auto big = http_call(srv.port(), "POST", "/api/matches", "{\"game\":\"" + std::string(20000, 'x') + "\"}");
  CHECK(big.status == 413);
  auto list = http_call(srv.port(), "GET", "/api/matches?status=live");
  CHECK(list.status == 200);
  CHECK(list.json_body() == json{{"matches", json::array()}});
  CHECK(http_call(srv.port(), "GET", "/api/matches?status=bogus").status == 400);
  CHECK(http_call(srv.port(), "GET", "/api/nothing").status == 404);
  CHECK(http_call(srv.port(), "GET", "/ws").status == 426);
}

TEST_CASE("cli: serve --help lists every flag with its environment variable") {
  temp_dir dir;
  const std::string out = dir.path + "/help.txt";
  REQUIRE(std::system((std::string(TABULEIRO_BIN) + " serve --help > " + out).c_str()) == 0);
  std::ifstream in(out);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  for (const char* flag :
       {"--bind", "--port", "--db", "--web", "--public-url", "--log-level", "--threads", "--publish-limit",
        "TABULEIRO_BIND", "TABULEIRO_PORT", "TABULEIRO_DB", "TABULEIRO_PUBLISH_LIMIT"})
    CHECK(text.find(flag) != std::string::npos);
  CHECK(std::system((std::string(TABULEIRO_BIN) + " serve --port nope 2>/dev/null").c_str()) != 0);
}

TEST_CASE("http: a request still unfinished after the handshake timeout is dropped, however it drips") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {"--handshake-timeout", "1"});
  SECTION("a header that never ends") {
    std::vector<std::string> pieces{"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"};
    for (int i = 0; i < 40; ++i) pieces.push_back("X-Drip: " + std::to_string(i) + "\r\n");
    const ending e = send_in_pieces(srv.port(), pieces, 0.1, 4);
    CHECK(e.answer.empty());
    CHECK(e.after_s > 0.9);
    CHECK(e.after_s < 2.5);
  }
  SECTION("a body that never ends") {
    std::vector<std::string> pieces{
        "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n{"};
    for (int i = 0; i < 40; ++i) pieces.push_back(" ");
    const ending e = send_in_pieces(srv.port(), pieces, 0.1, 4);
    CHECK(e.answer.empty());
    CHECK(e.after_s > 0.9);
    CHECK(e.after_s < 2.5);
  }
}

TEST_CASE("http: malformed framing ends the connection without an answer") {
  temp_dir dir;
  server_process srv(dir.path + "/t.db", {});
  for (const std::string bad : {"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n",
                                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                                "NOT HTTP AT ALL\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n"}) {
    INFO(bad);
    const ending e = send_in_pieces(srv.port(), {bad}, 0.1, 3);
    CHECK(e.answer.empty());
    CHECK(e.after_s >= 0);
    CHECK(e.after_s < 1);
  }
}

// Fuzzes a real WebSocket session after a valid upgrade: the input is the raw byte stream a
// client sends (frames, masked or not, of any opcode and length), fed through Beast's test
// stream to the server's session with a real shared state (store, rooms, list feed), so join,
// act, resync, history and the rest reach the room. The placeholders of server_fixture.h
// stand for the fixture match's code and token. Properties: no crash, no sanitizer report, no
// leak; each input is bounded in handlers and time.
#include <cstdint>

#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/http.hpp>

#include "fuzz/server_fixture.h"
#include "server/net/websocket_session.h"

namespace beast = boost::beast;
namespace http = beast::http;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& f = tabuleiro::fuzz::fixture();
  beast::test::stream server(f.ioc), client(f.ioc);
  server.connect(client);
  server.append(tabuleiro::fuzz::with_match(f, data, size));

  http::request<http::string_body> req{http::verb::get, "/ws", 11};
  req.set(http::field::host, "127.0.0.1");
  req.set(http::field::upgrade, "websocket");
  req.set(http::field::connection, "Upgrade");
  req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(http::field::sec_websocket_version, "13");
  tabuleiro::server::serve_websocket(std::move(server), std::move(req), *f.state, "127.0.0.1");

  tabuleiro::fuzz::drive(f, 20000);  // the session reads every frame and answers
  client.close();                    // then the peer goes away: the session ends
  tabuleiro::fuzz::drive(f, 20000);
  return 0;
}

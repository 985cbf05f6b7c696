// Fuzzes the HTTP session: the input is the raw bytes of a connection (one or more requests,
// or an upgrade to /ws followed by frames) fed through Beast's test stream to the server's
// HTTP session with a real shared state, so every route, limit and the upgrade detection are
// reached. The placeholders of server_fixture.h stand for the fixture match's code and token.
// Properties: no crash, no sanitizer report, no leak; each input is bounded in handlers and
// time.
#include <cstdint>

#include <boost/beast/_experimental/test/stream.hpp>

#include "fuzz/server_fixture.h"
#include "server/net/http_session.h"

namespace beast = boost::beast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& f = tabuleiro::fuzz::fixture();
  beast::test::stream server(f.ioc), client(f.ioc);
  server.connect(client);
  server.append(tabuleiro::fuzz::with_match(f, data, size));
  tabuleiro::server::serve_http(std::move(server), *f.state);

  tabuleiro::fuzz::drive(f, 20000);  // every request read and answered
  client.close();                    // then the peer goes away: the session ends
  tabuleiro::fuzz::drive(f, 20000);
  return 0;
}

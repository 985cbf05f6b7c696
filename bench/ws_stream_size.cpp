// Heap bytes one idle WebSocket connection costs before any Tabuleiro state: a tcp::socket on
// its own strand, and Beast's websocket::stream over one (its state holds, among others, a
// fixed read buffer of 1,536 bytes, the stream's private tcp_frame_size in Boost 1.81). The floor under the
// idle-connection figure of bench/RESULTS.md; run by bench/run.sh with the other benchmarks.
#include <malloc.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <memory>
#include <vector>

namespace net = boost::asio;
namespace websocket = boost::beast::websocket;
using tcp = net::ip::tcp;

// Bytes in use on the heap (glibc's view; the server links jemalloc, whose size classes round up).
static double heap_in_use() { return static_cast<double>(mallinfo2().uordblks); }

int main() {
  constexpr int count = 2000;
  net::io_context ioc;
  std::vector<std::unique_ptr<tcp::socket>> sockets;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> streams;
  sockets.reserve(count);
  streams.reserve(count);
  const double before = heap_in_use();
  for (int i = 0; i < count; ++i) sockets.push_back(std::make_unique<tcp::socket>(net::make_strand(ioc)));
  const double with_sockets = heap_in_use();
  for (int i = 0; i < count; ++i)
    streams.push_back(std::make_unique<websocket::stream<tcp::socket>>(net::make_strand(ioc)));
  const double with_streams = heap_in_use();
  std::printf("tcp::socket on a strand: %.0f bytes each\n", (with_sockets - before) / count);
  std::printf("websocket::stream<tcp::socket> on a strand, idle: %.0f bytes each\n",
              (with_streams - with_sockets) / count);
}

// A stream layer under a WebSocket that reads the frame headers of what arrives (frame_scanner)
// and reports a refusal the moment a header earns one, before the payload it announces.
#pragma once

#include <functional>
#include <string>
#include <utility>

#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/beast/core/async_base.hpp>
#include <boost/beast/core/buffers_prefix.hpp>
#include <boost/beast/core/buffers_suffix.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include "server/net/frame_scanner.h"
#include "server/util/clock.h"

namespace tabuleiro::server {

// NextLayer (an AsyncStream) with every read's bytes shown to a frame_scanner; the scanner's
// refusal goes to the callback given to on_refusal, from the completion of the read that
// earned it (the callback posts it where it belongs). That read then hands the WebSocket only
// the bytes up to the refused header; the rest are held back and handed over by the next reads,
// each completed by a post, so that the close the refusal sends leaves before the WebSocket
// reads further (and finds, say, a payload that is not UTF-8). Writes pass through untouched.
// Thread-safety: as NextLayer's; reads one at a time, as a WebSocket stream makes them.
template <class NextLayer>
class frame_guard {
 public:
  using executor_type = typename NextLayer::executor_type;
  using next_layer_type = NextLayer;

  frame_guard(NextLayer&& next, frame_scanner scanner, const time_source& time)
      : next_(std::move(next)), scanner_(std::move(scanner)), time_(&time) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  NextLayer& next_layer() noexcept { return next_; }
  const NextLayer& next_layer() const noexcept { return next_; }

  // Sets where a refusal goes (once the connection is running).
  void on_refusal(std::function<void(frame_refusal)> f) { on_refusal_ = std::move(f); }

  // Reads from NextLayer, then scans what arrived before completing.
  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::beast::error_code, std::size_t)>(
        [this](auto h, const MutableBuffers& b) { read_op<MutableBuffers, decltype(h)>(std::move(h), *this, b); },
        handler, buffers);
  }

  // Writes to NextLayer as they are.
  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    return next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  // One read of NextLayer, scanned on completion.
  template <class MutableBuffers, class Handler>
  class read_op : public boost::beast::async_base<Handler, executor_type> {
   public:
    read_op(Handler&& h, frame_guard& g, const MutableBuffers& b)
        : boost::beast::async_base<Handler, executor_type>(std::move(h), g.get_executor()), g_(g), buffers_(b) {
      if (!g_.held_.empty()) {  // bytes held back at a refusal come first
        const std::size_t n = boost::asio::buffer_copy(buffers_, boost::asio::buffer(g_.held_));
        g_.held_.erase(0, n);
        this->complete(false, boost::beast::error_code{}, n);
        return;
      }
      const MutableBuffers target = buffers_;
      g_.next_.async_read_some(target, std::move(*this));
    }

    void operator()(boost::beast::error_code ec, std::size_t n) {
      if (n > 0) n = g_.scan(buffers_, n);
      this->complete_now(ec, n);
    }

   private:
    frame_guard& g_;
    MutableBuffers buffers_;
  };

  // Shows the n bytes that arrived in buffers to the scanner and hands on its refusal; how many
  // of them to hand to the WebSocket now (the others are held back).
  template <class Buffers>
  std::size_t scan(const Buffers& buffers, std::size_t n) {
    const std::int64_t now = time_->now_ms();
    const auto bytes = boost::beast::buffers_prefix(n, buffers);
    std::size_t offset = 0;
    for (auto it = boost::asio::buffer_sequence_begin(bytes); it != boost::asio::buffer_sequence_end(bytes); ++it) {
      const boost::asio::const_buffer b = *it;
      std::size_t used = 0;
      auto refusal = scanner_.feed(std::string_view(static_cast<const char*>(b.data()), b.size()), now, &used);
      if (!refusal) {
        offset += b.size();
        continue;
      }
      boost::beast::buffers_suffix<decltype(bytes)> rest(bytes);
      rest.consume(offset + used);
      held_.resize(n - offset - used);
      boost::asio::buffer_copy(boost::asio::buffer(held_), rest);
      if (on_refusal_) on_refusal_(std::move(*refusal));
      return offset + used;
    }
    return n;
  }

  NextLayer next_;
  frame_scanner scanner_;
  const time_source* time_;
  std::function<void(frame_refusal)> on_refusal_;
  std::string held_;  // bytes read after a refused header, not yet handed over
};

// A WebSocket's teardown of a frame_guard is its next layer's.
template <class NextLayer>
void teardown(boost::beast::role_type role, frame_guard<NextLayer>& s, boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, s.next_layer(), ec);
}

// The same, asynchronous.
template <class NextLayer, class Handler>
void async_teardown(boost::beast::role_type role, frame_guard<NextLayer>& s, Handler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, s.next_layer(), std::forward<Handler>(handler));
}

}  // namespace tabuleiro::server

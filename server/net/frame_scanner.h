// The frame headers of a WebSocket's inbound bytes, read as they arrive (RFC 6455 section
// 5.2), so that a frame is refused on its header alone: before a payload that is too large, or
// whose length is not a length, arrives, and when a message takes too long to arrive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tabuleiro::server {

// Why a connection's input is refused: the close code and reason to send, and the refusal's
// name in the server's counters.
struct frame_refusal {
  std::uint16_t code;
  std::string reason;
  std::string counter;
};

// Follows the frames of a client's byte stream: their headers, the payload each announces, and
// whether a message is under way. It checks only what Beast's own parser cannot check before the
// payload arrives (every other malformation is Beast's to refuse):
// - a data message whose frames announce more than max_message bytes in all: 1009;
// - a 64-bit payload length with its most significant bit set: 1002;
// - a message (a frame's header or payload, or a fragmented message's later frames) still
//   unfinished message_timeout_ms after its first byte arrived: 1008.
// Thread-safety: none; one connection's reads, one at a time.
class frame_scanner {
 public:
  frame_scanner(std::uint64_t max_message, std::int64_t message_timeout_ms)
      : max_message_(max_message), timeout_ms_(message_timeout_ms) {}

  // Reads bytes that arrived at now_ms; the refusal they earn, once (nothing after it). *used
  // (when given) is set to how many bytes were read: all of them, or those up to the end of
  // the header that earned the refusal.
  std::optional<frame_refusal> feed(std::string_view bytes, std::int64_t now_ms, std::size_t* used = nullptr);

  // Whether a message has started and not finished.
  bool message_open() const { return header_size_ > 0 || payload_left_ > 0 || fragmented_; }

 private:
  // One whole header in header_: checks it and starts its payload.
  std::optional<frame_refusal> on_header();

  const std::uint64_t max_message_;
  const std::int64_t timeout_ms_;
  unsigned char header_[14] = {};    // the header being read (2 to 14 bytes)
  std::size_t header_size_ = 0;      // its bytes so far
  std::size_t header_need_ = 2;      // its full size, once its second byte says it
  std::uint64_t payload_left_ = 0;   // bytes of the current frame's payload still to come
  std::uint64_t message_bytes_ = 0;  // the data message's payload announced so far
  bool fragmented_ = false;          // a data message's last frame is still to come
  std::int64_t open_since_ms_ = 0;   // when the unfinished message's first byte arrived
  bool refused_ = false;
};

}  // namespace tabuleiro::server

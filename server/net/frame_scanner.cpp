// Frame headers read as they arrive (frame_scanner.h).
#include "server/net/frame_scanner.h"

#include <algorithm>

namespace tabuleiro::server {

std::optional<frame_refusal> frame_scanner::feed(std::string_view bytes, std::int64_t now_ms, std::size_t* used) {
  if (used) *used = bytes.size();
  if (refused_) return std::nullopt;
  std::size_t i = 0;
  while (i < bytes.size()) {
    if (payload_left_ > 0) {
      const auto skip = static_cast<std::size_t>(std::min<std::uint64_t>(payload_left_, bytes.size() - i));
      i += skip;
      payload_left_ -= skip;
      continue;
    }
    if (!message_open()) open_since_ms_ = now_ms;  // the first byte of a new message
    header_[header_size_++] = static_cast<unsigned char>(bytes[i++]);
    if (header_size_ == 2) {
      const unsigned len7 = header_[1] & 0x7f;
      header_need_ = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + ((header_[1] & 0x80) ? 4 : 0);
    }
    if (header_size_ < 2 || header_size_ < header_need_) continue;
    if (auto refusal = on_header()) {
      refused_ = true;
      if (used) *used = i;
      return refusal;
    }
  }
  if (message_open() && now_ms - open_since_ms_ > timeout_ms_) {
    refused_ = true;
    return frame_refusal{1008, "message not finished in time", "message_timeout"};
  }
  return std::nullopt;
}

std::optional<frame_refusal> frame_scanner::on_header() {
  const unsigned opcode = header_[0] & 0x0f;
  const bool fin = (header_[0] & 0x80) != 0;
  const unsigned len7 = header_[1] & 0x7f;
  std::uint64_t length = len7;
  if (len7 == 126) length = (std::uint64_t{header_[2]} << 8) | header_[3];
  if (len7 == 127) {
    if (header_[2] & 0x80) return frame_refusal{1002, "payload length has its top bit set", "bad_frame"};
    length = 0;
    for (int k = 2; k < 10; ++k) length = (length << 8) | header_[k];
  }
  header_size_ = 0;
  header_need_ = 2;
  payload_left_ = length;
  if (opcode >= 0x8) return std::nullopt;  // a control frame: in no message's count
  if (opcode != 0x0) message_bytes_ = 0;   // text or binary: a new message
  // message_bytes_ ≤ max_message_ here (past it the scanner has refused and reads no more);
  // the sum saturates one past the limit, so that a 64-bit length cannot wrap it.
  message_bytes_ = length > max_message_ - message_bytes_ ? max_message_ + 1 : message_bytes_ + length;
  fragmented_ = !fin;
  if (message_bytes_ > max_message_)
    return frame_refusal{1009, "message larger than " + std::to_string(max_message_ / 1024) + " KiB", "too_large"};
  return std::nullopt;
}

}  // namespace tabuleiro::server

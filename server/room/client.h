// The one interface between a match's server-side parts (room, list feed) and a connection.
#pragma once

#include <cstdint>
#include <string>

#include "server/util/wire.h"

namespace tabuleiro::server {

// A connection as a room sees it. Implemented by the WebSocket session.
// Thread-safety: send and close may be called from any thread (they post to the connection).
class client {
 public:
  virtual ~client() = default;
  // A process-unique, never reused id.
  virtual std::uint64_t id() const = 0;
  // Queues msg for writing; a client whose queue is full gets closed instead.
  virtual void send(shared_text msg) = 0;
  // Closes with a WebSocket close code once the already queued messages are written.
  virtual void close(std::uint16_t code, std::string reason) = 0;
  // The connection's last measured round trip in ms (0: not measured), for lag compensation.
  virtual std::int64_t rtt_ms() const { return 0; }
  // True when the connection asked in its join for each accepted change of its own to be
  // acknowledged inside the change's patch (an "ack" field) instead of by an ack message.
  // Fixed before the join reaches a room.
  virtual bool acks_in_patch() const { return false; }
  // False when the connection asked in its join ("legal": false) for its joined, patch and
  // snapshot messages without the legal and expects fields. Fixed before the join reaches a room.
  virtual bool wants_legal() const { return true; }
  // The account the connection signed in with (0: a guest). Fixed for the connection's life.
  virtual std::int64_t account_id() const { return 0; }
  // The display name of the account the connection signed in with ("" for a guest).
  virtual std::string account_name() const { return ""; }
};

}  // namespace tabuleiro::server

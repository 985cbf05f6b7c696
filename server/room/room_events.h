// What a part of a room decided, for the room to publish: the parts (draw and rematch offers,
// seats' connections) decide and say what happened; the room only sends and submits it (as
// lichess's Drawer returns its events and the round publishes them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "protocol/core/room_change.h"

namespace tabuleiro::server {

// One decision's events, published in this order: a refusal (and nothing else), or an ack of
// the request at the current version, then messages for every member; or a change for the
// sequencer (its ack follows its commit); or the registry asked for the rematch.
struct room_events {
  std::optional<engine::rule_error> refused;    // the sender's request is refused
  bool ack = false;                             // the sender's request is acknowledged now
  std::vector<std::string> to_all;              // messages for every member of the room
  std::optional<protocol::room_change> change;  // a change to submit as the sender's
  bool make_rematch = false;                    // both agreed on a rematch: the registry makes it

  // A refusal with code and message.
  static room_events refusal(std::string code, std::string message) {
    room_events e;
    e.refused = engine::rule_error{std::move(code), std::move(message)};
    return e;
  }
  // An ack, then messages for everyone.
  static room_events acked(std::vector<std::string> to_all = {}) {
    room_events e;
    e.ack = true;
    e.to_all = std::move(to_all);
    return e;
  }
  // The sender's change, for the sequencer.
  static room_events submitted(protocol::room_change change) {
    room_events e;
    e.change = std::move(change);
    return e;
  }
  // The registry makes the rematch (the room's on_rematch_made publishes it).
  static room_events rematch() {
    room_events e;
    e.make_rematch = true;
    return e;
  }
};

}  // namespace tabuleiro::server

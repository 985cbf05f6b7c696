// What a room has told its viewers: the last view of each viewer class, recent patches for
// catch-up after a reconnection, and per-version caches of legal fields and snapshots.
// Patches are computed once per distinct observation and serialized once per distinct
// message: for a game whose viewer classes all see the same, one diff serves all three, and the
// spectator and the seat that cannot act receive the very same shared text. A connection that joined with
// "legal": false receives the same messages without their legal fields, also one shared text
// per distinct message (feed_text).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "protocol/core/messages.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

using json = nlohmann::json;

// One message of the feed for one viewer class, in the two forms a connection may receive:
// with the seat's legal fields (every connection's, unless it joined with "legal": false) and
// without them. The form without is cut from the form with when first asked for and then
// shared by every connection that receives it; a message written while no connection of its
// class wanted legal fields holds the form without only.
// Thread-safety: copies and text() on the room's strand only; the texts text() returns are
// never modified and may be read from any thread.
class feed_text {
 public:
  feed_text() = default;
  // A message written with its legal fields, which lie at span.
  feed_text(std::string text, protocol::messages::legal_span span);
  // A message written without legal fields.
  static feed_text without_legal(std::string text);

  // The form with the legal fields (legal) or the form without; null when asked for the form
  // with and the message was written without.
  shared_text text(bool legal) const {
    if (legal && body_ && !body_->with.empty()) return shared_text(body_, &body_->with);
    return other_form(legal);
  }
  // Whether a message is held.
  explicit operator bool() const { return body_ != nullptr; }

 private:
  // text() but for the form with legal fields that the message holds: null, or the form
  // without (cut on first use).
  shared_text other_form(bool legal) const;

  struct body {
    std::string with;                     // "" when written without legal fields
    protocol::messages::legal_span span;  // where they lie in with
    std::string without;                  // cut from with on first use, or written so
  };
  std::shared_ptr<body> body_;
};

// The published side of one match.
// Thread-safety: none; used on its room's strand only.
class match_feed {
 public:
  // The feed of m at version, whose outcome is outcome (null while running).
  match_feed(const protocol::match& m, std::int64_t version, const json& outcome);

  // Records a change committed as version (m is the state after it, pub its views and
  // events, outcome the match's outcome after it) and returns the patch message of each
  // viewer class (0 spectator, 1, 2); classes that receive identical bytes share one message.
  // clock_text (the room's `"clock":{…}` field or "") is the same for every class. A class
  // whose with_legal is false gets its patch written without legal fields (and no legal list
  // computed): the room says so when every connection of the class joined with "legal": false.
  std::array<feed_text, 3> publish(const protocol::match& m, std::int64_t version, protocol::publication pub,
                                   const json& outcome, const std::string& clock_text = {},
                                   std::array<bool, 3> with_legal = {true, true, true});

  // The view JSON viewer class c has now (built on first use).
  const json& view(int c) const { return views_[c]->value(); }
  // The same view, shared (it is never modified: a change replaces it).
  protocol::view_ptr shared_view(int c) const { return views_[c]; }

  // The `"legal":…` fields of viewer class c now (cached per version).
  const std::string& legal_text(const protocol::match& m, int c);

  // The `"to_act":[…]` field now (cached per version).
  const std::string& to_act_text(const protocol::match& m);

  // The snapshot message of viewer class c now with clock_text, with its legal fields or
  // without them (legal; cached per version and clock).
  shared_text snapshot(const protocol::match& m, int c, const std::string& clock_text = {}, bool legal = true);

  // The patches class c missed after version from, with their legal fields or without
  // (legal), when the buffer still holds all of them in that form (an empty list when from is
  // the current version); nullopt when it does not reach back, or when legal and one of them
  // was written without legal fields.
  std::optional<std::vector<shared_text>> catch_up(int c, std::int64_t from, bool legal = true) const;

  // The version the feed is at.
  std::int64_t version() const { return version_; }

 private:
  // A value cached for one version.
  template <class T>
  struct cached {
    std::int64_t version = -1;
    T value{};
  };

  std::int64_t version_;
  json outcome_;
  std::array<protocol::view_ptr, 3> views_;  // shared between classes that agree
  std::array<std::deque<std::pair<std::int64_t, feed_text>>, 3> recent_;
  std::array<cached<std::string>, 3> legal_;
  cached<std::string> to_act_;
  std::array<cached<feed_text>, 3> snapshots_;
  std::array<std::string, 3> snapshot_clock_;  // the clock field each cached snapshot holds
};

}  // namespace tabuleiro::server

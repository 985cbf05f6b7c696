// What a room has told its viewers: the last view of each viewer class, recent patches for
// catch-up after a reconnection, and per-version caches of legal fields and snapshots.
// Patches are computed once per distinct observation and serialized once per distinct
// message: for TAIXU one diff serves all three viewer classes, and the spectator and the
// seat that cannot act receive the very same shared text.
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
#include "server/util/wire.h"

namespace tabuleiro::server {

using json = nlohmann::json;

// The published side of one match.
// Thread-safety: none; used on its room's strand only.
class match_feed {
 public:
  // The feed of m at version, whose outcome is outcome (null while running).
  match_feed(const protocol::match& m, std::int64_t version, const json& outcome);

  // Records a change committed as version (m is the state after it, pub its views and
  // events, outcome the match's outcome after it) and returns the patch message of each
  // viewer class (0 spectator, 1, 2); classes that receive identical bytes share one text.
  // clock_text (the room's `"clock":{…}` field or "") is the same for every class.
  std::array<shared_text, 3> publish(const protocol::match& m, std::int64_t version,
                                     protocol::publication pub, const json& outcome,
                                     const std::string& clock_text = {});

  // The view JSON viewer class c has now (built on first use).
  const json& view(int c) const { return views_[c]->value(); }
  // The same view, shared (it is never modified: a change replaces it).
  protocol::view_ptr shared_view(int c) const { return views_[c]; }

  // The `"legal":…` fields of viewer class c now (cached per version).
  const std::string& legal_text(const protocol::match& m, int c);

  // The `"to_act":[…]` field now (cached per version).
  const std::string& to_act_text(const protocol::match& m);

  // The snapshot message of viewer class c now with clock_text (cached per version and clock).
  shared_text snapshot(const protocol::match& m, int c, const std::string& clock_text = {});

  // The patches class c missed after version from, when the buffer still holds all of them
  // (an empty list when from is the current version); nullopt when it does not reach back.
  std::optional<std::vector<shared_text>> catch_up(int c, std::int64_t from) const;

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
  std::array<std::deque<std::pair<std::int64_t, shared_text>>, 3> recent_;
  std::array<cached<std::string>, 3> legal_;
  cached<std::string> to_act_;
  std::array<cached<shared_text>, 3> snapshots_;
  std::array<std::string, 3> snapshot_clock_;  // the clock field each cached snapshot holds
};

}  // namespace tabuleiro::server

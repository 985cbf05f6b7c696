// What the match list and GET /api/matches read of a live room, from any thread: its newest
// summary, board preview and whether it may be evicted, published by the room's strand.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "server/room/summary.h"
#include "server/util/mutex.h"

namespace tabuleiro::server {

// Where a public room's list entry goes when it changed (the list feed; may be empty).
using list_sink = std::function<void(list_entry)>;

// One room's published summary.
// Thread-safety: publish() runs on the room's strand only (its one writer); the readers may
// be called from any thread.
class room_listing {
 public:
  // The listing of match code, public or not; its options are shared by every summary.
  room_listing(std::string code, bool is_public, const nlohmann::json& options, list_sink sink);

  // The summary now.
  summary_ptr summary() const EXCLUDES(mu_);
  // The list's entry now: summary, preview, code and whether the match is over.
  list_entry entry() const EXCLUDES(mu_);
  // True when the room may be dropped from memory (finished, nobody in it, nothing pending).
  bool evictable() const EXCLUDES(mu_);
  // The match ended at at_ms (the first end counts; the strand only).
  void ended(std::int64_t at_ms) {
    if (finished_ms_ == 0) finished_ms_ = at_ms;
  }
  // When the match ended, 0 while it runs (the strand only).
  std::int64_t finished_ms() const { return finished_ms_; }
  // The options every summary shares.
  const std::shared_ptr<const nlohmann::json>& options() const { return options_; }

  // Publishes in (the preview is the spectator's view) as the summary when it differs from
  // the last one, or always when version_moved (a change was committed); a public match's new
  // summary goes to the sink. idle: the room may be evicted.
  void publish(summary_inputs in, bool version_moved, bool idle) EXCLUDES(mu_);

 private:
  // summary_ as its one writer (the strand, in publish) reads it, without the lock. Not checked
  // (NO_THREAD_SAFETY_ANALYSIS): the analysis cannot express "guarded for everyone but the one
  // writer".
  const summary_ptr& own_summary() const NO_THREAD_SAFETY_ANALYSIS { return summary_; }

  const std::string code_;
  const bool public_;
  const std::shared_ptr<const nlohmann::json> options_;
  const list_sink sink_;
  std::int64_t finished_ms_ = 0;  // written and read by the strand only
  mutable mutex mu_;
  summary_ptr summary_ GUARDED_BY(mu_) = std::make_shared<const protocol::ready_json>(nlohmann::json::object());
  protocol::view_ptr preview_ GUARDED_BY(mu_);
  bool evictable_ GUARDED_BY(mu_) = false;
  bool finished_ GUARDED_BY(mu_) = false;  // summary_'s match is over
};

}  // namespace tabuleiro::server

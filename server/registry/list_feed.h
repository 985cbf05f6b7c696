// The match list's push feed (PROTOCOL.md, "The match list feed"): public rooms post their
// summaries here; a watching connection gets the whole list once, then the summaries that
// changed, coalesced so that at most one push per interval leaves. A room only posts; it never
// waits for the match_list_feed or its watchers.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "server/room/summary.h"
#include "server/util/clock.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

class client;

// The list at one moment: unfinished public matches (newest first) and the recently finished
// ones (most recently finished first). ok is false when the store could not be read.
struct list_snapshot {
  std::vector<list_entry> matches, recent;
  bool ok = true;
};

// Reads a list_snapshot (off the I/O threads) and calls back with it, from any thread.
using snapshot_source = std::function<void(std::function<void(list_snapshot)>)>;

// Share codes in the order each was first added, each once (the summaries changed since the
// last push).
// Thread-safety: none (the match_list_feed's strand).
class code_queue {
 public:
  // Adds code unless it is queued already.
  void push(const std::string& code) {
    if (queued_.insert(code).second) order_.push_back(code);
  }
  bool contains(const std::string& code) const { return queued_.count(code) != 0; }
  bool empty() const { return order_.empty(); }
  // Removes and returns the oldest code (the queue must not be empty).
  std::string pop() {
    std::string code = std::move(order_.front());
    order_.pop_front();
    queued_.erase(code);
    return code;
  }

 private:
  std::deque<std::string> order_;
  std::set<std::string> queued_;
};

// The feed. Rooms call changed(); connections call watch() and unwatch().
// Thread-safety: every public method may be called from any thread; all state lives on the
// match_list_feed's strand.
class match_list_feed {
 public:
  static constexpr std::size_t max_watchers = 1000;  // more watch_list requests get `busy`
  static constexpr std::size_t max_per_push = 200;   // summaries per push; the rest wait
  static constexpr std::size_t recent_kept = 10;     // recently finished matches listed

  // A feed that pushes at most once per interval_ms of time's clock, reading the whole list
  // from source (called only once the first watcher comes).
  match_list_feed(net::io_context& ioc, time_source& time, std::int64_t interval_ms, snapshot_source source);

  // A public room's summary changed; preview is the spectator's view at the same time.
  // Nothing is recorded while nobody watches (a watcher's snapshot is read after it asks, from
  // the rooms' current summaries, so it cannot miss a change made before).
  void changed(list_entry e);

  // Sends c the `match_list` (with previews when preview), then every `match_list_changed`
  // push until unwatch(c's id). An error (already_watching, busy, storage_error) instead
  // when c already watches, too many watch, or the list cannot be read.
  void watch(std::shared_ptr<client> c, bool preview);

  // Forgets the watcher with this client id (its connection closed).
  void unwatch(std::uint64_t client_id);

  // In a cluster, where other nodes' rooms post to their own lobbies: re-reads the list from
  // the source every interval_ms while anyone watches, and pushes every match whose summary
  // differs from the one last recorded (call once, before the first watch()).
  void refresh_every(std::int64_t interval_ms);

  // Stops pushing (server shutdown).
  void shutdown();

 private:
  struct watcher {
    std::weak_ptr<client> c;
    bool preview = false;
    bool ready = false;       // has its match_list; pushes go only to ready watchers
    std::uint64_t since = 0;  // the change count when it asked (pending watchers)
  };
  struct known {
    list_entry entry;
    std::uint64_t seq = 0;  // the change count that recorded it
  };

  void do_changed(list_entry e);
  void do_watch(const std::shared_ptr<client>& c, bool preview);
  void on_snapshot(std::uint64_t id, list_snapshot snap);
  void schedule();
  void push();
  void do_refresh();
  void on_refresh(list_snapshot snap);
  void forget_old_finished();
  // Publishes the watcher count to changed() (after every change of watchers_).
  void count_watchers() { watching_.store(watchers_.size()); }

  net::strand<net::io_context::executor_type> strand_;
  time_source& time_;
  const std::int64_t interval_ms_;
  const snapshot_source source_;
  std::map<std::string, known> latest_;  // by code: the newest summary posted
  std::deque<std::string> finished_;     // codes of finished entries in latest_, oldest first
  code_queue dirty_;                     // codes changed since the last push
  std::map<std::uint64_t, watcher> watchers_;
  std::atomic<std::size_t> watching_{0};  // watchers_.size(), read by changed() on any thread
  std::uint64_t seq_ = 0;
  struct {
    std::int64_t last_ms = 0;    // when the last push left
    std::shared_ptr<timer> due;  // armed while a push is due
  } push_;
  struct {
    std::int64_t every_ms = 0;    // 0: no refresh (a single server)
    std::shared_ptr<timer> next;  // the next re-read
  } refresh_;                     // re-reading the list (a cluster's other nodes)
  bool stopped_ = false;
};

// A summary with the preview field added (the spectator's view, or null).
json with_preview(const list_entry& e);

}  // namespace tabuleiro::server

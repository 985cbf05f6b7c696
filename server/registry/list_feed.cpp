#include "server/registry/list_feed.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "server/room/client.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

namespace {

// The summaries of entries as a JSON array, with previews when asked.
json summaries(const std::vector<list_entry>& entries, bool preview) {
  json out = json::array();
  for (const auto& e : entries) out.push_back(preview ? with_preview(e) : e.summary->value());
  return out;
}

// Puts e in front of list, replacing the entry of the same code.
void put_first(std::vector<list_entry>& list, list_entry e) {
  const std::string code = e.code;
  std::erase_if(list, [&](const list_entry& x) { return x.code == code; });
  list.insert(list.begin(), std::move(e));
}

}  // namespace

json with_preview(const list_entry& e) {
  json s = e.summary->value();
  s["preview"] = e.preview ? e.preview->value() : json();
  return s;
}

match_list_feed::match_list_feed(net::io_context& ioc, time_source& time, std::int64_t interval_ms,
                                 snapshot_source source)
    : strand_(net::make_strand(ioc)), time_(time), interval_ms_(interval_ms), source_(std::move(source)) {}

// The room stored summary before calling; a watcher is counted before its snapshot is read, so
// either this sees it or its snapshot sees the summary.
void match_list_feed::changed(list_entry e) {
  if (watching_.load() == 0) return;
  net::post(strand_, [this, e = std::move(e)]() mutable { do_changed(std::move(e)); });
}

void match_list_feed::watch(std::shared_ptr<client> c, bool preview) {
  net::post(strand_, [this, c = std::move(c), preview] { do_watch(c, preview); });
}

void match_list_feed::unwatch(std::uint64_t client_id) {
  net::post(strand_, [this, client_id] {
    watchers_.erase(client_id);
    count_watchers();
  });
}

void match_list_feed::refresh_every(std::int64_t interval_ms) {
  net::post(strand_, [this, interval_ms] {
    refresh_.every_ms = interval_ms;
    do_refresh();
  });
}

// Reads the list if anyone watches, then re-arms itself.
void match_list_feed::do_refresh() {
  if (stopped_ || refresh_.every_ms <= 0) return;
  if (!watchers_.empty() && source_)
    source_([this](list_snapshot snap) {
      net::post(strand_, [this, snap = std::move(snap)]() mutable { on_refresh(std::move(snap)); });
    });
  refresh_.next = time_.call_after(refresh_.every_ms, strand_, [this] { do_refresh(); });
}

// Records (and so pushes) every entry of snap whose summary is not the one last recorded.
void match_list_feed::on_refresh(list_snapshot snap) {
  if (stopped_ || !snap.ok) return;
  for (auto* list : {&snap.matches, &snap.recent})
    for (auto& e : *list) {
      const auto it = latest_.find(e.code);
      if (it == latest_.end() || it->second.entry.summary->value() != e.summary->value()) do_changed(std::move(e));
    }
}

void match_list_feed::shutdown() {
  net::post(strand_, [this] {
    stopped_ = true;
    if (push_.due) push_.due->cancel();
    push_.due.reset();
    if (refresh_.next) refresh_.next->cancel();
    refresh_.next.reset();
    watchers_.clear();
    count_watchers();
  });
}

// Records the newest summary of a match and marks it for the next push.
void match_list_feed::do_changed(list_entry e) {
  if (stopped_) return;
  const std::string code = e.code;
  const bool finished = e.finished;
  auto [it, fresh] = latest_.try_emplace(code);
  const bool was_finished = !fresh && it->second.entry.finished;
  it->second = known{std::move(e), ++seq_};
  if (finished && !was_finished) {
    finished_.push_back(code);
    forget_old_finished();
  }
  dirty_.push(code);
  schedule();
}

// Keeps the finished entries of latest_ bounded: only the newest ones are needed (for the
// recent list of watchers whose snapshot is on its way).
void match_list_feed::forget_old_finished() {
  while (finished_.size() > 4 * recent_kept && !dirty_.contains(finished_.front())) {
    latest_.erase(finished_.front());
    finished_.pop_front();
  }
}

void match_list_feed::do_watch(const std::shared_ptr<client>& c, bool preview) {
  if (stopped_) return;
  if (watchers_.count(c->id()))
    return c->send(share_text(msg::error("already_watching", "this connection already watches the list")));
  if (watchers_.size() >= max_watchers || !source_)
    return c->send(share_text(msg::error("busy", "the list feed is full; poll GET /api/matches")));
  watchers_[c->id()] = watcher{c, preview, false, seq_};
  count_watchers();
  source_([this, id = c->id()](list_snapshot snap) {
    net::post(strand_, [this, id, snap = std::move(snap)]() mutable { on_snapshot(id, std::move(snap)); });
  });
}

// A watcher's snapshot arrived: brings it up to date with every change recorded since the
// watcher asked, sends it, and lets pushes reach the watcher from now on.
void match_list_feed::on_snapshot(std::uint64_t id, list_snapshot snap) {
  auto it = watchers_.find(id);
  if (it == watchers_.end()) return;
  auto c = it->second.c.lock();
  if (!c) {
    watchers_.erase(it);
    return count_watchers();
  }
  if (!snap.ok) {
    watchers_.erase(it);
    count_watchers();
    return c->send(share_text(msg::error("storage_error", "the list cannot be read right now; try again")));
  }
  std::vector<const known*> newer;
  for (const auto& [code, k] : latest_)
    if (k.seq > it->second.since) newer.push_back(&k);
  std::sort(newer.begin(), newer.end(), [](const known* a, const known* b) { return a->seq < b->seq; });
  for (const known* k : newer) {
    const std::string& code = k->entry.code;
    std::erase_if(snap.matches, [&](const list_entry& x) { return x.code == code; });
    if (k->entry.finished) put_first(snap.recent, k->entry);
    else put_first(snap.matches, k->entry);
  }
  if (snap.recent.size() > recent_kept) snap.recent.resize(recent_kept);
  const bool preview = it->second.preview;
  it->second.ready = true;
  c->send(share_text(msg::match_list_message(summaries(snap.matches, preview), summaries(snap.recent, preview))));
}

// Arms the push timer: at once when the last push is an interval old, else when it will be.
void match_list_feed::schedule() {
  if (push_.due || dirty_.empty() || stopped_) return;
  const std::int64_t at = std::max(time_.now_ms(), push_.last_ms + interval_ms_);
  push_.due = time_.call_at(at, strand_, [this] {
    push_.due.reset();
    push();
  });
}

// Sends the summaries changed since the last push (at most max_per_push of them) to every
// ready watcher: one text with previews, one without, each shared by all its watchers.
void match_list_feed::push() {
  if (stopped_) return;
  push_.last_ms = time_.now_ms();
  std::vector<list_entry> batch;
  while (!dirty_.empty() && batch.size() < max_per_push) {
    const std::string code = dirty_.pop();
    if (auto it = latest_.find(code); it != latest_.end()) batch.push_back(it->second.entry);
  }
  shared_text plain, with;
  for (auto it = watchers_.begin(); it != watchers_.end();) {
    auto c = it->second.c.lock();
    if (!c) {
      it = watchers_.erase(it);
      count_watchers();
      continue;
    }
    if (it->second.ready && !batch.empty()) {
      shared_text& text = it->second.preview ? with : plain;
      if (!text) text = share_text(msg::match_list_changed(summaries(batch, it->second.preview)));
      c->send(text);
    }
    ++it;
  }
  forget_old_finished();
  schedule();
}

}  // namespace tabuleiro::server

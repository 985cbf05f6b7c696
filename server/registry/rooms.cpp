#include "server/registry/rooms.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "server/room/connection_sql.h"
#include "server/room/history.h"
#include "server/util/secrets.h"

namespace tabuleiro::server {

namespace {

// The read failure of a lookup that found no room.
read_failure failure_of(rooms::lookup how) {
  if (how == rooms::lookup::absent) return read_failure::absent;
  if (how == rooms::lookup::elsewhere) return read_failure::elsewhere;
  return read_failure::unavailable;
}

}  // namespace

rooms::rooms(net::io_context& ioc, const room_services& services) : ioc_(ioc), svc_(services) {}

void rooms::lease_lost(const std::string& code) {
  if (leasing()) move_away(code, false);
}

void rooms::find(const std::string& typed_code, found_fn done) { load(typed_code, true, std::move(done)); }

void rooms::load(const std::string& typed_code, bool ask, found_fn done) {
  const auto code = normalize_share_code(typed_code);
  if (!code) return done(nullptr, lookup::absent);
  {
    unique_mutex_lock lock(mu_);
    if (auto it = rooms_.find(*code); it != rooms_.end()) {
      auto r = it->second;
      lock.unlock();
      return done(std::move(r), lookup::found);
    }
    auto [it, fresh] = loading_.try_emplace(*code);
    it->second.push_back(std::move(done));
    if (!fresh) return;
  }
  net::post(svc_.blocking, [this, code = *code, ask] {
    auto row = svc_.db->load_match(code);
    if (row.status != read_status::found)
      return finish_loading(code, nullptr, row.status == read_status::absent ? lookup::absent : lookup::unavailable);
    std::optional<lease> held;
    if (leasing()) {
      // In a cluster the log is read only once this node holds the lease: from then on no
      // other node can append, so the replay below is the whole log. (The read above is not
      // redundant: a code that names no match costs a read, never a write of the claim.)
      lookup how = lookup::unavailable;
      held = claim(code, ask, how);
      if (!held) return finish_loading(code, nullptr, how);
      row = svc_.db->load_match(code);
    }
    read_result<std::vector<action_row>> log;  // unavailable unless read
    if (row.found()) log = svc_.db->load_actions(code);
    std::string error;
    auto r = log.found() ? room::restore(ioc_, svc_, row.value, log.value, error) : nullptr;
    if (!r) {
      if (log.found()) spdlog::error("match {} cannot be restored: {}", code, error);
      if (held) release(code, *held);
      return finish_loading(code, nullptr, lookup::unavailable);
    }
    if (held) r->hold(*held);
    spdlog::info("match {} restored at version {}{}", code, row.value.version,
                 held ? " (lease epoch " + std::to_string(held->epoch) + ")" : "");
    finish_loading(code, std::move(r), lookup::found);
  });
}

// Registers a loaded room (when found) and answers everyone waiting for code.
void rooms::finish_loading(const std::string& code, std::shared_ptr<room> r, lookup how) {
  std::vector<found_fn> waiters;
  {
    mutex_lock lock(mu_);
    if (r) rooms_[code] = r;
    waiters = std::move(loading_[code]);
    loading_.erase(code);
  }
  if (r) r->start();
  for (auto& w : waiters) w(r, how);
}

std::string rooms::reserve_code(create_failure& why) {
  why = create_failure::no_free_code;
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string code = new_share_code();
    {
      mutex_lock lock(mu_);
      if (rooms_.count(code) || loading_.count(code)) continue;
      loading_[code];  // reserves the code against a concurrent creation
    }
    // A code the store already holds (a match not in memory) is released and not tried again.
    const read_status held = svc_.db->load_match(code).status;
    if (held == read_status::absent) return code;
    finish_loading(code, nullptr, lookup::absent);
    if (held == read_status::unavailable) why = create_failure::storage_unavailable;
    return "";
  }
  return "";
}

void rooms::describe(const std::string& typed_code, std::function<void(registry_read)> done) {
  find(typed_code, [done = std::move(done)](std::shared_ptr<room> r, lookup how) {
    if (!r) return done(failure_of(how));
    done(r->summary()->value());
  });
}

void rooms::log(const std::string& typed_code, std::int64_t from, std::function<void(registry_read)> done) {
  const auto code = normalize_share_code(typed_code);
  if (!code) return done(read_failure::absent);
  net::post(svc_.blocking, [this, code = *code, from, done = std::move(done)] {
    const auto row = svc_.db->load_match(code);
    if (row.status != read_status::found)
      return done(row.status == read_status::absent ? read_failure::absent : read_failure::unavailable);
    const auto actions = svc_.db->load_actions(code);
    if (!actions.found()) return done(read_failure::unavailable);
    json page;
    std::string error;
    if (!log_page(row.value, actions.value, from, page, error)) {
      spdlog::error("match {}: log from {} failed: {}", code, from, error);
      return done(read_failure::log_failed);
    }
    // Each seat's connections while the match ran (connection_log.h), totals up to its end.
    connection_log connections;
    std::vector<connection_change> changes;
    if (svc_.db->run_read("reading a match's connection record", [&](sql_connection& db, std::string& e) {
          return read_connections(db, code, changes, e);
        }) != read_status::found)
      return done(read_failure::unavailable);
    connections.restore(std::move(changes));
    page["connections"] = connections.record(row.value.finished_ms ? row.value.finished_ms : svc_.time->now_ms());
    page["rated"] = row.value.rated;  // and, once settled, the ratings before and after
    page["ratings"] = row.value.rated && svc_.read_ratings ? svc_.read_ratings(code) : json();
    done(std::move(page));
  });
}

list_entry rooms::entry_of(const match_row& row) const {
  std::shared_ptr<room> r;
  {
    mutex_lock lock(mu_);
    if (auto it = rooms_.find(row.code); it != rooms_.end()) r = it->second;
  }
  if (!r)
    return {std::make_shared<const protocol::ready_json>(stored_summary(row)), nullptr, row.code,
            !row.outcome.is_null()};
  return r->entry();
}

void rooms::list(const std::string& status, const std::string& game, bool preview,
                 std::function<void(registry_read)> done) {
  net::post(svc_.blocking, [this, status, game, preview, done = std::move(done)] {
    const auto rows = svc_.db->list_public(status, game, 100);
    if (!rows.found()) return done(read_failure::unavailable);
    json out = json::array();
    for (const match_row& row : rows.value) {
      list_entry e = entry_of(row);
      if (!status.empty() && e.summary->value().value("status", "") != status) continue;
      out.push_back(preview ? with_preview(e) : e.summary->value());
    }
    done(protocol::messages::match_list(std::move(out)));
  });
}

void rooms::read_list(std::function<void(list_snapshot)> done) {
  net::post(svc_.blocking, [this, done = std::move(done)] {
    list_snapshot snap;
    const auto waiting = svc_.db->list_public("waiting", "", 100);
    const auto live = svc_.db->list_public("live", "", 100);
    const auto finished = svc_.db->list_public("finished", "", match_list_feed::recent_kept);
    if (!waiting.found() || !live.found() || !finished.found()) {
      snap.ok = false;
      return done(std::move(snap));
    }
    std::vector<match_row> running = waiting.value;
    running.insert(running.end(), live.value.begin(), live.value.end());
    std::stable_sort(running.begin(), running.end(),
                     [](const match_row& a, const match_row& b) { return a.created_ms > b.created_ms; });
    if (running.size() > 100) running.resize(100);
    for (const match_row& row : running) {
      list_entry e = entry_of(row);
      (e.finished ? snap.recent : snap.matches).push_back(std::move(e));
    }
    for (const match_row& row : finished.value) snap.recent.push_back(entry_of(row));
    done(std::move(snap));
  });
}

void rooms::start() {
  const double period_s = std::clamp(svc_.cfg->abandon_after_s / 4, 0.05, 1.0);
  unique_mutex_lock lock(mu_);
  if (stopped_) return;
  if (leasing() && !lease_timer_) {  // the first start: the renewals begin (they re-arm themselves)
    lock.unlock();
    announce();
    renew_leases();
    lock.lock();
    if (stopped_) return;
  }
  tick_timer_ = svc_.time->call_after(static_cast<std::int64_t>(period_s * 1000), ioc_.get_executor(), [this] {
    on_tick();
    start();
  });
}

void rooms::on_tick() {
  std::vector<std::shared_ptr<room>> live;
  std::vector<std::pair<std::string, lease>> evicted;
  {
    mutex_lock lock(mu_);
    if (stopped_) return;
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      if (it->second->evictable()) {
        if (auto h = held_.find(it->first); h != held_.end()) evicted.emplace_back(it->first, h->second.held);
        it = rooms_.erase(it);
      } else {
        live.push_back(it->second);
        ++it;
      }
    }
  }
  for (const auto& [code, l] : evicted) release(code, l);
  for (auto& r : live) r->tick();
  const auto sweep_every_ms = static_cast<std::int64_t>(std::clamp(svc_.cfg->abandon_after_s, 1.0, 30.0) * 1000);
  const std::int64_t now = svc_.time->now_ms();
  if (now - last_sweep_ms_ >= sweep_every_ms) {
    last_sweep_ms_ = now;
    sweep_idle();
  }
}

void rooms::sweep_idle() {
  // Unfinished matches idle for longer than the abandonment time are loaded, so that their
  // rooms record the abandonment if nobody comes back (rooms are otherwise loaded lazily).
  net::post(svc_.blocking, [this] {
    const auto before = svc_.time->now_ms() - static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
    const auto idle = svc_.db->list_idle(before, 100);
    if (!idle.found()) return;  // the store logged why; the next sweep tries again
    for (const match_row& row : idle.value) {
      {
        mutex_lock lock(mu_);
        if (stopped_) return;
        if (rooms_.count(row.code) || loading_.count(row.code)) continue;
      }
      load(row.code, false, [](std::shared_ptr<room>, lookup) {});  // not asking its holder
    }
  });
}

void rooms::shutdown() {
  std::vector<std::shared_ptr<room>> all;
  {
    mutex_lock lock(mu_);
    stopped_ = true;
    if (tick_timer_) tick_timer_->cancel();
    if (lease_timer_) lease_timer_->cancel();
    held_.clear();
    for (auto& [code, r] : rooms_) all.push_back(r);
  }
  for (auto& r : all) r->shutdown();
  // The other nodes may take this node's matches at once; a write of a room still queued
  // stays fenced by its epoch, and is refused once another node claimed the match.
  if (leasing())
    svc_.db->release_lease("", lease{svc_.cfg->node, 0, 0}, [](write_status s) {
      if (s != write_status::ok) spdlog::warn("giving up this node's leases failed; they lapse by themselves");
    });
}

void rooms::drop(const std::string& code) {
  std::shared_ptr<room> r;
  std::optional<lease> held;
  {
    mutex_lock lock(mu_);
    const auto it = rooms_.find(code);
    if (it == rooms_.end()) return;
    r = it->second;
    rooms_.erase(it);
    if (const auto h = held_.find(code); h != held_.end()) held = h->second.held;
  }
  if (held) release(code, *held);
  r->shutdown();
}

}  // namespace tabuleiro::server

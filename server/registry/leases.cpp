// The registry's side of a cluster (several nodes on one PostgreSQL database): a node hosts a
// match only while it holds the match's lease (schema/007_leases.sql). Claimed when a room is
// loaded, renewed every third of --lease-ms, given up when the room leaves memory or the node
// stops; lost (the fence refused an append, or renewal no longer lists it), the room is
// forgotten and its clients are closed with 4001, so that they reconnect through the proxy.
// Wanted by another node, it is handed over only when no client is connected to it here.
// route() tells the HTTP edge which other node holds a match, for the relay (net/relay.h).
#include <future>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/registry/rooms.h"
#include "server/util/secrets.h"

namespace tabuleiro::server {

std::optional<lease> rooms::claim(const std::string& code, bool ask, lookup& how) {
  std::promise<std::pair<write_status, lease>> claimed;
  std::uint64_t seq = 0;
  {
    // Numbered and queued under one lock, so that a renewal numbered later is also queued
    // (and so committed) later.
    mutex_lock lock(mu_);
    seq = ++lease_seq_;
    const std::int64_t now = svc_.time->now_ms();
    svc_.db->claim_lease(code, svc_.cfg->node, now, now + svc_.cfg->lease_ms, ask, [&claimed](write_status s, lease l) {
      claimed.set_value({s, std::move(l)});
    });
  }
  auto [status, l] = claimed.get_future().get();
  if (status != write_status::ok) {
    how = lookup::unavailable;
    return std::nullopt;
  }
  if (l.epoch == 0) {
    how = lookup::absent;
    return std::nullopt;
  }
  if (l.node != svc_.cfg->node) {
    spdlog::debug("match {}: held by node {} until {}", code, l.node, l.expires_ms);
    how = lookup::elsewhere;
    return std::nullopt;
  }
  svc_.stats->leases_claimed++;
  if (l.taken_over) {
    svc_.stats->leases_taken_over++;
    spdlog::info("match {}: taken over from a node that let its lease lapse", code);
  }
  mutex_lock lock(mu_);
  held_[code] = held_room{l, seq};
  return l;
}

void rooms::route(const std::string& typed_code, std::function<void(std::optional<lease_holder>)> done) {
  const auto code = normalize_share_code(typed_code);
  bool here = !leasing() || !code;
  if (!here) {
    mutex_lock lock(mu_);
    here = stopped_ || rooms_.count(*code) != 0 || loading_.count(*code) != 0;
  }
  if (here) return done(std::nullopt);
  net::post(svc_.blocking, [this, code = *code, done = std::move(done)] {
    auto holder = find_lease_holder(*svc_.db, code, svc_.cfg->node, svc_.time->now_ms());
    done(holder.found() ? std::optional<lease_holder>(std::move(holder.value)) : std::nullopt);
  });
}

void rooms::announce() {
  if (svc_.cfg->node_address.empty()) {
    spdlog::warn("cluster: no address for this node (--node-address): connections that reach another node for "
                 "a match this node holds are not relayed here; that node closes them (4001) and asks for it");
    return;
  }
  announce_node(*svc_.db, svc_.cfg->node, svc_.cfg->node_address, svc_.time->now_ms(),
                [node = svc_.cfg->node, address = svc_.cfg->node_address](write_status s) {
                  if (s == write_status::ok)
                    spdlog::info(
                        "cluster: node {} is reached at {} (the other nodes relay its matches' connections there)",
                        node, address);
                  else
                    spdlog::error("cluster: recording this node's address failed ({}); the other nodes cannot relay "
                                  "connections here until it restarts",
                                  write_status_name(s));
                });
}

void rooms::release(const std::string& code, const lease& l) {
  {
    mutex_lock lock(mu_);
    if (auto it = held_.find(code); it != held_.end() && it->second.held.epoch == l.epoch) held_.erase(it);
  }
  svc_.db->release_lease(code, l, [code](write_status s) {
    if (s != write_status::ok)
      spdlog::warn("match {}: giving up its lease failed ({}); it lapses by itself", code, write_status_name(s));
  });
}

void rooms::renew_leases() {
  mutex_lock lock(mu_);
  if (stopped_) return;
  const std::uint64_t seq = ++lease_seq_;
  svc_.db->renew_leases(svc_.cfg->node, svc_.time->now_ms() + svc_.cfg->lease_ms,
                        [this, seq](write_status s, std::vector<held_lease> held) {
                          if (s != write_status::ok) {
                            // The next renewal tries again; meanwhile the fence keeps the log safe.
                            spdlog::warn("lease renewal failed ({})", write_status_name(s));
                            return;
                          }
                          leases_renewed_ms_ = svc_.time->now_ms();
                          svc_.stats->leases_held = static_cast<std::int64_t>(held.size());
                          on_renewed(seq, held);
                        });
  lease_timer_ = svc_.time->call_after(std::max<std::int64_t>(svc_.cfg->lease_ms / 3, 1), ioc_.get_executor(),
                                       [this] { renew_leases(); });
}

void rooms::on_renewed(std::uint64_t seq, const std::vector<held_lease>& held) {
  std::map<std::string, const held_lease*> by_code;
  for (const auto& h : held) by_code[h.code] = &h;
  std::vector<std::pair<std::string, bool>> moves;  // code, handed over (else lost)
  std::vector<std::pair<std::string, lease>> leftovers;
  std::int64_t declined = 0;  // wanted matches kept: their clients are connected here
  {
    mutex_lock lock(mu_);
    if (stopped_) return;
    for (const auto& [code, h] : held_) {
      if (h.seq >= seq) continue;  // claimed after this renewal was queued
      const auto it = by_code.find(code);
      if (it == by_code.end() || it->second->epoch != h.held.epoch) {
        moves.emplace_back(code, false);
      } else if (it->second->wanted) {
        // Another node asked for it. A match whose clients are connected here (relayed ones
        // too) stays: handing it over would only move them, and clients that reach two nodes
        // would pull it back and forth; the asker relays its connections here instead.
        const auto r = rooms_.find(code);
        if (r != rooms_.end() && r->second->has_members()) ++declined;
        else moves.emplace_back(code, true);
      }
    }
    svc_.stats->handovers_declined = declined;
    // A lease this node holds with no room (its load failed, a release was lost): give it up.
    for (const auto& h : held)
      if (!held_.count(h.code) && !loading_.count(h.code))
        leftovers.emplace_back(h.code, lease{svc_.cfg->node, h.epoch, 0});
  }
  for (const auto& [code, hand_over] : moves) move_away(code, hand_over);
  for (const auto& [code, l] : leftovers) release(code, l);
}

void rooms::move_away(const std::string& code, bool hand_over) {
  std::shared_ptr<room> r;
  std::optional<lease> l;
  {
    mutex_lock lock(mu_);
    if (auto it = rooms_.find(code); it != rooms_.end()) {
      r = it->second;
      rooms_.erase(it);
    }
    if (auto it = held_.find(code); it != held_.end()) {
      l = it->second.held;
      held_.erase(it);
    }
  }
  spdlog::info("match {}: {}; moving its clients", code,
               hand_over ? "handed over to the node that asked for it" : "its lease was lost");
  (hand_over ? svc_.stats->leases_handed_over : svc_.stats->leases_lost)++;
  if (r) r->move_away();
  if (hand_over && l) release(code, *l);
}

}  // namespace tabuleiro::server

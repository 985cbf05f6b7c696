// A room's requests: each typed request of a client that joined (protocol/core/request.h) has its
// handler here, as do the rematch's completion and the history pages.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "server/room/history.h"
#include "server/room/room.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

void room::do_request(const std::shared_ptr<client>& c, protocol::room_request& r) {
  auto it = members_.find(c->id());
  if (it == members_.end()) {
    svc_.stats->rejected("not_joined");
    c->send(share_text(msg::error("not_joined", "send join first", protocol::request_id(r))));
    return;
  }
  const int seat = it->second.seat;
  std::visit([&](auto& q) { on_request(c, seat, q); }, r);
}

void room::do_refuse(const std::shared_ptr<client>& c, const protocol::request_error& e) {
  auto it = members_.find(c->id());
  if (it == members_.end()) {
    svc_.stats->rejected("not_joined");
    return c->send(share_text(msg::error("not_joined", "send join first", e.id)));
  }
  using after = protocol::request_error::after;
  if (e.refused_after != after::nothing) {
    if (auto first = may_change(it->second.seat, e.refused_after == after::start);
        first && (e.refused_after == after::start || first->code == "spectator"))
      return reject_to(c, e.id, first->code, first->message);
  }
  svc_.stats->rejected(e.code);
  c->send(share_text(e.as == protocol::request_error::envelope::error ? msg::error(e.code, e.message, e.id)
                                                                      : msg::reject(e.id, e.code, e.message)));
}

std::optional<rule_error> room::may_change(int seat, bool needs_start) const {
  if (seat == 0) return rule_error{"spectator", "spectators cannot act"};
  if (seq_.outcome()) return rule_error{"game_over", "the match is over"};
  if (needs_start && !seats_.both_taken())
    return rule_error{"not_started", "the match starts once both seats are taken"};
  return std::nullopt;
}

void room::on_request(const std::shared_ptr<client>& c, int seat, protocol::act_request& r) {
  if (auto e = may_change(seat, true)) return reject_to(c, r.id, e->code, e->message);
  seq_.submit({c->id(), r.id, seat, game_action{std::move(r.action)}, c->rtt_ms()});
}

void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::resign_request& r) {
  if (auto e = may_change(seat, true)) return reject_to(c, r.id, e->code, e->message);
  seq_.submit({c->id(), r.id, seat, protocol::room_change{protocol::room_change_kind::resign, seat, std::nullopt}});
}

// A draw offer, acceptance or refusal: draw_offers decides, the room publishes.
void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::draw_request& r) {
  if (auto e = may_change(seat, true)) return reject_to(c, r.id, e->code, e->message);
  publish_events(c, seat, r.id, draws_.answer(seat, r.op, is_bot(3 - seat)));
}

// Publishes what a part decided on c's request id (c in seat): its refusal; or its ack and its
// messages to everyone; or its change, submitted as c's; or the rematch, made by the registry.
void room::publish_events(const std::shared_ptr<client>& c, int seat, const json& id, room_events events) {
  if (events.refused) return reject_to(c, id, events.refused->code, events.refused->message);
  if (events.ack) c->send(share_text(msg::ack(id, seq_.version())));
  for (auto& m : events.to_all) send_to_all(share_text(std::move(m)));
  if (events.change) seq_.submit({c->id(), id, seat, std::move(*events.change)});
  if (events.make_rematch)  // unless new matches are paused (on_rematch_allowed follows)
    svc_.new_matches_paused([self = shared_from_this(), client_id = c->id(), id](std::optional<bool> paused) {
      net::post(self->strand_, [self, paused, client_id, id] { self->on_rematch_allowed(paused, client_id, id); });
    });
}

// An abort: allowed until both seats have made a game action (and checked again by vet).
void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::abort_request& r) {
  if (auto e = may_change(seat, false)) return reject_to(c, r.id, e->code, e->message);
  if (seats_.both_moved())
    return reject_to(c, r.id, "abort_too_late", "both seats have moved: resign or offer a draw instead");
  seq_.submit({c->id(), r.id, seat, protocol::room_change{protocol::room_change_kind::aborted, seat, std::nullopt}});
}

// A rematch offer, acceptance, refusal or withdrawal: rematch_offers decides, the room
// publishes; on agreement the registry makes the new match, seats swapped.
void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::rematch_request& r) {
  if (seat == 0) return reject_to(c, r.id, "spectator", "spectators cannot act");
  if (const auto& o = seq_.outcome(); o && o->reason == "aborted_by_host")
    return reject_to(c, r.id, "aborted_by_host", "the host ended this match: it has no rematch");
  publish_events(c, seat, r.id, rematches_.answer(seat, r.accept, seq_.outcome().has_value(), is_bot(3 - seat)));
}

// Both agreed on a rematch: unless new matches are paused, the registry makes it from this
// match's row (current tokens and names; on_rematch_made follows). In maintenance no match is
// made, rematches included: the offer stands and may be accepted again later.
void room::on_rematch_allowed(std::optional<bool> paused, std::uint64_t client_id, const json& id) {
  if (paused == false) {
    match_row row = row_;
    row.token_hash = seats_.token_hashes();
    row.seat_name = seats_.names();
    row.seat_user = seats_.users();
    return svc_.make_rematch(row, [self = shared_from_this(), client_id, id](rematch_result made) {
      net::post(self->strand_,
                [self, made = std::move(made), client_id, id] { self->on_rematch_made(made, client_id, id); });
    });
  }
  rematches_.failed();
  auto requester = member_client(client_id);
  if (!requester) return;
  if (!paused) return reject_to(requester, id, "unavailable", "the server cannot be reached right now; try again");
  svc_.stats->matches_refused_maintenance++;
  reject_to(requester, id, "maintenance",
            "the server is under maintenance: no new matches for now; running ones go on");
}

// The rematch is durable (or refused): each player gets its new seat and token privately,
// spectators where the new match is; then the acceptor's ack.
void room::on_rematch_made(const rematch_result& r, std::uint64_t client_id, const json& id) {
  auto requester = member_client(client_id);
  if (r.status != write_status::ok) {
    rematches_.failed();
    spdlog::error("match {}: rematch could not be created ({})", code(), write_status_name(r.status));
    if (requester) reject_to(requester, id, "storage_error", "the rematch could not be created; try again");
    return;
  }
  rematches_.made(r.code);
  row_.rematch = r.code;
  update_summary();  // before any send: whoever hears of the rematch finds it in the summary
  spdlog::info("match {}: rematch {} created", code(), r.code);
  const shared_text for_spectators = share_text(msg::rematch_ready(r.code, 0, ""));
  for (auto& [cid, mem] : members_) {
    auto c = mem.c.lock();
    if (!c) continue;
    if (mem.seat == 0) c->send(for_spectators);
    else c->send(share_text(msg::rematch_ready(r.code, 3 - mem.seat, r.token[mem.seat - 1])));
  }
  if (requester) requester->send(share_text(msg::ack(id, seq_.version())));
}

void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::resync_request&) {
  c->send(feed_.snapshot(seq_.match(), seat, clock_.text(), c->wants_legal()));
}

void room::on_request(const std::shared_ptr<client>& c, int seat, const protocol::history_request& r) {
  if (r.from > seq_.version()) {
    svc_.stats->rejected("bad_message");
    return c->send(share_text(msg::error("bad_message", "history takes from: a version 0..current", r.id)));
  }
  send_history(c, seat, r.id, r.from);
}

// Builds a history page off the I/O threads (a replay of the stored log) and sends it to c;
// one page at a time per connection.
void room::send_history(const std::shared_ptr<client>& c, int seat, const json& id, std::int64_t from) {
  member& m = members_[c->id()];
  if (m.history_pending) {
    svc_.stats->rejected("busy");
    return c->send(share_text(msg::error("busy", "a history page is already on its way", id)));
  }
  m.history_pending = true;
  net::post(svc_.blocking, [self = shared_from_this(), c, seat, id, from] {
    std::string page, error;
    const auto row = self->svc_.db->load_match(self->code());
    const auto log = self->svc_.db->load_actions(self->code());
    if (!row.found() || !log.found()) {
      page = msg::error("storage_error", "the history cannot be read right now; try again", id);
    } else if (!history_page(row.value, log.value, seat, from, id, page, error)) {
      spdlog::error("match {}: history from {} failed: {}", self->code(), from, error);
      page = msg::error("internal", "the history could not be built", id);
    }
    // The connection may ask again as soon as it has the page: free its slot first.
    net::post(self->strand_, [self, c, page = share_text(std::move(page))] {
      if (auto it = self->members_.find(c->id()); it != self->members_.end()) it->second.history_pending = false;
      c->send(page);
    });
  });
}

}  // namespace tabuleiro::server

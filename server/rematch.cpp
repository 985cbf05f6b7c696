// Rematch: the offer / accept / decline exchange of a finished match's players (the room's
// side; the registry creates the new match, seats swapped, in rooms_create.cpp).
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/json_util.h"
#include "protocol/messages.h"
#include "server/room.h"
#include "server/secrets.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

// {"type":"rematch","accept":true|false?} from seat: offer (or accept the other's offer; a bot
// opponent's acceptance is immediate), or with accept false decline the other's offer /
// withdraw one's own.
void room::on_rematch(const std::shared_ptr<client>& c, int seat, const json& id, const json& m) {
  const json accept = m.contains("accept") ? m["accept"] : json(true);
  if (!accept.is_boolean()) return reject_to(c, id, "bad_message", "rematch takes accept: true|false");
  if (!seq_.outcome()) return reject_to(c, id, "not_over", "a rematch is offered once the match is over");
  if (!rematch_code_.empty())
    return reject_to(c, id, "rematch_exists", "this match already has a rematch: " + rematch_code_);
  if (rematch_pending_) return reject_to(c, id, "busy", "the rematch is being created");
  const int other = 3 - seat;
  if (!accept.get<bool>()) {
    if (rematch_offer_by_ == 0) return reject_to(c, id, "no_rematch_offer", "no rematch offer to answer");
    const int by = rematch_offer_by_;
    rematch_offer_by_ = 0;
    c->send(share_text(msg::ack(id, seq_.version())));
    send_to_all(share_text(by == seat ? msg::rematch_withdrawn(seat) : msg::rematch_declined(seat)));
    return;
  }
  if (rematch_offer_by_ == seat) return c->send(share_text(msg::ack(id, seq_.version())));
  // A computer opponent accepts every rematch at once: the offer is the agreement.
  if (rematch_offer_by_ != other && !is_bot(other)) {
    rematch_offer_by_ = seat;
    c->send(share_text(msg::ack(id, seq_.version())));
    send_to_all(share_text(msg::rematch_offered(seat)));
    return;
  }
  rematch_pending_ = true;
  match_row row = row_;
  row.token_hash = token_hash_;
  row.seat_name = seat_name_;
  svc_.make_rematch(row, [self = shared_from_this(), client_id = c->id(), id](rematch_result r) {
    net::post(self->strand_, [self, r = std::move(r), client_id, id] { self->on_rematch_made(r, client_id, id); });
  });
}

// The rematch is durable (or refused): each player gets its new seat and token privately,
// spectators where the new match is; then the acceptor's ack.
void room::on_rematch_made(const rematch_result& r, std::uint64_t client_id, const json& id) {
  rematch_pending_ = false;
  auto requester = member_client(client_id);
  if (r.status != write_status::ok) {
    spdlog::error("match {}: rematch could not be created ({})", code_, write_status_name(r.status));
    if (requester) reject_to(requester, id, "storage_error", "the rematch could not be created; try again");
    return;
  }
  rematch_code_ = r.code;
  row_.rematch = r.code;
  rematch_offer_by_ = 0;
  update_summary();  // before any send: whoever hears of the rematch finds it in the summary
  spdlog::info("match {}: rematch {} created", code_, r.code);
  const shared_text for_spectators = share_text(msg::rematch_ready(r.code, 0, ""));
  for (auto& [cid, mem] : members_) {
    auto c = mem.c.lock();
    if (!c) continue;
    if (mem.seat == 0) c->send(for_spectators);
    else c->send(share_text(msg::rematch_ready(r.code, 3 - mem.seat, r.token[mem.seat - 1])));
  }
  if (requester) requester->send(share_text(msg::ack(id, seq_.version())));
}

// The standing rematch offer of seat is withdrawn (it left).
void room::withdraw_rematch(int seat) {
  rematch_offer_by_ = 0;
  send_to_all(share_text(msg::rematch_withdrawn(seat)));
}

}  // namespace tabuleiro::server

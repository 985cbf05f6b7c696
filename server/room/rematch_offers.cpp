#include "server/room/rematch_offers.h"

#include "protocol/core/messages.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

room_events rematch_offers::answer(int seat, bool accept, bool over, bool opponent_is_bot) {
  using events = room_events;
  if (!over) return events::refusal("not_over", "a rematch is offered once the match is over");
  if (!code_.empty()) return events::refusal("rematch_exists", "this match already has a rematch: " + code_);
  if (creating_) return events::refusal("busy", "the rematch is being created");
  if (!accept) {
    if (by_ == 0) return events::refusal("no_rematch_offer", "no rematch offer to answer");
    const bool own = by_ == seat;
    by_ = 0;
    return events::acked({own ? msg::rematch_withdrawn(seat) : msg::rematch_declined(seat)});
  }
  if (by_ == seat) return events::acked();
  // A computer opponent accepts every rematch at once: the offer is the agreement.
  if (by_ != 3 - seat && !opponent_is_bot) {
    by_ = seat;
    return events::acked({msg::rematch_offered(seat)});
  }
  creating_ = true;
  return events::rematch();
}

void rematch_offers::made(std::string code) {
  creating_ = false;
  by_ = 0;
  code_ = std::move(code);
}

std::vector<std::string> rematch_offers::left(int seat) {
  if (by_ != seat || seat == 0) return {};
  by_ = 0;
  return {msg::rematch_withdrawn(seat)};
}

}  // namespace tabuleiro::server

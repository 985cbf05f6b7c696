#include "server/room/draw_offers.h"

#include "protocol/core/messages.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

room_events draw_offers::answer(int seat, protocol::draw_op op, bool opponent_is_bot) {
  using protocol::draw_op;
  if (op == draw_op::offer) {
    if (opponent_is_bot) {
      by_ = 0;
      return room_events::acked({msg::draw_offered(seat), msg::draw_declined(3 - seat)});
    }
    by_ = seat;
    return room_events::acked({msg::draw_offered(seat)});
  }
  if (!stands_against(seat)) return room_events::refusal("no_draw_offer", "no draw offer to answer");
  if (op == draw_op::accept)  // it lapses once the draw is committed
    return room_events::submitted({protocol::room_change_kind::draw_agreed, 0, std::nullopt});
  by_ = 0;
  return room_events::acked({msg::draw_declined(seat)});
}

}  // namespace tabuleiro::server

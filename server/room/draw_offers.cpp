#include "server/room/draw_offers.h"

namespace tabuleiro::server {

draw_step draw_offers::answer(int seat, protocol::draw_op op, bool opponent_is_bot) {
  using protocol::draw_op;
  if (op == draw_op::offer) {
    if (opponent_is_bot) {
      by_ = 0;
      return draw_step::offered_declined;
    }
    by_ = seat;
    return draw_step::offered;
  }
  if (!stands_against(seat)) return draw_step::no_offer;
  if (op == draw_op::accept) return draw_step::accept;  // it lapses once the draw is committed
  by_ = 0;
  return draw_step::declined;
}

}  // namespace tabuleiro::server

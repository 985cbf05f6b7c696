// Draw offers of a running match: at most one stands, by one seat, until it is answered or
// the match changes (lichess's Drawer plays this part in a round).
#pragma once

#include "protocol/core/request.h"
#include "server/room/room_events.h"

namespace tabuleiro::server {

// The standing draw offer of one room.
// Thread-safety: none; the owning room's strand.
class draw_offers {
 public:
  // seat's request op, and what the room publishes: an offer stands (ack; draw_offered to
  // everyone, then draw_declined when opponent_is_bot: the server's computer player declines
  // every offer at once); the other's offer accepted (the draw by agreement, submitted) or
  // declined (ack; draw_declined); or no_draw_offer to answer.
  room_events answer(int seat, protocol::draw_op op, bool opponent_is_bot);
  // True when the other seat's offer stands against seat (seat may accept it).
  bool stands_against(int seat) const { return by_ == 3 - seat; }
  // The seat whose offer stands, 0 = none.
  int offered_by() const { return by_; }
  // A change was committed: any offer lapses.
  void clear() { by_ = 0; }

 private:
  int by_ = 0;  // the seat whose offer stands
};

}  // namespace tabuleiro::server

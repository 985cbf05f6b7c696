// Draw offers of a running match: at most one stands, by one seat, until it is answered or
// the match changes (lichess's Drawer plays this part in a round).
#pragma once

#include "protocol/core/request.h"

namespace tabuleiro::server {

// What a draw request leads to.
enum class draw_step {
  offered,           // seat's offer stands now: tell everyone
  offered_declined,  // seat's offer was declined at once by a computer opponent: tell both
  accept,            // the other's offer stands: submit the draw by agreement
  declined,          // the other's offer is declined and withdrawn: tell everyone
  no_offer,          // accept or decline with no offer by the other seat: refused
};

// The standing draw offer of one room.
// Thread-safety: none; the owning room's strand.
class draw_offers {
 public:
  // seat's request op; opponent_is_bot: the other seat is the server's computer player,
  // which declines every offer at once.
  draw_step answer(int seat, protocol::draw_op op, bool opponent_is_bot);
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

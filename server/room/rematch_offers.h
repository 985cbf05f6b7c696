// Rematch offers of a finished match: offer, accept, decline or withdraw, and the rematch's
// code once the registry has made it (lichess's Rematcher plays this part in a round).
#pragma once

#include <string>

#include "server/room/room_events.h"

namespace tabuleiro::server {

// The rematch offers of one room.
// Thread-safety: none; the owning room's strand.
class rematch_offers {
 public:
  // rematch is the code of the match's rematch when it already has one ("" = none).
  explicit rematch_offers(std::string rematch) : code_(std::move(rematch)) {}

  // seat's request (accept false: decline the other's offer or withdraw its own) once the
  // match is over (over false: refused), and what the room publishes: a refusal; an ack (the
  // seat's own offer stands already); an ack and rematch_offered, rematch_declined or
  // rematch_withdrawn to everyone; or, both agreeing (a computer opponent accepts every offer
  // at once), the registry makes the rematch (made() or failed() follows).
  room_events answer(int seat, bool accept, bool over, bool opponent_is_bot);
  // The rematch exists as code: the offers end.
  void made(std::string code);
  // The rematch could not be made: the agreement is forgotten, offers may be made again.
  void failed() { creating_ = false; }
  // seat's connection left: its standing offer, if any, is withdrawn (rematch_withdrawn).
  std::vector<std::string> left(int seat);
  // The seat whose offer stands, 0 = none.
  int offered_by() const { return by_; }
  // The rematch's code, "" until one exists.
  const std::string& code() const { return code_; }

 private:
  int by_ = 0;             // the seat whose offer stands
  bool creating_ = false;  // the registry is making the rematch
  std::string code_;       // the rematch's code, once made
};

}  // namespace tabuleiro::server

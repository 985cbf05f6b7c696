// Rematch offers of a finished match: offer, accept, decline or withdraw, and the rematch's
// code once the registry has made it (lichess's Rematcher plays this part in a round).
#pragma once

#include <string>

#include "protocol/core/request.h"

namespace tabuleiro::server {

// What a rematch request leads to.
struct rematch_step {
  enum class kind {
    refused,    // code and message say why
    ack,        // nothing changes (the seat's own offer already stands)
    offered,    // seat's offer stands now: tell everyone
    declined,   // seat declined the other's offer: tell everyone
    withdrawn,  // seat withdrew its own offer: tell everyone
    create,     // both agree: the registry makes the rematch now (made() or failed() follows)
  };
  kind what = kind::refused;
  std::string code, message;  // refused only
};

// The rematch offers of one room.
// Thread-safety: none; the owning room's strand.
class rematch_offers {
 public:
  // rematch is the code of the match's rematch when it already has one ("" = none).
  explicit rematch_offers(std::string rematch) : code_(std::move(rematch)) {}

  // seat's request (accept false: decline the other's offer or withdraw its own) once the
  // match is over (over false: refused); a computer opponent accepts every offer at once.
  rematch_step answer(int seat, bool accept, bool over, bool opponent_is_bot);
  // The rematch exists as code: the offers end.
  void made(std::string code);
  // The rematch could not be made: the agreement is forgotten, offers may be made again.
  void failed() { creating_ = false; }
  // seat's connection left: true when its standing offer is withdrawn by that.
  bool left(int seat);
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

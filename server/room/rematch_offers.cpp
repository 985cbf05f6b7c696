#include "server/room/rematch_offers.h"

namespace tabuleiro::server {

namespace {

// A refused request.
rematch_step refuse(std::string code, std::string message) {
  return {rematch_step::kind::refused, std::move(code), std::move(message)};
}

}  // namespace

rematch_step rematch_offers::answer(int seat, bool accept, bool over, bool opponent_is_bot) {
  using kind = rematch_step::kind;
  if (!over) return refuse("not_over", "a rematch is offered once the match is over");
  if (!code_.empty()) return refuse("rematch_exists", "this match already has a rematch: " + code_);
  if (creating_) return refuse("busy", "the rematch is being created");
  if (!accept) {
    if (by_ == 0) return refuse("no_rematch_offer", "no rematch offer to answer");
    const bool own = by_ == seat;
    by_ = 0;
    return {own ? kind::withdrawn : kind::declined, {}, {}};
  }
  if (by_ == seat) return {kind::ack, {}, {}};
  // A computer opponent accepts every rematch at once: the offer is the agreement.
  if (by_ != 3 - seat && !opponent_is_bot) {
    by_ = seat;
    return {kind::offered, {}, {}};
  }
  creating_ = true;
  return {kind::create, {}, {}};
}

void rematch_offers::made(std::string code) {
  creating_ = false;
  by_ = 0;
  code_ = std::move(code);
}

bool rematch_offers::left(int seat) {
  if (by_ != seat || seat == 0) return false;
  by_ = 0;
  return true;
}

}  // namespace tabuleiro::server

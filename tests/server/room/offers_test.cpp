// A room's draw and rematch offers (server/room/draw_offers.h, server/room/rematch_offers.h): who may
// offer, accept, decline or withdraw, a computer opponent's answers, and what lapses when.
#include <catch2/catch.hpp>

#include "server/room/draw_offers.h"
#include "server/room/rematch_offers.h"

using namespace tabuleiro;
using namespace tabuleiro::server;
using protocol::draw_op;
using kind = rematch_step::kind;

TEST_CASE("draw offers: an offer stands for the other seat to accept or decline, and lapses with a change") {
  draw_offers d;
  CHECK(d.answer(1, draw_op::accept, false) == draw_step::no_offer);
  CHECK(d.answer(1, draw_op::decline, false) == draw_step::no_offer);
  CHECK(d.answer(1, draw_op::offer, false) == draw_step::offered);
  CHECK(d.offered_by() == 1);
  CHECK(d.stands_against(2));
  CHECK_FALSE(d.stands_against(1));
  CHECK(d.answer(1, draw_op::accept, false) == draw_step::no_offer);  // not one's own offer
  CHECK(d.answer(2, draw_op::accept, false) == draw_step::accept);
  CHECK(d.stands_against(2));  // until the draw is committed
  d.clear();
  CHECK(d.offered_by() == 0);
  CHECK(d.answer(2, draw_op::offer, false) == draw_step::offered);
  CHECK(d.answer(1, draw_op::decline, false) == draw_step::declined);
  CHECK(d.offered_by() == 0);
  CHECK(d.answer(1, draw_op::accept, false) == draw_step::no_offer);
}

TEST_CASE("draw offers: a computer opponent declines at once") {
  draw_offers d;
  CHECK(d.answer(1, draw_op::offer, true) == draw_step::offered_declined);
  CHECK(d.offered_by() == 0);
  CHECK(d.answer(2, draw_op::accept, false) == draw_step::no_offer);
}

TEST_CASE("rematch offers: only once over, offer, then the other's acceptance creates it once") {
  rematch_offers r("");
  auto step = r.answer(1, true, false, false);
  CHECK(step.what == kind::refused);
  CHECK(step.code == "not_over");
  CHECK(r.answer(1, true, true, false).what == kind::offered);
  CHECK(r.answer(1, true, true, false).what == kind::ack);  // its own offer stands already
  CHECK(r.answer(2, true, true, false).what == kind::create);
  step = r.answer(1, true, true, false);
  CHECK(step.code == "busy");  // being created
  r.failed();
  CHECK(r.offered_by() == 1);  // the offer still stands after a failed creation
  CHECK(r.answer(2, true, true, false).what == kind::create);
  r.made("Q4R7TW");
  CHECK(r.code() == "Q4R7TW");
  CHECK(r.offered_by() == 0);
  step = r.answer(2, true, true, false);
  CHECK(step.code == "rematch_exists");
  CHECK(step.message == "this match already has a rematch: Q4R7TW");
}

TEST_CASE("rematch offers: decline, withdraw, leaving, and a computer opponent's acceptance") {
  rematch_offers r("");
  auto step = r.answer(2, false, true, false);
  CHECK(step.code == "no_rematch_offer");
  r.answer(1, true, true, false);
  CHECK(r.answer(2, false, true, false).what == kind::declined);
  CHECK(r.offered_by() == 0);
  r.answer(1, true, true, false);
  CHECK(r.answer(1, false, true, false).what == kind::withdrawn);
  r.answer(2, true, true, false);
  CHECK_FALSE(r.left(1));  // not the offering seat
  CHECK(r.left(2));
  CHECK(r.offered_by() == 0);
  CHECK(r.answer(1, true, true, true).what == kind::create);  // a bot agrees at once
  rematch_offers had("K7M2QX");
  CHECK(had.answer(1, true, true, false).code == "rematch_exists");
}

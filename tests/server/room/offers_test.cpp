// A room's draw and rematch offers (server/room/draw_offers.h, server/room/rematch_offers.h): who may
// offer, accept, decline or withdraw, a computer opponent's answers, what lapses when, and the
// events each decision gives the room to publish (server/room/room_events.h).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/room/draw_offers.h"
#include "server/room/rematch_offers.h"

using namespace tabuleiro;
using namespace tabuleiro::server;
using nlohmann::json;
using protocol::draw_op;

namespace {

// The events, in words: "refused CODE", or "ack" then each message as "TYPE BY", or
// "change KIND", or "rematch".
std::vector<std::string> said(const room_events& e) {
  if (e.refused) return {"refused " + e.refused->code};
  std::vector<std::string> out;
  if (e.ack) out.push_back("ack");
  for (const auto& m : e.to_all) {
    const json j = json::parse(m);
    out.push_back(j.at("type").get<std::string>() + " " + std::to_string(j.at("by").get<int>()));
  }
  if (e.change) out.push_back("change " + protocol::room_change_json(*e.change).dump());
  if (e.make_rematch) out.push_back("rematch");
  return out;
}

using lines = std::vector<std::string>;

}  // namespace

TEST_CASE("draw offers: an offer stands for the other seat to accept or decline, and lapses with a change") {
  draw_offers d;
  CHECK(said(d.answer(1, draw_op::accept, false)) == lines{"refused no_draw_offer"});
  CHECK(said(d.answer(1, draw_op::decline, false)) == lines{"refused no_draw_offer"});
  CHECK(said(d.answer(1, draw_op::offer, false)) == lines{"ack", "draw_offered 1"});
  CHECK(d.offered_by() == 1);
  CHECK(d.stands_against(2));
  CHECK_FALSE(d.stands_against(1));
  CHECK(said(d.answer(1, draw_op::accept, false)) == lines{"refused no_draw_offer"});  // not one's own offer
  const room_events agreed = d.answer(2, draw_op::accept, false);
  REQUIRE(agreed.change);
  CHECK(agreed.change->kind == protocol::room_change_kind::draw_agreed);
  CHECK_FALSE(agreed.ack);  // acked once the draw is committed
  CHECK(agreed.to_all.empty());
  CHECK(d.stands_against(2));  // until the draw is committed
  d.clear();
  CHECK(d.offered_by() == 0);
  CHECK(said(d.answer(2, draw_op::offer, false)) == lines{"ack", "draw_offered 2"});
  CHECK(said(d.answer(1, draw_op::decline, false)) == lines{"ack", "draw_declined 1"});
  CHECK(d.offered_by() == 0);
  CHECK(said(d.answer(1, draw_op::accept, false)) == lines{"refused no_draw_offer"});
}

TEST_CASE("draw offers: a computer opponent declines at once") {
  draw_offers d;
  CHECK(said(d.answer(1, draw_op::offer, true)) == lines{"ack", "draw_offered 1", "draw_declined 2"});
  CHECK(d.offered_by() == 0);
  CHECK(said(d.answer(2, draw_op::accept, false)) == lines{"refused no_draw_offer"});
}

TEST_CASE("rematch offers: only once over, offer, then the other's acceptance creates it once") {
  rematch_offers r("");
  CHECK(said(r.answer(1, true, false, false)) == lines{"refused not_over"});
  CHECK(said(r.answer(1, true, true, false)) == lines{"ack", "rematch_offered 1"});
  CHECK(said(r.answer(1, true, true, false)) == lines{"ack"});  // its own offer stands already
  CHECK(said(r.answer(2, true, true, false)) == lines{"rematch"});
  CHECK(said(r.answer(1, true, true, false)) == lines{"refused busy"});  // being created
  r.failed();
  CHECK(r.offered_by() == 1);  // the offer still stands after a failed creation
  CHECK(said(r.answer(2, true, true, false)) == lines{"rematch"});
  r.made("Q4R7TW");
  CHECK(r.code() == "Q4R7TW");
  CHECK(r.offered_by() == 0);
  const room_events again = r.answer(2, true, true, false);
  REQUIRE(again.refused);
  CHECK(again.refused->code == "rematch_exists");
  CHECK(again.refused->message == "this match already has a rematch: Q4R7TW");
}

TEST_CASE("rematch offers: decline, withdraw, leaving, and a computer opponent's acceptance") {
  rematch_offers r("");
  CHECK(said(r.answer(2, false, true, false)) == lines{"refused no_rematch_offer"});
  r.answer(1, true, true, false);
  CHECK(said(r.answer(2, false, true, false)) == lines{"ack", "rematch_declined 2"});
  CHECK(r.offered_by() == 0);
  r.answer(1, true, true, false);
  CHECK(said(r.answer(1, false, true, false)) == lines{"ack", "rematch_withdrawn 1"});
  r.answer(2, true, true, false);
  CHECK(r.left(1).empty());  // not the offering seat
  const auto withdrawn = r.left(2);
  REQUIRE(withdrawn.size() == 1);
  CHECK(json::parse(withdrawn[0]) == json{{"type", "rematch_withdrawn"}, {"by", 2}});
  CHECK(r.offered_by() == 0);
  CHECK(said(r.answer(1, true, true, true)) == lines{"rematch"});  // a bot agrees at once
  rematch_offers had("K7M2QX");
  CHECK(said(had.answer(1, true, true, false)) == lines{"refused rematch_exists"});
}

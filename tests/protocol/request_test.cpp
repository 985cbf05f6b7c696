// Client messages parsed once (protocol/core/request.h): each type's typed request, and each
// malformed message's refusal with the code, message, envelope and id PROTOCOL.md documents.
#include <catch2/catch.hpp>

#include "protocol/core/request.h"

using namespace tabuleiro::protocol;
using json = nlohmann::json;

namespace {

// The refusal of text (which must be refused).
request_error refusal(const char* text) {
  auto parsed = parse_request(json::parse(text));
  REQUIRE(std::holds_alternative<request_error>(parsed));
  return std::get<request_error>(parsed);
}

// The room request of text (which must be one of type T).
template <class T>
T room(const char* text) {
  auto parsed = parse_request(json::parse(text));
  REQUIRE(std::holds_alternative<client_request>(parsed));
  auto& r = std::get<client_request>(parsed);
  REQUIRE(std::holds_alternative<room_request>(r));
  auto& q = std::get<room_request>(r);
  REQUIRE(std::holds_alternative<T>(q));
  return std::get<T>(q);
}

// The request of text (which must be a T outside the room requests).
template <class T>
T top(const char* text) {
  auto parsed = parse_request(json::parse(text));
  REQUIRE(std::holds_alternative<client_request>(parsed));
  auto& r = std::get<client_request>(parsed);
  REQUIRE(std::holds_alternative<T>(r));
  return std::get<T>(r);
}

}  // namespace

TEST_CASE("request: every type parses to its typed request") {
  CHECK(top<ping_request>(R"({"type":"ping","t":5})").t == 5);
  CHECK(top<ping_request>(R"({"type":"ping"})").t.is_null());
  auto j = top<join_request>(R"({"type":"join","code":"K7M2QX"})");
  CHECK(j.code == "K7M2QX");
  CHECK_FALSE(j.spectator);
  CHECK_FALSE(j.token);
  CHECK_FALSE(j.version);
  CHECK_FALSE(j.name);
  CHECK_FALSE(j.acks_in_patch);
  CHECK(j.legal);
  j = top<join_request>(
      R"({"type":"join","code":"k7","as":"spectator","token":"t","version":3,"name":" Ana ","acks":"in_patch","legal":false})");
  CHECK(j.spectator);
  CHECK(j.token == "t");
  CHECK(j.version == 3);
  CHECK(j.name == " Ana ");  // cleaned by the server, not here
  CHECK(j.acks_in_patch);
  CHECK_FALSE(j.legal);
  CHECK(top<join_request>(R"({"type":"join","code":"A","legal":true})").legal);
  CHECK(top<watch_list_request>(R"({"type":"watch_list","preview":true})").preview);
  CHECK_FALSE(top<watch_list_request>(R"({"type":"watch_list"})").preview);
  auto act = room<act_request>(R"({"type":"act","id":"1","action":{"type":"end_turn"}})");
  CHECK(act.id == "1");
  CHECK(act.action == json{{"type", "end_turn"}});
  CHECK(room<resign_request>(R"({"type":"resign","id":2})").id == 2);
  CHECK(room<abort_request>(R"({"type":"abort","id":"a"})").id == "a");
  CHECK(room<draw_request>(R"({"type":"draw","id":1,"op":"offer"})").op == draw_op::offer);
  CHECK(room<draw_request>(R"({"type":"draw","id":1,"op":"accept"})").op == draw_op::accept);
  CHECK(room<draw_request>(R"({"type":"draw","id":1,"op":"decline"})").op == draw_op::decline);
  CHECK(room<rematch_request>(R"({"type":"rematch","id":1})").accept);
  CHECK_FALSE(room<rematch_request>(R"({"type":"rematch","id":1,"accept":false})").accept);
  CHECK(room<resync_request>(R"({"type":"resync"})").id.is_null());
  CHECK(room<history_request>(R"({"type":"history","id":{"any":1}})").from == 0);
  CHECK(room<history_request>(R"({"type":"history","id":"h","from":12})").from == 12);
}

TEST_CASE("request: malformed messages get the documented code, message and envelope") {
  using envelope = request_error::envelope;
  auto e = refusal("[1]");
  CHECK(e.as == envelope::error);
  CHECK(e.code == "bad_message");
  CHECK(e.message == "a message is an object with a string \"type\"");
  CHECK(refusal(R"({"type":3})").code == "bad_message");
  e = refusal(R"({"type":"fly"})");
  CHECK(e.code == "unknown_message");
  CHECK(e.message == "unknown message type 'fly'");
  CHECK(refusal(R"({"type":"0123456789012345678901234567890123456789xyz"})").message ==
        "unknown message type '0123456789012345678901234567890123456789'");
  e = refusal(R"({"type":"join"})");
  CHECK(e.message == "join needs a string code");
  CHECK(e.is_join);
  for (const char* bad : {R"({"type":"join","code":"A","as":"king"})", R"({"type":"join","code":"A","token":1})",
                          R"({"type":"join","code":"A","version":-1})", R"({"type":"join","code":"A","name":2})",
                          R"({"type":"join","code":"A","acks":"never"})", R"({"type":"join","code":"A","legal":"no"})",
                          R"({"type":"join","code":"A","legal":0})", R"({"type":"join","code":"A","legal":null})",
                          // An optional field present as null is not absent.
                          R"({"type":"join","code":"A","name":null})", R"({"type":"join","code":"A","token":null})",
                          R"({"type":"join","code":"A","version":null})", R"({"type":"join","code":"A","as":null})",
                          R"({"type":"join","code":"A","acks":null})"}) {
    e = refusal(bad);
    CHECK(e.code == "bad_message");
    CHECK(e.message ==
          "join takes as: player|spectator, token: string, version: integer, name: string, acks: message|in_patch,"
          " legal: boolean");
  }
  CHECK(refusal(R"({"type":"watch_list","preview":1})").message == "watch_list takes preview: boolean");
  e = refusal(R"({"type":"act","id":[1],"action":{}})");
  CHECK(e.as == envelope::error);
  CHECK(e.message == "act needs an id (string or integer)");
  CHECK(e.id.is_null());
  CHECK(e.for_room);
  e = refusal(R"({"type":"act","id":"r1"})");
  CHECK(e.as == envelope::reject);
  CHECK(e.code == "bad_action");
  CHECK(e.message == "act needs an action object");
  CHECK(e.id == "r1");
  CHECK(e.refused_after == request_error::after::start);  // after spectator, game_over, not_started
  e = refusal(R"({"type":"draw","id":4,"op":"maybe"})");
  CHECK(e.as == envelope::reject);
  CHECK(e.code == "bad_message");
  CHECK(e.message == "draw needs op: offer|accept|decline");
  CHECK(e.refused_after == request_error::after::start);
  e = refusal(R"({"type":"rematch","id":4,"accept":"yes"})");
  CHECK(e.as == envelope::reject);
  CHECK(e.message == "rematch takes accept: true|false");
  CHECK(e.refused_after == request_error::after::seat);  // after spectator only
  e = refusal(R"({"type":"history","id":"h","from":-1})");
  CHECK(e.as == envelope::error);
  CHECK(e.message == "history takes from: a version 0..current");
  CHECK(e.id == "h");
  CHECK(e.refused_after == request_error::after::nothing);
  CHECK(refusal(R"({"type":"history","from":"3"})").code == "bad_message");
  CHECK(refusal(R"({"type":"resign"})").message == "resign needs an id (string or integer)");
}

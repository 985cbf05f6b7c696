// In-process tests of the room's parts: the injected clock, the feed (one diff per distinct
// observation, one text per distinct message), typed room-level changes and envelopes.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include "protocol/core/game.h"
#include "protocol/core/messages.h"
#include "protocol/core/room_change.h"
#include "server/room/feed.h"
#include "server/util/clock.h"
#include "words_codec.h"

using namespace tabuleiro;
using json = nlohmann::json;

namespace {

// A fresh match of game with options, from seed 42.
std::unique_ptr<protocol::match> new_match(const char* game, const json& options = json::object()) {
  const auto* kind = protocol::find_game(game);
  REQUIRE(kind != nullptr);
  auto m = kind->create(options, nullptr, 42);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(m));
  return std::move(std::get<std::unique_ptr<protocol::match>>(m));
}

// Applies action for seat, REQUIREs success, returns the publication.
protocol::publication act(protocol::match& m, int seat, const json& action) {
  auto r = m.apply(seat, action);
  INFO(action.dump());
  REQUIRE(std::holds_alternative<protocol::applied>(r));
  return std::get<protocol::applied>(r).pub;
}

// Ensures the toy game is registered in this process.
void register_words() {
  if (!protocol::find_game("words")) REQUIRE(protocol::register_game(&words::game_kind()));
}

}  // namespace

TEST_CASE("manual clock: timers fire in deadline order when time is advanced, never before") {
  boost::asio::io_context ioc;
  server::manual_time t(1'000);
  std::vector<int> fired;
  t.call_at(3'000, ioc.get_executor(), [&] { fired.push_back(3); });
  t.call_after(1'000, ioc.get_executor(), [&] { fired.push_back(2); });
  auto cancelled = t.call_at(2'500, ioc.get_executor(), [&] { fired.push_back(99); });
  cancelled->cancel();
  CHECK(t.pending() == 2);
  t.advance(999);
  ioc.poll();
  ioc.restart();
  CHECK(fired.empty());
  CHECK(t.now_ms() == 1'999);
  t.advance(1);
  ioc.poll();
  ioc.restart();
  CHECK(fired == std::vector<int>{2});
  t.advance(5'000);
  ioc.poll();
  CHECK(fired == std::vector<int>{2, 3});
  CHECK(t.pending() == 0);
  CHECK(t.now_ms() == 7'000);
}

TEST_CASE("feed: TAIXU - one diff for all viewers, and the same text for the spectator and the waiting seat") {
  auto m = new_match("taixu");
  server::match_feed feed(*m, 0, nullptr);
  const json before = feed.view(0);
  const auto pub = act(*m, 1, m->legal(1).actions.at(0));
  CHECK(pub.views.size() == 1);
  const auto out = feed.publish(*m, 1, pub, nullptr);
  const int waiting = m->seats_to_act() == std::vector<int>{1} ? 2 : 1;
  const int mover = 3 - waiting;
  CHECK(out[0].text(true) == out[waiting].text(true));  // the very same shared text
  CHECK(out[0].text(true) != out[mover].text(true));    // the mover's legal list differs
  const json spectator = json::parse(*out[0].text(true)), own = json::parse(*out[mover].text(true));
  CHECK(spectator["ops"] == own["ops"]);
  CHECK(spectator["legal"] == json::array());
  CHECK_FALSE(own["legal"].empty());
  CHECK(own["to_act"] == json::array({mover}));
  CHECK(before.patch(spectator["ops"]) == feed.view(0));
  CHECK(feed.view(0) == m->observe().views.at(0)->value());
  // A catch-up from version 0 is the buffered patch; from the future there is none.
  auto missed = feed.catch_up(1, 0);
  REQUIRE(missed.has_value());
  CHECK(missed->size() == 1);
  CHECK_FALSE(feed.catch_up(1, 5).has_value());
}

TEST_CASE(
    "feed: messages without legal fields - cut from the shared text, or written so when no connection wants them") {
  auto m = new_match("taixu");
  server::match_feed feed(*m, 0, nullptr);
  const int mover = m->seats_to_act().at(0);
  auto pub = act(*m, mover, m->legal(mover).actions.at(0));
  // Every class wants the legal fields (the default): the form without is cut from the same
  // message, byte for byte the patch written with no legal text, and shared.
  const auto out = feed.publish(*m, 1, pub, nullptr, R"("clock":{"running":1})");
  for (int c = 0; c < 3; ++c) {
    const auto with = out[c].text(true), without = out[c].text(false);
    REQUIRE(with);
    REQUIRE(without);
    CHECK(with->find("\"legal\":") != std::string::npos);
    CHECK(without->find("\"legal\"") == std::string::npos);
    const json w = json::parse(*with);
    json expected = w;
    expected.erase("legal");
    CHECK(json::parse(*without) == expected);
    const std::string legal = "," + feed.legal_text(*m, c);
    std::string bytes = *with;
    REQUIRE(bytes.find(legal) != std::string::npos);
    bytes.erase(bytes.find(legal), legal.size());
    CHECK(*without == bytes);
    CHECK(out[c].text(false) == without);  // cut once
  }
  CHECK(out[0].text(false) == out[3 - mover].text(false));  // shared as the form with is
  // A catch-up reaches back in either form.
  REQUIRE(feed.catch_up(mover, 0, false).has_value());
  CHECK(feed.catch_up(mover, 0, false)->at(0) == out[mover].text(false));
  // Seat `mover`'s class written without legal fields (its only connection asked so): no
  // legal list in it, the other classes unchanged; a catch-up that wants the legal fields
  // cannot be served from it (the room then sends the whole view), one that does not can.
  const int next = m->seats_to_act().at(0);
  pub = act(*m, next, m->legal(next).actions.at(0));
  std::array<bool, 3> with_legal{true, true, true};
  with_legal[next] = false;
  const auto out2 = feed.publish(*m, 2, pub, nullptr, {}, with_legal);
  CHECK_FALSE(out2[next].text(true));
  const json plain = json::parse(*out2[next].text(false));
  CHECK_FALSE(plain.contains("legal"));
  CHECK(plain["to_act"] == json::array({next}));
  CHECK(json::parse(*out2[0].text(true))["legal"] == json::array());
  CHECK_FALSE(feed.catch_up(next, 0, true).has_value());
  const auto missed = feed.catch_up(next, 0, false);
  REQUIRE(missed.has_value());
  CHECK(missed->size() == 2);
  CHECK(feed.catch_up(next, 2, true).has_value());  // nothing missed
  // Snapshots in both forms: the form with is written when asked for, the form without cut.
  const auto snap = feed.snapshot(*m, next, {}, true);
  const json s = json::parse(*snap);
  CHECK_FALSE(s["legal"].empty());
  const json s_plain = json::parse(*feed.snapshot(*m, next, {}, false));
  json expected = s;
  expected.erase("legal");
  CHECK(s_plain == expected);
  CHECK(feed.snapshot(*m, next, {}, true) == snap);
}

TEST_CASE("feed: a simultaneous secret phase - one message per distinct observation, the secret only to its owner") {
  register_words();
  auto m = new_match("words");
  server::match_feed feed(*m, 0, nullptr);
  CHECK(m->seats_to_act() == std::vector<int>{1, 2});
  const auto legal = m->legal(1);
  CHECK_FALSE(legal.complete);
  CHECK(legal.expects["type"] == "choose");
  const auto pub = act(*m, 1, {{"type", "choose"}, {"word", "saffron"}});
  CHECK(pub.views.size() == 2);  // seat 1 knows its word; seat 2 and the spectator do not
  CHECK(pub.group_of[0] == pub.group_of[2]);
  CHECK(pub.group_of[0] != pub.group_of[1]);
  const auto out = feed.publish(*m, 1, pub, nullptr);
  CHECK(out[1].text(true)->find("saffron") != std::string::npos);
  CHECK(out[0].text(true)->find("saffron") == std::string::npos);
  CHECK(out[2].text(true)->find("saffron") == std::string::npos);
  CHECK(json::parse(*out[2].text(true)).contains("expects"));  // seat 2 still has to choose
  CHECK_FALSE(json::parse(*out[1].text(true)).contains("expects"));
  CHECK(json::parse(*out[0].text(true))["to_act"] == json::array({2}));
  // Without the legal fields: the same message less "legal" and "expects", cut once and shared.
  for (int c = 0; c < 3; ++c) {
    json cut = json::parse(*out[c].text(false));
    CHECK_FALSE(cut.contains("legal"));
    CHECK_FALSE(cut.contains("expects"));
    json full = json::parse(*out[c].text(true));
    full.erase("legal");
    full.erase("expects");
    CHECK(cut == full);
    CHECK(out[c].text(false) == out[c].text(false));
  }
  // Secrets stay reachable through the persistence side only.
  CHECK(protocol::find_game("words")->secret_position(*m).dump().find("saffron") != std::string::npos);
}

TEST_CASE("room changes: log form round-trips, outcomes and events") {
  using protocol::room_change;
  using protocol::room_change_kind;
  for (const room_change& c :
       {room_change{room_change_kind::resign, 2, std::nullopt},
        room_change{room_change_kind::draw_agreed, 0, std::nullopt}, room_change{room_change_kind::abandoned, 0, 1},
        room_change{room_change_kind::abandoned, 0, std::nullopt},
        room_change{room_change_kind::timeout, 1, std::nullopt},
        room_change{room_change_kind::aborted, 2, std::nullopt}}) {
    INFO(protocol::room_change_json(c).dump());
    CHECK(protocol::parse_room_change(protocol::room_change_json(c)) == c);
  }
  CHECK(protocol::room_change_json({room_change_kind::resign, 2, std::nullopt}) ==
        json{{"type", "resign"}, {"seat", 2}});
  CHECK(protocol::outcome_of({room_change_kind::resign, 2, std::nullopt}) == engine::outcome{1, "resign"});
  CHECK(protocol::outcome_of({room_change_kind::timeout, 1, std::nullopt}) == engine::outcome{2, "timeout"});
  CHECK(protocol::outcome_of({room_change_kind::draw_agreed, 0, std::nullopt}) ==
        engine::outcome{std::nullopt, "agreement"});
  CHECK(protocol::room_change_event({room_change_kind::resign, 2, std::nullopt}) ==
        json{{"type", "resigned"}, {"seat", 2}});
  // An abort decides nothing: no winner, reason "aborted" (not a draw by agreement).
  CHECK(protocol::outcome_of({room_change_kind::aborted, 1, std::nullopt}) == engine::outcome{std::nullopt, "aborted"});
  CHECK(protocol::room_change_event({room_change_kind::aborted, 1, std::nullopt}) ==
        json{{"type", "aborted"}, {"seat", 1}});
  // The host's abort carries its words into the log, the event and the outcome's note.
  const room_change host{room_change_kind::aborted_by_host, 0, std::nullopt, "Server moves tonight"};
  CHECK(protocol::parse_room_change(protocol::room_change_json(host)) == host);
  CHECK(protocol::room_change_json(host) == json{{"type", "aborted_by_host"}, {"reason", "Server moves tonight"}});
  CHECK(protocol::room_change_event(host) == json{{"type", "aborted_by_host"}, {"reason", "Server moves tonight"}});
  const engine::outcome ended = protocol::outcome_of(host);
  CHECK(ended == engine::outcome{std::nullopt, "aborted_by_host", "Server moves tonight"});
  const json outcome = protocol::outcome_json(ended);
  CHECK(outcome == json{{"winner", nullptr}, {"reason", "aborted_by_host"}, {"note", "Server moves tonight"}});
  CHECK(protocol::messages::parse_outcome(outcome) == ended);
  CHECK_FALSE(protocol::outcome_json(engine::outcome{1, "resign"}).contains("note"));  // only when there is one
  CHECK_FALSE(
      protocol::parse_room_change(json{{"type", "aborted_by_host"}, {"reason", std::string(201, 'x')}}).has_value());
  CHECK_FALSE(protocol::parse_room_change(json{{"type", "aborted_by_host"}}).has_value());
  CHECK_FALSE(protocol::messages::parse_outcome(json{{"winner", nullptr}, {"reason", "x"}, {"note", 5}}).has_value());
  // A game action is never read as a room-level change, and junk is refused.
  CHECK_FALSE(protocol::parse_room_change(json{{"type", "move"}, {"from", "a1"}}).has_value());
  CHECK_FALSE(protocol::parse_room_change(json{{"type", "resign"}, {"seat", 3}}).has_value());
}

// The patch of version 7 with no ops or events, legal, to_act [2] and clock, parsed.
static json plain_patch(const std::string& legal, const std::string& clock) {
  return json::parse(protocol::messages::patch(7, "[]", "[]", legal, protocol::messages::to_act_field({2}), clock));
}

TEST_CASE("messages: envelopes built from parts are valid JSON with every field") {
  protocol::legal_json incomplete;
  incomplete.complete = false;
  incomplete.expects = {{"type", "choose"}};
  const std::string legal = protocol::messages::legal_fields(incomplete);
  const json p = json::parse(
      protocol::messages::patch(7, "[]", "[{\"type\":\"x\"}]", legal, protocol::messages::to_act_field({1, 2})));
  CHECK(p == json{{"type", "patch"},
                  {"version", 7},
                  {"base", 6},
                  {"ops", json::array()},
                  {"events", json::array({{{"type", "x"}}})},
                  {"legal", json::array()},
                  {"expects", {{"type", "choose"}}},
                  {"to_act", {1, 2}}});
  const json view = {{"a", 1}};
  protocol::messages::joined_fields f{.code = "K7M2QX",
                                      .game = "taixu",
                                      .seat = 2,
                                      .version = 3,
                                      .view = &view,
                                      .legal_text = protocol::messages::legal_fields({}),
                                      .to_act_text = protocol::messages::to_act_field({}),
                                      .presence = json::object(),
                                      .outcome = nullptr,
                                      .token = "t",
                                      .clock_text = R"("clock":{"running":2})",
                                      .rematch = "Q4R7TW"};
  const json j = json::parse(protocol::messages::joined(f));
  CHECK(j["type"] == "joined");
  CHECK(j["seat"] == 2);
  CHECK(j["view"] == view);
  CHECK(j["token"] == "t");
  CHECK(j["rematch"] == "Q4R7TW");
  CHECK(j["legal"] == json::array());
  CHECK(j["to_act"] == json::array());
  CHECK(j["clock"] == json{{"running", 2}});
  CHECK_FALSE(j.contains("expects"));
  // The clock field is spliced into patches, snapshots and presence the same way.
  const std::string clock = R"("clock":{"remaining_ms":[1,2],"running":null})";
  const json withclock = json::parse(
      protocol::messages::patch(7, "[]", "[]", legal, protocol::messages::to_act_field({}), clock));
  CHECK(withclock["clock"]["remaining_ms"] == json::array({1, 2}));
  CHECK(json::parse(protocol::messages::snapshot(7, view, legal, protocol::messages::to_act_field({}), nullptr,
                                                 clock))["clock"]["running"]
            .is_null());
  const json pres = json::parse(protocol::messages::presence_message(json{{"spectators", 0}}, clock));
  CHECK(pres["type"] == "presence");
  CHECK(pres["clock"]["remaining_ms"] == json::array({1, 2}));
  CHECK_FALSE(json::parse(protocol::messages::presence_message(json{{"spectators", 0}})).contains("clock"));
  f.rematch.clear();
  CHECK(json::parse(protocol::messages::joined(f))["rematch"].is_null());
  // No legal text ("legal": false): no legal or expects field, everything else as before.
  f.legal_text.clear();
  json no_legal = json::parse(protocol::messages::joined(f));
  CHECK_FALSE(no_legal.contains("legal"));
  CHECK(no_legal["to_act"] == json::array());
  no_legal["legal"] = json::array();
  CHECK(no_legal == json::parse(protocol::messages::joined([&] {
          auto g = f;
          g.legal_text = protocol::messages::legal_fields({});
          return g;
        }())));
  protocol::messages::legal_span span;
  const std::string full = protocol::messages::patch(7, "[]", "[]", legal, protocol::messages::to_act_field({2}), clock,
                                                     &span);
  CHECK(full.substr(span.at, span.size) == "," + legal);
  CHECK(protocol::messages::without_legal(full, span) ==
        protocol::messages::patch(7, "[]", "[]", "", protocol::messages::to_act_field({2}), clock));
  const std::string snap = protocol::messages::snapshot(7, view, legal, protocol::messages::to_act_field({}), nullptr,
                                                        clock, &span);
  CHECK(protocol::messages::without_legal(snap, span) ==
        protocol::messages::snapshot(7, view, "", protocol::messages::to_act_field({}), nullptr, clock));
  CHECK_FALSE(json::parse(protocol::messages::without_legal(snap, span)).contains("expects"));
  // An acknowledgement inside a patch: the request id (string or integer, escaped as JSON)
  // added as the first field, everything else unchanged.
  for (const json& id : {json("r\"1"), json(42)}) {
    const std::string text = protocol::messages::patch_with_ack(
        protocol::messages::patch(7, "[]", "[]", legal, protocol::messages::to_act_field({2}), clock), id);
    CHECK(text.rfind("{\"ack\":", 0) == 0);
    json acked = json::parse(text);
    CHECK(acked["ack"] == id);
    acked.erase("ack");
    CHECK(acked == plain_patch(legal, clock));
  }
}

TEST_CASE("conclude: a room-level ending reveals what the game reveals at its end") {
  register_words();
  auto m = new_match("words");
  act(*m, 1, {{"type", "choose"}, {"word", "saffron"}});
  act(*m, 2, {{"type", "choose"}, {"word", "tundra"}});
  CHECK(m->observe().views.at(m->observe().group_of[0])->value().dump().find("saffron") == std::string::npos);
  m->conclude({2, "resign"});
  const auto pub = m->observe();
  const std::string spectator = pub.views.at(pub.group_of[0])->value().dump();
  CHECK(spectator.find("saffron") != std::string::npos);
  CHECK(spectator.find("tundra") != std::string::npos);
  CHECK(m->outcome() == engine::outcome{2, "resign"});
  CHECK(m->seats_to_act().empty());
  // An outcome the game already has stays.
  m->conclude({1, "timeout"});
  CHECK(m->outcome() == engine::outcome{2, "resign"});
}

TEST_CASE("conclude: a QU4DRI match resigned with hidden tiles reveals every value") {
  auto m = new_match("quadri");
  const auto hidden_before = m->observe();
  const std::string before = hidden_before.views.at(0)->value().dump();
  CHECK(before.find("\"revealed\":false") != std::string::npos);
  // Values show as "value" only for revealed tiles while the game runs.
  const json tiles_before = hidden_before.views.at(0)->value().at("tiles");
  int valued = 0, tiles = 0;
  for (const auto& [at, t] : tiles_before.items()) {
    ++tiles;
    if (t.contains("value")) ++valued;
  }
  CHECK(valued < tiles);
  m->conclude({1, "resign"});
  int after = 0;
  const json tiles_after = m->observe().views.at(0)->value().at("tiles");
  for (const auto& [at, t] : tiles_after.items())
    if (t.contains("value")) ++after;
  CHECK(after == tiles);
}

// Joining with "legal": false, through the real server: such a connection's joined, patch and
// snapshot messages carry no legal list and no expects (its client computes them with its own
// rules engine) and still carry to_act; every other connection of the match keeps getting them,
// and the two kinds of message are otherwise the same bytes.
#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// A message and its exact text.
struct received {
  json msg;
  std::string text;
};

// Reads c's messages, applying state ones to its view, until one of type arrives.
received next_of(seat_client& c, const std::string& type) {
  for (int i = 0; i < 50; ++i) {
    auto text = c.ws->recv_text();
    INFO("waiting for '" << type << "'");
    REQUIRE(text.has_value());
    json m = json::parse(*text);
    INFO(text->substr(0, 400));
    REQUIRE(m["type"] != "error");
    c.t.apply(m);
    if (m["type"] == type) return {m, *text};
  }
  FAIL("no '" << type << "' among 50 messages");
  return {};
}

// CHECKs that a state message carries to_act and neither legal nor expects.
void check_without_legal(const json& m) {
  INFO(m.dump().substr(0, 400));
  CHECK(m["to_act"].is_array());
  CHECK_FALSE(m.contains("legal"));
  CHECK_FALSE(m.contains("expects"));
}

// The text with_legal (a spectator's message, whose legal list is empty) without its
// `,"legal":[]` field; REQUIREs it to be there.
std::string cut_empty_legal(std::string with_legal) {
  const std::string field = ",\"legal\":[]";
  const auto at = with_legal.find(field);
  REQUIRE(at != std::string::npos);
  return with_legal.erase(at, field.size());
}

// A new connection for c, which is not joined yet.
void reconnect(seat_client& c, unsigned short port) {
  c.ws = std::make_unique<ws_client>(port);
  c.t = tracked_view{};
}

}  // namespace

TEST_CASE("legal false: joined, patch and snapshot come without legal and expects, beside connections that get them") {
  temp_dir dir;
  server_process srv(dir.path + "/l.db", no_rate_limit);
  const created_match m = create_match(srv.port(), {{"game", "cyvasse"}, {"seat", 1}});
  // Seat 1 and one spectator ask for no legal lists; seat 2 and the other spectator do not.
  seat_client one, two, quiet, watcher;
  for (auto* c : {&one, &two, &quiet, &watcher}) c->ws = std::make_unique<ws_client>(srv.port());

  // Only a boolean is accepted.
  for (const json& bad : {json("no"), json(0), json(nullptr)}) {
    one.ws->send({{"type", "join"}, {"code", m.code}, {"token", m.token}, {"legal", bad}});
    CHECK(one.ws->expect("error")["code"] == "bad_message");
  }

  // The secret set-up: seat 1 hears neither its presets nor what the set-up expects.
  const json j1 = join(*one.ws, one.t, m.code, {{"token", m.token}, {"legal", false}, {"acks", "in_patch"}});
  check_without_legal(j1);
  CHECK(j1["to_act"] == json({1, 2}));
  CHECK(j1["view"]["phase"] == "setup");
  const json j2 = join(*two.ws, two.t, m.code, {{"as", "player"}, {"legal", true}});
  CHECK(j2["seat"] == 2);
  CHECK(j2["legal"].size() == 2);  // the two presets
  CHECK(j2["expects"]["type"] == "setup");
  CHECK(j2["to_act"] == json({1, 2}));
  check_without_legal(join(*quiet.ws, quiet.t, m.code, {{"as", "spectator"}, {"legal", false}}));
  CHECK(join(*watcher.ws, watcher.t, m.code, {{"as", "spectator"}})["legal"] == json::array());

  // Seat 2 sets up: seat 1 still has to, and is told so only by to_act.
  two.ws->send({{"type", "act"}, {"id", "s2"}, {"action", {{"type", "setup"}, {"preset", "standard"}}}});
  CHECK(next_of(two, "patch").msg["legal"] == json::array());
  CHECK(next_of(two, "ack").msg["id"] == "s2");
  const json p1 = next_of(one, "patch").msg;
  check_without_legal(p1);
  CHECK(p1["to_act"] == json({1}));
  // The spectators' patches are one message, with and without its legal field.
  const received pw = next_of(watcher, "patch"), pq = next_of(quiet, "patch");
  check_without_legal(pq.msg);
  CHECK(pq.text == cut_empty_legal(pw.text));

  // Seat 1 sets up; its acknowledgement rides in its patch, still without legal fields.
  one.ws->send({{"type", "act"}, {"id", "s1"}, {"action", {{"type", "setup"}, {"preset", "random"}}}});
  const json own = next_of(one, "patch").msg;
  CHECK(own["ack"] == "s1");
  check_without_legal(own);
  CHECK(one.t.view["phase"] == "play");
  const json to_act = own["to_act"];
  REQUIRE(to_act.size() == 1);
  CHECK(next_of(two, "patch").msg["to_act"] == to_act);
  CHECK(two.t.legal.empty() == (to_act[0] == 1));  // seat 2 has moves exactly on its turn
  const received pw2 = next_of(watcher, "patch"), pq2 = next_of(quiet, "patch");
  CHECK(pq2.text == cut_empty_legal(pw2.text));

  // A resync: the snapshot without legal fields for seat 1, with them for seat 2.
  one.ws->send({{"type", "resync"}});
  const json s1 = next_of(one, "snapshot").msg;
  check_without_legal(s1);
  CHECK(s1["to_act"] == to_act);
  CHECK(s1["view"] == one.t.view);
  two.ws->send({{"type", "resync"}});
  const json s2 = next_of(two, "snapshot").msg;
  CHECK(s2.contains("legal"));
  CHECK(s2["to_act"] == to_act);
  const received sq = (quiet.ws->send({{"type", "resync"}}), next_of(quiet, "snapshot"));
  const received sw = (watcher.ws->send({{"type", "resync"}}), next_of(watcher, "snapshot"));
  CHECK(sq.text == cut_empty_legal(sw.text));

  // Seat 1 comes back from version 0 without legal fields: the two patches it missed follow
  // the joined message, without them.
  const std::int64_t now = one.t.version;
  reconnect(one, srv.port());
  const json back = join(*one.ws, one.t, m.code, {{"token", m.token}, {"version", 0}, {"legal", false}});
  check_without_legal(back);
  CHECK_FALSE(back.contains("view"));
  one.t.view = j1["view"];  // the view at version 0, which the missed patches turn into now's
  for (int v = 1; v <= now; ++v) {
    const json missed = next_of(one, "patch").msg;
    CHECK(missed["version"] == v);
    check_without_legal(missed);
  }
  CHECK(one.t.view == two.t.view);  // the board is public once both set up
  // Seat 1 comes back from version 0 asking for legal lists: those patches were written
  // without them (seat 1's only connection did not want them), so it gets the whole view.
  reconnect(one, srv.port());
  const json full = join(*one.ws, one.t, m.code, {{"token", m.token}, {"version", 0}});
  CHECK(full["version"] == now);
  CHECK(full.contains("view"));
  CHECK(full["legal"].empty() == (to_act[0] == 2));
  CHECK(full["to_act"] == to_act);

  // Seat 2 now asks for no legal lists, and seat 1 (Cyvasse: seat 1 moves first), which now
  // gets them, moves: seat 2 learns that its turn came from to_act alone.
  const json view2 = two.t.view;
  reconnect(two, srv.port());
  const json back2 = join(*two.ws, two.t, m.code, {{"token", j2["token"]}, {"version", now}, {"legal", false}});
  check_without_legal(back2);
  CHECK_FALSE(back2.contains("view"));  // nothing missed
  two.t.view = view2;
  REQUIRE(to_act == json({1}));
  REQUIRE_FALSE(one.t.legal.empty());
  one.ws->send({{"type", "act"}, {"id", "m1"}, {"action", one.t.legal[0]}});
  const json moved = next_of(two, "patch").msg;
  check_without_legal(moved);
  CHECK(moved["to_act"] == json({2}));
  const json mover = next_of(one, "patch").msg;
  CHECK(mover["legal"] == json::array());
  CHECK(mover["to_act"] == json({2}));
  const received pw3 = next_of(watcher, "patch"), pq3 = next_of(quiet, "patch");
  CHECK(pq3.text == cut_empty_legal(pw3.text));

  // History pages carry no legal lists, whichever way a connection joined.
  for (auto* c : {&two, &watcher}) {
    c->ws->send({{"type", "history"}, {"id", "h"}});
    const received page = next_of(*c, "history");
    CHECK(page.msg["to"] == now + 1);
    CHECK(page.text.find("\"legal\"") == std::string::npos);
    CHECK(page.text.find("\"expects\"") == std::string::npos);
  }
}

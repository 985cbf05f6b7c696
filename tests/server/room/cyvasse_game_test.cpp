// Cyvasse through the real server: a whole game with a spectator (set-up by hand and by preset,
// then play to the end), and the secrecy of a set-up: every frame the opponent and a spectator
// receive while one placement is in is byte-identical whatever that placement is.
#include <random>

#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"

using namespace tabuleiro::test;

namespace {

// Seat 1's "phalanx" placement, written square by square as a player would send it.
json hand_placement() {
  const char* rows[][2] = {{"light_horse", "b1"}, {"crossbow", "c1"}, {"trebuchet", "d1"}, {"king", "e1"},
                           {"tower", "f1"},       {"dragon", "g1"},   {"crossbow", "h1"},  {"light_horse", "i1"},
                           {"heavy_horse", "b2"}, {"elephant", "c2"}, {"militia", "d2"},   {"militia", "e2"},
                           {"militia", "f2"},     {"militia", "g2"},  {"elephant", "h2"},  {"heavy_horse", "i2"},
                           {"spearman", "c3"},    {"spearman", "e3"}, {"spearman", "h3"}};
  json pieces = json::array();
  for (auto& r : rows) pieces.push_back({{"kind", r[0]}, {"at", r[1]}});
  return {{"type", "setup"}, {"pieces", pieces}};
}

// A different placement: the same formation mirrored left-right.
json other_placement() {
  json a = hand_placement();
  for (auto& p : a["pieces"]) {
    std::string at = p["at"];
    at[0] = static_cast<char>('a' + ('j' - at[0]));  // mirror left-right
    p["at"] = at;
  }
  return a;
}

// Everything c receives within timeout_s, as the exact texts.
std::vector<std::string> drain(ws_client& c, double timeout_s = 0.3) {
  std::vector<std::string> out;
  while (auto t = c.recv_text(timeout_s)) out.push_back(*t);
  return out;
}

// A legal entry: the King's capture, else any capture, else a random move.
json pick(const json& legal, std::mt19937& rng, const json& view) {
  std::vector<json> captures;
  for (const json& a : legal) {
    if (!a.value("capture", false)) continue;
    if (const auto p = view["pieces"].find(a["to"].get<std::string>());
        p != view["pieces"].end() && (*p)["kind"] == "king")
      return a;
    captures.push_back(a);
  }
  if (!captures.empty()) return captures[std::uniform_int_distribution<std::size_t>(0, captures.size() - 1)(rng)];
  return legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
}

}  // namespace

TEST_CASE("cyvasse: a whole game over the server - secret set-ups, play to the end, a spectator") {
  temp_dir dir;
  server_process srv(dir.path + "/c.db", no_rate_limit);
  table tb = table::open(srv.port(), {{"game", "cyvasse"}, {"options", {{"quiet_limit", 60}}}});
  CHECK(tb.at[0].t.view["phase"] == "setup");
  CHECK(tb.at[1].t.legal.size() == 2);
  tb.act(1, hand_placement());
  CHECK(tb.at[0].t.view["phase"] == "setup");
  CHECK(tb.at[0].t.view["pieces"].empty());
  CHECK(tb.at[2].t.view["pieces"].empty());
  CHECK(tb.at[1].t.view["pieces"].size() == 19);
  CHECK(tb.at[0].t.view["submitted"] == json({true, false}));
  tb.check_views();
  tb.act(2, {{"type", "setup"}, {"preset", "random"}});
  CHECK(tb.at[0].t.view["phase"] == "play");
  CHECK(tb.at[0].t.view["pieces"].size() == 38);
  CHECK(tb.at[2].t.view == tb.at[0].t.view);
  std::mt19937 rng(20261201);
  int captures = 0, plies = 0;
  while (tb.at[0].t.outcome.is_null() && plies < 2000) {
    const int seat = tb.to_act();
    REQUIRE(seat != 0);
    const json a = pick(tb.at[seat].t.legal, rng, tb.at[seat].t.view);
    captures += a.value("capture", false);
    tb.act(seat, a);
    ++plies;
    if (!tb.at[0].t.view["outcome"].is_null()) {
      for (auto& s : tb.at) until_applying(*s.ws, s.t, "game_over");
      break;
    }
    if (plies % 25 == 0) tb.check_views();
  }
  INFO(plies << " plies, " << captures << " captures");
  REQUIRE_FALSE(tb.at[0].t.outcome.is_null());
  CHECK(captures > 0);
  const std::string reason = tb.at[0].t.outcome["reason"];
  CHECK((reason == "king_captured" || reason == "no_moves" || reason == "quiet_turns"));
  for (auto& s : tb.at) CHECK(s.t.outcome == tb.at[0].t.outcome);
  tb.check_views();
}

TEST_CASE("cyvasse: frames to the opponent and a spectator during set-up do not depend on the placement") {
  temp_dir dir;
  server_process srv(dir.path + "/c.db", no_rate_limit);
  // One recording per placement: what seat 2 and the spectator receive from the moment seat 1
  // submits until seat 2 has asked for a snapshot and a new spectator has joined.
  auto record = [&](const json& placement) {
    table tb = table::open(srv.port(), {{"game", "cyvasse"}});
    drain(*tb.at[0].ws);
    drain(*tb.at[2].ws);
    drain(*tb.at[1].ws);
    tb.at[1].ws->send({{"type", "act"}, {"id", "s1"}, {"action", placement}});
    REQUIRE(tb.at[1].ws->until("ack")["version"] == 1);
    std::array<std::vector<std::string>, 2> got;  // [0] spectator, [1] seat 2
    got[0] = drain(*tb.at[0].ws);
    got[1] = drain(*tb.at[2].ws);
    tb.at[2].ws->send({{"type", "resync"}});
    tb.at[0].ws->send({{"type", "resync"}});
    for (auto& t : drain(*tb.at[2].ws)) got[1].push_back(t);
    for (auto& t : drain(*tb.at[0].ws)) got[0].push_back(t);
    ws_client late(srv.port());
    late.send({{"type", "join"}, {"code", tb.code}, {"as", "spectator"}});
    json joined = late.until("joined");
    joined.erase("code");
    got[0].push_back(joined.dump());
    // seat 2's own legal list and expects are in the patch; its submission reveals both
    return got;
  };
  const auto a = record(hand_placement());
  const auto b = record(other_placement());
  const auto c = record({{"type", "setup"}, {"preset", "random"}});
  for (int v = 0; v < 2; ++v) {
    INFO("viewer " << (v == 0 ? "spectator" : "seat 2"));
    REQUIRE_FALSE(a[v].empty());
    CHECK(a[v] == b[v]);
    CHECK(a[v] == c[v]);
    for (const auto& text : a[v]) CHECK(text.find("\"owner\":1") == std::string::npos);
  }
}

#include "game_util.h"

#include <catch2/catch.hpp>

namespace tabuleiro::test {

member sign_up(unsigned short port, const std::string& name) {
  const auto up = http_call(port, "POST", "/api/account/signup",
                            json{{"username", name}, {"password", name + "'s password"}}.dump());
  REQUIRE(up.status == 201);
  const std::string c = up.header("Set-Cookie");
  return {c.substr(0, c.find(';')), up.json_body()["csrf"]};
}

json until_applying(ws_client& c, tracked_view& t, const std::string& type, double timeout_s) {
  for (int i = 0; i < 100; ++i) {
    auto m = c.recv(timeout_s);
    INFO("waiting for '" << type << "'; closed=" << c.closed() << " code=" << c.close_code());
    REQUIRE(m.has_value());
    const std::string got = m->value("type", "");
    INFO("got " << m->dump().substr(0, 400));
    REQUIRE(got != "error");
    t.apply(*m);
    if (got == type) return *m;
  }
  FAIL("no '" << type << "' among 100 messages");
  return {};
}

table table::open(unsigned short port, const json& create_extra) {
  table tb;
  tb.port = port;
  json body = {{"game", "taixu"}};
  body.update(create_extra);
  created_match m = create_match(port, body);
  tb.code = m.code;
  const int creator = m.seat, other = 3 - m.seat;
  for (auto& s : tb.at) s.ws = std::make_unique<ws_client>(port);
  json j = join(*tb.at[creator].ws, tb.at[creator].t, m.code, {{"token", m.token}});
  REQUIRE(j["seat"] == creator);
  REQUIRE_FALSE(j.contains("token"));
  tb.at[creator].t.token = m.token;
  j = join(*tb.at[other].ws, tb.at[other].t, m.code, {{"as", "player"}});
  REQUIRE(j["seat"] == other);
  REQUIRE(j["token"].is_string());
  j = join(*tb.at[0].ws, tb.at[0].t, m.code, {{"as", "spectator"}});
  REQUIRE(j["seat"].is_null());
  REQUIRE(j["legal"] == json::array());
  return tb;
}

int table::to_act() const {
  for (int s = 1; s <= 2; ++s)
    if (!at[s].t.legal.empty()) return s;
  return 0;
}

std::int64_t table::act(int seat, const json& action) {
  static int next_id = 0;
  const std::string id = "r" + std::to_string(++next_id);
  const std::int64_t before = at[seat].t.version;
  at[seat].ws->send({{"type", "act"}, {"id", id}, {"action", action}});
  json ack = until_applying(*at[seat].ws, at[seat].t, "ack");
  REQUIRE(ack["id"] == id);
  REQUIRE(ack["version"] == before + 1);
  REQUIRE(at[seat].t.version == before + 1);
  for (int s = 0; s < 3; ++s) {
    if (s == seat) continue;
    until_applying(*at[s].ws, at[s].t, "patch");
    REQUIRE(at[s].t.version == before + 1);
  }
  return before + 1;
}

int table::play(int n, std::mt19937& rng) {
  for (int i = 0; i < n; ++i) {
    const int seat = to_act();
    if (seat == 0) return i;
    act(seat, pick_action(at[seat].t.legal, rng, false));
  }
  return n;
}

void table::check_views() {
  // A fresh spectator join sees exactly the spectator's patched view.
  ws_client fresh(port);
  tracked_view f;
  join(fresh, f, code, {{"as", "spectator"}});
  REQUIRE(f.version == at[0].t.version);
  REQUIRE(f.view == at[0].t.view);
  REQUIRE(f.outcome == at[0].t.outcome);
  // Each seat's resync snapshot (the same redaction a fresh join of that seat gets).
  for (int s = 1; s <= 2; ++s) {
    at[s].ws->send({{"type", "resync"}});
    // The copy leaves the patch log behind: copying it at every check made whole games quadratic.
    std::vector<json> log = std::move(at[s].t.patches);
    at[s].t.patches.clear();
    tracked_view copy = at[s].t;
    json snap = until_applying(*at[s].ws, copy, "snapshot");
    REQUIRE(snap["version"] == at[s].t.version);
    REQUIRE(snap["view"] == at[s].t.view);
    REQUIRE(snap["legal"] == at[s].t.legal);
    for (json& p : copy.patches) log.push_back(std::move(p));
    copy.patches = std::move(log);
    at[s].t = std::move(copy);
  }
}

named_match seat_named(unsigned short port, const std::string& name1, const std::string& name2) {
  const auto made = create_match(port, {{"game", "taixu"}, {"seat", 1}});
  named_match m{made.code, std::make_unique<ws_client>(port), std::make_unique<ws_client>(port)};
  m.one->send({{"type", "join"}, {"code", made.code}, {"token", made.token}, {"name", name1}});
  m.one->until("joined");
  m.two->send({{"type", "join"}, {"code", made.code}, {"as", "player"}, {"name", name2}});
  m.two->until("joined");
  bool named = false;
  for (int i = 0; i < 10 && !named; ++i) named = m.one->until("presence")["seats"][1].value("name", "") == name2;
  REQUIRE(named);
  return m;
}

json match_summary(unsigned short port, const std::string& code) {
  auto a = http_call(port, "GET", "/api/matches/" + code);
  REQUIRE(a.status == 200);
  return a.json_body();
}

namespace {

// Chebyshev distance from a square ("d5") to the Core block d4–e5.
int core_distance(const std::string& sq) {
  const int f = sq[0] - 'a', r = sq[1] - '1';
  const int df = f < 3 ? 3 - f : f > 4 ? f - 4 : 0;
  const int dr = r < 3 ? 3 - r : r > 4 ? r - 4 : 0;
  return std::max(df, dr);
}

}  // namespace

json pick_action(const json& legal, std::mt19937& rng, bool greedy) {
  REQUIRE(!legal.empty());
  if (!greedy || std::uniform_int_distribution<int>(0, 9)(rng) == 0)
    return legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
  int best = -100;
  std::vector<json> top;
  for (const json& a : legal) {
    const std::string type = a["type"];
    int score = 0;
    if (type == "move") score = 10 * (core_distance(a["from"]) - core_distance(a["to"]));
    else if (type == "summon") score = 5;
    else if (type == "end_turn") score = 1;
    else score = -5;
    if (score > best) top.clear(), best = score;
    if (score == best) top.push_back(a);
  }
  return top[std::uniform_int_distribution<std::size_t>(0, top.size() - 1)(rng)];
}

}  // namespace tabuleiro::test

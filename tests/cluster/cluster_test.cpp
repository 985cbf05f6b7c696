// The cluster, started by the test itself on loopback: a throw-away PostgreSQL (initdb in a
// temporary directory), three `tabuleiro serve` nodes on it, and Debian's nginx in front with
// deploy/cluster/nginx.conf. Clients play through nginx only; one node is killed with kill -9
// mid-game (every match continues on another node within 5 s, and no acknowledged action is
// lost), and one node is frozen past its leases (its stale write is refused and its clients
// are moved). Bounded: every wait has a deadline.
#include <signal.h>

#include <algorithm>
#include <fstream>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <thread>

#include "cluster_util.h"
#include "game_util.h"
#include "pg_cluster.h"
#include "server/store/connection.h"
#include "server/store/pg.h"
#include "server/store/store.h"

using namespace tabuleiro::test;
namespace srv = tabuleiro::server;

namespace {

constexpr int lease_ms = 2000;

// How much slower than a release build the nodes may be here (the timing bounds are multiplied).
const double slowdown = tabuleiro::test::server_sanitized() ? 2 : 1;

// Three nodes on db (names n1..n3) with short leases, trusting nginx's X-Forwarded-For, with
// extra flags.
std::vector<std::unique_ptr<server_process>> start_nodes(const std::string& db, const temp_dir& dir,
                                                         const std::vector<std::string>& extra = {}) {
  std::vector<std::unique_ptr<server_process>> nodes;
  for (int i = 1; i <= 3; ++i) {
    std::vector<std::string> flags{"--node",          "n" + std::to_string(i),
                                   "--lease-ms",      std::to_string(lease_ms),
                                   "--trusted-proxy", "127.0.0.1",
                                   "--create-limit",  "1000",
                                   "--log-level",     "info"};
    flags.insert(flags.end(), extra.begin(), extra.end());
    nodes.push_back(std::make_unique<server_process>(db, flags, dir.path + "/n" + std::to_string(i) + ".log"));
  }
  return nodes;
}

// A fresh PostgreSQL database with three nodes on it and nginx in front.
struct cluster {
  pg_cluster pg;
  std::string db = pg.create_database();
  temp_dir dir;
  std::vector<std::unique_ptr<server_process>> nodes = start_nodes(db, dir);
  nginx_proxy proxy{{nodes[0]->port(), nodes[1]->port(), nodes[2]->port()}};
};

// The Cookie header value and CSRF token an answer to sign-up or sign-in gives.
std::pair<std::string, std::string> session_of(const http_answer& a) {
  REQUIRE((a.status == 200 || a.status == 201));
  const std::string cookie = a.header("Set-Cookie");
  return {cookie.substr(0, cookie.find(';')), a.json_body()["csrf"]};
}

// The code of the set-up link (the first administrator's) that node 1 of c logged.
std::string setup_code(const cluster& c) {
  std::ifstream log(c.dir.path + "/n1.log");
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  const auto at = text.find("/signup?invite=");
  REQUIRE(at != std::string::npos);
  return text.substr(at + 15, 24);
}

// Seconds until every socket of sockets closed, each with code (checked), at most 3 s each.
double seconds_to_close(const std::vector<ws_client*>& sockets, int code) {
  const auto asked = steady::now();
  for (ws_client* ws : sockets) CHECK(ws->wait_closed(3) == code);
  return std::chrono::duration<double>(steady::now() - asked).count();
}

// The live lease holder of each match, from the database (code → node name).
std::map<std::string, std::string> holders(const std::string& db) {
  std::string error;
  auto conn = srv::pg_connection::open(db, error);
  REQUIRE(conn != nullptr);
  std::map<std::string, std::string> out;
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  const bool read = conn->query(
      "SELECT m.code, l.node FROM leases l JOIN matches m ON m.id = l.match_id"
      " WHERE l.expires_ms > ?1",
      {std::int64_t{now}}, [&](const srv::sql_row& r) { out[r.text(0)] = r.text(1); }, error);
  REQUIRE(read);
  return out;
}

// A match of two players playing through the proxy.
struct cluster_match {
  std::string code;
  std::array<cluster_player, 2> seat;  // seat[0] plays seat 1
  // The player whose turn it is (nullptr when nobody may act).
  cluster_player* to_act() {
    for (auto& p : seat)
      if (!p.t.legal.empty()) return &p;
    return nullptr;
  }
  bool over() const { return !seat[0].t.outcome.is_null(); }
};

// Creates a TAIXU match through the proxy and seats two players on it: the creator's seat
// connects through proxy, the other seat through other (0: proxy too).
cluster_match open_match(unsigned short proxy, unsigned short other = 0) {
  cluster_match m;
  const created_match c = create_match(proxy, {{"game", "taixu"}});
  m.code = c.code;
  const auto deadline = steady::now() + std::chrono::seconds(10);
  auto& first = m.seat[c.seat - 1];
  first.proxy = proxy;
  first.code = c.code;
  first.token = c.token;
  REQUIRE(first.connect(deadline));
  // The second player takes the free seat (its token comes back in `joined`).
  auto& second = m.seat[2 - c.seat];
  second.proxy = other != 0 ? other : proxy;
  second.code = c.code;
  second.ws = std::make_unique<ws_client>(second.proxy, "", "/ws?code=" + c.code);
  second.ws->send({{"type", "join"}, {"code", c.code}, {"as", "player"}});
  json j;
  for (int i = 0; i < 20; ++i) {
    auto msg = second.ws->recv(5);
    REQUIRE(msg.has_value());
    INFO(msg->dump());
    REQUIRE(msg->value("type", "") != "error");
    second.t.apply(*msg);
    if (msg->value("type", "") == "joined") {
      j = *msg;
      break;
    }
  }
  REQUIRE(j.value("seat", 0) == 3 - c.seat);
  second.token = j.at("token");
  return m;
}

// One action by whoever is to act in m, the other player caught up to it. The version it
// was acknowledged at, or 0 when the match is over (or the action had to be chosen again).
std::int64_t play_one(cluster_match& m, std::mt19937& rng, steady::time_point deadline) {
  for (auto& p : m.seat) REQUIRE(p.catch_up(std::max(m.seat[0].t.version, m.seat[1].t.version), deadline));
  if (m.over()) return 0;
  cluster_player* p = m.to_act();
  REQUIRE(p != nullptr);
  const std::int64_t v = p->act(pick_action(p->t.legal, rng, false), deadline);
  if (v == 0) return 0;
  cluster_player& other = &m.seat[0] == p ? m.seat[1] : m.seat[0];
  REQUIRE(other.catch_up(v, deadline));
  return v;
}

// Every action acknowledged to either player is in the log at its version; the log is
// contiguous; at most `unacked` logged versions were acknowledged to nobody (an action a
// killed node committed but could not acknowledge).
void check_log(srv::store& db, cluster_match& m, std::size_t unacked) {
  const auto log = db.load_actions(m.code);
  REQUIRE(log.found());
  std::map<std::int64_t, json> acked;
  for (auto& p : m.seat) acked.insert(p.acked.begin(), p.acked.end());
  std::map<std::int64_t, json> logged;
  for (std::size_t i = 0; i < log.value.size(); ++i) {
    CHECK(log.value[i].version == static_cast<std::int64_t>(i + 1));
    logged[log.value[i].version] = log.value[i].action;
  }
  for (const auto& [v, action] : acked) {
    INFO("match " << m.code << " version " << v << ": sent " << action.dump() << ", logged " << logged[v].dump());
    REQUIRE(logged.count(v) == 1);
    // The log keeps the action's canonical form: the fields sent, less what the legal list
    // adds for display (e.g. TAIXU's cost).
    REQUIRE(logged[v].is_object());
    for (const auto& [key, value] : logged[v].items()) CHECK(action.value(key, json()) == value);
    CHECK(logged[v].size() >= action.size() - 1);
  }
  CHECK(logged.size() - acked.size() <= unacked);
  CHECK(static_cast<std::int64_t>(logged.size()) == m.seat[0].t.version);
}

// Both players' views equal what a fresh spectator of the match is sent now.
void check_views(unsigned short proxy, cluster_match& m) {
  ws_client watcher(proxy, "", "/ws?code=" + m.code);
  tracked_view w;
  join(watcher, w, m.code, {{"as", "spectator"}});
  for (auto& p : m.seat) {
    CHECK(p.t.version == w.version);
    CHECK(p.t.view == w.view);
  }
}

}  // namespace

TEST_CASE(
    "three nodes behind nginx: a node killed with kill -9 mid-game, every match continues on another node within 5 s and no acknowledged action is lost",
    "[cluster]") {
  const auto test_deadline = steady::now() + std::chrono::seconds(150);
  cluster c;
  const std::string& db = c.db;
  auto& nodes = c.nodes;
  nginx_proxy& proxy = c.proxy;

  std::mt19937 rng(16);
  std::vector<cluster_match> matches;
  for (int i = 0; i < 12; ++i) matches.push_back(open_match(proxy.port()));
  for (int round = 0; round < 8; ++round)
    for (auto& m : matches) play_one(m, rng, test_deadline);

  // Every match is held by exactly one node, and the three share them.
  const auto held = holders(db);
  std::map<std::string, int> per_node;
  for (auto& m : matches) {
    REQUIRE(held.count(m.code) == 1);
    per_node[held.at(m.code)]++;
  }
  std::string spread;
  for (const auto& [node, n] : per_node) spread += node + ":" + std::to_string(n) + " ";
  INFO("matches per node: " << spread);
  CHECK(per_node.size() >= 2);
  const std::string victim = std::max_element(per_node.begin(), per_node.end(), [](auto& a, auto& b) {
                               return a.second < b.second;
                             })->first;
  const int victim_index = victim[1] - '1';

  nodes[victim_index]->kill9();
  const auto killed_at = steady::now();
  double slowest_s = 0;
  for (auto& m : matches) {
    if (held.at(m.code) != victim || m.over()) continue;
    std::int64_t v = 0;
    while (v == 0 && !m.over() && steady::now() < test_deadline) v = play_one(m, rng, test_deadline);
    if (m.over()) continue;
    const double s = std::chrono::duration<double>(steady::now() - killed_at).count();
    slowest_s = std::max(slowest_s, s);
  }
  INFO("slowest match continued " << slowest_s << " s after the kill");
  CHECK(slowest_s > 0);
  CHECK(slowest_s <= 5.0);

  // Play on everywhere; the moved matches are held by the surviving nodes.
  for (int round = 0; round < 8; ++round)
    for (auto& m : matches) play_one(m, rng, test_deadline);
  const auto after = holders(db);
  for (auto& m : matches) {
    if (m.over()) continue;
    REQUIRE(after.count(m.code) == 1);
    CHECK(after.at(m.code) != victim);
  }
  // The survivors counted the victim's matches as taken over (its leases lapsed, never given up).
  long taken_over = 0;
  for (int i = 0; i < 3; ++i)
    if (i != victim_index) taken_over += metric(nodes[i]->port(), "tabuleiro_leases_taken_over_total");
  CHECK(taken_over >= 1);

  std::string error;
  auto store = srv::store::open(db, error);
  REQUIRE(store != nullptr);
  for (auto& m : matches) {
    check_log(*store, m, held.at(m.code) == victim ? 1 : 0);
    check_views(proxy.port(), m);
  }
  CHECK(steady::now() < test_deadline);
}

TEST_CASE(
    "a frozen node loses its matches: its stale write is refused, its clients are moved, and the match goes on at the node nginx routes it to",
    "[cluster]") {
  const auto test_deadline = steady::now() + std::chrono::seconds(90);
  cluster c;
  const std::string& db = c.db;
  auto& nodes = c.nodes;
  nginx_proxy& proxy = c.proxy;

  std::mt19937 rng(17);
  cluster_match m = open_match(proxy.port());
  for (int i = 0; i < 4; ++i) REQUIRE(play_one(m, rng, test_deadline) != 0);
  const std::string owner = holders(db).at(m.code);
  const int owner_index = owner[1] - '1';
  const int other_index = (owner_index + 1) % 3;

  // Freeze the owner past its lease; its players' connections stay open, to a node that
  // cannot answer.
  nodes[owner_index]->signal(SIGSTOP);
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + 500));
  // Another node, reached directly, takes the lapsed lease (a client of the match joins it);
  // nothing is played there, so the frozen node's state is still the log's latest version:
  // only the epoch fence stands between its next write and the log.
  cluster_player* actor = m.to_act();
  REQUIRE(actor != nullptr);
  const std::int64_t version = actor->t.version;
  ws_client direct(nodes[other_index]->port(), "", "/ws?code=" + m.code);
  tracked_view direct_view;
  join(direct, direct_view, m.code, {{"as", "spectator"}});
  REQUIRE(direct_view.version == version);
  CHECK(holders(db).at(m.code) == "n" + std::to_string(other_index + 1));

  // The frozen node wakes up with a move queued on its old connection, legal at that version:
  // it is never acknowledged, never logged, and the connection is moved (4001).
  actor->ws->send({{"type", "act"}, {"id", "stale"}, {"action", pick_action(actor->t.legal, rng, false)}});
  nodes[owner_index]->signal(SIGCONT);
  bool acked = false;
  for (int i = 0; i < 20; ++i) {
    auto msg = actor->ws->recv(5);
    if (!msg) break;
    if (msg->value("type", "") == "ack" && msg->value("id", "") == "stale") acked = true;
  }
  CHECK_FALSE(acked);
  CHECK(actor->ws->closed());
  CHECK(actor->ws->close_code() == 4001);
  std::string error;
  auto store = srv::store::open(db, error);
  REQUIRE(store != nullptr);
  const auto log = store->load_actions(m.code);
  REQUIRE(log.found());
  CHECK(static_cast<std::int64_t>(log.value.size()) == version);

  // Through nginx the players come back, and the match ends up on one node again and goes on.
  for (int i = 0; i < 4 && !m.over(); ++i) play_one(m, rng, test_deadline);
  CHECK(m.seat[0].t.version > version);
  CHECK(holders(db).count(m.code) == 1);
  check_views(proxy.port(), m);
  CHECK(steady::now() < test_deadline);
}

TEST_CASE("a node's match list feed shows the matches other nodes serve, from the database", "[cluster]") {
  pg_cluster pg;
  const std::string db = pg.create_database();
  temp_dir dir;
  auto nodes = start_nodes(db, dir);
  // A watcher of node 1's feed; a match created on node 2 and played there.
  ws_client watcher(nodes[0]->port());
  watcher.send({{"type", "watch_list"}});
  const json first = watcher.until("match_list");
  CHECK(first["matches"].empty());
  const created_match c = create_match(nodes[1]->port(), {{"game", "taixu"}});
  ws_client player(nodes[1]->port(), "", "/ws?code=" + c.code);
  tracked_view t;
  join(player, t, c.code, {{"token", c.token}});
  // Node 1 pushes it within its refresh interval (5 s) plus the push interval.
  bool seen = false;
  const auto deadline = steady::now() + std::chrono::seconds(12);
  while (!seen && steady::now() < deadline) {
    auto m = watcher.recv(1);
    if (!m || m->value("type", "") != "match_list_changed") continue;
    for (const auto& s : (*m)["matches"]) seen = seen || s.value("code", "") == c.code;
  }
  CHECK(seen);
  // The match is held by node 2 alone: node 1 only read it.
  CHECK(holders(db).at(c.code) == "n2");
}

TEST_CASE(
    "accounts across nodes: signed in on one node, a member plays through another, and disabling them on a third closes their socket within seconds",
    "[cluster]") {
  cluster c;
  const auto post = [](unsigned short port, const std::string& target, const json& body, header_list h = {}) {
    return http_call(port, "POST", target, body.dump(), h);
  };
  // Every node logged a set-up link; the first administrator signs up with node 1's.
  const std::string setup = setup_code(c);
  const unsigned short n1 = c.nodes[0]->port(), n2 = c.nodes[1]->port(), n3 = c.nodes[2]->port();
  const auto [root, root_csrf] = session_of(
      post(n1, "/api/account/signup", {{"username", "root"}, {"password", "root's password"}, {"invitation", setup}}));
  const auto [ana, ana_csrf] = session_of(
      post(n1, "/api/account/signup", {{"username", "ana"}, {"password", "ana's password"}}));

  // Ana's session, opened on node 1, creates a match on node 2.
  const json me = http_call(n2, "GET", "/api/account", "", {{"Cookie", ana}}).json_body();
  REQUIRE(me["user"]["username"] == "ana");
  const auto made = post(n2, "/api/matches", {{"game", "taixu"}}, {{"Cookie", ana}, {"X-CSRF-Token", ana_csrf}});
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];
  const int seat = made.json_body()["seat"];
  // Through nginx, her signed-in connection resumes the seat her account holds (no token).
  ws_client player(c.proxy.port(), "", "/ws?code=" + code, "", ana);
  player.send({{"type", "join"}, {"code", code}});
  const json joined = player.until("joined");
  CHECK(joined["seat"] == seat);
  CHECK_FALSE(joined.contains("token"));

  // The administrator, signed in on node 1, disables her on node 3.
  const json users = http_call(n3, "GET", "/api/admin/users?q=ana", "", {{"Cookie", root}}).json_body();
  REQUIRE(users["users"].size() == 1);
  const std::int64_t ana_id = users["users"][0]["id"];
  REQUIRE(post(n3, "/api/admin/users/" + std::to_string(ana_id) + "/disable", json::object(),
               {{"Cookie", root}, {"X-CSRF-Token", root_csrf}})
              .status == 200);
  CHECK(player.wait_closed(5) == 4003);
  // Every node stops honouring her cookie within its session cache time (1 s).
  for (const unsigned short port : {n1, n2, n3}) {
    bool out = false;
    for (const auto deadline = steady::now() + std::chrono::seconds(3); !out && steady::now() < deadline;) {
      out = http_call(port, "GET", "/api/account", "", {{"Cookie", ana}}).json_body()["user"].is_null();
      if (!out) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    CHECK(out);
  }
}

TEST_CASE("the cluster's nginx hides /metrics and /readyz from the internet, and each node answers them directly",
          "[cluster]") {
  cluster c;
  CHECK(http_call(c.proxy.port(), "GET", "/metrics").status == 404);
  CHECK(http_call(c.proxy.port(), "GET", "/readyz").status == 404);
  CHECK(http_call(c.proxy.port(), "GET", "/healthz").status == 200);
  const auto metrics = http_call(c.nodes[0]->port(), "GET", "/metrics");
  CHECK(metrics.status == 200);
  CHECK(metrics.body.find("tabuleiro_leases_held") != std::string::npos);
  // A node whose leases renew and whose database takes writes is ready.
  const auto ready = http_call(c.nodes[1]->port(), "GET", "/readyz");
  INFO(ready.body);
  CHECK(ready.status == 200);
}

TEST_CASE(
    "behind a round-robin balancer two players on two nodes play whole matches at normal speed (relayed to the holder)",
    "[cluster]") {
  const auto test_deadline = steady::now() + std::chrono::seconds(150);
  pg_cluster pg;
  const std::string db = pg.create_database();
  temp_dir dir;
  // Players here act as fast as the server answers, past a person's message rate.
  auto nodes = start_nodes(db, dir, {"--msg-rate", "1000", "--msg-burst", "1000"});
  nginx_proxy proxy({nodes[0]->port(), nodes[1]->port(), nodes[2]->port()}, true);

  // The worst a balancer can do: each player always reaches its own node, never the other's.
  // Without the relay the two nodes took the match from each other over and over (0-1 actions
  // in 15 s).
  std::mt19937 rng(12);
  cluster_match pinned = open_match(nodes[0]->port(), nodes[1]->port());
  // A whole match through nginx's round robin: every connection goes to the next node.
  cluster_match balanced = open_match(proxy.port());
  std::vector<double> action_ms;
  int actions = 0;
  for (cluster_match* m : {&pinned, &balanced}) {
    const int before = actions;
    while (!m->over() && actions - before < 5000 && steady::now() < test_deadline) {
      for (auto& p : m->seat) REQUIRE(p.catch_up(std::max(m->seat[0].t.version, m->seat[1].t.version), test_deadline));
      if (m->over()) break;
      cluster_player* p = m->to_act();
      if (p == nullptr) {  // the match just ended: its game_over follows the last patch
        for (auto& q : m->seat)
          while (q.t.outcome.is_null())
            if (auto msg = q.ws->recv(2)) q.t.apply(*msg);
            else break;
        REQUIRE(m->over());
        break;
      }
      const auto started = steady::now();
      const std::int64_t v = p->act(pick_action(p->t.legal, rng, true), test_deadline);
      if (v == 0) continue;
      cluster_player& other = &m->seat[0] == p ? m->seat[1] : m->seat[0];
      REQUIRE(other.catch_up(v, test_deadline));
      action_ms.push_back(std::chrono::duration<double, std::milli>(steady::now() - started).count());
      ++actions;
    }
    INFO(actions - before << " actions in match " << m->code);
    REQUIRE(m->over());
  }
  std::sort(action_ms.begin(), action_ms.end());
  const double median = action_ms[action_ms.size() / 2];
  const double p99 = action_ms[action_ms.size() * 99 / 100];
  INFO(actions << " actions: median " << median << " ms, 99th percentile " << p99 << " ms; reconnects "
               << pinned.seat[0].reconnects << "/" << pinned.seat[1].reconnects << " (pinned), "
               << balanced.seat[0].reconnects << "/" << balanced.seat[1].reconnects << " (round robin)");
  // Normal speed: an action reaches the other player within milliseconds, not a lease term.
  CHECK(median < 50 * slowdown);
  CHECK(p99 < lease_ms);
  // Nobody had to connect again: nothing was moved (the first seat's join counts one, the
  // second seat's is open_match's own).
  for (cluster_match* m : {&pinned, &balanced}) {
    CHECK(m->seat[0].reconnects + m->seat[1].reconnects == 1);
  }
  long relayed = 0, handed_over = 0, lost = 0;
  for (auto& n : nodes) {
    relayed += metric(n->port(), "tabuleiro_relays_opened_total");
    handed_over += metric(n->port(), "tabuleiro_leases_handed_over_total");
    lost += metric(n->port(), "tabuleiro_leases_lost_total");
  }
  CHECK(relayed >= 1);
  CHECK(handed_over == 0);
  CHECK(lost == 0);
  for (auto& n : nodes) CHECK(metric(n->port(), "tabuleiro_leases_taken_over_total") == 0);

  // A match's other routes answer on every node too (relayed, one request per connection), and
  // a lower-case code reaches the holder as well.
  for (auto& n : nodes) {
    const auto summary = http_call(n->port(), "GET", "/api/matches/" + pinned.code);
    INFO("node port " << n->port() << ": " << summary.status << " " << summary.body);
    CHECK(summary.status == 200);
    CHECK(summary.json_body().value("code", "") == pinned.code);
    CHECK(http_call(n->port(), "GET", "/api/matches/" + pinned.code + "/log").status == 200);
    CHECK(http_call(n->port(), "GET", "/m/" + pinned.code).status == 200);
    std::string lower = pinned.code;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    ws_client watcher(n->port(), "", "/ws?code=" + lower);
    tracked_view w;
    join(watcher, w, lower, {{"as", "spectator"}});
    CHECK(w.version == pinned.seat[0].t.version);
  }

  std::string error;
  auto store = srv::store::open(db, error);
  REQUIRE(store != nullptr);
  for (cluster_match* m : {&pinned, &balanced}) {
    check_log(*store, *m, 0);
    check_views(proxy.port(), *m);
  }
}

TEST_CASE(
    "sessions across nodes: a sign-out, a password change and a sign-out everywhere on one node close the sockets of the sessions they end on every node within a second (4004)",
    "[cluster]") {
  cluster c;
  const unsigned short n1 = c.nodes[0]->port(), n2 = c.nodes[1]->port(), n3 = c.nodes[2]->port();
  const json ana_login = {{"username", "ana"}, {"password", "ana's password"}};
  const auto [first, first_csrf] = session_of(http_call(n1, "POST", "/api/account/signup", ana_login.dump()));
  const auto [second, second_csrf] = session_of(http_call(n2, "POST", "/api/account/signin", ana_login.dump()));
  const auto [third, third_csrf] = session_of(http_call(n3, "POST", "/api/account/signin", ana_login.dump()));
  const auto made = http_call(n2, "POST", "/api/matches", json{{"game", "taixu"}}.dump(),
                              {{"Cookie", first}, {"X-CSRF-Token", first_csrf}});
  REQUIRE(made.status == 201);
  const std::string code = made.json_body()["code"];

  // The first session's sockets: one on each node, and her seat through nginx.
  std::vector<std::unique_ptr<ws_client>> signed_out;
  for (const unsigned short port : {n1, n2, n3})
    signed_out.push_back(std::make_unique<ws_client>(port, "", "/ws", "", first));
  signed_out.push_back(std::make_unique<ws_client>(c.proxy.port(), "", "/ws?code=" + code, "", first));
  signed_out.back()->send({{"type", "join"}, {"code", code}});
  CHECK(signed_out.back()->until("joined")["seat"] == made.json_body()["seat"]);
  // The other sessions' sockets, on another node each.
  ws_client kept(n3, "", "/ws", "", second);
  ws_client other(n1, "", "/ws", "", third);
  // A socket is registered as it opens; let every node's next look (twice a second) see them.
  std::this_thread::sleep_for(std::chrono::milliseconds(600));

  // Signed out on node 2: her first session's sockets close everywhere within a second.
  REQUIRE(http_call(n2, "POST", "/api/account/signout", "", {{"Cookie", first}, {"X-CSRF-Token", first_csrf}}).status ==
          200);
  std::vector<ws_client*> first_sockets;
  for (auto& ws : signed_out) first_sockets.push_back(ws.get());
  const double signout_s = seconds_to_close(first_sockets, 4004);
  INFO("the sign-out's sockets closed within " << signout_s << " s");
  CHECK(signout_s < 1.0 * slowdown);
  kept.send({{"type", "ping"}, {"t", 1}});
  CHECK(kept.until("pong")["t"] == 1);

  // The password changed with the second session on node 2: the third session's socket (node
  // 1) closes, the second's stays.
  // (Timed from its answer: the change itself hashes twice, which takes its own time.)
  REQUIRE(http_call(n2, "POST", "/api/account/password",
                    json{{"current", "ana's password"}, {"password", "ana's new password"}}.dump(),
                    {{"Cookie", second}, {"X-CSRF-Token", second_csrf}})
              .status == 200);
  const double password_s = seconds_to_close({&other}, 4004);
  INFO("the password change's socket closed within " << password_s << " s");
  CHECK(password_s < 1.0 * slowdown);
  kept.send({{"type", "ping"}, {"t", 2}});
  CHECK(kept.until("pong")["t"] == 2);

  // Signed out everywhere from node 1: the last socket (node 3) closes too.
  REQUIRE(
      http_call(n1, "POST", "/api/account/signout-everywhere", "", {{"Cookie", second}, {"X-CSRF-Token", second_csrf}})
          .status == 200);
  const double everywhere_s = seconds_to_close({&kept}, 4004);
  INFO("the sign-out everywhere's socket closed within " << everywhere_s << " s");
  CHECK(everywhere_s < 1.0 * slowdown);
}

TEST_CASE(
    "an administrator on one node aborts a running match another node holds, its player connected there, and deletes it once finished",
    "[cluster]") {
  cluster c;
  const unsigned short n1 = c.nodes[0]->port(), n2 = c.nodes[1]->port(), n3 = c.nodes[2]->port();
  const auto [root, root_csrf] = session_of(
      http_call(n1, "POST", "/api/account/signup",
                json{{"username", "root"}, {"password", "root's password"}, {"invitation", setup_code(c)}}.dump()));

  // A match held by node 2, its first player connected there.
  const created_match made = create_match(n2, {{"game", "taixu"}});
  ws_client player(n2, "", "/ws?code=" + made.code);
  player.send({{"type", "join"}, {"code", made.code}, {"token", made.token}});
  player.until("joined");
  REQUIRE(holders(c.db).at(made.code) == "n2");

  // Served on node 3 itself (a request already relayed is never relayed again): node 3 asks for
  // the match, which node 2 keeps for its player, and answers unavailable after its retries.
  // (It used to crash there: its retry timer had no executor.)
  const auto kept = http_call(n3, "POST", "/api/admin/matches/" + made.code + "/abort",
                              json{{"reason", "the club closes"}}.dump(),
                              {{"Cookie", root}, {"X-CSRF-Token", root_csrf}, {"X-Tabuleiro-Relay", "test"}});
  INFO(kept.body);
  CHECK(kept.status == 503);
  CHECK(http_call(n3, "GET", "/healthz").status == 200);
  // The administrator, on node 3, aborts it: relayed to node 2, and the player hears it there.
  const auto aborted = http_call(n3, "POST", "/api/admin/matches/" + made.code + "/abort",
                                 json{{"reason", "the club closes"}}.dump(),
                                 {{"Cookie", root}, {"X-CSRF-Token", root_csrf}});
  INFO(aborted.body);
  CHECK(aborted.status == 200);
  const json over = player.until("game_over");
  CHECK(over.dump().find("aborted_by_host") != std::string::npos);
  // Finished and still held by node 2 (its player is there): node 3 deletes it, and the player is closed.
  const auto deleted = http_call(n3, "POST", "/api/admin/matches/" + made.code + "/delete", "",
                                 {{"Cookie", root}, {"X-CSRF-Token", root_csrf}});
  INFO(deleted.body);
  CHECK(deleted.status == 200);
  CHECK(player.wait_closed(5) == 1001);
  CHECK(http_call(n1, "GET", "/api/matches/" + made.code).status == 404);
  // Every node still answers.
  for (const unsigned short port : {n1, n2, n3}) CHECK(http_call(port, "GET", "/healthz").status == 200);
}

// `tabuleiro serve --db postgresql://...`: the real server on a PostgreSQL database (a
// throw-away cluster of its own, tests/pg): a match is created and played, the server is
// killed and started again on the same database, and the match resumes at the same version.
// Both runs are the same node (--node), which takes its own lease back at once; another node
// would wait for the killed one's lease to lapse (tests/cluster).
#include <catch2/catch.hpp>

#include "game_util.h"
#include "pg_cluster.h"

using namespace tabuleiro::test;

TEST_CASE("postgres: a match played on PostgreSQL resumes at the same version after a restart") {
  pg_cluster cluster;
  const std::string url = cluster.create_database();
  temp_dir dir;
  const std::string log = dir.path + "/serve.log";
  const std::vector<std::string> node = {"--node", "pg-node-1"};
  auto srv = std::make_unique<server_process>(url, node, log);
  table tb = table::open(srv->port());
  std::mt19937 rng(5);
  REQUIRE(tb.play(6, rng) == 6);
  const std::int64_t acked = tb.at[0].t.version;
  CHECK(acked >= 6);
  const json view = tb.at[0].t.view;
  srv->kill9();

  srv = std::make_unique<server_process>(url, node, log);
  const json sum = match_summary(srv->port(), tb.code);
  CHECK(sum["version"] == acked);
  CHECK(sum["status"] == "live");
  ws_client watcher(srv->port());
  tracked_view w;
  join(watcher, w, tb.code, {{"as", "spectator"}});
  CHECK(w.version == acked);
  CHECK(w.view == view);  // the replayed log gives the very view the spectator had
  // The seat's token still holds: play goes on at the next version.
  table after;
  after.port = srv->port();
  after.code = tb.code;
  for (auto& c : after.at) c.ws = std::make_unique<ws_client>(srv->port());
  for (int st = 1; st <= 2; ++st) {
    join(*after.at[st].ws, after.at[st].t, tb.code, {{"token", tb.at[st].t.token}});
    after.at[st].t.token = tb.at[st].t.token;
  }
  join(*after.at[0].ws, after.at[0].t, tb.code, {{"as", "spectator"}});
  const int seat = after.to_act();
  REQUIRE(seat != 0);
  CHECK(after.act(seat, pick_action(after.at[seat].t.legal, rng, false)) == acked + 1);
  CHECK(match_summary(srv->port(), tb.code)["version"] == acked + 1);
}

// The secret-leak harness: random whole games of every game over the real server; every frame
// each player and a spectator receive is checked against the secrets of the match at that
// version (from the store's log, replayed offline with every secret), for that viewer.
#include <algorithm>
#include <random>
#include <set>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include "harness.h"
#include "protocol/core/game.h"
#include "secrets.h"
#include "words_codec.h"

using namespace tabuleiro;
using namespace tabuleiro::test;
using leak::game_secrets;

namespace {

// One message a client received, and the version its client was at once it was applied.
struct frame {
  int viewer = 0;
  std::int64_t version = 0;
  std::string text;
  bool list = false;         // a message of the match list feed
  bool seed_public = false;  // an export of a finished match, which publishes its seed
};

// One client of a recorded match: its connection and what it last learnt.
struct viewer_client {
  std::unique_ptr<ws_client> ws;
  int viewer = 0;
  std::int64_t version = 0;
  json legal = json::array(), expects, to_act = json::array(), outcome;
};

// A played match: its code and every frame its three clients received.
struct recorded {
  std::string code;
  std::vector<frame> frames;
  int actions = 0;
  int side_paths = 0;   // times history and log were read mid-game
  int list_frames = 0;  // match list feed messages about this match
};

// Reads the next message of c (bounded), records it and updates c; nullopt on timeout.
std::optional<json> take(viewer_client& c, recorded& rec, double timeout_s = 20) {
  auto text = c.ws->recv_text(timeout_s);
  if (!text) return std::nullopt;
  json m = json::parse(*text);
  const std::string type = m.value("type", "");
  if (type == "joined" || type == "patch" || type == "snapshot") {
    c.version = m.at("version");
    c.legal = m.at("legal");
    c.expects = m.value("expects", json());
    c.to_act = m.at("to_act");
  }
  if (type == "game_over") c.outcome = m.at("outcome");
  rec.frames.push_back({c.viewer, c.version, *text});
  return m;
}

// Reads the next message of the match list feed on ws (bounded) and records this match's
// summary in it (preview included), as a spectator's frame at the version the summary names;
// returns that summary (null when the message does not mention the match), nullopt on
// timeout. Only this match's part is checked against its secrets: the same message also lists
// earlier matches of the run, finished, whose ends revealed what they hid.
std::optional<json> take_list(ws_client& ws, recorded& rec, double timeout_s) {
  auto text = ws.recv_text(timeout_s);
  if (!text) return std::nullopt;
  const json m = json::parse(*text);
  REQUIRE(m.value("type", "") != "error");
  json mine;
  for (const char* key : {"matches", "recent"})
    for (const json& s : m.value(key, json::array()))
      if (s.value("code", "") == rec.code) mine = s;
  if (!mine.is_null()) {
    rec.frames.push_back({0, mine.at("version").get<std::int64_t>(), mine.dump(), true});
    ++rec.list_frames;
  }
  return mine;
}

// Reads c's messages until it is at version (bounded).
void catch_up(viewer_client& c, recorded& rec, std::int64_t version) {
  for (int i = 0; i < 200 && c.version < version; ++i) REQUIRE(take(c, rec).has_value());
  REQUIRE(c.version >= version);
}

// Plays one random whole match of g on the server at port: two players and a spectator.
recorded play(unsigned short port, const game_secrets& g, std::mt19937& rng) {
  recorded rec;
  created_match m = create_match(port, {{"game", g.game}, {"options", g.options}});
  rec.code = m.code;
  std::array<viewer_client, 3> at;
  for (int v = 0; v < 3; ++v) {
    at[v].ws = std::make_unique<ws_client>(port);
    at[v].viewer = v;
  }
  const std::array<json, 3> joins = {json{{"as", "spectator"}}, json{{"token", m.token}}, json{{"as", "player"}}};
  for (int v : {1, 2, 0}) {  // the creator's seat is 1 (the default)
    json j = {{"type", "join"}, {"code", m.code}};
    j.update(joins[v]);
    at[v].ws->send(j);
    for (int i = 0; i < 20; ++i)
      if (take(at[v], rec).value_or(json())["type"] == "joined") break;
  }
  // A visitor of the home page watches the list feed with board previews: one more outbound
  // path, checked against the spectator's secrets.
  ws_client list(port);
  list.send({{"type", "watch_list"}, {"preview", true}});
  int next_id = 0;
  json last_listed;  // this match's newest summary read from the feed
  while (!at[0].to_act.empty()) {
    while (take_list(list, rec, 0)) {
    }
    const json& to_act = at[0].to_act;
    const int seat = to_act[std::uniform_int_distribution<std::size_t>(0, to_act.size() - 1)(rng)];
    viewer_client& actor = at[seat];
    catch_up(actor, rec, at[0].version);
    const std::string id = "a" + std::to_string(++next_id);
    if (rec.actions >= g.max_actions) {
      actor.ws->send({{"type", "resign"}, {"id", id}});
    } else {
      json action;
      // An incomplete list (a secret set-up) is improvised one time in two even when it
      // lists some actions, so that whole placements go through the harness too.
      const bool improvise = g.improvise && !actor.expects.is_null() &&
                             (actor.legal.empty() || std::uniform_int_distribution<int>(0, 1)(rng) == 0);
      if (!actor.legal.empty() && !improvise) {
        action = actor.legal[std::uniform_int_distribution<std::size_t>(0, actor.legal.size() - 1)(rng)];
      } else {
        REQUIRE(g.improvise);
        action = g.improvise(actor.expects, rng);
      }
      REQUIRE(action.is_object());
      actor.ws->send({{"type", "act"}, {"id", id}, {"action", action}});
    }
    ++rec.actions;
    for (;;) {
      auto reply = take(actor, rec);
      REQUIRE(reply.has_value());
      INFO(reply->dump());
      REQUIRE((*reply)["type"] != "reject");
      if ((*reply)["type"] == "ack" && (*reply)["id"] == id) break;
    }
    for (auto& c : at) catch_up(c, rec, actor.version);
    // The list feed pushes at most once a second: the server's (manual) clock moves past that
    // interval, again while no push names this version (the room's summary may reach the feed
    // after a move of the clock), so every version reaches the feed, and its push is read.
    for (int i = 0;; ++i) {
      REQUIRE(i < 50);
      REQUIRE(http_call(port, "POST", "/api/test/clock", R"({"advance_ms":1100})").status == 200);
      const auto listed = take_list(list, rec, 2.0);
      if (!listed || listed->is_null()) continue;
      last_listed = *listed;
      if (listed->value("version", std::int64_t{-1}) >= actor.version) break;
    }
    // Now and then every client also asks for the history, and the export log is read as a
    // spectator would: both are outbound paths the secrets must not take either.
    if (std::uniform_int_distribution<int>(0, 7)(rng) == 0) {
      for (auto& c : at) {
        c.ws->send({{"type", "history"}, {"id", "h"}});
        for (int i = 0; i < 50; ++i) {
          auto reply = take(c, rec);
          REQUIRE(reply.has_value());
          INFO(reply->dump().substr(0, 300));
          REQUIRE((*reply)["type"] != "error");
          if ((*reply)["type"] == "history") break;
        }
      }
      auto log = http_call(port, "GET", "/api/matches/" + m.code + "/log");
      REQUIRE(log.status == 200);
      // The export of a match that the last action ended carries its seed, as it should.
      const bool over = !log.json_body().at("outcome").is_null();
      rec.frames.push_back({0, at[0].version, log.body, false, over});
      ++rec.side_paths;
    }
  }
  for (int i = 0; last_listed.value("activity", "") != "finished"; ++i) {  // the feed's push of the end
    REQUIRE(i < 20);
    REQUIRE(http_call(port, "POST", "/api/test/clock", R"({"advance_ms":1100})").status == 200);
    auto s = take_list(list, rec, 2.0);
    if (s && !s->is_null()) last_listed = *s;
  }
  for (auto& c : at) {  // the game_over message of each client, and anything after it
    for (int i = 0; i < 20 && c.outcome.is_null(); ++i) REQUIRE(take(c, rec).has_value());
    REQUIRE_FALSE(c.outcome.is_null());
    while (take(c, rec, 0.1)) {
    }
  }
  return rec;
}

// Every version's full position of match code, from the server's database (after the server
// stopped): the stored seed and options, and the log replayed through the engine.
std::vector<json> positions_by_version(const std::string& db_path, const std::string& code) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  auto text = [](sqlite3_stmt* st, int col) {
    auto* p = sqlite3_column_text(st, col);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  };
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT id, game, options, seed, start_position FROM matches WHERE code = ?", -1, &st,
                             nullptr) == SQLITE_OK);
  sqlite3_bind_text(st, 1, code.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(st) == SQLITE_ROW);
  const auto id = sqlite3_column_int64(st, 0);
  const std::string game = text(st, 1);
  const json options = json::parse(text(st, 2));
  const std::uint64_t seed = std::stoull(text(st, 3));
  const json start = text(st, 4).empty() ? json() : json::parse(text(st, 4));
  sqlite3_finalize(st);
  const auto* kind = protocol::find_game(game);
  REQUIRE(kind != nullptr);
  auto created = kind->create(options, start, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  std::vector<json> out = {kind->secret_position(*m)};
  REQUIRE(sqlite3_prepare_v2(db, "SELECT version, seat, action FROM actions WHERE match_id = ? ORDER BY version", -1,
                             &st, nullptr) == SQLITE_OK);
  sqlite3_bind_int64(st, 1, id);
  while (sqlite3_step(st) == SQLITE_ROW) {
    REQUIRE(sqlite3_column_int64(st, 0) == static_cast<std::int64_t>(out.size()));
    const std::string action = text(st, 2);
    if (!action.empty()) REQUIRE_FALSE(m->advance(sqlite3_column_int(st, 1), json::parse(action)).has_value());
    out.push_back(kind->secret_position(*m));
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

// What the harness found over the games of g.
struct verdict {
  int games = 0, frames = 0, secrets_checked = 0, leaks = 0, side_paths = 0, list_frames = 0;
  int list_leaks = 0;  // leaks found in frames of the match list feed
  std::string first_leak;
};

// Plays g.games random whole games of g on a fresh server and checks every frame.
verdict run(const game_secrets& g, std::uint32_t seed) {
  temp_dir dir;
  const std::string db = dir.path + "/leak.db";
  std::vector<recorded> games;
  {
    server_process srv(
        db, {"--msg-rate", "100000", "--msg-burst", "100000", "--clock", "manual", "--abandon-after", "1000000"}, "",
        g.binary);
    std::mt19937 rng(seed);
    for (int i = 0; i < g.games; ++i) games.push_back(play(srv.port(), g, rng));
    REQUIRE(srv.terminate() == 0);
  }
  verdict out;
  for (const recorded& rec : games) {
    const auto positions = positions_by_version(db, rec.code);
    ++out.games;
    out.side_paths += rec.side_paths;
    out.list_frames += rec.list_frames;
    for (const frame& f : rec.frames) {
      REQUIRE(f.version < static_cast<std::int64_t>(positions.size()));
      ++out.frames;
      const json& position = positions[f.version];
      for (const std::string& secret : g.secrets(position, f.viewer)) {
        if (f.seed_public && position.contains("seed") && secret == position["seed"]) continue;
        ++out.secrets_checked;
        if (f.text.find(secret) == std::string::npos) continue;
        if (f.list) ++out.list_leaks;
        if (out.leaks++ == 0)
          out.first_leak = "viewer " + std::to_string(f.viewer) + " got '" + secret + "' in " + f.text.substr(0, 300);
      }
    }
  }
  return out;
}

// The games whose random whole games run below, each in a test case of its own (ctest runs them
// side by side: under the sanitizers the four in one test took 240 s, the longest test there).
const std::set<std::string> games_run_below = {"cyvasse", "quadri", "taixu", "words"};

// Plays the declared random whole games of game and checks that no frame holds a secret of its viewer.
void check_game(const std::string& game) {
  protocol::register_game(&words::game_kind());
  const auto declared = leak::all_game_secrets();
  const auto g = std::find_if(declared.begin(), declared.end(), [&](const auto& d) { return d.game == game; });
  REQUIRE(g != declared.end());
  const verdict v = run(*g, 20261201);
  WARN(g->game << ": " << v.games << " games, " << v.frames << " frames, " << v.secrets_checked << " secret checks, "
               << v.side_paths << " history/log reads, " << v.list_frames << " list feed frames, " << v.leaks
               << " leaks");
  INFO(v.first_leak);
  CHECK(v.games == g->games);
  CHECK(v.secrets_checked > 0);
  CHECK(v.side_paths > 0);
  CHECK(v.list_frames >= v.games);
  CHECK(v.leaks == 0);
}

}  // namespace

TEST_CASE("every game has a leak declaration, and its random games run below") {
  protocol::register_game(&words::game_kind());
  std::set<std::string> declared;
  for (const auto& g : leak::all_game_secrets()) declared.insert(g.game);
  for (auto name : protocol::game_names()) {
    INFO("game " << name << " has no leak declaration in tests/leak/secrets.cpp");
    CHECK(declared.count(std::string(name)) == 1);
  }
  CHECK(declared == games_run_below);
}

TEST_CASE("random whole games of TAIXU - no frame holds a secret of its viewer") { check_game("taixu"); }
TEST_CASE("random whole games of Cyvasse - no frame holds a secret of its viewer") { check_game("cyvasse"); }
TEST_CASE("random whole games of QU4DRI - no frame holds a secret of its viewer") { check_game("quadri"); }
TEST_CASE("random whole games of the toy game - no frame holds a secret of its viewer") { check_game("words"); }

TEST_CASE("the harness catches a redaction broken on purpose") {
  protocol::register_game(&words::game_kind());
  const verdict v = run(leak::broken_words(), 7);
  CHECK(v.secrets_checked > 0);
  CHECK(v.leaks > 0);
  CHECK(v.list_leaks > 0);  // the list feed's preview is checked too
}

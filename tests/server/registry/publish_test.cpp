// POST /api/matches/publish against the real server: games played away from it with the same
// engine (here: the native one, in the test), published finished or resigned, read back at
// their log and summary and joined over WebSocket; every refusal naming its step; hostile
// bodies; the per-address limit; the access mode and the rematch of a published game.
#include <random>
#include <string>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <catch2/catch.hpp>

#include "game_util.h"
#include "harness.h"
#include "protocol/core/game.h"
#include "protocol/core/json_util.h"

using namespace tabuleiro::test;
namespace protocol = tabuleiro::protocol;

namespace {

// A game played away from the server: the publication's body, the changes its log must hold
// ({"seat","action"} with the canonical actions the engine logs) and its outcome (null: not over).
struct offline_game {
  json body;
  json log = json::array();
  json outcome;
};

// A new match of game from seed with the default options.
std::unique_ptr<protocol::match> new_engine_match(const std::string& game, std::uint64_t seed) {
  const protocol::game_kind* kind = protocol::find_game(game);
  REQUIRE(kind != nullptr);
  auto created = kind->create(json::object(), nullptr, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  return std::move(std::get<std::unique_ptr<protocol::match>>(created));
}

// Plays game from seed with the native engine until it is over or max_actions were played: each
// action a legal entry of a seat to act, sent as the list gives it (TAIXU's drawn towards the
// Core, so that games end; Cyvasse's set-up the standard preset).
offline_game play_offline(const std::string& game, std::uint64_t seed, std::size_t max_actions = 4000) {
  auto m = new_engine_match(game, seed);
  std::mt19937 rng(static_cast<unsigned>(seed));
  offline_game g;
  g.body = {{"game", game}, {"options", json::object()}, {"seed", std::to_string(seed)}, {"actions", json::array()}};
  while (g.body["actions"].size() < max_actions && !m->outcome()) {
    const auto to_act = m->seats_to_act();
    REQUIRE(!to_act.empty());
    const int seat = to_act[rng() % to_act.size()];
    const auto legal = m->legal(seat);
    json action = legal.complete ? pick_action(legal.actions, rng, game == "taixu")
                                 : json{{"type", "setup"}, {"preset", "standard"}};
    auto applied = m->apply(seat, action);
    if (!std::holds_alternative<protocol::applied>(applied)) {  // a list annotation the parser refuses
      for (const char* k : {"cost", "capture", "ranged", "captures"}) action.erase(k);
      applied = m->apply(seat, action);
    }
    REQUIRE(std::holds_alternative<protocol::applied>(applied));
    g.body["actions"].push_back({{"seat", seat}, {"action", action}});
    g.log.push_back({{"seat", seat}, {"action", std::get<protocol::applied>(applied).action}});
  }
  g.outcome = protocol::outcome_json(m->outcome());
  return g;
}

// A finished game of game: the first seed from seed on whose play ends within 4,000 actions.
offline_game finished_game(const std::string& game, std::uint64_t seed) {
  for (std::uint64_t s = seed; s < seed + 20; ++s) {
    offline_game g = play_offline(game, s);
    if (!g.outcome.is_null()) return g;
  }
  FAIL("no finished " << game << " game");
  return {};
}

http_answer publish(unsigned short port, const json& body, const header_list& h = {}) {
  return http_call(port, "POST", "/api/matches/publish", body.dump(), h);
}

// Publishes body; REQUIREs 201 and returns its share code.
std::string published(unsigned short port, const json& body, const header_list& h = {}) {
  const auto a = publish(port, body, h);
  INFO(a.body);
  REQUIRE(a.status == 201);
  const json j = a.json_body();
  CHECK(j.size() == 2);
  CHECK(j["link"] == "http://127.0.0.1:" + std::to_string(port) + "/m/" + j["code"].get<std::string>());
  return j["code"];
}

// Posts body; REQUIREs 400 with error code and returns the error object.
json refused(unsigned short port, const json& body, const std::string& code) {
  const auto a = publish(port, body);
  INFO(body.dump().substr(0, 300) << " -> " << a.body);
  REQUIRE(a.status == 400);
  const json e = a.json_body()["error"];
  CHECK(e["code"] == code);
  return e;
}

// Posts body; REQUIREs a bad_log refusal at step for reason (its message names both).
void refused_at(unsigned short port, const json& body, std::int64_t step, const std::string& reason) {
  const json e = refused(port, body, "bad_log");
  CHECK(e["step"] == step);
  CHECK(e["reason"] == reason);
  const std::string message = e["message"];
  const std::string head = "step " + std::to_string(step);
  CHECK((message.rfind(head + " (", 0) == 0 || message.rfind(head + ":", 0) == 0));
  CHECK(message.find(": " + reason + " \u2014 ") != std::string::npos);
}

// The whole export log of code (every page), as one page holding every change.
json whole_log(unsigned short port, const std::string& code) {
  json all, changes = json::array();
  std::int64_t from = 0;
  for (int pages = 0; pages < 20; ++pages) {
    const auto a = http_call(port, "GET", "/api/matches/" + code + "/log?from=" + std::to_string(from));
    REQUIRE(a.status == 200);
    all = a.json_body();
    for (const json& c : all["changes"]) changes.push_back(c);
    if (all["next"].is_null()) break;
    from = all["next"];
  }
  all["changes"] = std::move(changes);
  return all;
}

// Whether the public list of finished matches holds code.
bool listed(unsigned short port, const std::string& code) {
  const auto a = http_call(port, "GET", "/api/matches?status=finished");
  REQUIRE(a.status == 200);
  const json list = a.json_body();
  for (const json& m : list["matches"])
    if (m["code"] == code) return true;
  return false;
}

// Sends text on a new connection to the server and returns all it answers until it closes the
// connection (what arrived within 5 s).
std::string raw_exchange(unsigned short port, const std::string& text) {
  namespace net = boost::asio;
  net::io_context ioc;
  net::ip::tcp::socket sock(ioc);
  sock.connect({net::ip::make_address("127.0.0.1"), port});
  net::write(sock, net::buffer(text));
  std::string answer;
  auto buffer = net::dynamic_buffer(answer);
  net::async_read(sock, buffer, [](boost::system::error_code, std::size_t) {});
  ioc.run_for(std::chrono::seconds(5));
  return answer;
}

// A chunked POST request for target's header, up to its first chunk's size line (hex).
std::string chunked_post(unsigned short port, const std::string& target, std::size_t first_chunk) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", first_chunk);
  return "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + size;
}

}  // namespace

TEST_CASE("publish: a finished game of each game is stored as a finished match played offline, read back and joined") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--publish-limit", "1000"});
  struct setup {
    std::string game;
    json bot, bot_seat, names;
  };
  for (const setup& s :
       {setup{"taixu", "hard", 2, {{"1", " Ana\u0007 "}}},
        setup{"cyvasse", nullptr, nullptr, {{"1", "Ana"}, {"2", "Bruno"}}}, setup{"quadri", "easy", 1, nullptr}}) {
    CAPTURE(s.game);
    offline_game g = finished_game(s.game, 3);
    json body = g.body;
    body["bot"] = s.bot;
    body["bot_seat"] = s.bot_seat;
    body["names"] = s.names;
    body["end"] = nullptr;
    const std::string code = published(srv.port(), body);
    const std::size_t n = g.log.size();

    const json log = whole_log(srv.port(), code);
    CHECK(log["offline"] == true);
    CHECK(log["game"] == s.game);
    CHECK(log["status"] == "finished");
    CHECK(log["outcome"] == g.outcome);
    CHECK(log["seed"] == g.body["seed"]);
    CHECK(log["options"] == json::object());
    REQUIRE(log["changes"].size() == n);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(log["changes"][i]["version"] == i + 1);
      CHECK(log["changes"][i]["seat"] == g.log[i]["seat"]);
      CHECK(log["changes"][i]["action"] == g.log[i]["action"]);
    }
    const json& players = log["players"];
    if (s.game == "taixu") {
      CHECK(players[0]["name"] == "Ana");
      CHECK(players[1]["bot"] == "hard");
      CHECK(players[1]["name"].is_null());
    } else if (s.game == "cyvasse") {
      CHECK(players[1]["name"] == "Bruno");
      CHECK_FALSE(players[0].contains("bot"));
    } else {
      CHECK(players[0]["bot"] == "easy");
      CHECK(players[1]["name"].is_null());
    }

    const json summary = match_summary(srv.port(), code);
    CHECK(summary["offline"] == true);
    CHECK(summary["status"] == "finished");
    CHECK(summary["activity"] == "finished");
    CHECK(summary["visibility"] == "unlisted");
    CHECK(summary["outcome"] == g.outcome);
    CHECK(summary["version"] == n);
    CHECK(summary["seats"][0]["taken"] == true);
    CHECK(summary["seats"][1]["taken"] == true);
    if (!s.bot.is_null()) CHECK(summary["seats"][s.bot_seat.get<int>() - 1]["bot"] == s.bot);
    CHECK_FALSE(listed(srv.port(), code));  // unlisted unless asked

    // Joined as a finished match: nobody can take a seat, everyone watches it and its history.
    ws_client c(srv.port());
    tracked_view t;
    const json joined = join(c, t, code, {{"as", "player"}});
    CHECK(joined["seat"].is_null());
    CHECK(joined["version"] == n);
    CHECK(joined["outcome"] == g.outcome);
    CHECK(joined["to_act"] == json::array());
    CHECK(c.expect("game_over")["outcome"] == g.outcome);
    c.send({{"type", "history"}, {"id", "h"}, {"from", 0}});
    const json page = c.until("history");
    CHECK(page["to"] == std::min<std::size_t>(n, 200));
    CHECK(page["changes"].size() == std::min<std::size_t>(n, 200));
    // A match created on the server is not offline.
    CHECK(match_summary(srv.port(), create_match(srv.port(), {{"game", s.game}}).code)["offline"] == false);
  }
}

TEST_CASE("publish: a resigned game ends with the resignation, also before any action") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--publish-limit", "1000"});
  offline_game g = play_offline("taixu", 5, 12);
  REQUIRE(g.outcome.is_null());
  json body = g.body;
  body["end"] = {{"type", "resign"}, {"seat", 2}};
  const std::string code = published(srv.port(), body);
  const json log = whole_log(srv.port(), code);
  CHECK(log["outcome"] == json{{"winner", 1}, {"reason", "resign"}});
  REQUIRE(log["changes"].size() == 13);
  CHECK(log["changes"][11]["action"] == g.log[11]["action"]);
  CHECK(log["changes"][12]["change"] == json{{"type", "resign"}, {"seat", 2}});
  CHECK(log["changes"][12]["seat"] == 2);
  CHECK(log["offline"] == true);

  json none = {
      {"game", "cyvasse"}, {"seed", "7"}, {"actions", json::array()}, {"end", {{"type", "resign"}, {"seat", 1}}}};
  const json other = whole_log(srv.port(), published(srv.port(), none));
  CHECK(other["outcome"] == json{{"winner", 2}, {"reason", "resign"}});
  CHECK(other["changes"].size() == 1);
  ws_client c(srv.port());
  tracked_view t;
  CHECK(join(c, t, other["code"])["outcome"] == other["outcome"]);
}

TEST_CASE("publish: a log the engine cannot reproduce is refused, naming the first step refused") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--publish-limit", "1000"});
  const unsigned short port = srv.port();
  const offline_game g = finished_game("taixu", 3);
  const std::int64_t n = static_cast<std::int64_t>(g.log.size());
  REQUIRE(n > 5);

  SECTION("the request's own fields") {
    json body = g.body;
    body["game"] = "chess";
    refused(port, body, "unknown_game");
    body = g.body;
    body["options"] = {{"reserve", "many"}};
    refused(port, body, "bad_options");
    body["options"] = json::array();
    refused(port, body, "bad_options");
    for (const json& seed :
         {json("abc"), json(12345), json("-1"), json("18446744073709551616"), json(""), json(nullptr)}) {
      body = g.body;
      body["seed"] = seed;
      CHECK(refused(port, body, "bad_request")["message"].get<std::string>().find("seed") != std::string::npos);
    }
    body = g.body;
    body.erase("actions");
    refused(port, body, "bad_request");
    body = g.body;
    body["outcome"] = g.outcome;  // no claimed outcome: the replay decides it
    refused(port, body, "bad_request");
    for (const auto& [bot, seat] : {std::pair{json("hard"), json(nullptr)}, std::pair{json(nullptr), json(1)},
                                    std::pair{json("random"), json(1)}, std::pair{json("easy"), json(3)}}) {
      body = g.body;
      body["bot"] = bot;
      body["bot_seat"] = seat;
      refused(port, body, "bad_request");
    }
    body = g.body;
    body["bot"] = "easy";
    body["bot_seat"] = 2;
    body["names"] = {{"2", "Not a computer"}};
    refused(port, body, "bad_request");
    body["names"] = {{"3", "Ana"}};
    refused(port, body, "bad_request");
    body["names"] = {{"1", 7}};
    refused(port, body, "bad_request");
    body = g.body;
    body["visibility"] = "secret";
    refused(port, body, "bad_request");
    for (const json& end :
         {json("resign"), json{{"type", "draw"}, {"seat", 1}}, json{{"type", "resign"}, {"seat", 1}, {"by", 2}}}) {
      body = g.body;
      body["end"] = end;
      refused(port, body, "bad_request");
    }
  }
  SECTION("an action the rules refuse") {
    const std::int64_t k = n / 2;
    auto m = new_engine_match("taixu", 3);
    for (std::int64_t i = 0; i + 1 < k; ++i) REQUIRE_FALSE(m->advance(g.log[i]["seat"], g.log[i]["action"]));
    const json bad = {{"type", "swap"}, {"from", "a1"}, {"to", "h8"}};
    const auto why = m->check(g.log[k - 1]["seat"], bad);
    REQUIRE(why);
    json body = g.body;
    body["actions"][k - 1]["action"] = bad;
    refused_at(port, body, k, why->code);
  }
  SECTION("an action for a seat not to act, and actions after the end") {
    json body = g.body;
    json& entry = body["actions"][2];
    entry["seat"] = 3 - entry["seat"].get<int>();
    refused_at(port, body, 3, "not_your_turn");
    CHECK(refused(port, body, "bad_log")["message"].get<std::string>().rfind(
              "step 3 (seat " + std::to_string(entry["seat"].get<int>()) + "): not_your_turn \u2014 ", 0) == 0);
    body = g.body;
    body["actions"].push_back(body["actions"][n - 1]);
    refused_at(port, body, n + 1, "game_over");
  }
  SECTION("a log that does not end the game, or a resignation that cannot be") {
    const offline_game part = play_offline("taixu", 5, 10);
    REQUIRE(part.outcome.is_null());
    refused_at(port, part.body, 11, "not_finished");
    json body = part.body;
    for (const json& seat : {json(3), json(0), json("1"), json(nullptr)}) {
      body["end"] = {{"type", "resign"}, {"seat", seat}};
      refused_at(port, body, 11, "bad_end");
    }
    body["end"] = {{"type", "resign"}, {"seat", 2}};
    body["bot"] = "medium";
    body["bot_seat"] = 2;
    refused_at(port, body, 11, "bad_end");  // the computer never resigns
    body = g.body;
    body["end"] = {{"type", "resign"}, {"seat", 1}};
    refused_at(port, body, n + 1, "game_over");  // the rules had ended it
  }
  SECTION("malformed entries, and another game's log") {
    for (const json& entry :
         {json(1), json::array(), json{{"seat", 1}}, json{{"seat", 0}, {"action", {{"type", "end_turn"}}}},
          json{{"seat", "1"}, {"action", {{"type", "end_turn"}}}}, json{{"seat", 1}, {"action", "end_turn"}},
          json{{"seat", 1}, {"action", {{"type", "end_turn"}}}, {"at", 5}}}) {
      json body = g.body;
      body["actions"][3] = entry;
      refused_at(port, body, 4, "bad_entry");
    }
    json body = g.body;
    body["game"] = "quadri";
    CHECK(refused(port, body, "bad_log")["step"] == 1);
  }
}

TEST_CASE("publish: hostile bodies are refused by size, depth, count, type and origin") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--publish-limit", "1000"});
  const unsigned short port = srv.port();
  // Over 512 KiB: 413, before any parse; the other routes keep their 16 KiB.
  const std::string huge = "{\"game\":\"taixu\",\"pad\":\"" + std::string(600 * 1024, 'x') + "\"}";
  const auto big = http_call(port, "POST", "/api/matches/publish", huge);
  CHECK(big.status == 413);
  CHECK(big.body.find("512 KiB") != std::string::npos);
  const auto create_big = http_call(port, "POST", "/api/matches",
                                    "{\"game\":\"taixu\",\"pad\":\"" + std::string(20 * 1024, 'x') + "\"}");
  CHECK(create_big.status == 413);
  CHECK(create_big.body.find("16 KiB") != std::string::npos);
  // A chunked body is held to the same limits as it is read: a chunk over 16 KiB for a creation,
  // over 512 KiB for a publication, is refused at its size line; a publication over 16 KiB is read.
  const std::string create_chunk = raw_exchange(port, chunked_post(port, "/api/matches", 20 * 1024));
  CHECK(create_chunk.rfind("HTTP/1.1 413", 0) == 0);
  CHECK(create_chunk.find("16 KiB") != std::string::npos);
  const std::string publish_chunk = raw_exchange(port, chunked_post(port, "/api/matches/publish", 600 * 1024));
  CHECK(publish_chunk.rfind("HTTP/1.1 413", 0) == 0);
  CHECK(publish_chunk.find("512 KiB") != std::string::npos);
  const std::string game = finished_game("cyvasse", 3).body.dump();
  REQUIRE(game.size() > 16 * 1024);
  const std::string read = raw_exchange(port, chunked_post(port, "/api/matches/publish", game.size()) + game +
                                                  "\r\n0\r\n\r\n");
  CHECK(read.rfind("HTTP/1.1 201", 0) == 0);
  // A log at its cap fits the body: 5,000 entries are read (and refused at their first bad step).
  const json odd = {{"type", "end_turn"}, {"pad", std::string(40, 'x')}};
  const auto why = new_engine_match("taixu", 1)->check(1, odd);
  REQUIRE(why);
  json body = {{"game", "taixu"}, {"seed", "1"}, {"actions", json::array()}};
  for (int i = 0; i < 5000; ++i) body["actions"].push_back({{"seat", 1}, {"action", odd}});
  REQUIRE(body.dump().size() > 256 * 1024);
  refused_at(port, body, 1, why->code);
  body["actions"].push_back(body["actions"][0]);
  refused_at(port, body, 5001, "too_many_actions");
  // Nesting deeper than 32, not JSON, not an object.
  std::string deep = "{\"game\":\"taixu\",\"seed\":\"1\",\"actions\":";
  for (int i = 0; i < 40; ++i) deep += '[';
  for (int i = 0; i < 40; ++i) deep += ']';
  deep += '}';
  CHECK(http_call(port, "POST", "/api/matches/publish", deep).json_body()["error"]["code"] == "bad_json");
  CHECK(http_call(port, "POST", "/api/matches/publish", "{\"game\":").json_body()["error"]["code"] == "bad_json");
  refused(port, json::array(), "bad_request");
  // Not JSON by its type, or from another site.
  CHECK(http_call(port, "POST", "/api/matches/publish", body.dump(), {{"Content-Type", "text/plain"}}).status == 415);
  const auto foreign = http_call(port, "POST", "/api/matches/publish", body.dump(),
                                 {{"Origin", "https://evil.example"}});
  CHECK(foreign.status == 403);
  CHECK(foreign.json_body()["error"]["code"] == "bad_origin");
  const auto options = http_call(port, "OPTIONS", "/api/matches/publish");
  CHECK(options.status == 204);
  CHECK(options.header("Allow") == "POST, OPTIONS");
  // The route table's: the publication's path is not a match's code, so a GET is the wrong method.
  const auto get = http_call(port, "GET", "/api/matches/publish");
  CHECK(get.status == 405);
  CHECK(get.header("Allow") == "POST");
}

TEST_CASE("publish: more than --publish-limit publications a minute from one address get 429") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--clock", "manual"});  // the default limit, 10
  const unsigned short port = srv.port();
  const offline_game g = finished_game("quadri", 1);
  for (int i = 0; i < 9; ++i) refused(port, json::object(), "unknown_game");  // refused ones count too
  published(port, g.body);
  const auto over = publish(port, g.body);
  CHECK(over.status == 429);
  CHECK(over.json_body()["error"]["code"] == "rate_limited");
  CHECK(std::stoi(over.header("Retry-After")) >= 1);
  // The window is a minute: the next one is let through once it passed; creations are not counted.
  CHECK(http_call(port, "POST", "/api/matches", json{{"game", "taixu"}}.dump()).status == 201);
  REQUIRE(http_call(port, "POST", "/api/test/clock", json{{"advance_ms", 60'000}}.dump()).status == 200);
  published(port, g.body);
}

TEST_CASE("publish: public when asked, and where only members play a member publishes and keeps the seat it played") {
  temp_dir dir;
  server_process srv(dir.path + "/p.db", {"--access", "members", "--publish-limit", "1000"});
  const unsigned short port = srv.port();
  offline_game g = finished_game("taixu", 3);
  json body = g.body;
  body["bot"] = "easy";
  body["bot_seat"] = 2;
  body["visibility"] = "public";
  const auto guest = publish(port, body);
  CHECK(guest.status == 401);
  CHECK(guest.json_body()["error"]["code"] == "sign_in_required");
  const auto up = http_call(port, "POST", "/api/account/signup",
                            json{{"username", "ana"}, {"password", "ana's password"}, {"display_name", "Ana"}}.dump());
  REQUIRE(up.status == 201);
  const std::string cookie = up.header("Set-Cookie").substr(0, up.header("Set-Cookie").find(';'));
  const std::string csrf = up.json_body()["csrf"];
  CHECK(publish(port, body, {{"Cookie", cookie}}).json_body()["error"]["code"] == "bad_csrf");
  const std::string code = published(port, body, {{"Cookie", cookie}, {"X-CSRF-Token", csrf}});
  CHECK(listed(port, code));
  const auto mine = http_call(port, "GET", "/api/account/matches", "", {{"Cookie", cookie}});
  REQUIRE(mine.status == 200);
  REQUIRE(mine.json_body()["matches"].size() == 1);
  CHECK(mine.json_body()["matches"][0]["code"] == code);
  CHECK(mine.json_body()["matches"][0]["seat"] == 1);

  // The member's browser resumes its seat by its account; the computer accepts a rematch at
  // once, and the rematch is a match played here.
  ws_client c(port, "", "/ws", "", cookie);
  tracked_view t;
  CHECK(join(c, t, code)["seat"] == 1);
  c.send({{"type", "rematch"}, {"id", "r"}});
  const json ready = c.until("rematch_ready");
  const json next = match_summary(port, ready["code"]);
  CHECK(next["offline"] == false);
  // The seats swap, so the computer has the first move: it may have made it by now.
  CHECK((next["status"] == "waiting" || next["status"] == "live"));
  CHECK(next["seats"][0]["bot"] == "easy");
}

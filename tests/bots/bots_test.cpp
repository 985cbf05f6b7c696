// The bots through protocol::match: every action of every level is accepted by the rules; the
// choice depends only on the seat's observation (hidden parts changed behind it change
// nothing); a fixed budget is deterministic; a raised stop flag ends the search.
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "bots/bot.h"
#include "engine/cyvasse/rules.h"
#include "engine/quadri/rules.h"
#include "protocol/core/game.h"
#include "protocol/cyvasse/codec.h"

namespace {

using namespace tabuleiro;
using protocol::json;

std::unique_ptr<protocol::match> new_match(const std::string& game, std::uint64_t seed) {
  auto created = protocol::find_game(game)->create(json::object(), nullptr, seed);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  return std::move(std::get<0>(created));
}

std::unique_ptr<protocol::match> from_position(const json& pos) {
  auto created = protocol::find_game(pos["game"].get<std::string>())->create(nullptr, pos, 0);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(created));
  return std::move(std::get<0>(created));
}

// The view seat s sees now.
json view_of(const protocol::match& m, engine::seat s) {
  const auto pub = m.observe();
  return pub.view_of(s);
}

bots::limits fixed(int iterations) {
  bots::limits l;
  l.iterations = iterations;
  return l;
}

const std::atomic<bool> go{false};

// Plays random actions for n plies (a uniformly random legal action per seat to act).
void scramble(protocol::match& m, int n, std::uint64_t seed) {
  for (int i = 0; i < n && !m.seats_to_act().empty(); ++i) {
    for (engine::seat s : m.seats_to_act()) {
      auto a = bots::choose(m, s, bots::level::random, {}, seed + i * 7 + s, go);
      REQUIRE(a);
      REQUIRE_FALSE(m.advance(s, *a));
    }
  }
}

}  // namespace

TEST_CASE("every level plays only accepted actions until the game ends or the cap", "[bots]") {
  const auto game = GENERATE(std::string("taixu"), std::string("cyvasse"), std::string("quadri"));
  const auto lvl = GENERATE(bots::level::random, bots::level::easy, bots::level::medium, bots::level::hard);
  // Small fixed budgets growing with the level, so the test stays quick.
  const int iterations = lvl == bots::level::easy ? 4 : lvl == bots::level::medium ? 8 : 16;
  CAPTURE(game, bots::level_name(lvl));
  auto m = new_match(game, 11);
  int actions = 0;
  const int cap = 300;
  while (actions < cap && !m->seats_to_act().empty()) {
    for (engine::seat s : m->seats_to_act()) {
      // The other seat is a random player; the bot under test plays seat 1 (and its set-up).
      const auto l = s == 1 ? lvl : bots::level::random;
      auto a = bots::choose(*m, s, l, fixed(iterations), 100 + actions, go);
      REQUIRE(a);
      const auto refused = m->check(s, *a);
      INFO(a->dump());
      REQUIRE_FALSE(refused);
      REQUIRE_FALSE(m->advance(s, *a));
      ++actions;
    }
  }
  CHECK((m->outcome().has_value() || actions >= cap));
}

TEST_CASE("the three hosted games have a computer opponent, a game without a budget has none", "[bots]") {
  for (const char* g : {"taixu", "cyvasse", "quadri"}) CHECK(bots::plays(g));
  CHECK_FALSE(bots::plays("words"));  // the test-only toy game: POST /api/matches refuses a bot for it
  CHECK_FALSE(bots::plays(""));
}

TEST_CASE("a seat that may not act gets no action", "[bots]") {
  auto m = new_match("quadri", 3);
  CHECK_FALSE(bots::choose(*m, 2, bots::level::hard, fixed(10), 1, go));
  CHECK(bots::choose(*m, 1, bots::level::hard, fixed(10), 1, go));
}

TEST_CASE("TAIXU: the choice ignores the PRNG behind the same observation", "[bots]") {
  auto a = new_match("taixu", 21);
  scramble(*a, 9, 5);
  REQUIRE_FALSE(a->seats_to_act().empty());
  json pos = protocol::find_game("taixu")->secret_position(*a);
  json other = pos;
  other.erase("rng");
  other["seed"] = "987654321";
  auto b = from_position(other);
  REQUIRE(protocol::find_game("taixu")->secret_position(*b)["rng"] != pos["rng"]);  // hidden parts differ
  const engine::seat s = a->seats_to_act().front();
  REQUIRE(view_of(*a, s) == view_of(*b, s));
  for (auto lvl : {bots::level::easy, bots::level::medium, bots::level::hard}) {
    const auto ca = bots::choose(*a, s, lvl, fixed(200), 77, go);
    const auto cb = bots::choose(*b, s, lvl, fixed(200), 77, go);
    REQUIRE(ca);
    CHECK(*ca == *cb);
  }
}

TEST_CASE("Cyvasse: the set-up ignores the opponent's hidden set-up", "[bots]") {
  auto a = new_match("cyvasse", 8);
  auto b = new_match("cyvasse", 8);
  REQUIRE_FALSE(a->advance(2, json{{"type", "setup"}, {"preset", "standard"}}));
  const auto& lib = cyvasse::formations();
  cyvasse::action other;
  other.type = cyvasse::action::setup;
  other.pieces = cyvasse::formation_for(lib[3], 2, true);
  REQUIRE_FALSE(b->advance(2, protocol::cyvasse_codec::action_json(other)));
  REQUIRE(protocol::find_game("cyvasse")->secret_position(*a) != protocol::find_game("cyvasse")->secret_position(*b));
  REQUIRE(view_of(*a, 1) == view_of(*b, 1));
  for (auto lvl : {bots::level::easy, bots::level::medium, bots::level::hard}) {
    const auto ca = bots::choose(*a, 1, lvl, fixed(50), 3, go);
    const auto cb = bots::choose(*b, 1, lvl, fixed(50), 3, go);
    REQUIRE(ca);
    CHECK(*ca == *cb);
    CHECK_FALSE(a->check(1, *ca));
  }
}

TEST_CASE("Cyvasse: a determinization fills a submitted hidden set-up from the library", "[bots]") {
  auto s = cyvasse::new_game({}, 4);
  auto setup = [&](cyvasse::seat p, int f) {
    cyvasse::action a;
    a.type = cyvasse::action::setup;
    a.pieces = cyvasse::formation_for(cyvasse::formations()[f], p);
    std::vector<cyvasse::event> ev;
    REQUIRE(cyvasse::apply_into(s, p, a, ev) == cyvasse::error::ok);
  };
  setup(2, 2);
  const auto obs = cyvasse::game::observe(s, engine::viewer::seat1);
  for (const auto& pc : obs.board.pieces) REQUIRE(pc.owner != 2);  // hidden from seat 1
  engine::rng r(9);
  const auto d = cyvasse::determinize(obs, 1, r);
  int placed = 0;
  for (int sq = 0; sq < cyvasse::board_size; ++sq)
    if (d.board.pieces[sq].owner == 2) {
      ++placed;
      CHECK(cyvasse::in_zone(2, sq));
    }
  CHECK(placed == cyvasse::army_size);
  setup(1, 0);  // both in: the sampled state can continue as a legal game
  REQUIRE(s.ph == cyvasse::phase::play);
}

TEST_CASE("QU4DRI: the choice ignores unrevealed values behind the same observation", "[bots]") {
  auto a = new_match("quadri", 31);
  scramble(*a, 12, 9);
  REQUIRE_FALSE(a->seats_to_act().empty());
  json pos = protocol::find_game("quadri")->secret_position(*a);
  // Swap the values of two unrevealed talismans of one aura that hold different values.
  json& tiles = pos["tiles"];
  int x = -1, y = -1;
  for (int i = 0; i < static_cast<int>(tiles.size()) && y < 0; ++i) {
    if (tiles[i]["revealed"].get<bool>()) continue;
    if (x < 0) x = i;
    else if (tiles[i]["aura"] == tiles[x]["aura"] && tiles[i]["value"] != tiles[x]["value"]) y = i;
  }
  REQUIRE(y >= 0);
  std::swap(tiles[x]["value"], tiles[y]["value"]);
  auto b = from_position(pos);
  const json pa = protocol::find_game("quadri")->secret_position(*a);
  REQUIRE(pa != protocol::find_game("quadri")->secret_position(*b));  // hidden parts differ
  const engine::seat s = a->seats_to_act().front();
  REQUIRE(view_of(*a, s) == view_of(*b, s));
  for (auto lvl : {bots::level::easy, bots::level::medium, bots::level::hard}) {
    const auto ca = bots::choose(*a, s, lvl, fixed(200), 13, go);
    const auto cb = bots::choose(*b, s, lvl, fixed(200), 13, go);
    REQUIRE(ca);
    CHECK(*ca == *cb);
  }
}

TEST_CASE("QU4DRI: a determinization draws unrevealed values from the multiset left", "[bots]") {
  auto s = quadri::new_game({}, 5);
  const auto obs = quadri::game::observe(s, engine::viewer::seat1);
  for (int seed = 0; seed < 5; ++seed) {
    engine::rng r(seed);
    const auto d = quadri::determinize(obs, r);
    std::array<std::array<int, 5>, 3> count{};
    for (const auto& t : d.tiles)
      if (t.aura) ++count[t.aura][t.value];
    for (int aura = 1; aura <= 2; ++aura)
      for (int v = 1; v <= 4; ++v) CHECK(count[aura][v] == 4);
  }
}

TEST_CASE("a fixed budget gives the same action for the same observation, level and seed", "[bots]") {
  const auto game = GENERATE(std::string("taixu"), std::string("cyvasse"), std::string("quadri"));
  CAPTURE(game);
  auto m = new_match(game, 41);
  scramble(*m, game == "taixu" ? 5 : 3, 2);
  REQUIRE_FALSE(m->seats_to_act().empty());
  const engine::seat s = m->seats_to_act().front();
  const auto first = bots::choose(*m, s, bots::level::hard, fixed(150), 5, go);
  const auto again = bots::choose(*m->clone(), s, bots::level::hard, fixed(150), 5, go);
  REQUIRE(first);
  CHECK(*first == *again);
}

TEST_CASE("a raised stop flag ends the search with no action", "[bots]") {
  const auto game = GENERATE(std::string("taixu"), std::string("cyvasse"), std::string("quadri"));
  CAPTURE(game);
  auto m = new_match(game, 51);
  scramble(*m, 3, 4);
  const engine::seat s = m->seats_to_act().front();
  std::atomic<bool> stop{true};
  CHECK_FALSE(bots::choose(*m, s, bots::level::hard, fixed(1000), 1, stop));
  // Raised while searching an effectively unbounded budget: the search notices within a few ms.
  stop = false;
  const auto t0 = std::chrono::steady_clock::now();
  // The stopper lets the search start; the bound below is what is checked, not this delay.
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    stop = true;
  });
  const auto chosen = bots::choose(*m, s, bots::level::hard, fixed(10'000'000), 1, stop);
  const auto elapsed = std::chrono::steady_clock::now() - t0;
  stopper.join();
  CHECK_FALSE(chosen);
  CHECK(elapsed < std::chrono::milliseconds(30 + 500));
}

TEST_CASE("without a fixed budget the time limit bounds a decision", "[bots]") {
  auto m = new_match("cyvasse", 61);
  scramble(*m, 3, 4);
  bots::limits lim;
  lim.time_limit = std::chrono::milliseconds(40);
  const auto t0 = std::chrono::steady_clock::now();
  const auto chosen = bots::choose(*m, m->seats_to_act().front(), bots::level::hard, lim, 1, go);
  const auto elapsed = std::chrono::steady_clock::now() - t0;
  REQUIRE(chosen);
  CHECK_FALSE(m->check(m->seats_to_act().front(), *chosen));
  CHECK(elapsed < std::chrono::milliseconds(40 + 500));
}

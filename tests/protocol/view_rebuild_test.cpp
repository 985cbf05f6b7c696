// game_kind::from_view, the browser engine's legality: a match rebuilt from one seat's view alone
// (never more than the server sent that seat) lists exactly the server's legal actions for that
// seat and refuses exactly what the server refuses, with the same code, at every step of random
// games of every game; views that are not the server's are refused as bad_view.
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "protocol/core/game.h"
#include "random_play.h"

namespace tabuleiro {
namespace {

using protocol::json;

// Every string in j (actions' squares and cells), collected into out.
void strings_in(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  if (j.is_array() || j.is_object())
    for (const auto& v : j) strings_in(v, out);
}

// Actions near the legal ones: a legal entry with one square (or path cell) replaced by another
// seen in the position, a made-up type, a non-object; most are illegal, some legal by chance.
std::vector<json> near_actions(const json& legal, std::mt19937_64& rng) {
  std::vector<json> out = {json{{"type", "dance"}}, json::array(), json{{"type", "end_turn"}}};
  std::vector<std::string> pool;
  strings_in(legal, pool);
  for (int i = 0; i < 6 && !legal.empty() && !pool.empty(); ++i) {
    json a = legal[rng() % legal.size()];
    for (auto& [key, v] : a.items()) {
      if (key == "type" || rng() % 2) continue;
      if (v.is_string()) v = pool[rng() % pool.size()];
      else if (v.is_array() && !v.empty() && v[0].is_string()) v[rng() % v.size()] = pool[rng() % pool.size()];
    }
    out.push_back(std::move(a));
  }
  return out;
}

// The match seat s could hold from view alone. REQUIREs that the view is accepted.
std::unique_ptr<protocol::match> rebuilt(const protocol::game_kind& kind, const json& view, engine::seat s) {
  auto made = kind.from_view(view, engine::viewer_of(s), 99);
  if (auto* err = std::get_if<protocol::rule_error>(&made)) FAIL(err->code << ": " << err->message);
  return std::move(std::get<std::unique_ptr<protocol::match>>(made));
}

TEST_CASE("view rebuild - every seat's legal list and refusals, from its own view, equal the server's") {
  for (const auto name : protocol::game_names()) {
    const auto& kind = *protocol::find_game(name);
    std::mt19937_64 rng(2026);
    int steps = 0, refusals = 0;
    for (std::uint64_t game = 1; game <= 12; ++game) {
      auto m = test::new_match(kind, game * 7919);
      for (int step = 0; step < 400; ++step) {
        const auto pub = m->observe();
        for (engine::seat s : {1, 2}) {
          INFO(name << " game " << game << " step " << step << " seat " << s);
          const auto copy = rebuilt(kind, pub.view_of(s), s);
          REQUIRE(copy->legal_fields(s) == m->legal_fields(s));
          REQUIRE(copy->seats_to_act() == m->seats_to_act());
          for (const json& a : near_actions(m->legal(s).actions, rng)) {
            INFO(a.dump());
            const auto mine = copy->check(s, a);
            REQUIRE(mine == m->check(s, a));
            refusals += mine.has_value();
          }
        }
        ++steps;
        if (!test::play_random_step(*m, rng)) break;
      }
    }
    INFO(name);
    CHECK(steps > 100);
    CHECK(refusals > 100);
  }
}

TEST_CASE("view rebuild - views a server would not write for that seat are bad_view") {
  for (const auto name : protocol::game_names()) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    auto m = test::new_match(kind, 5);
    const json view = m->observe().view_of(1);
    for (const json& bad : {json(), json::array(), json{{"game", name}}, json("view")}) {
      auto made = kind.from_view(bad, engine::viewer::seat1, 1);
      REQUIRE(std::holds_alternative<protocol::rule_error>(made));
      CHECK(std::get<protocol::rule_error>(made).code == "bad_view");
    }
    // A member the server derives from the others, changed: the view no longer writes back.
    json tampered = view;
    tampered["to_move"] = view["to_move"] == 1 ? 2 : 1;
    tampered["unknown_member"] = true;
    auto made = kind.from_view(tampered, engine::viewer::seat1, 1);
    REQUIRE(std::holds_alternative<protocol::rule_error>(made));
    CHECK(std::get<protocol::rule_error>(made).code == "bad_view");
  }
}

TEST_CASE("view rebuild - a Cyvasse set-up view is its own seat's: the other seat cannot use it") {
  const auto& kind = *protocol::find_game("cyvasse");
  auto m = test::new_match(kind, 11);
  REQUIRE(!std::holds_alternative<protocol::rule_error>(m->apply(1, json{{"type", "setup"}, {"preset", "standard"}})));
  const json seat1_view = m->observe().view_of(1);  // seat 1's pieces placed; seat 2 sees none
  auto made = kind.from_view(seat1_view, engine::viewer::seat2, 1);
  REQUIRE(std::holds_alternative<protocol::rule_error>(made));
  CHECK(std::get<protocol::rule_error>(made).code == "bad_view");
  // Seat 2 rebuilt from its own view may still set up; it never learns seat 1's placement.
  auto own = kind.from_view(m->observe().view_of(2), engine::viewer::seat2, 1);
  REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(own));
  CHECK(std::get<std::unique_ptr<protocol::match>>(own)->legal_fields(2) == m->legal_fields(2));
}

}  // namespace
}  // namespace tabuleiro

// protocol::diff_text: byte for byte what json::diff(...).dump() writes, on hand-made cases, on
// random trees, and on the views of random games of every game; and every game's patches
// written from typed observations (view::patch_from, the per-action path): byte for byte
// diff_text of the same two views.
#include <array>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "protocol/core/json_util.h"
#include "random_play.h"

using namespace tabuleiro;
using json = nlohmann::json;

namespace {

// diff_text agrees with json::diff, and its patch turns source into target.
void check_same(const json& source, const json& target) {
  const std::string text = protocol::diff_text(source, target);
  CHECK(text == json::diff(source, target).dump());
  CHECK(source.patch(json::parse(text)) == target);
}

// A random JSON tree of depth at most depth: objects (keys from a small set, some needing
// escapes in a JSON Pointer or in JSON text), arrays, and every kind of scalar.
json random_tree(std::mt19937_64& rng, int depth) {
  static const char* keys[] = {"a", "b", "c", "a/b", "~x", "q\"uote", "pieces", "e4"};
  const int kind = std::uniform_int_distribution<int>(0, depth > 0 ? 7 : 5)(rng);
  switch (kind) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<int>(rng() % 5) - 2;
    case 3: return static_cast<unsigned>(rng() % 3);
    case 4: return (rng() % 4) * 0.5;
    case 5: return std::string(1, static_cast<char>('x' + rng() % 3));
    case 6: {
      json a = json::array();
      for (int n = static_cast<int>(rng() % 5); n > 0; --n) a.push_back(random_tree(rng, depth - 1));
      return a;
    }
    default: {
      json o = json::object();
      for (int n = static_cast<int>(rng() % 5); n > 0; --n) o[keys[rng() % 8]] = random_tree(rng, depth - 1);
      return o;
    }
  }
}

// target changed from source in a few random places (so that most of it is shared).
json mutate(json j, std::mt19937_64& rng) {
  if (rng() % 4 == 0 || !(j.is_object() || j.is_array()) || j.empty()) return random_tree(rng, 2);
  if (j.is_array()) {
    const std::size_t i = rng() % j.size();
    j[i] = mutate(j[i], rng);
    if (rng() % 3 == 0) j.push_back(random_tree(rng, 1));
    if (rng() % 3 == 0) j.erase(j.size() - 1);
    return j;
  }
  auto it = j.begin();
  std::advance(it, static_cast<long>(rng() % j.size()));
  if (rng() % 3 == 0) j.erase(it);
  else *it = mutate(*it, rng);
  if (rng() % 3 == 0) j["new/key~"] = random_tree(rng, 1);
  return j;
}

}  // namespace

TEST_CASE("diff_text: hand-made cases write what json::diff writes") {
  check_same(json::object(), json::object());
  check_same({{"a", 1}}, {{"a", 1}});
  check_same({{"a", 1}}, {{"a", 2}});
  check_same({{"a", 1}}, {{"a", "1"}});
  check_same({{"a", 1}}, {{"a", 1u}});  // equal numbers of different kinds: no operation
  check_same({{"a", 1}}, {{"a", 1.0}});
  check_same({{"a", {1, 2, 3}}}, {{"a", {1}}});  // removes, the last element first
  check_same({{"a", {1}}}, {{"a", {1, 2, 3}}});  // adds at "/-"
  check_same({{"a", {1, 2}}}, {{"a", {{"x", 1}}}});
  check_same({{"a/b", 1}, {"~c", 2}}, {{"a/b", 3}, {"d\"e", 4}});
  check_same(json::array({1, {{"p", {1, 2}}}}), json::array({2, {{"p", {1}}}, nullptr}));
  check_same(nullptr, json::object());
  check_same(json::array(), json::object());
  CHECK(protocol::diff_text({{"a", 1}}, {{"a", 1}}) == "[]");
}

TEST_CASE("diff_text: random trees and their changes write what json::diff writes") {
  std::mt19937_64 rng(20261202);
  for (int i = 0; i < 3000; ++i) {
    const json source = random_tree(rng, 4);
    check_same(source, mutate(source, rng));
    check_same(source, random_tree(rng, 4));
  }
}

TEST_CASE("diff_text: the views of random games of every game write what json::diff writes") {
  for (const auto name : protocol::game_names()) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    std::mt19937_64 rng(7);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto m = test::new_match(kind, seed);
      auto before = m->observe().views;
      int changes = 0;
      for (int step = 0; step < 150; ++step) {
        const auto pub = test::play_random_step(*m, rng);
        if (!pub) break;
        const auto& views = pub->views;
        for (std::size_t g = 0; g < views.size() && g < before.size(); ++g) {
          check_same(before[g]->value(), views[g]->value());
          ++changes;
        }
        before = views;
      }
      CHECK(changes > 10);
    }
  }
}

TEST_CASE("view::patch_from: every game's patches equal diff_text of its views, near and far apart") {
  // Views from versions k steps apart, per viewer class: k = 1 is what a feed sends, larger k
  // covers many changes at once; the game's last change concludes it when it did not end.
  for (const auto name : protocol::game_names()) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    std::mt19937_64 rng(11);
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto m = test::new_match(kind, seed);
      std::vector<std::array<protocol::view_ptr, 3>> history;
      const auto record = [&](const protocol::publication& pub) {
        std::array<protocol::view_ptr, 3> by_class;
        for (int c = 0; c < 3; ++c) by_class[c] = pub.view_for(c);
        history.push_back(by_class);
        const auto& now = history.back();
        for (const std::size_t back : {std::size_t{1}, std::size_t{5}, std::size_t{40}}) {
          if (history.size() <= back) continue;
          const auto& then = history[history.size() - 1 - back];
          for (int c = 0; c < 3; ++c) {
            const std::string text = now[c]->patch_from(*then[c]);
            REQUIRE(text == protocol::diff_text(then[c]->value(), now[c]->value()));
            REQUIRE(then[c]->value().patch(json::parse(text)) == now[c]->value());
            ++compared;
          }
        }
      };
      record(m->observe());
      for (int step = 0; step < 200; ++step) {
        auto pub = test::play_random_step(*m, rng);
        if (!pub) break;
        record(*pub);
      }
      if (!m->outcome()) {
        m->conclude(engine::outcome{1, "resign"});
        record(m->observe());
      }
    }
    CHECK(compared > 1000);
  }
}

TEST_CASE("view::patch_from: views of matches with other options are diffed as trees") {
  // No match changes its options, so a game's typed patch declines such a pair; the view falls
  // back to diff_text and the patch still turns one view into the other.
  const std::vector<std::pair<std::string_view, json>> other_options{
      {"taixu", {{"reserve", 5}}}, {"cyvasse", {{"quiet_limit", 40}}}, {"quadri", {{"quiet_limit", 30}}}};
  for (const auto& [name, options] : other_options) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    auto a = kind.create(json::object(), nullptr, 3), b = kind.create(options, nullptr, 3);
    REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(a));
    REQUIRE(std::holds_alternative<std::unique_ptr<protocol::match>>(b));
    const auto then = std::get<std::unique_ptr<protocol::match>>(a)->observe().view_for(2);
    const auto now = std::get<std::unique_ptr<protocol::match>>(b)->observe().view_for(2);
    REQUIRE(then->value()["options"] != now->value()["options"]);
    const std::string text = now->patch_from(*then);
    CHECK(text == protocol::diff_text(then->value(), now->value()));
    CHECK(then->value().patch(json::parse(text)) == now->value());
  }
}

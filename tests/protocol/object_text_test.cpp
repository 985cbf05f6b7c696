// protocol::object_text, the writer of every legal-list entry and event: its text is byte for
// byte the dump of its JSON (random objects, escapes included), and every game's legal lists
// and event lists written as text equal the dump of their JSON in random games.
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "protocol/core/messages.h"
#include "protocol/core/object_text.h"
#include "protocol/core/patch_writer.h"
#include "random_play.h"

using namespace tabuleiro;
using json = nlohmann::json;

TEST_CASE("object_text: random objects write what their JSON's dump writes") {
  static const char* keys[] = {"type", "to", "from", "cost", "a", "b", "q\"uote", "back\\slash", "tab\t", "é"};
  static const std::string texts[] = {"",         "e4",          "j10",      "say \"hi\"",
                                      "a\\b",     "line\nbreak", "\b\f\r\t", std::string("nul\0x", 5),
                                      "\x01\x1f", "\x7f",        "ação",     "{}[],:"};
  std::mt19937_64 rng(21);
  for (int round = 0; round < 3000; ++round) {
    protocol::object_text o;
    const int members = static_cast<int>(rng() % 6);
    for (int i = 0; i < members; ++i) {
      const char* key = keys[rng() % std::size(keys)];
      switch (rng() % 8) {
        case 0: o.string(key, texts[rng() % std::size(texts)]); break;
        case 4: o.text(key, texts[rng() % std::size(texts)]); break;  // texts outlive o
        case 5: o.null(key); break;
        case 6: o.seat_or_null(key, static_cast<std::int64_t>(rng() % 3)); break;
        case 7: {  // a nested value, written as its dump
          const json nested = rng() % 2 ? json{{"z", texts[rng() % std::size(texts)]}, {"a", {1, nullptr}}}
                                        : json::array({texts[rng() % std::size(texts)], 2, json::object()});
          o.json_text(key, nested.dump());
          break;
        }
        case 1: o.integer(key, static_cast<std::int64_t>(rng()) >> (rng() % 64)); break;
        case 2: o.boolean(key, rng() % 2 == 0); break;
        default: {
          std::vector<std::string> list(rng() % 4);
          for (auto& s : list) s = texts[rng() % std::size(texts)];
          o.strings(key, std::move(list));
        }
      }
    }
    std::string text = "prefix:";
    o.append_to(text);
    const json j = o.to_json();
    REQUIRE(text == "prefix:" + j.dump());
    CHECK(json::parse(text.substr(7)) == j);
  }
}

TEST_CASE("object_text: a key given twice keeps its last value, and members are in key order") {
  protocol::object_text o;
  o.string("type", "move").integer("cost", 1).string("to", "e4").integer("cost", 2);
  std::string text;
  o.append_to(text);
  CHECK(text == R"({"cost":2,"to":"e4","type":"move"})");
  CHECK(o.to_json() == json{{"type", "move"}, {"cost", 2}, {"to", "e4"}});
}

TEST_CASE("object_text: a text and an owned string with the same characters are the same value") {
  const std::string owned = "e4";
  protocol::object_text a, b, c;
  a.text("to", "e4").text("type", "move");
  b.string("to", owned).text("type", "move");
  c.string("to", "e5").text("type", "move");
  std::string ta, tb;
  a.append_to(ta);
  b.append_to(tb);
  CHECK(ta == tb);
  CHECK(a.to_json() == b.to_json());
  protocol::patch_writer same, other;
  diff_members(same, "/x", a, b);
  diff_members(other, "/x", a, c);
  CHECK(std::move(same).finish() == "[]");
  CHECK(std::move(other).finish() == R"([{"op":"replace","path":"/x/to","value":"e5"}])");
}

TEST_CASE("event lists written as text are the dump of their JSON, in random games of every game") {
  // Parsing and dumping again gives the same bytes only when the members come in key order
  // (nested objects included) with nlohmann's escapes and no spaces.
  for (const auto name : protocol::game_names()) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    std::mt19937_64 rng(9);
    std::size_t events = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto m = test::new_match(kind, seed);
      for (int step = 0; step < 200; ++step) {
        const auto pub = test::play_random_step(*m, rng);
        if (!pub) break;
        for (const auto& list : pub->events) {
          REQUIRE(list->value().dump() == list->text());
          events += list->value().size();
        }
      }
    }
    CHECK(events > 200);
  }
}

TEST_CASE("legal lists written as text equal the dump of the legal JSON, in random games of every game") {
  for (const auto name : protocol::game_names()) {
    INFO(name);
    const auto& kind = *protocol::find_game(name);
    std::mt19937_64 rng(5);
    std::size_t entries = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto m = test::new_match(kind, seed);
      for (int step = 0; step < 200 && !m->outcome(); ++step) {
        for (const engine::seat p : {1, 2}) {
          const protocol::legal_json legal = m->legal(p);
          REQUIRE(m->legal_fields(p) == protocol::messages::legal_fields(legal));
          entries += legal.actions.size();
        }
        if (!test::play_random_step(*m, rng)) break;
      }
    }
    CHECK(entries > 500);
  }
}

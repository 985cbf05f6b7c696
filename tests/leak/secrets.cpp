#include "secrets.h"

#include "tests/test_paths.h"

#include <algorithm>

namespace tabuleiro::leak {

namespace {

// Words the random players choose: none is a key or a value of any message, so finding one
// in a frame can only mean the word itself leaked.
const std::vector<std::string> distinctive_words = {"quokka", "zephyr", "saffron", "bramble",
                                                    "tundra", "wombat", "juniper", "marzipan"};

// TAIXU hides its seed and the state of its PRNG from everyone: both decide future anomalies.
game_secrets taixu() {
  game_secrets g;
  g.game = "taixu";
  g.binary = TABULEIRO_BIN;
  g.options = json::object();
  g.games = 3;
  g.max_actions = 400;
  g.secrets = [](const json& position, int) {
    std::vector<std::string> out = {position.at("rng").get<std::string>()};
    if (position.contains("seed")) out.push_back(position["seed"].get<std::string>());
    return out;
  };
  return g;
}

// The toy game hides each seat's word from the other seat and from spectators until the end.
game_secrets words(bool leak) {
  game_secrets g;
  g.game = "words";
  g.binary = TABULEIRO_TOY_BIN;
  g.options = {{"leak", leak}};
  g.games = 6;
  g.max_actions = 200;
  g.secrets = [](const json& position, int viewer) {
    std::vector<std::string> out;
    if (!position.at("outcome").is_null()) return out;
    for (int p = 1; p <= 2; ++p) {
      const std::string w = position.at("words")[p - 1];
      if (p != viewer && !w.empty()) out.push_back(w);
    }
    return out;
  };
  g.improvise = [](const json& expects, std::mt19937& rng) {
    if (expects.value("type", "") != "choose") return json();
    std::uniform_int_distribution<std::size_t> pick(0, distinctive_words.size() - 1);
    return json{{"type", "choose"}, {"word", distinctive_words[pick(rng)]}};
  };
  return g;
}

// Cyvasse hides its seed and PRNG from everyone, and a submitted set-up from the opponent and
// spectators until both are in. While the phase is "setup", the secrets of a viewer are every
// piece of another seat as the view would write it ("owner":q occurs in no other message) and
// as the set-up action writes it ({"at":"e1","kind":"king"}).
game_secrets cyvasse() {
  game_secrets g;
  g.game = "cyvasse";
  g.binary = TABULEIRO_BIN;
  g.options = {{"quiet_limit", 30}};
  g.games = 4;
  g.max_actions = 300;
  g.secrets = [](const json& position, int viewer) {
    std::vector<std::string> out = {position.at("rng").get<std::string>()};
    if (position.contains("seed")) out.push_back(position["seed"].get<std::string>());
    if (position.at("phase") != "setup") return out;
    for (int q = 1; q <= 2; ++q) {
      if (q == viewer || !position.at("submitted")[q - 1].get<bool>()) continue;
      out.push_back("\"owner\":" + std::to_string(q));
      for (const json& p : position.at("pieces"))
        if (p.at("owner") == q) out.push_back(json{{"at", p.at("at")}, {"kind", p.at("kind")}}.dump());
    }
    return out;
  };
  // An explicit placement: the expected pieces on random squares of the zone.
  g.improvise = [](const json& expects, std::mt19937& rng) {
    if (expects.value("type", "") != "setup") return json();
    std::vector<std::string> zone = expects.at("zone");
    std::shuffle(zone.begin(), zone.end(), rng);
    json pieces = json::array();
    std::size_t i = 0;
    for (const auto& [kind, n] : expects.at("pieces").items())
      for (int k = 0; k < n.get<int>(); ++k) pieces.push_back({{"kind", kind}, {"at", zone.at(i++)}});
    return json{{"type", "setup"}, {"pieces", pieces}};
  };
  return g;
}

// QU4DRI hides its seed and PRNG state from everyone, and the value of every talisman that has
// never shown its location side, from everyone (both seats and spectators) until the game is
// over. A leaked value would take one of these exact forms in what a client receives: a tile
// object of the view with "value" after `"revealed":false,"side":"energy"` (keys are written in
// order), a patch touching "/tiles/<cell>/value", or an event naming the tile with its value
// (tile_flipped `{"at":"<cell>","by":…`, energy_changed `{"at":"<cell>","delta":…`).
game_secrets quadri() {
  game_secrets g;
  g.game = "quadri";
  g.binary = TABULEIRO_BIN;
  g.options = json::object();
  g.games = 4;
  g.max_actions = 500;
  g.secrets = [](const json& position, int) { return quadri_secrets(position); };
  return g;
}

}  // namespace

std::vector<std::string> quadri_secrets(const json& position) {
  std::vector<std::string> out = {position.at("rng").get<std::string>()};
  if (position.contains("seed")) out.push_back(position["seed"].get<std::string>());
  if (!position.at("outcome").is_null()) return out;
  bool hidden = false;
  for (const json& t : position.at("tiles")) {
    if (t.at("revealed").get<bool>()) continue;
    hidden = true;
    const std::string at = t.at("at");
    out.push_back("\"/tiles/" + at + "/value\"");
    out.push_back("{\"at\":\"" + at + "\",\"by\":");
    out.push_back("{\"at\":\"" + at + "\",\"delta\":");
  }
  if (hidden) out.push_back("\"revealed\":false,\"side\":\"energy\",\"value\"");
  return out;
}

std::vector<game_secrets> all_game_secrets() { return {taixu(), cyvasse(), quadri(), words(false)}; }

// The toy game with its redaction broken on purpose (tests that the harness notices).
game_secrets broken_words() { return words(true); }

}  // namespace tabuleiro::leak

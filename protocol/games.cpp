// The registry of hosted games.
#include "protocol/core/game.h"

#include "protocol/cyvasse/codec.h"
#include "protocol/quadri/codec.h"
#include "protocol/taixu/codec.h"

namespace tabuleiro::protocol {

namespace {

// Every hosted game, in registration order. A new game adds one line here. (TABULEIRO_WITHOUT_<GAME>
// leaves a game out of a build: bench/wasm-size.sh measures the browser engine's size per game.)
std::vector<const game_kind*>& registry() {
  static std::vector<const game_kind*> games = {
#ifndef TABULEIRO_WITHOUT_TAIXU
      &taixu_game_kind(),
#endif
#ifndef TABULEIRO_WITHOUT_CYVASSE
      &cyvasse_game_kind(),
#endif
#ifndef TABULEIRO_WITHOUT_QUADRI
      &quadri_game_kind(),
#endif
  };
  return games;
}

}  // namespace

const game_kind* find_game(std::string_view name) {
  for (const game_kind* g : registry())
    if (g->name() == name) return g;
  return nullptr;
}

std::string game_title(std::string_view name) {
  const game_kind* kind = find_game(name);
  return std::string(kind ? kind->title() : name);
}

std::vector<std::string_view> game_names() {
  std::vector<std::string_view> names;
  for (const game_kind* g : registry()) names.push_back(g->name());
  return names;
}

bool register_game(const game_kind* g) {
  if (g == nullptr || find_game(g->name()) != nullptr) return false;
  registry().push_back(g);
  return true;
}

}  // namespace tabuleiro::protocol

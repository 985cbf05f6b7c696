#include "protocol/game.h"

#include <array>

#include "protocol/taixu_codec.h"

namespace tabuleiro::protocol {

namespace {

// Every hosted game, in registration order. A new game adds one line here.
const std::vector<const game_kind*>& registry() {
  static const std::vector<const game_kind*> games = {
      &taixu_game_kind(),
  };
  return games;
}

}  // namespace

const game_kind* find_game(std::string_view name) {
  for (const game_kind* g : registry())
    if (g->name() == name) return g;
  return nullptr;
}

std::vector<std::string_view> game_names() {
  std::vector<std::string_view> names;
  for (const game_kind* g : registry()) names.push_back(g->name());
  return names;
}

}  // namespace tabuleiro::protocol

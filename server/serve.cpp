// `tabuleiro serve` (placeholder until the match server lands).
#include <iostream>

#include "server/commands.h"

namespace tabuleiro {

int run_serve(const args&) {
  std::cout << "tabuleiro serve: the match server is not built yet\n";
  return 0;
}

}  // namespace tabuleiro

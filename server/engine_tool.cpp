// `tabuleiro engine` (placeholder until the TAIXU codec lands).
#include <iostream>

#include "server/commands.h"

namespace tabuleiro {

int run_engine_tool(const args&) {
  std::cerr << "tabuleiro engine: not built yet\n";
  return 1;
}

}  // namespace tabuleiro

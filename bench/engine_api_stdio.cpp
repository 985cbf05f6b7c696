// The browser engine's JSON calls (wasm::engine_api), natively, over standard input and output:
// one request per line in, one answer per line out. bench/bots-wasm.mjs drives this and the
// WebAssembly module with the same requests, to compare the two hosts.
#include <iostream>
#include <string>

#include "wasm/engine_api.h"

// Answers each line of standard input until its end.
int main() {
  tabuleiro::wasm::engine_api api;
  std::string line;
  while (std::getline(std::cin, line)) std::cout << api.call(line) << '\n' << std::flush;
  return 0;
}

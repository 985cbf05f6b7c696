// `tabuleiro-toy`: the real server with the toy game "words" registered beside the hosted
// ones (tests only). The registration below is the whole of what the server needs from a new
// game beyond its own files.
#include <iostream>
#include <string_view>

#include "protocol/core/game.h"
#include "server/cli/commands.h"
#include "words_codec.h"

// `tabuleiro-toy serve [options]`, as `tabuleiro serve`.
int main(int argc, char** argv) {
  tabuleiro::protocol::register_game(&tabuleiro::words::game_kind());
  if (argc >= 2 && std::string_view(argv[1]) == "serve")
    return tabuleiro::run_serve(tabuleiro::args(argv + 2, argv + argc));
  std::cerr << "usage: tabuleiro-toy serve [options] (see tabuleiro serve --help)\n";
  return 2;
}

// `tabuleiro`: one executable, dispatching to its subcommands.
#include <cstring>
#include <iostream>
#include <string_view>

#include "server/cli/commands.h"

namespace {

constexpr std::string_view usage =
    "usage: tabuleiro <command> [options]\n"
    "\n"
    "Authoritative multiplayer server for turn-based board games.\n"
    "\n"
    "commands:\n"
    "  serve        host matches over HTTP and WebSocket (tabuleiro serve --help)\n"
    "  engine       JSON-lines engine tool on stdin/stdout (tabuleiro engine --help)\n"
    "  healthcheck  exit 0 when the local server answers /healthz (tabuleiro healthcheck --help)\n"
    "  backup       online copy of the database (tabuleiro backup --help)\n"
    "  restore      put a backup in place, server stopped (tabuleiro restore --help)\n"
    "  admin        the owner's operations: create-user (tabuleiro admin --help)\n"
    "  arena        bot against bot, score and decision times (tabuleiro arena --help)\n"
    "  puzzles      mine puzzles from games, as JSON (tabuleiro puzzles --help)\n"
    "  --help       show this help\n"
    "  --version    print the version\n";

}  // namespace

// Dispatches argv[1] to its subcommand; exit code 2 for a usage error.
int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << usage;
    return 2;
  }
  const std::string_view cmd = argv[1];
  const tabuleiro::args rest(argv + 2, argv + argc);
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::cout << usage << "\nhosted games: " << tabuleiro::hosted_games() << "\n";
    return 0;
  }
  if (cmd == "--version" || cmd == "version") {
    std::cout << "tabuleiro " << TABULEIRO_VERSION << "\n";
    return 0;
  }
  if (cmd == "serve") return tabuleiro::run_serve(rest);
  if (cmd == "engine") return tabuleiro::run_engine_tool(rest);
  if (cmd == "healthcheck") return tabuleiro::run_healthcheck(rest);
  if (cmd == "backup") return tabuleiro::run_backup(rest);
  if (cmd == "restore") return tabuleiro::run_restore(rest);
  if (cmd == "admin") return tabuleiro::run_admin(rest);
  if (cmd == "arena") return tabuleiro::run_arena(rest);
  if (cmd == "puzzles") return tabuleiro::run_puzzles(rest);
  std::cerr << "tabuleiro: unknown command '" << cmd << "'\n\n" << usage;
  return 2;
}

// Entry points of the `tabuleiro` subcommands; each takes the arguments after its name.
#pragma once

#include <string>
#include <vector>

namespace tabuleiro {

using args = std::vector<std::string>;

// The database every command uses without --db, as serve does: TABULEIRO_DB, else
// ./data/tabuleiro.db (relative to the working directory).
std::string default_database();

// The games this build hosts, as "name (Title)" joined by ", ", in registration order.
std::string hosted_games();

// `tabuleiro serve`: hosts matches over HTTP and WebSocket until SIGINT/SIGTERM.
int run_serve(const args& a);

// `tabuleiro engine`: JSON lines on stdin, one JSON answer line per request on stdout.
int run_engine_tool(const args& a);

// `tabuleiro healthcheck`: 0 when http://127.0.0.1:<port>/healthz answers 200, else 1.
int run_healthcheck(const args& a);

// `tabuleiro backup DEST`: consistent online copy of the database (VACUUM INTO); 0 on success.
int run_backup(const args& a);

// `tabuleiro restore BACKUP`: replaces a stopped server's SQLite database by a checked copy; 0 on success.
int run_restore(const args& a);

// `tabuleiro admin COMMAND`: the owner's operations on the database (users, invitations, audit, maintenance).
int run_admin(const args& a);

// `tabuleiro arena`: bot against bot through the rules engine; prints the score per level.
int run_arena(const args& a);

// `tabuleiro puzzles`: mines puzzles from arena games and a database; writes them as JSON.
int run_puzzles(const args& a);

}  // namespace tabuleiro

// Command-line options of tabuleiro-load.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tabuleiro::bench {

struct options {
  std::string mode = "play";       // play | idle
  std::string host = "127.0.0.1";  // loopback only
  std::uint16_t port = 8080;
  std::string target = "auto";     // auto | tabuleiro | relay (auto: the relay says so in joined)
  std::string game = "taixu";      // taixu | cyvasse | quadri (game_actions.h)
  std::string label;               // free text copied into the JSON report
  int matches = 100;               // play: concurrent matches
  int spectators = 2;              // play: spectators per match
  int bots = 0;                    // play: matches against the computer beside them (1 player each)
  std::string bot_level = "hard";  // play: the computer's level in those
  double duration_s = 10;          // play: measured duration
  std::uint64_t max_actions = 0;   // play: stop after this many acknowledged actions (0 = none)
  double rate = 0;                 // play: actions/s per match (0 = as fast as allowed)
  int connections = 1000;          // idle: spectator connections to hold
  int per_match = 20;              // idle: spectators per match
  double hold_s = 2;               // idle: how long to hold them before sampling
  int sources = 1;                 // source addresses 127.0.0.2 … (0 = kernel's choice)
  int server_pid = 0;              // 0 = find the process listening on port
  int connect_parallel = 200;      // connections being opened at once
  int create_parallel = 16;        // HTTP match creations at once
  double setup_timeout_s = 60;     // bound on the set-up phase
  std::uint64_t seed = 1;          // action choice PRNG seed
  std::string acks = "in_patch";   // play: how seats ask Tabuleiro to acknowledge (join's acks)
  std::string legal = "server";    // play: server | local | check: where seats get their legal lists
  bool quiet = false;              // no human summary on stderr
};

// Parses argv; returns nullopt after printing help (exit 0) or an error (*exit_code = 2).
std::optional<options> parse_options(const std::vector<std::string>& args, int* exit_code);

}  // namespace tabuleiro::bench

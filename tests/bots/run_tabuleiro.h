// Runs the built `tabuleiro` with a subcommand line, for the tests of its commands.
#pragma once

#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <utility>

#include <catch2/catch.hpp>

#include "tests/test_paths.h"

namespace tabuleiro::test {

// Runs `tabuleiro <line>` through the shell; returns (exit status, what it wrote to stdout).
inline std::pair<int, std::string> run_tabuleiro(const std::string& line) {
  const std::string cmd = std::string(TABULEIRO_BIN) + " " + line;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace tabuleiro::test

// `tabuleiro arena`: bot against bot (bots/arena.h), with a table or JSON on stdout.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "bots/arena.h"
#include "protocol/core/json_util.h"
#include "server/cli/commands.h"

namespace tabuleiro {

namespace {

constexpr std::string_view arena_help =
    "usage: tabuleiro arena --game G --a LEVEL --b LEVEL --games N [--seed S] [--iterations K]\n"
    "                       [--threads T] [--max-actions M] [--json]\n"
    "\n"
    "Plays N games of bot A against bot B through the rules engine (every action is checked),\n"
    "A taking seat 1 in even-numbered games and seat 2 in odd ones, game i seeded from (S, i).\n"
    "LEVEL: random, easy, medium, hard. Budgets are fixed (no clock): each level's default\n"
    "playouts per decision, or K for both bots. A game reaching M actions (default 1000) is a\n"
    "draw by the cap. T games run at once (default: the number of cores). Prints A's wins,\n"
    "draws and losses, the score with its 95% confidence interval and the decision time\n"
    "(median, p95) per level; --json prints one JSON object instead.\n";

// Writes the human-readable summary of r.
void print_table(const bots::arena_report& r) {
  const auto& c = r.config;
  std::printf("arena: %s, A=%s vs B=%s, %d games, seed %llu, %s, cap %d actions\n", c.game.c_str(),
              std::string(bots::level_name(c.a)).c_str(), std::string(bots::level_name(c.b)).c_str(), c.games,
              static_cast<unsigned long long>(c.seed),
              c.iterations ? ("iterations " + std::to_string(*c.iterations)).c_str() : "level budgets", c.max_actions);
  std::printf("A: %d wins, %d draws (%d by the cap), %d losses; score %.3f +- %.3f (95%%)\n", r.wins, r.draws, r.capped,
              r.losses, r.score, r.ci95);
  if (r.errors) std::printf("errors: %d games stopped on a refused bot action\n", r.errors);
  for (const auto& t : r.timing)
    std::printf("decision time %-6s: %d decisions, median %.1f ms, p95 %.1f ms, max %.1f ms\n",
                std::string(bots::level_name(t.who)).c_str(), t.decisions, t.median_ms, t.p95_ms, t.max_ms);
}

}  // namespace

int run_arena(const args& a) {
  namespace po = boost::program_options;
  po::options_description desc;
  desc.add_options()("help,h", "")("game", po::value<std::string>())("a", po::value<std::string>())(
      "b", po::value<std::string>())("games", po::value<int>())("seed", po::value<std::string>())(
      "iterations", po::value<int>())("threads", po::value<int>())("max-actions", po::value<int>())("json", "");
  po::variables_map vm;
  try {
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(a).options(desc).positional({}).style(style).run(), vm);
  } catch (const po::error& e) {
    std::cerr << "tabuleiro arena: " << e.what() << "\n\n" << arena_help;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << arena_help;
    return 0;
  }
  const auto fail = [](const std::string& why) {
    std::cerr << "tabuleiro arena: " << why << "\n\n" << arena_help;
    return 2;
  };
  if (!vm.count("game") || !vm.count("a") || !vm.count("b") || !vm.count("games"))
    return fail("--game, --a, --b and --games are required");
  bots::arena_config c;
  c.game = vm["game"].as<std::string>();
  const auto la = bots::parse_level(vm["a"].as<std::string>());
  const auto lb = bots::parse_level(vm["b"].as<std::string>());
  if (!la || !lb) return fail("a level is random, easy, medium or hard");
  c.a = *la;
  c.b = *lb;
  c.games = vm["games"].as<int>();
  if (vm.count("seed")) {
    const auto s = protocol::parse_seed(protocol::json(vm["seed"].as<std::string>()));
    if (!s) return fail("--seed is an unsigned 64-bit integer");
    c.seed = *s;
  }
  if (vm.count("iterations")) c.iterations = vm["iterations"].as<int>();
  const unsigned cores = std::thread::hardware_concurrency();
  c.threads = vm.count("threads") ? vm["threads"].as<int>() : static_cast<int>(cores ? cores : 1);
  if (vm.count("max-actions")) c.max_actions = vm["max-actions"].as<int>();
  bots::arena_report r;
  try {
    r = bots::run_arena(c);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  if (vm.count("json")) std::cout << bots::arena_json(r).dump() << "\n";
  else print_table(r);
  return r.errors ? 1 : 0;
}

}  // namespace tabuleiro

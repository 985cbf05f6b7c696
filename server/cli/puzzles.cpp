// `tabuleiro puzzles`: mines puzzles (bots/puzzles.h) from arena games and a database's finished
// matches, and writes the puzzle set as JSON.
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "bots/puzzles.h"
#include "protocol/core/json_util.h"
#include "server/cli/commands.h"
#include "server/store/pg.h"
#include "server/store/db_file.h"
#include "server/store/store.h"

namespace tabuleiro {

namespace {

constexpr std::string_view puzzles_help =
    "usage: tabuleiro puzzles --game G [--games N] [--seed S] [--iterations K] [--max-actions M]\n"
    "                         [--max-puzzles P] [--db DATABASE] [--out FILE]\n"
    "\n"
    "Mines puzzles from whole games: N games of the hard bot against itself (default 40, game i\n"
    "seeded from (S, i), K playouts per decision or the hard level's budget, at most M actions\n"
    "each, default 400), and the finished public matches of game G in DATABASE (a SQLite file\n"
    "that must exist, or a postgresql:// URL). A puzzle is a position where the side to move\n"
    "wins at once (within its turn, in at most two actions) and at most one first action\n"
    "in four wins, or, in a game of one action per turn, one action captures two pieces or more\n"
    "and more than any other; found by trying every line, and kept only when that holds\n"
    "whatever the hidden parts the solver cannot see. Its difficulty (1-4) is the smallest\n"
    "search that finds it (one playout, eight, the hard level's budget, none), raised by the\n"
    "odds of a blind first action (1 in 10, 40, 100, worse). Writes {\"game\", \"puzzles\"} to FILE\n"
    "(default stdout), at most P puzzles (default 200), easiest first. The same arguments give\n"
    "the same file.\n";

// The finished public matches of game in the database at db, as logs; throws
// std::runtime_error when it cannot be read.
std::vector<bots::game_log> database_logs(const std::string& db, const std::string& game) {
  std::string error;
  if (!server::check_db_file(db, server::if_missing::refuse, error)) throw std::runtime_error(error);
  auto store = server::store::open(db, error);
  if (!store) throw std::runtime_error("cannot open database " + server::loggable_db_target(db) + ": " + error);
  auto rows = store->list_public("finished", game, 100000);
  if (rows.status == server::read_status::unavailable)
    throw std::runtime_error("cannot read the matches of " + server::loggable_db_target(db));
  std::vector<bots::game_log> logs;
  for (const auto& row : rows.value) {
    if (!row.start_position.is_null()) continue;  // a match from a given position: not a whole game
    const auto seed = protocol::parse_seed(protocol::json(row.seed));
    auto actions = store->load_actions(row.code);
    if (!seed || !actions.found()) throw std::runtime_error("cannot read the log of match " + row.code);
    bots::game_log log;
    log.source = "match " + row.code;
    log.options = row.options.is_null() ? protocol::json::object() : row.options;
    log.seed = *seed;
    for (const auto& a : actions.value) {
      if (a.seat > 0 && !a.action.is_null()) log.actions.emplace_back(a.seat, a.action);
    }
    logs.push_back(std::move(log));
  }
  store->close();
  return logs;
}

}  // namespace

int run_puzzles(const args& a) {
  namespace po = boost::program_options;
  po::options_description desc;
  desc.add_options()("help,h", "")("game", po::value<std::string>())("games", po::value<int>())(
      "seed", po::value<std::string>())("iterations", po::value<int>())("max-actions", po::value<int>())(
      "max-puzzles", po::value<int>())("db", po::value<std::string>())("out", po::value<std::string>());
  po::variables_map vm;
  const auto fail = [](const std::string& why) {
    std::cerr << "tabuleiro puzzles: " << why << "\n\n" << puzzles_help;
    return 2;
  };
  try {
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(a).options(desc).positional({}).style(style).run(), vm);
  } catch (const po::error& e) {
    return fail(e.what());
  }
  if (vm.count("help")) {
    std::cout << puzzles_help;
    return 0;
  }
  if (!vm.count("game")) return fail("--game is required");
  bots::puzzle_config c;
  c.game = vm["game"].as<std::string>();
  if (vm.count("games")) c.games = vm["games"].as<int>();
  if (vm.count("seed")) {
    const auto s = protocol::parse_seed(protocol::json(vm["seed"].as<std::string>()));
    if (!s) return fail("--seed is an unsigned 64-bit integer");
    c.seed = *s;
  }
  if (vm.count("iterations")) c.iterations = vm["iterations"].as<int>();
  if (vm.count("max-actions")) c.max_actions = vm["max-actions"].as<int>();
  if (vm.count("max-puzzles")) c.max_puzzles = vm["max-puzzles"].as<int>();
  if (!protocol::find_game(c.game)) return fail("unknown game '" + c.game + "'");
  std::vector<bots::game_log> logs;
  bots::puzzle_set set;
  try {
    if (vm.count("db")) logs = database_logs(vm["db"].as<std::string>(), c.game);
    set = bots::mine_puzzles(c, logs);
  } catch (const std::exception& e) {
    std::cerr << "tabuleiro puzzles: " << e.what() << "\n";
    return 1;
  }
  const std::string text = bots::puzzles_json(set).dump() + "\n";
  if (vm.count("out")) {
    std::ofstream out(vm["out"].as<std::string>(), std::ios::binary | std::ios::trunc);
    if (!(out << text) || !out.flush()) {
      std::cerr << "tabuleiro puzzles: cannot write " << vm["out"].as<std::string>() << "\n";
      return 1;
    }
  } else {
    std::cout << text;
  }
  std::cerr << "tabuleiro puzzles: " << set.puzzles.size() << " puzzles of " << c.game << " from " << set.games_mined
            << " games (" << set.positions << " positions)\n";
  return 0;
}

}  // namespace tabuleiro

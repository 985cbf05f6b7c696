// Parsing and checking tabuleiro-load's options (loopback targets only).
#include "bench/load/options.h"

#include "bench/load/game_actions.h"

#include <boost/asio/ip/address.hpp>
#include <iostream>
#include <string_view>

namespace tabuleiro::bench {

namespace {

constexpr std::string_view usage = R"(usage: tabuleiro-load [options]

Load generator for `tabuleiro serve` and the baseline relay (bench/relay). Targets loopback only.
Prints one JSON line on stdout and a human summary on stderr.

modes:
  --mode play          M matches (2 players + S spectators each) play for a bounded time
  --mode idle          N spectator connections join and stay idle; RSS per connection

common:
  --host ADDR          127.0.0.1 (any 127.x.y.z, ::1 or localhost; others are refused)
  --port N             8080
  --target T           auto | tabuleiro | relay (auto: the relay marks its joined message)
  --game NAME          taixu | cyvasse | quadri (taixu): the game of the matches created; the
                       players choose among the legal actions (and expects; see --legal)
  --sources K          spread client connections over source addresses 127.0.0.2 … 127.0.0.(K+1)
                       (IPv4 targets; 0 = kernel's choice; default 1)
  --server-pid PID     process to sample in /proc (default: the one listening on --port)
  --connect-parallel N connections being opened at once (200)
  --create-parallel N  HTTP match creations at once (16)
  --setup-timeout S    bound on the set-up phase in seconds (60)
  --label TEXT         copied into the JSON report
  --quiet              no human summary

play (the report's "wire" holds the payload bytes each role received per message type,
with each top-level field's bytes, and the act frames sent, during the measured time):
  --matches M          100
  --spectators S       2
  --bots B             also B matches against the computer (0): one player each (seat 1), no
                       spectators; the report's "bots" gives the computer's decision latency
                       (from the player's acknowledged action, or the computer's previous move,
                       to the patch of its move: queue and think) and how many were refused
  --bot-level L        easy | medium | hard (hard): the computer's level in those
  --duration S         measured seconds (10)
  --actions N          also stop after N acknowledged actions (0 = no count bound)
  --rate R             actions per second per match (0 = as fast as allowed)
  --seed N             seed of the action choice (1)
  --acks A             in_patch | message (in_patch): how the seats' joins ask Tabuleiro to
                       acknowledge their actions, inside the patch or by a separate ack message
                       (the relay always sends an ack message)
  --legal L            server | local | check (server): where the seats' legal lists come from.
                       server: the `legal` (and `expects`) the server sends. local: every
                       connection joins with "legal": false and a seat computes its list with
                       the game's rules engine from its own view, as a client carrying the
                       engine does. check: as server, and each list is also computed locally
                       and compared (the report's "legal" counts the mismatches)

idle:
  --connections N      1000
  --per-match K        spectators per match (20)
  --hold S             seconds to hold before the final sample (2)
)";

// True for 127.0.0.0/8, ::1, and "localhost".
bool is_loopback(const std::string& host) {
  if (host == "localhost") return true;
  boost::system::error_code ec;
  const auto addr = boost::asio::ip::make_address(host, ec);
  return !ec && addr.is_loopback();
}

}  // namespace

std::optional<options> parse_options(const std::vector<std::string>& args, int* exit_code) {
  options o;
  *exit_code = 2;
  auto fail = [&](const std::string& why) -> std::optional<options> {
    std::cerr << "tabuleiro-load: " << why << "\n";
    return std::nullopt;
  };
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--help" || a == "-h") {
        std::cout << usage;
        *exit_code = 0;
        return std::nullopt;
      }
      if (a == "--quiet") {
        o.quiet = true;
        continue;
      }
      if (i + 1 >= args.size()) return fail("missing value after " + a);
      const std::string& v = args[++i];
      if (a == "--mode") o.mode = v;
      else if (a == "--host") o.host = v;
      else if (a == "--port") o.port = static_cast<std::uint16_t>(std::stoul(v));
      else if (a == "--target") o.target = v;
      else if (a == "--game") o.game = v;
      else if (a == "--label") o.label = v;
      else if (a == "--matches") o.matches = std::stoi(v);
      else if (a == "--bots") o.bots = std::stoi(v);
      else if (a == "--bot-level") o.bot_level = v;
      else if (a == "--spectators") o.spectators = std::stoi(v);
      else if (a == "--duration") o.duration_s = std::stod(v);
      else if (a == "--actions") o.max_actions = std::stoull(v);
      else if (a == "--rate") o.rate = std::stod(v);
      else if (a == "--connections") o.connections = std::stoi(v);
      else if (a == "--per-match") o.per_match = std::stoi(v);
      else if (a == "--hold") o.hold_s = std::stod(v);
      else if (a == "--sources") o.sources = std::stoi(v);
      else if (a == "--server-pid") o.server_pid = std::stoi(v);
      else if (a == "--connect-parallel") o.connect_parallel = std::stoi(v);
      else if (a == "--create-parallel") o.create_parallel = std::stoi(v);
      else if (a == "--setup-timeout") o.setup_timeout_s = std::stod(v);
      else if (a == "--seed") o.seed = std::stoull(v);
      else if (a == "--acks") o.acks = v;
      else if (a == "--legal") o.legal = v;
      else return fail("unknown option " + a + " (see --help)");
    }
  } catch (const std::exception&) {
    return fail("bad number in the options (see --help)");
  }
  if (o.mode != "play" && o.mode != "idle") return fail("--mode must be play or idle");
  if (o.target != "auto" && o.target != "tabuleiro" && o.target != "relay")
    return fail("--target must be auto, tabuleiro or relay");
  if (o.acks != "in_patch" && o.acks != "message") return fail("--acks must be in_patch or message");
  if (o.legal != "server" && o.legal != "local" && o.legal != "check")
    return fail("--legal must be server, local or check");
  if (!find_game_actions(o.game)) return fail("--game must be one of " + game_names());
  if (!is_loopback(o.host)) return fail("refusing non-loopback target " + o.host);
  if (o.host == "localhost") o.host = "127.0.0.1";
  if (o.matches < 1 || o.matches > 100000 || o.spectators < 0 || o.spectators > 1000)
    return fail("--matches must be 1..100000 and --spectators 0..1000");
  if (o.bots < 0 || o.bots > 100000 || (o.bot_level != "easy" && o.bot_level != "medium" && o.bot_level != "hard"))
    return fail("--bots must be 0..100000 and --bot-level easy, medium or hard");
  if (o.connections < 1 || o.connections > 1000000 || o.per_match < 1)
    return fail("--connections must be 1..1000000 and --per-match ≥ 1");
  if (!(o.duration_s > 0 && o.duration_s <= 3600) || !(o.hold_s >= 0 && o.hold_s <= 3600) ||
      !(o.setup_timeout_s > 0 && o.setup_timeout_s <= 3600) || o.rate < 0)
    return fail("durations must be within (0, 3600] seconds and --rate ≥ 0");
  if (o.sources < 0 || o.sources > 250) return fail("--sources must be 0..250");
  if (o.connect_parallel < 1 || o.create_parallel < 1) return fail("parallelism must be ≥ 1");
  return o;
}

}  // namespace tabuleiro::bench

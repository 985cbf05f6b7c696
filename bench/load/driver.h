// The load generator's driver: creates matches of one game, connects players and spectators,
// plays the actions the game allows (game_actions.h) and measures latency and the bytes
// received (wire_stats.h) (play mode), or holds idle spectators (idle mode).
// Thread-safety: none; runs entirely on one io_context thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "bench/load/game_actions.h"
#include "bench/load/histogram.h"
#include "bench/load/local_rules.h"
#include "bench/load/net.h"
#include "bench/load/options.h"
#include "bench/load/proc_stats.h"
#include "bench/load/wire_stats.h"

namespace tabuleiro::bench {

using json = nlohmann::json;
using clock_type = std::chrono::steady_clock;

class driver {
 public:
  driver(net::io_context& io, options opt, tcp::endpoint target, int server_pid);

  // Runs the benchmark to completion (bounded by the options' durations) and returns the report.
  json run();

 private:
  // One WebSocket of a match: a seat holder (seat 1/2) or a spectator (seat 0).
  struct conn_slot {
    std::shared_ptr<ws_conn> ws;
    int seat = 0;
    bool connecting = false;
    bool joined = false;
    bool closed = false;
    std::string legal_text;        // the seat's last `legal` list, as received (parsed when it acts)
    std::string expects_text;      // its `expects` when the list is incomplete, else empty
    bool has_choices = false;      // the list is not empty, or expects is an object (--legal
                                   // local: the seat is in to_act)
    json view;                     // --legal local|check: the seat's view, as of ops below
    std::vector<std::string> ops;  // the ops of the patches received since, not yet applied
    std::uint64_t delivered_seq = 0;
  };

  // One match and its in-flight action (at most one per match).
  struct match_state {
    explicit match_state(net::io_context& io) : timer(io) {}
    int slot = 0;
    std::string code, token;
    std::vector<conn_slot> conns;
    int joined = 0, settled = 0;
    bool ready = false, dead = false, over = false, resynced = false;
    bool bot = false;       // against the computer: one player (seat 1), the computer in seat 2
    bool bot_turn = false;  // the computer is deciding, since bot_t0, from version bot_from
    std::uint64_t bot_from = 0;
    clock_type::time_point bot_t0;
    std::uint64_t version = 0, seq = 0, expected_version = 0;
    bool pending = false;
    int actor = 0, remaining = 0, relay_turn = 0, rejects_in_row = 0;
    clock_type::time_point t0, last_send;
    net::steady_timer timer;
  };
  using match_ptr = std::shared_ptr<match_state>;

  // Queues every match of the mode (play: M matches of 2 players + S spectators; idle: N
  // spectators in matches of --per-match) and starts creating them.
  void start_setup();
  // Queues the creation of a match in slot with players (0 or 2) and spectators, or (bot) of a
  // match against the computer with one player.
  void new_match(int slot, int players, int spectators, bool bot = false);
  // The creation request of m.
  json create_body(const match_state& m) const;
  // Starts the measured phase once every match of the set-up is ready or lost.
  void maybe_start();
  // m's computer moved (a patch after its turn began): records the decision, starts the next
  // one if its turn goes on, else lets the player act.
  void on_bot_moved(const match_ptr& m);
  // Starts queued HTTP creations up to --create-parallel.
  void pump_creates();
  // A creation finished: retries a rate-limited one, else queues the match's connections.
  void on_created(const match_ptr& m, created_match c, int attempt);
  // Starts queued WebSocket connections up to --connect-parallel.
  void pump_connects();
  // Connection i of m is open: sends its join.
  void on_conn_open(const match_ptr& m, int i);
  // One server message for connection i of m: joins, deliveries, acks, rejects, game over.
  void on_conn_message(const match_ptr& m, int i, std::string_view text);
  // Connection i of m failed or closed: counted; in play mode the match is replaced.
  void on_conn_close(const match_ptr& m, int i, const std::string& reason);
  // Connection i of m joined: checks the seat, keeps its legal list.
  void on_joined(const match_ptr& m, int i, const std::vector<json_member>& members);
  // Marks m ready once all its connections joined or failed; starts the run when all are.
  void on_settled(const match_ptr& m);
  // Connection i has m's pending action; the last delivery records the latency.
  void deliver(const match_ptr& m, int i);
  // Sends m's next action now, or when --rate allows (a match against the computer: now).
  void schedule_act(const match_ptr& m);
  // Chooses and sends m's next action (one the game allows, or the fixed relay action).
  void act(const match_ptr& m);
  // Closes m's sockets; with replace, a new match takes its slot while the run goes on.
  void retire(const match_ptr& m, bool replace);
  // Play mode: samples /proc, starts the actions and the --duration timer.
  void start_measure();
  // Play mode: samples /proc and stops the event loop.
  void stop_measure();
  // Idle mode: every connection settled; holds them for --hold, then samples and stops.
  void finish_idle();
  // The next source address (round robin), or none to let the kernel choose.
  std::optional<net::ip::address> next_source();
  // Keeps what seat connection c chooses from out of a joined, patch or snapshot (of type): the
  // legal list and expects, or with --legal local|check its view (and with local, to_act).
  void keep_choices(conn_slot& c, std::string_view type, const std::vector<json_member>& members);
  // With --legal local or check: seat connection c's legal list computed from its view (its
  // pending ops applied first); nullopt when the view cannot be read. check compares it with
  // the list the server sent.
  std::optional<legal_texts> local_choices(conn_slot& c);
  // The error code of a reject or error message ("unknown" when it names none).
  static std::string error_code(const std::vector<json_member>& members);
  // Adds one to map[key].
  void count(std::map<std::string, std::uint64_t>& map, const std::string& key);
  // The JSON report of the run (report.cpp).
  json make_report() const;

  net::io_context& io_;
  options opt_;
  tcp::endpoint target_;
  int server_pid_;
  bool relay_ = false;
  const game_actions* game_;
  std::vector<net::ip::address> sources_;
  std::size_t next_source_ = 0;
  std::mt19937_64 rng_;

  enum class phase { setup, running, done } phase_ = phase::setup;
  std::vector<match_ptr> matches_;
  std::deque<match_ptr> create_queue_;
  std::deque<std::shared_ptr<ws_conn>> connect_queue_;
  int creating_ = 0, connecting_ = 0, ready_ = 0, settled_matches_ = 0, lost_in_setup_ = 0;
  std::uint64_t created_ = 0, create_cap_ = 0, replaced_ = 0, games_finished_ = 0;
  std::uint64_t sent_ = 0, acked_ = 0, conns_opened_ = 0;
  std::uint64_t legal_computed_ = 0, legal_mismatches_ = 0;  // --legal local|check
  std::map<std::string, std::uint64_t> errors_, rejects_, create_errors_;
  histogram latency_us_;        // act → the last connection of the matches between players
  histogram ack_us_;            // act → the actor's acknowledgement, in those
  histogram bot_latency_us_;    // the computer's decisions (--bots)
  histogram bot_match_ack_us_;  // act → ack of the players in matches against the computer
  std::uint64_t bot_decisions_ = 0;
  std::map<std::string, std::uint64_t> bot_create_errors_;
  wire_stats wire_;
  net::steady_timer phase_timer_;
  clock_type::time_point t_setup_, t_start_, t_end_;
  proc_sample srv_before_, srv_start_, srv_end_, self_start_, self_end_;
  double load_start_ = -1, load_end_ = -1;
};

}  // namespace tabuleiro::bench

// `tabuleiro serve` configuration: command-line flags with TABULEIRO_* environment fallbacks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/config/http_policy.h"

namespace tabuleiro::server {

// Who may play on the server (--access): anyone (open), or only signed-in members, who sign
// up freely (members) or with an invitation (invite). Guests may still watch by link.
enum class access_mode { open, members, invite };
// The mode's name as --access takes it ("open", "members", "invite").
const char* access_name(access_mode m);

// Who may use the matches' chat (--chat): everyone, only signed-in members (guests neither
// read nor write it), or nobody.
enum class chat_mode { on, members, off };
// The mode's name as --chat takes it ("on", "members", "off").
const char* chat_name(chat_mode m);

// Every setting of the match server. Plain value; read-only once the server runs.
struct config {
  std::string bind = "127.0.0.1";                     // --bind / TABULEIRO_BIND
  std::uint16_t port = 8080;                          // --port / TABULEIRO_PORT (0 = any free port)
  std::string db = "./data/tabuleiro.db";             // --db / TABULEIRO_DB
  int quick_check_s = 60;                             // --quick-check-seconds / TABULEIRO_QUICK_CHECK_SECONDS
                                                      // (SQLite's quick_check at start, at most this long; 0 = off)
  std::string backup_dir;                             // --backup-dir / TABULEIRO_BACKUP_DIR ("" = no scheduled backups)
  std::int64_t backup_every_ms = 24LL * 3600 * 1000;  // --backup-every / TABULEIRO_BACKUP_EVERY
  int backup_keep = 7;                                // --backup-keep / TABULEIRO_BACKUP_KEEP
  std::string web = "./web";                          // --web / TABULEIRO_WEB
  std::string public_url;                    // --public-url / TABULEIRO_PUBLIC_URL ("" = each request's own address)
  access_mode access = access_mode::open;    // --access / TABULEIRO_ACCESS
  chat_mode chat = chat_mode::on;            // --chat / TABULEIRO_CHAT
  std::string log_level = "info";            // --log-level / TABULEIRO_LOG_LEVEL
  int threads = 0;                           // --threads / TABULEIRO_THREADS (0 = hardware cores)
  double abandon_after_s = 600;              // --abandon-after / TABULEIRO_ABANDON_AFTER (seconds)
  int create_per_minute = 20;                // --create-limit / TABULEIRO_CREATE_LIMIT (per address)
  int publish_per_minute = 10;               // --publish-limit / TABULEIRO_PUBLISH_LIMIT (per address)
  double msg_rate = 10;                      // --msg-rate / TABULEIRO_MSG_RATE (messages/s refill)
  double msg_burst = 40;                     // --msg-burst / TABULEIRO_MSG_BURST (bucket size)
  double idle_timeout_s = 60;                // --idle-timeout / TABULEIRO_IDLE_TIMEOUT (seconds)
  double handshake_timeout_s = 10;           // --handshake-timeout / TABULEIRO_HANDSHAKE_TIMEOUT
  bool manual_clock = false;                 // --clock manual / TABULEIRO_CLOCK (tests only)
  std::vector<std::string> allowed_origins;  // --allowed-origins / TABULEIRO_ALLOWED_ORIGINS (extra)
  int bot_threads = 0;              // --bot-threads / TABULEIRO_BOT_THREADS (parsing sets half the cores, ≥ 1)
  int bot_matches = 0;              // --bot-matches / TABULEIRO_BOT_MATCHES (parsing sets 16 per bot thread)
  int bot_matches_per_address = 8;  // --bot-matches-per-address / TABULEIRO_BOT_MATCHES_PER_ADDRESS
  int bot_time_ms = 1000;           // --bot-time-ms / TABULEIRO_BOT_TIME_MS (per decision)
  int bot_iterations = 0;           // --bot-iterations / TABULEIRO_BOT_ITERATIONS (0 = time)
  std::int64_t bot_delay_ms = 0;    // --bot-delay-ms / TABULEIRO_BOT_DELAY_MS
  std::string node;                 // --node / TABULEIRO_NODE: this node's name in a cluster
                                    // ("" = <hostname>:<port> on PostgreSQL; unused on SQLite)
  std::string node_address;      // --node-address / TABULEIRO_NODE_ADDRESS: host:port the other nodes reach this one at
  std::int64_t lease_ms = 3000;  // --lease-ms / TABULEIRO_LEASE_MS (cluster leases)
  int remind_before_h = 24;      // --remind-before / TABULEIRO_REMIND_BEFORE (hours before a
                                 // correspondence turn ends that its player is reminded)
  std::string push_contact;      // --push-contact / TABULEIRO_PUSH_CONTACT: the VAPID subject
                                 // ("" = the https public URL, else mailto:admin@localhost)
  std::string outbound_ca_file;  // --outbound-ca-file / TABULEIRO_OUTBOUND_CA_FILE ("" = system store)
  bool outbound_allow_private = false;  // --outbound-allow-private / TABULEIRO_OUTBOUND_ALLOW_PRIVATE
  std::string trusted_proxy;            // --trusted-proxy / TABULEIRO_TRUSTED_PROXY (as given)
  trusted_proxies proxies;              // trusted_proxy parsed
  // Derived at start-up by `serve` (not flags): how the server names itself (the Host values
  // it answers, the origins accepted on the WebSocket upgrade and on state-changing requests,
  // the base of its links), and the web client's CSP header.
  site_policy sites;
  std::string csp = content_security_policy({});
};

// The --help text listing every flag and its environment variable.
std::string config_help();

// Parses args (after `serve`, Boost.Program_options) over the TABULEIRO_* environment; a flag
// wins over its variable. Returns nullopt and sets error on a bad value, an unknown flag or a
// missing value; sets help=true when --help was asked.
std::optional<config> parse_config(const std::vector<std::string>& args, std::string& error, bool& help);

}  // namespace tabuleiro::server

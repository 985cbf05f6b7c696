#include "server/config/config.h"

#include <algorithm>
#include <charconv>
#include <thread>

#include <boost/program_options.hpp>
#include <functional>
#include <sstream>

namespace tabuleiro::server {

namespace {

// One setting: its flag, environment variable, help line, and how to store a value.
struct option_spec {
  const char* flag;
  const char* env;
  const char* help;
  std::function<bool(config&, const std::string&)> set;
};

// Parses a whole-string integer in [lo, hi].
bool parse_int(const std::string& s, long lo, long hi, long& out) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && p == end && out >= lo && out <= hi;
}

// Parses a duration, a whole number then s, m, h or d ("24h", "30m", at most 10^6 units), into
// milliseconds; 0 when it is not one.
std::int64_t parse_duration_ms(const std::string& s) {
  if (s.size() < 2) return 0;
  long n;
  if (!parse_int(s.substr(0, s.size() - 1), 1, 1'000'000, n)) return 0;
  const char unit = s.back();
  const std::int64_t per = unit == 's' ? 1 : unit == 'm' ? 60 : unit == 'h' ? 3600 : unit == 'd' ? 86400 : 0;
  return n * per * 1000;
}

// Whether v is host:port with a port in 1-65535 (an IPv6 host in brackets), at most 300 bytes.
bool valid_host_port(const std::string& v) {
  if (v.size() > 300) return false;
  const auto hp = parse_host(v);
  long port = 0;
  return hp && !hp->port.empty() && parse_int(hp->port, 1, 65535, port);
}

// Parses a whole-string finite number in [lo, hi].
bool parse_double(const std::string& s, double lo, double hi, double& out) {
  try {
    std::size_t used = 0;
    out = std::stod(s, &used);
    return used == s.size() && out >= lo && out <= hi;
  } catch (...) {
    return false;
  }
}

// Whether url can be the server's public address: http(s) with a valid host (not an
// unspecified address such as 0.0.0.0) and optional port and path, no query or fragment.
bool is_public_url(const std::string& url) {
  if (!normalize_origin(url) || url.find_first_of("?#") != std::string::npos) return false;
  const auto rest = url.substr(url.find("://") + 3);
  const auto host = parse_host(rest.substr(0, rest.find('/')));
  if (!host) return false;
  boost::system::error_code ec;
  const std::string bare = host->host.front() == '[' ? host->host.substr(1, host->host.size() - 2) : host->host;
  const auto a = boost::asio::ip::make_address(bare, ec);
  return ec || !a.is_unspecified();
}

}  // namespace

const char* chat_name(chat_mode m) {
  switch (m) {
    case chat_mode::members: return "members";
    case chat_mode::off: return "off";
    case chat_mode::on: break;
  }
  return "on";
}

const char* access_name(access_mode m) {
  switch (m) {
    case access_mode::members: return "members";
    case access_mode::invite: return "invite";
    case access_mode::open: break;
  }
  return "open";
}

namespace {

// Every setting of `serve`, in --help order.
const std::vector<option_spec>& specs() {
  static const std::vector<option_spec> all = {
      {"--bind", "TABULEIRO_BIND", "address to listen on (default 127.0.0.1)",
       [](config& c, const std::string& v) {
         c.bind = v;
         return !v.empty();
       }},
      {"--port", "TABULEIRO_PORT", "TCP port (default 8080; 0 picks a free port)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 65535, n)) return false;
         c.port = static_cast<std::uint16_t>(n);
         return true;
       }},
      {"--db", "TABULEIRO_DB",
       "SQLite database file (default ./data/tabuleiro.db; made on a new server's first start), or a PostgreSQL "
       "URL postgres://user[:password]@host[:port]/dbname[?param=value...]",
       [](config& c, const std::string& v) {
         c.db = v;
         return !v.empty();
       }},
      {"--quick-check-seconds", "TABULEIRO_QUICK_CHECK_SECONDS",
       "SQLite: at start, check the database file with quick_check for at most this many seconds "
       "and refuse to start on damage (default 60; 0 skips the check)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 3600, n)) return false;
         c.quick_check_s = static_cast<int>(n);
         return true;
       }},
      {"--backup-dir", "TABULEIRO_BACKUP_DIR",
       "scheduled backups: the folder their checked copies go to (made 0700 when missing; default none, "
       "as is an empty value: no scheduled backups). Best on another disk than the database",
       [](config& c, const std::string& v) {
         c.backup_dir = v;
         return true;
       }},
      {"--backup-every", "TABULEIRO_BACKUP_EVERY",
       "scheduled backups: the interval, a whole number of s, m, h or d (default 24h)",
       [](config& c, const std::string& v) { return (c.backup_every_ms = parse_duration_ms(v)) > 0; }},
      {"--backup-keep", "TABULEIRO_BACKUP_KEEP",
       "scheduled backups: how many of the newest copies are kept; older ones are deleted (default 7)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 10000, n)) return false;
         c.backup_keep = static_cast<int>(n);
         return true;
       }},
      {"--web", "TABULEIRO_WEB", "static web client directory (default ./web)",
       [](config& c, const std::string& v) {
         c.web = v;
         return true;
       }},
      {"--public-url", "TABULEIRO_PUBLIC_URL",
       "the server's public address, http(s)://host[:port][/path], for share links and the "
       "allowed origin (default: none; each request's own address is used)",
       [](config& c, const std::string& v) {
         c.public_url = v;
         while (!c.public_url.empty() && c.public_url.back() == '/') c.public_url.pop_back();
         return c.public_url.empty() || is_public_url(c.public_url);
       }},
      {"--access", "TABULEIRO_ACCESS",
       "who may create matches and take seats: open (anyone; default), members (signed-in "
       "accounts, sign-up open) or invite (signed-in accounts, sign-up by invitation only)",
       [](config& c, const std::string& v) {
         if (v == "open") c.access = access_mode::open;
         else if (v == "members") c.access = access_mode::members;
         else if (v == "invite") c.access = access_mode::invite;
         else return false;
         return true;
       }},
      {"--chat", "TABULEIRO_CHAT",
       "the matches' chat: on (default), members (only signed-in members read and write it) or off",
       [](config& c, const std::string& v) {
         if (v == "on") c.chat = chat_mode::on;
         else if (v == "members") c.chat = chat_mode::members;
         else if (v == "off") c.chat = chat_mode::off;
         else return false;
         return true;
       }},
      {"--log-level", "TABULEIRO_LOG_LEVEL", "trace|debug|info|warn|error|off (default info)",
       [](config& c, const std::string& v) {
         c.log_level = v;
         for (const char* l : {"trace", "debug", "info", "warn", "error", "critical", "off"})
           if (v == l) return true;
         return false;
       }},
      {"--threads", "TABULEIRO_THREADS", "I/O threads (default: number of cores)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 256, n)) return false;
         c.threads = static_cast<int>(n);
         return true;
       }},
      {"--abandon-after", "TABULEIRO_ABANDON_AFTER",
       "seconds a seat may stay disconnected before the match is abandoned (default 600)",
       [](config& c, const std::string& v) { return parse_double(v, 0.1, 1e7, c.abandon_after_s); }},
      {"--create-limit", "TABULEIRO_CREATE_LIMIT", "matches one client address may create per minute (default 20)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 1000000, n)) return false;
         c.create_per_minute = static_cast<int>(n);
         return true;
       }},
      {"--publish-limit", "TABULEIRO_PUBLISH_LIMIT",
       "games played offline one client address may publish per minute (default 10)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 1000000, n)) return false;
         c.publish_per_minute = static_cast<int>(n);
         return true;
       }},
      {"--msg-rate", "TABULEIRO_MSG_RATE", "WebSocket messages per second a connection may sustain (default 10)",
       [](config& c, const std::string& v) { return parse_double(v, 0.01, 1e6, c.msg_rate); }},
      {"--msg-burst", "TABULEIRO_MSG_BURST", "burst size of that rate limit (default 40)",
       [](config& c, const std::string& v) { return parse_double(v, 1, 1e6, c.msg_burst); }},
      {"--idle-timeout", "TABULEIRO_IDLE_TIMEOUT",
       "seconds a silent WebSocket lasts: pinged after half of it, closed at its end (default 60)",
       [](config& c, const std::string& v) { return parse_double(v, 1, 86400, c.idle_timeout_s); }},
      {"--handshake-timeout", "TABULEIRO_HANDSHAKE_TIMEOUT",
       "seconds allowed for the WebSocket handshake and for an HTTP request (default 10)",
       [](config& c, const std::string& v) { return parse_double(v, 0.1, 3600, c.handshake_timeout_s); }},
      {"--clock", "TABULEIRO_CLOCK",
       "system (default), or manual: time moves only by POST /api/test/clock (tests only)",
       [](config& c, const std::string& v) {
         c.manual_clock = v == "manual";
         return v == "manual" || v == "system";
       }},
      {"--bot-threads", "TABULEIRO_BOT_THREADS",
       "worker threads the computer players think on, off the I/O threads and at a lower priority "
       "(default half the cores, at least 1)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 64, n)) return false;
         c.bot_threads = static_cast<int>(n);
         return true;
       }},
      {"--bot-matches", "TABULEIRO_BOT_MATCHES",
       "matches against the computer running at once on this node; past it, creating one is refused "
       "(503 bots_busy) (default 16 per bot thread)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 100000, n)) return false;
         c.bot_matches = static_cast<int>(n);
         return true;
       }},
      {"--bot-matches-per-address", "TABULEIRO_BOT_MATCHES_PER_ADDRESS",
       "matches against the computer one client address may run at once (429 too_many_bot_matches) "
       "(default 8)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 100000, n)) return false;
         c.bot_matches_per_address = static_cast<int>(n);
         return true;
       }},
      {"--bot-time-ms", "TABULEIRO_BOT_TIME_MS", "milliseconds a computer player may think per decision (default 1000)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 600000, n)) return false;
         c.bot_time_ms = static_cast<int>(n);
         return true;
       }},
      {"--bot-iterations", "TABULEIRO_BOT_ITERATIONS",
       "fixed search iterations per bot decision instead of the time limit, for reproducible "
       "play (tests; default 0 = use --bot-time-ms)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 100000000, n)) return false;
         c.bot_iterations = static_cast<int>(n);
         return true;
       }},
      {"--bot-delay-ms", "TABULEIRO_BOT_DELAY_MS",
       "milliseconds on the server's clock a computer player waits before it thinks (default 0)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 600000, n)) return false;
         c.bot_delay_ms = n;
         return true;
       }},
      {"--allowed-origins", "TABULEIRO_ALLOWED_ORIGINS",
       "comma-separated origins (scheme://host[:port]) also allowed besides the public URL's",
       [](config& c, const std::string& v) {
         c.allowed_origins.clear();
         std::string item;
         for (std::size_t i = 0; i <= v.size(); ++i) {
           if (i == v.size() || v[i] == ',') {
             while (!item.empty() && item.back() == ' ') item.pop_back();
             if (!item.empty() && !normalize_origin(item)) return false;
             if (!item.empty()) c.allowed_origins.push_back(item);
             item.clear();
           } else if (v[i] != ' ' || !item.empty()) {
             item += v[i];
           }
         }
         return true;
       }},
      {"--node", "TABULEIRO_NODE",
       "this node's name, unique in a cluster of nodes on one PostgreSQL database (default "
       "<hostname>:<port>; a SQLite server has no cluster)",
       [](config& c, const std::string& v) {
         c.node = v;
         return !v.empty() && v.size() <= 200;
       }},
      {"--node-address", "TABULEIRO_NODE_ADDRESS",
       "host:port at which the other nodes of a cluster reach this node, to relay to it the "
       "connections of the matches it holds that a balancer sent elsewhere (default --bind:<port> "
       "when --bind names one address, else <hostname>:<port>)",
       [](config& c, const std::string& v) {
         c.node_address = v;
         return valid_host_port(v);
       }},
      {"--lease-ms", "TABULEIRO_LEASE_MS",
       "milliseconds a node's hold on a match lasts unless renewed (renewed every third of it; "
       "after a node dies its matches move within about this time; default 3000)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 300, 600000, n)) return false;
         c.lease_ms = n;
         return true;
       }},
      {"--remind-before", "TABULEIRO_REMIND_BEFORE",
       "hours before a correspondence turn ends that its player, not having moved, gets one "
       "reminder (1-336; default 24; turns this short or shorter get none)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 336, n)) return false;
         c.remind_before_h = static_cast<int>(n);
         return true;
       }},
      {"--push-contact", "TABULEIRO_PUSH_CONTACT",
       "the contact push services may write to about this server's notifications, a mailto: or "
       "https: URL (default: --public-url when it is https, else mailto:admin@localhost)",
       [](config& c, const std::string& v) {
         c.push_contact = v;
         return v.empty() || ((v.rfind("mailto:", 0) == 0 || v.rfind("https://", 0) == 0) && v.size() <= 200 &&
                              v.find_first_of(" \"\t\r\n") == std::string::npos);
       }},
      {"--outbound-ca-file", "TABULEIRO_OUTBOUND_CA_FILE",
       "a PEM file of the certificate authorities outbound HTTPS requests (Web Push, webhooks) trust "
       "(default: the system's store)",
       [](config& c, const std::string& v) {
         c.outbound_ca_file = v;
         return true;
       }},
      {"--outbound-allow-private", "TABULEIRO_OUTBOUND_ALLOW_PRIVATE",
       "yes: outbound requests may reach loopback, private and link-local addresses (an "
       "intranet's push service or webhook receiver, tests); default no",
       [](config& c, const std::string& v) {
         if (v != "yes" && v != "no") return false;
         c.outbound_allow_private = v == "yes";
         return true;
       }},
      {"--trusted-proxy", "TABULEIRO_TRUSTED_PROXY",
       "comma-separated proxy addresses/CIDRs whose X-Forwarded-For names the client",
       [](config& c, const std::string& v) {
         auto p = trusted_proxies::parse(v);
         if (!p) return false;
         c.trusted_proxy = v;
         c.proxies = std::move(*p);
         return true;
       }},
  };
  return all;
}

}  // namespace

std::string config_help() {
  std::ostringstream out;
  out << "usage: tabuleiro serve [options]\n\n"
         "Hosts matches over HTTP and WebSocket until SIGINT/SIGTERM.\n"
         "Each option may also be given by its environment variable; flags win.\n\n";
  for (const option_spec& s : specs()) {
    std::string left = std::string("  ") + s.flag + " VALUE";
    // A flag too long for the column has its words on the next line, never cut.
    left = left.size() < 28 ? left + std::string(28 - left.size(), ' ') : left + "\n" + std::string(28, ' ');
    out << left << s.help << "\n" << std::string(28, ' ') << "env " << s.env << "\n";
  }
  out << "  --help                    show this help\n";
  return out.str();
}

std::optional<config> parse_config(const std::vector<std::string>& args, std::string& error, bool& help) {
  namespace po = boost::program_options;
  config c;
  help = false;
  // Every option takes one string (repeated flags: the last wins); values are checked by the
  // specs' own setters, so ranges and messages stay one definition.
  po::options_description desc;
  desc.add_options()("help,h", "show this help");
  for (const option_spec& s : specs()) desc.add_options()(s.flag + 2, po::value<std::vector<std::string>>(), s.help);
  po::variables_map from_flags, from_env;
  try {
    const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(args).options(desc).positional({}).style(style).run(), from_flags);
    po::store(po::parse_environment(desc,
                                    [](const std::string& var) -> std::string {
                                      for (const option_spec& s : specs())
                                        if (var == s.env) return s.flag + 2;
                                      return "";
                                    }),
              from_env);
  } catch (const po::error& e) {
    error = e.what();
    return std::nullopt;
  }
  if (from_flags.count("help")) {
    help = true;
    return c;
  }
  for (const option_spec& s : specs()) {
    const char* name = s.flag + 2;
    const bool flag = from_flags.count(name) > 0;
    if (!flag && !from_env.count(name)) continue;
    const std::string value = (flag ? from_flags : from_env)[name].as<std::vector<std::string>>().back();
    if (!s.set(c, value)) {
      error = std::string("bad value for ") + (flag ? s.flag : s.env) + ": '" + value + "'";
      return std::nullopt;
    }
  }
  // The computer players get half the cores (the I/O threads keep the rest), and each bot
  // thread serves 16 matches: past 10 a decision gets the floor of its budget (a tenth), so a
  // queue of 16 is served within about 1.6 budgets (bot_pool::budget).
  if (c.bot_threads == 0) c.bot_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency() / 2));
  if (c.bot_matches == 0) c.bot_matches = 16 * c.bot_threads;
  return c;
}

}  // namespace tabuleiro::server

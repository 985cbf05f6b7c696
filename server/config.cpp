#include "server/config.h"

#include <charconv>
#include <cstdlib>
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

const std::vector<option_spec>& specs() {
  static const std::vector<option_spec> all = {
      {"--bind", "TABULEIRO_BIND", "address to listen on (default 127.0.0.1)",
       [](config& c, const std::string& v) { c.bind = v; return !v.empty(); }},
      {"--port", "TABULEIRO_PORT", "TCP port (default 8080; 0 picks a free port)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 0, 65535, n)) return false;
         c.port = static_cast<std::uint16_t>(n);
         return true;
       }},
      {"--db", "TABULEIRO_DB", "SQLite database file (default ./data/tabuleiro.db; directory created)",
       [](config& c, const std::string& v) { c.db = v; return !v.empty(); }},
      {"--web", "TABULEIRO_WEB", "static web client directory (default ./web)",
       [](config& c, const std::string& v) { c.web = v; return true; }},
      {"--public-url", "TABULEIRO_PUBLIC_URL",
       "base URL for share links (default http://<bind>:<port>)",
       [](config& c, const std::string& v) {
         c.public_url = v;
         while (!c.public_url.empty() && c.public_url.back() == '/') c.public_url.pop_back();
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
      {"--create-limit", "TABULEIRO_CREATE_LIMIT",
       "matches one client address may create per minute (default 20)",
       [](config& c, const std::string& v) {
         long n;
         if (!parse_int(v, 1, 1000000, n)) return false;
         c.create_per_minute = static_cast<int>(n);
         return true;
       }},
      {"--msg-rate", "TABULEIRO_MSG_RATE",
       "WebSocket messages per second a connection may sustain (default 10)",
       [](config& c, const std::string& v) { return parse_double(v, 0.01, 1e6, c.msg_rate); }},
      {"--msg-burst", "TABULEIRO_MSG_BURST", "burst size of that rate limit (default 40)",
       [](config& c, const std::string& v) { return parse_double(v, 1, 1e6, c.msg_burst); }},
      {"--idle-timeout", "TABULEIRO_IDLE_TIMEOUT",
       "seconds of WebSocket silence before a ping, and again before closing (default 60)",
       [](config& c, const std::string& v) { return parse_double(v, 1, 86400, c.idle_timeout_s); }},
      {"--handshake-timeout", "TABULEIRO_HANDSHAKE_TIMEOUT",
       "seconds allowed for the WebSocket handshake and for an HTTP request (default 10)",
       [](config& c, const std::string& v) {
         return parse_double(v, 0.1, 3600, c.handshake_timeout_s);
       }},
      {"--clock", "TABULEIRO_CLOCK",
       "system (default), or manual: time moves only by POST /api/test/clock (tests only)",
       [](config& c, const std::string& v) {
         c.manual_clock = v == "manual";
         return v == "manual" || v == "system";
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
    left.resize(28, ' ');
    out << left << s.help << "\n" << std::string(28, ' ') << "env " << s.env << "\n";
  }
  out << "  --help                    show this help\n";
  return out.str();
}

std::optional<config> parse_config(const std::vector<std::string>& args, std::string& error,
                                   bool& help) {
  config c;
  help = false;
  for (const option_spec& s : specs()) {
    if (const char* v = std::getenv(s.env); v != nullptr && !s.set(c, v)) {
      error = std::string("bad value for ") + s.env + ": '" + v + "'";
      return std::nullopt;
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      help = true;
      return c;
    }
    std::string name = a, value;
    bool has_value = false;
    if (auto eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    }
    const option_spec* spec = nullptr;
    for (const option_spec& s : specs())
      if (name == s.flag) spec = &s;
    if (spec == nullptr) {
      error = "unknown option '" + a + "'";
      return std::nullopt;
    }
    if (!has_value) {
      if (i + 1 >= args.size()) {
        error = "missing value for " + name;
        return std::nullopt;
      }
      value = args[++i];
    }
    if (!spec->set(c, value)) {
      error = "bad value for " + name + ": '" + value + "'";
      return std::nullopt;
    }
  }
  return c;
}

}  // namespace tabuleiro::server

// `tabuleiro serve` configuration (server/config/config.h): flags over the environment, ranges,
// messages, --help, the public URL's validation.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "server/config/config.h"

using namespace tabuleiro::server;

TEST_CASE("config: flags override environment, bad values are refused") {
  setenv("TABULEIRO_PORT", "9000", 1);
  setenv("TABULEIRO_DB", "/tmp/x.db", 1);
  std::string error;
  bool help = false;
  auto c = parse_config({"--port", "9001", "--public-url=https://t.example/"}, error, help);
  REQUIRE(c);
  CHECK(c->port == 9001);
  CHECK(c->db == "/tmp/x.db");
  CHECK(c->public_url == "https://t.example");
  CHECK_FALSE(parse_config({"--port", "70000"}, error, help));
  CHECK_FALSE(parse_config({"--bogus", "1"}, error, help));
  CHECK_FALSE(parse_config({"--threads"}, error, help));
  setenv("TABULEIRO_PORT", "abc", 1);
  CHECK_FALSE(parse_config({}, error, help));
  unsetenv("TABULEIRO_PORT");
  unsetenv("TABULEIRO_DB");
  CHECK(parse_config({"--help"}, error, help));
  CHECK(help);
}

TEST_CASE("config: environment variables, flags over them, ranges and messages") {
  std::string error;
  bool help = false;
  setenv("TABULEIRO_IDLE_TIMEOUT", "25", 1);
  setenv("TABULEIRO_CREATE_LIMIT", "5", 1);
  setenv("TABULEIRO_TRUSTED_PROXY", "10.0.0.0/8,::1", 1);
  setenv("TABULEIRO_HTTPS_PORT", "not ours", 1);  // other TABULEIRO_* variables are ignored
  auto c = parse_config({"--create-limit", "7", "--allowed-origins=https://a.example, http://b.example:81"}, error,
                        help);
  INFO(error);
  REQUIRE(c);
  CHECK(c->idle_timeout_s == 25);
  CHECK(c->create_per_minute == 7);
  CHECK(c->trusted_proxy == "10.0.0.0/8,::1");
  CHECK(c->proxies.contains(boost::asio::ip::make_address("::1")));
  CHECK(c->allowed_origins == std::vector<std::string>{"https://a.example", "http://b.example:81"});
  CHECK(parse_config({"--port", "1", "--port", "2"}, error, help)->port == 2);  // the last wins
  setenv("TABULEIRO_CREATE_LIMIT", "zero", 1);
  CHECK_FALSE(parse_config({}, error, help));
  CHECK(error == "bad value for TABULEIRO_CREATE_LIMIT: 'zero'");
  CHECK(parse_config({"--create-limit", "3"}, error, help));  // the flag wins over a bad variable
  unsetenv("TABULEIRO_CREATE_LIMIT");
  unsetenv("TABULEIRO_IDLE_TIMEOUT");
  unsetenv("TABULEIRO_TRUSTED_PROXY");
  unsetenv("TABULEIRO_HTTPS_PORT");
  CHECK_FALSE(parse_config({"--idle-timeout", "0"}, error, help));
  CHECK(error == "bad value for --idle-timeout: '0'");
  CHECK_FALSE(parse_config({"--create-limit", "0"}, error, help));
  CHECK(parse_config({}, error, help)->publish_per_minute == 10);
  setenv("TABULEIRO_PUBLISH_LIMIT", "4", 1);
  CHECK(parse_config({}, error, help)->publish_per_minute == 4);
  CHECK(parse_config({"--publish-limit", "30"}, error, help)->publish_per_minute == 30);
  unsetenv("TABULEIRO_PUBLISH_LIMIT");
  CHECK_FALSE(parse_config({"--publish-limit", "0"}, error, help));
  CHECK_FALSE(parse_config({"--msg-rate", "fast"}, error, help));
  CHECK_FALSE(parse_config({"--clock", "sundial"}, error, help));
  CHECK_FALSE(parse_config({"--trusted-proxy", "10.0.0.0/40"}, error, help));
  // Web Push's contact is a mailto: or https: URL; outbound requests reach internal addresses
  // only when told yes.
  CHECK(parse_config({"--push-contact", "mailto:ops@example.org"}, error, help)->push_contact ==
        "mailto:ops@example.org");
  CHECK(parse_config({"--push-contact", "https://games.example.org"}, error, help));
  CHECK_FALSE(parse_config({"--push-contact", "ops@example.org"}, error, help));
  CHECK_FALSE(parse_config({"--push-contact", "mailto:a b@example.org"}, error, help));
  CHECK(parse_config({}, error, help)->remind_before_h == 24);
  CHECK(parse_config({"--remind-before", "6"}, error, help)->remind_before_h == 6);
  CHECK_FALSE(parse_config({"--remind-before", "0"}, error, help));
  CHECK_FALSE(parse_config({"--remind-before", "337"}, error, help));
  CHECK_FALSE(parse_config({}, error, help)->outbound_allow_private);
  CHECK(parse_config({"--outbound-allow-private", "yes"}, error, help)->outbound_allow_private);
  CHECK_FALSE(parse_config({"--outbound-allow-private", "maybe"}, error, help));
  CHECK(parse_config({"--outbound-ca-file", "/etc/push-ca.pem"}, error, help)->outbound_ca_file == "/etc/push-ca.pem");
  CHECK_FALSE(parse_config({"--allowed-origins", "evil"}, error, help));
  CHECK_FALSE(parse_config({"--po", "9000"}, error, help));  // no abbreviations
  CHECK_FALSE(parse_config({"stray"}, error, help));
  CHECK(parse_config({"-h"}, error, help));
  CHECK(help);
}

TEST_CASE("config: --help lists every flag with its variable and default") {
  const std::string text = config_help();
  for (const char* s :
       {"--bind", "TABULEIRO_BIND", "--idle-timeout", "pinged after half of it", "--allowed-origins",
        "TABULEIRO_ALLOWED_ORIGINS", "--trusted-proxy", "TABULEIRO_TRUSTED_PROXY", "--clock", "--bot-threads",
        "TABULEIRO_BOT_THREADS", "--bot-time-ms", "--bot-iterations", "--bot-delay-ms", "--help"})
    CHECK(text.find(s) != std::string::npos);
  // A flag longer than the column is written whole, its words on the next line.
  CHECK(text.find("  --outbound-allow-private VALUE\n") != std::string::npos);
  CHECK(text.find("yes: outbound requests may reach") != std::string::npos);
}

TEST_CASE("config: the bot flags, their defaults and ranges") {
  std::string error;
  bool help = false;
  auto d = parse_config({}, error, help);
  REQUIRE(d);
  CHECK(d->bot_threads == 1);
  CHECK(d->bot_time_ms == 1000);
  CHECK(d->bot_iterations == 0);
  CHECK(d->bot_delay_ms == 0);
  auto c = parse_config(
      {"--bot-threads", "3", "--bot-time-ms", "250", "--bot-iterations", "40", "--bot-delay-ms", "10"}, error, help);
  REQUIRE(c);
  CHECK(c->bot_threads == 3);
  CHECK(c->bot_time_ms == 250);
  CHECK(c->bot_iterations == 40);
  CHECK(c->bot_delay_ms == 10);
  for (std::vector<std::string> bad : {std::vector<std::string>{"--bot-threads", "0"},
                                       {"--bot-threads", "65"},
                                       {"--bot-time-ms", "0"},
                                       {"--bot-iterations", "-1"},
                                       {"--bot-delay-ms", "x"}}) {
    INFO(bad[0] << " " << bad[1]);
    CHECK_FALSE(parse_config(bad, error, help));
  }
}

TEST_CASE("config: the scheduled backups' flags, their defaults and the interval's units") {
  std::string error;
  bool help = false;
  auto d = parse_config({}, error, help);
  REQUIRE(d);
  CHECK(d->backup_dir.empty());
  CHECK(d->backup_every_ms == 24LL * 3600 * 1000);
  CHECK(d->backup_keep == 7);
  for (const auto& [text, ms] : std::vector<std::pair<std::string, std::int64_t>>{
           {"90s", 90'000}, {"30m", 1'800'000}, {"6h", 21'600'000}, {"7d", 604'800'000}}) {
    auto c = parse_config({"--backup-dir", "/b", "--backup-every", text, "--backup-keep", "30"}, error, help);
    REQUIRE(c);
    CHECK(c->backup_dir == "/b");
    CHECK(c->backup_every_ms == ms);
    CHECK(c->backup_keep == 30);
  }
  CHECK(parse_config({"--backup-dir", ""}, error, help)->backup_dir.empty());  // empty: none (compose's off)
  for (std::vector<std::string> bad : {std::vector<std::string>{"--backup-every", "24"},
                                       {"--backup-every", "0h"},
                                       {"--backup-every", "1w"},
                                       {"--backup-every", "-1h"},
                                       {"--backup-every", "h"},
                                       {"--backup-keep", "0"}}) {
    INFO(bad[0] << " " << bad[1]);
    CHECK_FALSE(parse_config(bad, error, help));
  }
}

TEST_CASE("config: --public-url must be an http(s) URL with a real host") {
  std::string error;
  bool help = false;
  for (const char* good : {"https://play.example", "http://192.168.1.10:8080/", "https://x.example/games"}) {
    INFO(good);
    CHECK(parse_config({"--public-url", good}, error, help));
  }
  CHECK(parse_config({"--public-url", ""}, error, help)->public_url.empty());
  for (const char* bad : {"play.example", "ftp://play.example", "http://0.0.0.0:8080", "http://[::]:8080",
                          "https://play.example/?x=1", "http://bad host", "http://:8080"}) {
    INFO(bad);
    CHECK_FALSE(parse_config({"--public-url", bad}, error, help));
  }
}

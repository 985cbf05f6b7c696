// Unit tests of the server's parsing pieces: JSON depth guard, configuration.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "server/bot_player.h"
#include "server/config.h"
#include "server/display_name.h"
#include "server/http_policy.h"
#include "server/wire.h"

using namespace tabuleiro::server;

TEST_CASE("json_depth counts nesting outside strings") {
  CHECK(json_depth("1") == 0);
  CHECK(json_depth("{\"a\":[1,{\"b\":2}]}") == 3);
  CHECK(json_depth("\"[[[[\"") == 0);
  CHECK(json_depth(R"({"a":"\"[[[["})") == 1);
  std::string why;
  CHECK(parse_client_json(std::string(32, '[') + std::string(32, ']'), why));
  CHECK_FALSE(parse_client_json(std::string(33, '[') + std::string(33, ']'), why));
  CHECK_FALSE(parse_client_json(std::string(100000, '['), why));
  CHECK_FALSE(parse_client_json("{\"a\":", why));
}

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

TEST_CASE("http policy: origins are compared as normalized scheme://host[:port]") {
  CHECK(normalize_origin("HTTPS://Play.Example:443/m/ABC") == "https://play.example");
  CHECK(normalize_origin("http://127.0.0.1:8080") == "http://127.0.0.1:8080");
  CHECK(normalize_origin("http://[::1]:80") == "http://[::1]");
  CHECK_FALSE(normalize_origin("null"));
  CHECK_FALSE(normalize_origin("ftp://x.example"));
  CHECK_FALSE(normalize_origin("http://u@x.example"));
  CHECK_FALSE(normalize_origin("http://x.example:port"));
  const auto own = own_origins("https://play.example/", "127.0.0.1", 8080, {"http://b.example:8000"});
  CHECK(origin_allowed("https://play.example", own));
  CHECK(origin_allowed("http://127.0.0.1:8080", own));
  CHECK(origin_allowed("http://B.example:8000", own));
  CHECK_FALSE(origin_allowed("http://127.0.0.1:8081", own));
  CHECK_FALSE(origin_allowed("http://play.example", own));
  CHECK(is_json_media_type("application/json"));
  CHECK(is_json_media_type(" Application/JSON ; charset=utf-8"));
  CHECK_FALSE(is_json_media_type("text/plain"));
  CHECK_FALSE(is_json_media_type("application/jsonx"));
  CHECK_FALSE(is_json_media_type(""));
}

TEST_CASE("http policy: the client address behind trusted proxies") {
  namespace ip = boost::asio::ip;
  auto t = trusted_proxies::parse("10.0.0.0/8, 192.0.2.1, fd00::/8");
  REQUIRE(t);
  CHECK(t->contains(ip::make_address("10.9.8.7")));
  CHECK(t->contains(ip::make_address("::ffff:10.9.8.7")));
  CHECK(t->contains(ip::make_address("fd12::1")));
  CHECK_FALSE(t->contains(ip::make_address("192.0.2.2")));
  CHECK_FALSE(t->contains(ip::make_address("fe80::1")));
  CHECK_FALSE(trusted_proxies::parse("10.0.0.0/33"));
  CHECK_FALSE(trusted_proxies::parse("proxy.example"));
  CHECK(trusted_proxies::parse("")->empty());
  boost::beast::http::fields h;
  h.set("X-Forwarded-For", "198.51.100.1, 203.0.113.9, 10.0.0.2");
  CHECK(client_address(ip::make_address("10.0.0.1"), h, *t) == "203.0.113.9");
  CHECK(client_address(ip::make_address("203.0.113.50"), h, *t) == "203.0.113.50");  // untrusted peer
  boost::beast::http::fields f;
  f.set("Forwarded", "for=192.0.2.60;proto=http, for=\"[2001:db8:cafe::17]:4711\"");
  CHECK(client_address(ip::make_address("10.0.0.1"), f, *t) == "2001:db8:cafe::17");
  CHECK(client_address(ip::make_address("10.0.0.1"), {}, *t) == "10.0.0.1");
}

TEST_CASE("config: environment variables, flags over them, ranges and messages") {
  std::string error;
  bool help = false;
  setenv("TABULEIRO_IDLE_TIMEOUT", "25", 1);
  setenv("TABULEIRO_CREATE_LIMIT", "5", 1);
  setenv("TABULEIRO_TRUSTED_PROXY", "10.0.0.0/8,::1", 1);
  setenv("TABULEIRO_HTTPS_PORT", "not ours", 1);  // other TABULEIRO_* variables are ignored
  auto c = parse_config({"--create-limit", "7", "--allowed-origins=https://a.example, http://b.example:81"},
                        error, help);
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
  CHECK_FALSE(parse_config({"--msg-rate", "fast"}, error, help));
  CHECK_FALSE(parse_config({"--clock", "sundial"}, error, help));
  CHECK_FALSE(parse_config({"--trusted-proxy", "10.0.0.0/40"}, error, help));
  CHECK_FALSE(parse_config({"--allowed-origins", "evil"}, error, help));
  CHECK_FALSE(parse_config({"--po", "9000"}, error, help));  // no abbreviations
  CHECK_FALSE(parse_config({"stray"}, error, help));
  CHECK(parse_config({"-h"}, error, help));
  CHECK(help);
}

TEST_CASE("config: --help lists every flag with its variable and default") {
  const std::string text = config_help();
  for (const char* s : {"--bind", "TABULEIRO_BIND", "--idle-timeout", "pinged after half of it",
                        "--allowed-origins", "TABULEIRO_ALLOWED_ORIGINS", "--trusted-proxy",
                        "TABULEIRO_TRUSTED_PROXY", "--clock", "--bot-threads", "TABULEIRO_BOT_THREADS",
                        "--bot-time-ms", "--bot-iterations", "--bot-delay-ms", "--help"})
    CHECK(text.find(s) != std::string::npos);
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
  auto c = parse_config({"--bot-threads", "3", "--bot-time-ms", "250", "--bot-iterations", "40",
                         "--bot-delay-ms", "10"},
                        error, help);
  REQUIRE(c);
  CHECK(c->bot_threads == 3);
  CHECK(c->bot_time_ms == 250);
  CHECK(c->bot_iterations == 40);
  CHECK(c->bot_delay_ms == 10);
  for (std::vector<std::string> bad : {std::vector<std::string>{"--bot-threads", "0"}, {"--bot-threads", "65"},
                                       {"--bot-time-ms", "0"}, {"--bot-iterations", "-1"},
                                       {"--bot-delay-ms", "x"}}) {
    INFO(bad[0] << " " << bad[1]);
    CHECK_FALSE(parse_config(bad, error, help));
  }
}

TEST_CASE("bots: a decision's seed is a function of the bot's seed and the version only") {
  CHECK(bot_decision_seed(42, 7) == bot_decision_seed(42, 7));
  CHECK(bot_decision_seed(42, 7) != bot_decision_seed(42, 8));
  CHECK(bot_decision_seed(42, 7) != bot_decision_seed(43, 7));
  CHECK(bot_decision_seed(42, 0) != 42);
}

TEST_CASE("display names: control and bidi characters removed, whitespace collapsed, 24 code points") {
  using tabuleiro::server::clean_display_name;
  CHECK(clean_display_name("  Ana\x07 \xE2\x80\xAEMaria\t\n ") == "Ana Maria");
  CHECK(clean_display_name("\x1b[31mred") == "[31mred");
  CHECK(clean_display_name("\xC2\x85x\xC2\xA0\xC2\xA0y") == "x y");  // NEL removed, NBSP a space
  CHECK(clean_display_name(std::string(40, 'z')) == std::string(24, 'z'));
  // Multi-byte characters count once and are never cut in half.
  std::string accents;
  for (int i = 0; i < 30; ++i) accents += "\xC3\xA9";  // é
  CHECK(clean_display_name(accents) == accents.substr(0, 48));
  CHECK(clean_display_name("\x01\x02 \t") == "");
}

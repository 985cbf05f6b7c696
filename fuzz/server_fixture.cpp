#include "fuzz/server_fixture.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <spdlog/spdlog.h>

namespace tabuleiro::fuzz {

namespace {

namespace fs = std::filesystem;

// The temporary directory of the fixture's database, removed at exit.
std::string db_dir;

// Builds the fixture and creates its match over the registry, as POST /api/matches does.
server_fixture* make_fixture() {
  spdlog::set_level(spdlog::level::off);  // a log line per frame would dominate the run
  char tmpl[] = "/tmp/tabuleiro-fuzz-XXXXXX";
  if (!mkdtemp(tmpl)) std::abort();
  db_dir = tmpl;
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(db_dir, ec);
  });
  server::config cfg;
  cfg.db = db_dir + "/fuzz.db";
  cfg.bind = "127.0.0.1";
  cfg.port = 0;
  cfg.threads = 1;
  cfg.manual_clock = true;  // no round-trip pings; time moves only by POST /api/test/clock
  cfg.msg_rate = 1000;
  cfg.msg_burst = 1000;
  std::unique_ptr<server::node> node;
  try {
    node = std::make_unique<server::node>(cfg, boost::asio::ip::make_address(cfg.bind));
  } catch (const server::startup_error& e) {
    std::fprintf(stderr, "fuzz fixture: cannot build the server: %s\n", e.what());
    std::abort();
  }
  boost::asio::io_context& ioc = node->io_context();
  auto* f = new server_fixture{std::move(node), ioc, nullptr, {}, {}};
  f->state = &f->node->state();
  f->state->registry.start();

  std::atomic<bool> created{false};
  server::create_result result = server::create_failure::storage_failed;
  auto request = std::get<server::create_request>(server::parse_create_request(server::json{{"game", "taixu"}}));
  f->state->registry.create(std::move(request), [&](server::create_result r) {
    result = std::move(r);
    created = true;
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!created && std::chrono::steady_clock::now() < deadline) {
    f->ioc.restart();
    if (f->ioc.run_one_for(std::chrono::milliseconds(10)) == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // the pool's work is under way
  }
  const auto* made = std::get_if<server::new_match>(&result);
  if (!created || !made) {
    std::fprintf(stderr, "fuzz fixture: match not created\n");
    std::abort();
  }
  f->code = made->code;
  f->token = made->token;
  if (f->code.size() != code_placeholder.size() || f->token.size() != token_placeholder.size()) std::abort();
  return f;
}

// Replaces every occurrence of from in s by to (of the same length).
void replace_all(std::string& s, std::string_view from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

}  // namespace

server_fixture& fixture() {
  static server_fixture* f = make_fixture();
  return *f;
}

void drive(server_fixture& f, std::size_t max_handlers) {
  f.ioc.restart();
  for (std::size_t i = 0; i < max_handlers; ++i)
    if (f.ioc.run_one_for(std::chrono::milliseconds(5)) == 0) break;
}

std::string with_match(server_fixture& f, const unsigned char* data, std::size_t size) {
  std::string s(reinterpret_cast<const char*>(data), size);
  replace_all(s, code_placeholder, f.code);
  replace_all(s, token_placeholder, f.token);
  return s;
}

}  // namespace tabuleiro::fuzz

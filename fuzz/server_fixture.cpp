#include "fuzz/server_fixture.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/net/route_table.h"

namespace tabuleiro::fuzz {

namespace {

namespace fs = std::filesystem;

// The temporary directory of the fixture's database, removed at exit.
std::string db_dir;

// Builds the fixture and creates its match over the registry, as POST /api/matches does.
server_fixture* make_fixture() {
  spdlog::set_level(spdlog::level::off);  // a log line per frame would dominate the run
  auto* f = new server_fixture;
  char tmpl[] = "/tmp/tabuleiro-fuzz-XXXXXX";
  if (!mkdtemp(tmpl)) std::abort();
  db_dir = tmpl;
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(db_dir, ec);
  });
  f->cfg.manual_clock = true;  // no round-trip pings; time moves only by POST /api/test/clock
  f->cfg.msg_rate = 1000;
  f->cfg.msg_burst = 1000;
  std::string error;
  f->db = server::store::open(db_dir + "/fuzz.db", error,
                              [f](std::size_t writes, double s) { f->stats.committed(writes, s); });
  if (!f->db) {
    std::fprintf(stderr, "fuzz fixture: cannot open store: %s\n", error.c_str());
    std::abort();
  }
  f->time = std::make_unique<server::manual_time>(1'700'000'000'000);
  f->bots = std::make_unique<server::bot_pool>(1);
  f->list_feed = std::make_unique<server::match_list_feed>(f->ioc, *f->time, 1000);
  server::room_services svc{
      .db = f->db.get(), .stats = &f->stats, .cfg = &f->cfg, .time = f->time.get(), .bots = f->bots.get()};
  svc.list_feed = [feed = f->list_feed.get()](server::list_entry e) { feed->changed(std::move(e)); };
  f->registry = std::make_unique<server::rooms>(f->ioc, svc);
  f->list_feed->set_source(
      [r = f->registry.get()](std::function<void(server::list_snapshot)> done) { r->read_list(std::move(done)); });
  f->state = std::make_unique<server::shared_state>();
  f->state->svc = svc;
  f->state->registry = f->registry.get();
  f->state->manual_clock = f->time.get();
  f->state->list_feed = f->list_feed.get();
  f->creations = std::make_unique<server::window_limiter>(*f->time, f->cfg.create_per_minute, 60'000);
  f->state->creations = f->creations.get();
  f->publications = std::make_unique<server::window_limiter>(*f->time, f->cfg.publish_per_minute, 60'000);
  f->state->publications = f->publications.get();
  f->state->connections = &f->connections;
  f->routes = std::make_unique<server::router>(server::route_table(server::features_of(*f->state)), f->state->accounts);
  f->state->routes = f->routes.get();
  f->registry->start();

  std::atomic<bool> created{false};
  server::create_result result = server::create_failure::storage_failed;
  auto request = std::get<server::create_request>(server::parse_create_request(server::json{{"game", "taixu"}}));
  f->registry->create(std::move(request), [&](server::create_result r) {
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

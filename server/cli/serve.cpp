// `tabuleiro serve`: configuration, logging, storage, I/O threads, graceful shutdown.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/host_name.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "protocol/core/game.h"
#include "server/backups/scheduled_backups.h"
#include "server/bots/pool.h"
#include "server/cli/commands.h"
#include "server/config/config.h"
#include "server/net/listener.h"
#include "server/net/route_table.h"
#include "server/net/shared_state.h"
#include "server/registry/list_feed.h"
#include "server/registry/rooms.h"
#include "server/notify/push_sender.h"
#include "server/notify/push_service.h"
#include "server/notify/webhook_sender.h"
#include "server/notify/webhook_service.h"
#include "server/notify/vapid_key.h"
#include "server/social/lobby.h"
#include "server/social/ratings.h"
#include "server/store/db_file.h"
#include "server/store/pg.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"
#include "server/util/service_notify.h"
#include "server/util/thread_name.h"

namespace tabuleiro {

namespace {

using namespace tabuleiro::server;

// After a stop signal: waits (bounded) for WebSocket connections to finish closing and for
// HTTP requests in flight to be answered (new ones meanwhile get 503), then stops accepting
// and stops the I/O threads.
void drain_then_stop(net::io_context& ioc, const connection_set& connections, const metrics& stats,
                     const std::shared_ptr<listener>& acceptor, std::shared_ptr<net::steady_timer> t, int rounds_left) {
  const std::int64_t requests = stats.http_in_flight.load();
  if ((connections.size() == 0 && requests == 0) || rounds_left == 0) {
    if (rounds_left == 0)
      spdlog::warn("shutdown: {} connections and {} HTTP requests still open, closing anyway", connections.size(),
                   requests);
    acceptor->stop();
    ioc.stop();
    return;
  }
  t->expires_after(std::chrono::milliseconds(50));
  t->async_wait([&ioc, &connections, &stats, acceptor, t, rounds_left](boost::system::error_code) {
    drain_then_stop(ioc, connections, stats, acceptor, t, rounds_left - 1);
  });
}

// The whole content of a file ("" when it cannot be read).
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Checks the SQLite file at path and takes its lock for this server; creates a new server's
// file (0600) and restricts an existing one's to its owner, logging either; nullptr with error.
std::unique_ptr<db_lock> open_server_file(const std::string& path, std::string& error) {
  bool created = false;
  if (!check_db_file(path, if_missing::create, error, &created)) return nullptr;
  auto held = db_lock::take(path, "tabuleiro serve", error);
  if (!held) return nullptr;
  std::error_code ec;
  if (created && !std::filesystem::exists(path, ec)) {
    if (!create_private_db_file(path, error)) return nullptr;
    spdlog::warn("new database: created {} (no database was there), so this is a new server; its set-up link "
                 "follows",
                 std::filesystem::absolute(path, ec).lexically_normal().string());
  }
  if (const std::string changed = restrict_db_files(path); !changed.empty())
    spdlog::warn("database files restricted to their owner (0600; they hold password hashes and secrets): {}", changed);
  return held;
}

}  // namespace

// Closes, twice a second, the connections of the users an administrator disabled since the
// last look (4003), and those signed in by a session that ended since (4004: a sign-out, a
// password change), on this node or any other (with 5 s of overlap for nodes whose clocks
// differ); stops with the server.
void watch_disabled_users(net::io_context& ioc, time_source& time, accounts::admin_service& admin,
                          connection_set& connections, const std::atomic<bool>& stopping, std::int64_t since_ms) {
  time.call_after(500, ioc.get_executor(), [&ioc, &time, &admin, &connections, &stopping, since_ms] {
    if (stopping) return;
    const std::int64_t now = time.now_ms();
    const auto asked = std::chrono::steady_clock::now();  // a socket opened later waits for the next look
    admin.session_changes_since(since_ms - 5000, [&ioc, &time, &admin, &connections, &stopping, since_ms, now,
                                                  asked](std::optional<accounts::session_changes> seen) {
      if (seen) {
        for (const std::int64_t id : seen->disabled) connections.close_account(id, 4003, "account disabled");
        for (const auto& ended : seen->live) {
          const auto& live = ended.second;  // the sessions the user still has
          connections.close_sessions(
              ended.first, [&live](const std::string& hash) { return !live.contains(hash); }, session_ended_close,
              "session ended", asked);
        }
      }
      watch_disabled_users(ioc, time, admin, connections, stopping, seen ? now : since_ms);
    });
  });
}

int run_serve(const args& a) {
  std::string error;
  bool help = false;
  auto parsed = parse_config(a, error, help);
  if (help) {
    std::cout << config_help();
    return 0;
  }
  if (!parsed) {
    std::cerr << "tabuleiro serve: " << error << "\n\n" << config_help();
    return 2;
  }
  config cfg = *parsed;
  if (cfg.threads <= 0) cfg.threads = std::max(1u, std::thread::hardware_concurrency());

  auto log = spdlog::stderr_color_mt("tabuleiro");
  spdlog::set_default_logger(log);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(cfg.log_level));

  boost::system::error_code ec;
  const auto address = net::ip::make_address(cfg.bind, ec);
  if (ec) {
    std::cerr << "tabuleiro serve: bad --bind address '" << cfg.bind << "'\n";
    return 2;
  }

  // A SQLite file is one server's: held by its lock for the server's life (db_file.h).
  std::unique_ptr<db_lock> held;
  if (!is_postgres_url(cfg.db)) {
    held = open_server_file(cfg.db, error);
    if (!held) {
      spdlog::critical("{}", error);
      return 1;
    }
  }
  metrics stats;
  store_options store_settings;
  store_settings.quick_check_ms = cfg.quick_check_s > 0 ? cfg.quick_check_s * 1000 : -1;
  auto db = store::open(
      cfg.db, error, [&stats](std::size_t writes, double seconds) { stats.committed(writes, seconds); },
      store_settings);
  if (!db) {
    spdlog::critical("cannot open database {}: {}{}", loggable_db_target(cfg.db), error, damaged_db_advice(error));
    return 1;
  }
  // Before the io_context: a room that its handlers still hold when it is destroyed frees its
  // place here.
  bot_capacity bot_matches(static_cast<std::size_t>(cfg.bot_matches),
                           static_cast<std::size_t>(cfg.bot_matches_per_address));
  net::io_context ioc(cfg.threads);
  std::unique_ptr<time_source> time;
  manual_time* manual = nullptr;
  if (cfg.manual_clock) {
    auto m = std::make_unique<manual_time>(system_time()->now_ms());
    manual = m.get();
    time = std::move(m);
    spdlog::warn("clock: manual (time moves only by POST /api/test/clock); for tests only");
  } else {
    time = system_time();
  }
  // Scheduled backups (--backup-dir): a folder the server cannot write to stops it now.
  std::unique_ptr<scheduled_backups> backups;
  if (!cfg.backup_dir.empty()) {
    backups = std::make_unique<scheduled_backups>(
        cfg.db, backup_schedule_options{cfg.backup_dir, cfg.backup_every_ms, cfg.backup_keep}, *time);
    if (!backups->prepare(error)) {
      spdlog::critical("{}", error);
      return 1;
    }
  }
  // /metrics also tells what build runs since when, the database's health and the backups'.
  const std::int64_t started_s = system_time()->now_ms() / 1000;
  stats.set_extra([&db, &backups, started_s] {
    return "# HELP tabuleiro_build_info The running build.\n# TYPE tabuleiro_build_info gauge\n"
           "tabuleiro_build_info{version=\"" TABULEIRO_VERSION "\",commit=\"" TABULEIRO_COMMIT "\"} 1\n"
           "# HELP tabuleiro_process_start_time_seconds Unix time the server started.\n"
           "# TYPE tabuleiro_process_start_time_seconds gauge\ntabuleiro_process_start_time_seconds " +
           std::to_string(started_s) + "\n" + health_metrics(db->health()) + (backups ? backups->metrics_text() : "");
  });
  // The Web Push key pair every node shares (server/notify/), made on the first start.
  const auto vapid = notify::load_vapid_key(*db, system_time()->now_ms(), error);
  if (!vapid) {
    spdlog::critical("cannot keep the Web Push key in {}: {}", loggable_db_target(cfg.db), error);
    return 1;
  }

  bot_pool bot_workers(cfg.bot_threads);
  // The match list feed pushes at most once a second; rooms post their summaries to it.
  match_list_feed list_feed(ioc, *time, 1000);
  accounts::service_options account_options;
  account_options.invitation_required = cfg.access == access_mode::invite;
  accounts::account_service account_service(*db, *time, account_options);
  accounts::admin_service admin(*db, *time, account_service);
  room_services svc;  // the registry sets blocking and make_rematch (lease_lost in a cluster)
  svc.db = db.get();
  svc.stats = &stats;
  svc.cfg = &cfg;
  svc.time = time.get();
  svc.bots = &bot_workers;
  svc.bot_matches = &bot_matches;
  svc.list_feed = [&list_feed](list_entry e) { list_feed.changed(std::move(e)); };
  svc.new_matches_paused = [&admin](std::function<void(std::optional<bool>)> done) {
    admin.maintenance(std::move(done));
  };
  social::rating_service ratings(*db);
  svc.settle_ratings = [&ratings](const std::string& code, std::function<void(json)> shown) {
    ratings.settle(code, std::move(shown));
  };
  svc.read_ratings = [&ratings](const std::string& code) { return ratings.read_match_ratings(code); };
  // Players' notices go out as Web Push messages and to their webhooks, on the senders' own threads.
  notify::outbound_policy outbound;
  outbound.allow_private = cfg.outbound_allow_private;
  outbound.ca_file = cfg.outbound_ca_file;
  const std::string push_contact = !cfg.push_contact.empty()                  ? cfg.push_contact
                                   : cfg.public_url.rfind("https://", 0) == 0 ? cfg.public_url
                                                                              : "mailto:admin@localhost";
  notify::push_sender push_out(*db, outbound, *vapid, push_contact, *time, stats);
  notify::webhook_sender hooks_out(*db, outbound, cfg.public_url, *time, stats);
  svc.notify = [&push_out, &hooks_out](notify::match_notice n) {
    hooks_out.send(n);
    push_out.send(std::move(n));
  };
  rooms registry(ioc, svc);
  list_feed.set_source([&registry](std::function<void(list_snapshot)> done) { registry.read_list(std::move(done)); });
  window_limiter creations(*time, cfg.create_per_minute, 60'000);
  window_limiter publications(*time, cfg.publish_per_minute, 60'000);
  connection_set connections;
  // Link previews: at most 30 drawings a minute per client address and 300 for everyone.
  preview::preview_images previews(*time, 30, 300);
  // The registry's completed services, not svc: the admin routes' retries run on its pool.
  shared_state state{registry.services(), &registry, manual,    &list_feed,     &creations,    &connections,
                     &account_service,    &admin,    &previews, time->now_ms(), &publications, &ratings};

  std::shared_ptr<listener> acceptor;
  try {
    acceptor = std::make_shared<listener>(ioc, net::ip::tcp::endpoint(address, cfg.port), state);
  } catch (const boost::system::system_error& e) {
    spdlog::critical("cannot listen on {}:{}: {}", cfg.bind, cfg.port, e.code().message());
    return 1;
  }
  const auto port = acceptor->local_endpoint().port();
  const std::string host = address.is_v6() ? "[" + cfg.bind + "]" : cfg.bind;
  // An unspecified address (0.0.0.0, ::) is not one to open: this machine's own name is.
  const std::string url = "http://" + (address.is_unspecified() ? std::string("localhost") : host) + ":" +
                          std::to_string(port);
  // On PostgreSQL this server is a node of a (possibly one-node) cluster and holds a lease on
  // each match it serves; SQLite is one server's own file, with no leases.
  if (!is_postgres_url(cfg.db)) {
    if (!cfg.node.empty()) spdlog::warn("--node {} ignored: a SQLite database has no cluster", cfg.node);
    cfg.node.clear();
  } else if (cfg.node.empty()) {
    cfg.node = net::ip::host_name() + ":" + std::to_string(port);
  }
  // Where the other nodes relay this node's matches' connections: the bound address when it is
  // one, else this machine's name.
  if (cfg.node.empty()) cfg.node_address.clear();
  else if (cfg.node_address.empty())
    cfg.node_address = (address.is_unspecified() ? net::ip::host_name() : host) + ":" + std::to_string(port);
  // The other nodes' matches reach this node's list feed from the database.
  if (!cfg.node.empty()) list_feed.refresh_every(5000);
  // The lobby: its challenges are rows of the database, read by every node (PROTOCOL.md "Lobby").
  social::lobby_settings lobby_settings;
  lobby_settings.node = cfg.node.empty() ? "local" : cfg.node;
  lobby_settings.notify = svc.notify;
  social::lobby_service lobby(ioc, *db, *time, registry, lobby_settings);
  state.lobby = &lobby;
  state.vapid = &*vapid;
  notify::push_service push(*db, *time);
  state.push = &push;
  notify::webhook_service webhooks(*db, *time, hooks_out, cfg.outbound_allow_private);
  state.webhooks = &webhooks;
  state.backups = backups.get();
  const router routes(route_table(features_of(state)), state.accounts);  // from the services above
  state.routes = &routes;
  cfg.sites = site_policy(cfg.public_url, own_origins(cfg.public_url, host, port, cfg.allowed_origins),
                          address.is_loopback());
  cfg.csp = content_security_policy(inline_script_hashes(read_file(cfg.web + "/index.html")));

  std::string games;
  for (auto g : protocol::game_names()) games += (games.empty() ? "" : ",") + std::string(g);
  spdlog::info(
      "config: bind={} port={} db={} web={} public-url={} threads={} log-level={} "
      "abandon-after={}s create-limit={}/min publish-limit={}/min msg-rate={}/s msg-burst={} idle-timeout={}s "
      "origins={} trusted-proxy={} bot-threads={} bot-matches={} (per address {}) bot-time-ms={} bot-iterations={} node={} "
      "node-address={} lease-ms={} outbound-allow-private={} backup-dir={} backup-every={}s backup-keep={} games={}",
      cfg.bind, port, loggable_db_target(cfg.db), cfg.web.empty() ? "(none)" : cfg.web,
      cfg.public_url.empty() ? "(none)" : cfg.public_url, cfg.threads, cfg.log_level, cfg.abandon_after_s,
      cfg.create_per_minute, cfg.publish_per_minute, cfg.msg_rate, cfg.msg_burst, cfg.idle_timeout_s,
      fmt::join(cfg.sites.fixed_origins(), ","), cfg.trusted_proxy.empty() ? "(none)" : cfg.trusted_proxy,
      cfg.bot_threads, cfg.bot_matches, cfg.bot_matches_per_address, cfg.bot_time_ms, cfg.bot_iterations,
      cfg.node.empty() ? "(none)" : cfg.node, cfg.node_address.empty() ? "(none)" : cfg.node_address, cfg.lease_ms,
      cfg.outbound_allow_private ? "yes" : "no", cfg.backup_dir.empty() ? "(none)" : cfg.backup_dir,
      cfg.backup_every_ms / 1000, cfg.backup_keep, games.empty() ? "(none)" : games);

  // SIGHUP (a terminal closed, a log rotation's signal) does not stop the server: the log goes to
  // standard error, which the service manager or container engine keeps, so there is nothing
  // to reopen; it is logged and ignored.
  net::signal_set hangups(ioc, SIGHUP);
  std::function<void(boost::system::error_code, int)> on_hangup = [&](boost::system::error_code e, int) {
    if (e) return;
    spdlog::info(
        "signal SIGHUP: ignored (the log goes to standard error: nothing to reopen); SIGTERM stops the server");
    hangups.async_wait(on_hangup);
  };
  hangups.async_wait(on_hangup);

  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code e, int sig) {
    if (e) return;
    spdlog::info("signal {}: stopping (new requests get 503; closing WebSockets with 1001)", sig);
    notify_service("STOPPING=1\nSTATUS=stopping: closing connections and flushing the database");
    // The listener keeps accepting while draining: closing it would reset the connections
    // already waiting in its backlog, whose requests were sent and never answered.
    state.stopping = true;
    hangups.cancel();
    bot_workers.stop();  // thinking ends now; shutdown never waits for a decision
    list_feed.shutdown();
    lobby.shutdown();
    registry.shutdown();
    connections.close_all(1001, "server shutting down");
    drain_then_stop(ioc, connections, stats, acceptor, std::make_shared<net::steady_timer>(ioc), 60);
  });

  acceptor->run();
  registry.start();
  ratings.settle_missed();
  if (backups) backups->start();  // the rated matches that ended while a node stopped before settling them
  watch_disabled_users(ioc, *time, admin, connections, state.stopping, time->now_ms());
  // A server without an administrator offers a one-time link that makes one (waited for here,
  // before the I/O threads run, so the link is in the log before the "serving on" line).
  std::promise<std::optional<std::string>> setup;
  admin.setup_link(7LL * 24 * 3600 * 1000,
                   [&setup](std::optional<std::string> code) { setup.set_value(std::move(code)); });
  if (const auto code = setup.get_future().get())
    spdlog::warn("no administrator yet: open {}/signup?invite={} within 7 days to create the first one (it works "
                 "once, and only while no administrator exists; or run `tabuleiro admin create-user NAME --admin`)",
                 cfg.sites.from_requests() ? url : cfg.public_url, *code);
  if (cfg.sites.from_requests())
    spdlog::info("links and origins: from each request's own address (no --public-url){}; set "
                 "--public-url only for a public name, e.g. behind a TLS proxy",
                 address.is_loopback() ? "; bound to loopback, so only requests addressed to "
                                         "localhost or a loopback address are answered"
                                       : "");
  else spdlog::info("links and origins: the public URL {} (plus --allowed-origins)", cfg.public_url);
  // Scripts read the port after the line's last colon.
  std::cout << "Tabuleiro serving on " << url << "/"
            << (address.is_unspecified() ? " (listening on every address of this machine)" : "") << std::endl;
  notify_service("READY=1\nSTATUS=serving on " + url + "/");  // systemd's Type=notify (service_notify.h)

  std::vector<std::thread> threads;
  for (int i = 1; i < cfg.threads; ++i)
    threads.emplace_back([&ioc] {
      server::name_this_thread("tab-io");
      ioc.run();
    });
  ioc.run();
  for (auto& t : threads) t.join();

  bot_workers.stop();
  bot_workers.join();
  if (backups) backups->stop();  // after the copy it may be writing
  registry.join();
  db->close();
  spdlog::info("stopped; database flushed");
  spdlog::shutdown();
  return 0;
}

}  // namespace tabuleiro

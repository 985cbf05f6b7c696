// The node: builds a server's services in dependency order (node.h) and runs it.
#include "server/node/node.h"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <thread>
#include <vector>

#include <boost/asio/ip/host_name.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "protocol/core/game.h"
#include "server/net/listener.h"
#include "server/net/route_table.h"
#include "server/notify/vapid_key.h"
#include "server/store/pg.h"
#include "server/util/service_notify.h"
#include "server/util/thread_name.h"

namespace tabuleiro::server {

namespace {

// The whole content of a file ("" when it cannot be read).
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Checks the SQLite file the configuration names and takes its lock for this server (null on
// PostgreSQL); creates a new server's file (0600) and restricts an existing one's to its owner,
// logging either.
std::unique_ptr<db_lock> take_server_file(const config& cfg) {
  if (is_postgres_url(cfg.db)) return nullptr;
  std::string error;
  bool created = false;
  if (!check_db_file(cfg.db, if_missing::create, error, &created)) throw startup_error(error);
  auto held = db_lock::take(cfg.db, "tabuleiro serve", error);
  if (!held) throw startup_error(error);
  std::error_code ec;
  if (created && !std::filesystem::exists(cfg.db, ec)) {
    if (!create_private_db_file(cfg.db, error)) throw startup_error(error);
    spdlog::warn("new database: created {} (no database was there), so this is a new server; its set-up link "
                 "follows",
                 std::filesystem::absolute(cfg.db, ec).lexically_normal().string());
  }
  if (const std::string changed = restrict_db_files(cfg.db); !changed.empty())
    spdlog::warn("database files restricted to their owner (0600; they hold password hashes and secrets): {}", changed);
  return held;
}

// Opens the configuration's database, its commits counted in stats.
std::unique_ptr<store> open_database(const config& cfg, metrics& stats) {
  store_options settings;
  settings.quick_check_ms = cfg.quick_check_s > 0 ? cfg.quick_check_s * 1000 : -1;
  std::string error;
  auto db = store::open(
      cfg.db, error, [&stats](std::size_t writes, double seconds) { stats.committed(writes, seconds); }, settings);
  if (!db)
    throw startup_error("cannot open database " + loggable_db_target(cfg.db) + ": " + error + damaged_db_advice(error));
  return db;
}

// A listener bound to address and the configuration's port (0: any free port).
std::shared_ptr<listener> bind_listener(net::io_context& ioc, const config& cfg, const net::ip::address& address,
                                        shared_state& state) {
  try {
    return std::make_shared<listener>(ioc, net::ip::tcp::endpoint(address, cfg.port), state);
  } catch (const boost::system::system_error& e) {
    throw startup_error("cannot listen on " + cfg.bind + ":" + std::to_string(cfg.port) + ": " + e.code().message());
  }
}

// address as a URL's host ([...] around IPv6).
std::string url_host(const net::ip::address& address, const std::string& bind) {
  return address.is_v6() ? "[" + bind + "]" : bind;
}

// The I/O threads: --threads, or one per core when it is 0 or less.
int io_threads(const config& cfg) {
  return cfg.threads > 0 ? cfg.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// The parsed configuration completed with what binding told: the I/O threads' number, the
// node's name and address (PostgreSQL: a node of a cluster, possibly of one; SQLite: none),
// the sites and origins the server answers for, and the client page's CSP.
config completed(config cfg, const net::ip::address& address, unsigned short port) {
  cfg.threads = io_threads(cfg);
  const std::string host = url_host(address, cfg.bind);
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
  cfg.sites = site_policy(cfg.public_url, own_origins(cfg.public_url, host, port, cfg.allowed_origins),
                          address.is_loopback());
  cfg.csp = content_security_policy(inline_script_hashes(read_file(cfg.web + "/index.html")));
  return cfg;
}

// The address to open: an unspecified one (0.0.0.0, ::) is not one to open, this machine's
// own name is.
std::string url_of(const net::ip::address& address, const config& cfg, unsigned short port) {
  return "http://" + (address.is_unspecified() ? std::string("localhost") : url_host(address, cfg.bind)) + ":" +
         std::to_string(port);
}

// The clock: the system's, or a manual one that only POST /api/test/clock moves.
std::unique_ptr<time_source> clock_of(const config& cfg) {
  if (!cfg.manual_clock) return system_time();
  spdlog::warn("clock: manual (time moves only by POST /api/test/clock); for tests only");
  return std::make_unique<manual_time>(system_time()->now_ms());
}

// The scheduled backups of --backup-dir (null: none); a folder the server cannot write to
// stops it now.
std::unique_ptr<scheduled_backups> backups_of(const config& cfg, const time_source& time) {
  if (cfg.backup_dir.empty()) return nullptr;
  auto backups = std::make_unique<scheduled_backups>(
      cfg.db, backup_schedule_options{cfg.backup_dir, cfg.backup_every_ms, cfg.backup_keep}, time);
  std::string error;
  if (!backups->prepare(error)) throw startup_error(error);
  return backups;
}

// The Web Push key pair every node shares, made on the first start.
notify::p256_key vapid_key_of(store& db, const config& cfg) {
  std::string error;
  auto key = notify::load_vapid_key(db, system_time()->now_ms(), error);
  if (!key) throw startup_error("cannot keep the Web Push key in " + loggable_db_target(cfg.db) + ": " + error);
  return *key;
}

// The account service's settings: sign-up by invitation only with --access invite.
accounts::service_options account_options_of(const config& cfg) {
  accounts::service_options options;
  options.invitation_required = cfg.access == access_mode::invite;
  return options;
}

// The routes' features of a node: every one but the manual clock's, which only --clock manual has.
route_features features_of(bool manual_clock) {
  route_features has = route_features::all();
  has.manual_clock = manual_clock;
  return has;
}

// Where outbound requests (Web Push, webhooks) may go.
notify::outbound_policy outbound_of(const config& cfg) {
  notify::outbound_policy outbound;
  outbound.allow_private = cfg.outbound_allow_private;
  outbound.ca_file = cfg.outbound_ca_file;
  return outbound;
}

// The contact Web Push services are given: --push-contact, else an https public URL, else a
// local mailbox.
std::string push_contact_of(const config& cfg) {
  if (!cfg.push_contact.empty()) return cfg.push_contact;
  if (cfg.public_url.rfind("https://", 0) == 0) return cfg.public_url;
  return "mailto:admin@localhost";
}

// The lobby's settings on this node.
social::lobby_settings lobby_settings_of(const config& cfg, notify::notice_sink notify) {
  social::lobby_settings settings;
  settings.node = cfg.node.empty() ? "local" : cfg.node;
  settings.notify = std::move(notify);
  return settings;
}

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

}  // namespace

node::node(const config& parsed, const net::ip::address& address)
    : address_(address),
      held_(take_server_file(parsed)),
      db_(open_database(parsed, stats_)),
      bot_matches_(static_cast<std::size_t>(parsed.bot_matches),
                   static_cast<std::size_t>(parsed.bot_matches_per_address)),
      ioc_(io_threads(parsed)),
      listener_(bind_listener(ioc_, parsed, address, state_)),
      cfg_(completed(parsed, address, listener_->local_endpoint().port())),
      url_(url_of(address, cfg_, listener_->local_endpoint().port())),
      time_(clock_of(cfg_)),
      manual_(dynamic_cast<manual_time*>(time_.get())),
      backups_(backups_of(cfg_, *time_)),
      vapid_(vapid_key_of(*db_, cfg_)),
      bot_workers_(cfg_.bot_threads),
      // The match list feed pushes at most once a second; rooms post their summaries to it.
      list_feed_(ioc_, *time_, 1000,
                 [this](std::function<void(list_snapshot)> done) { registry_.read_list(std::move(done)); }),
      accounts_(*db_, *time_, account_options_of(cfg_)),
      admin_(*db_, *time_, accounts_),
      ratings_(*db_),
      // Players' notices go out as Web Push messages and to their webhooks, on the senders' own threads.
      push_out_(*db_, outbound_of(cfg_), vapid_, push_contact_of(cfg_), *time_, stats_),
      hooks_out_(*db_, outbound_of(cfg_), cfg_.public_url, *time_, stats_),
      services_{
          .db = db_.get(),
          .stats = &stats_,
          .cfg = &cfg_,
          .time = time_.get(),
          .blocking = blocking_.get_executor(),
          .bots = &bot_workers_,
          .bot_matches = &bot_matches_,
          .list_feed = [this](list_entry e) { list_feed_.changed(std::move(e)); },
          .make_rematch =
              [this](const match_row& row, std::function<void(rematch_result)> done) {
                registry_.create_rematch(row, std::move(done));
              },
          .new_matches_paused =
              [this](std::function<void(std::optional<bool>)> done) { admin_.maintenance(std::move(done)); },
          .settle_ratings =
              [this](const std::string& code, std::function<void(nlohmann::json)> shown) {
                ratings_.settle(code, std::move(shown));
              },
          .read_ratings = [this](const std::string& code) { return ratings_.read_match_ratings(code); },
          .lease_lost = [this](const std::string& code) { registry_.lease_lost(code); },
          .notify =
              [this](notify::match_notice n) {
                hooks_out_.send(n);
                push_out_.send(std::move(n));
              },
      },
      registry_(ioc_, services_),
      creations_(*time_, cfg_.create_per_minute, 60'000),
      publications_(*time_, cfg_.publish_per_minute, 60'000),
      // Link previews: at most 30 drawings a minute per client address and 300 for everyone.
      previews_(*time_, 30, 300),
      // The lobby: its challenges are rows of the database, read by every node (PROTOCOL.md "Lobby").
      lobby_(ioc_, *db_, *time_, registry_, lobby_settings_of(cfg_, services_.notify)),
      push_(*db_, *time_),
      webhooks_(*db_, *time_, hooks_out_, cfg_.outbound_allow_private),
      routes_(route_table(features_of(manual_ != nullptr)), &accounts_),
      state_{.svc = services_,
             .registry = registry_,
             .list_feed = list_feed_,
             .creations = creations_,
             .publications = publications_,
             .connections = connections_,
             .accounts = accounts_,
             .admin = admin_,
             .previews = previews_,
             .ratings = ratings_,
             .lobby = lobby_,
             .vapid = vapid_,
             .push = push_,
             .webhooks = webhooks_,
             .routes = routes_,
             .started_ms = time_->now_ms(),
             .manual_clock = manual_,
             .backups = backups_.get(),
             .stopping{false}} {
  // /metrics also tells what build runs since when, the database's health and the backups'.
  const std::int64_t started_s = system_time()->now_ms() / 1000;
  stats_.set_extra([this, started_s] {
    return "# HELP tabuleiro_build_info The running build.\n# TYPE tabuleiro_build_info gauge\n"
           "tabuleiro_build_info{version=\"" TABULEIRO_VERSION "\",commit=\"" TABULEIRO_COMMIT "\"} 1\n"
           "# HELP tabuleiro_process_start_time_seconds Unix time the server started.\n"
           "# TYPE tabuleiro_process_start_time_seconds gauge\ntabuleiro_process_start_time_seconds " +
           std::to_string(started_s) + "\n" + health_metrics(db_->health()) +
           (backups_ ? backups_->metrics_text() : "");
  });
}

node::~node() {
  // The blocking pool's work reaches the registry and the services above it: it ends first.
  blocking_.join();
}

void node::stop() {
  notify_service("STOPPING=1\nSTATUS=stopping: closing connections and flushing the database");
  // The listener keeps accepting while draining: closing it would reset the connections
  // already waiting in its backlog, whose requests were sent and never answered.
  state_.stopping = true;
  bot_workers_.stop();  // thinking ends now; shutdown never waits for a decision
  list_feed_.shutdown();
  lobby_.shutdown();
  registry_.shutdown();
  connections_.close_all(1001, "server shutting down");
  drain_then_stop(ioc_, connections_, stats_, listener_, std::make_shared<net::steady_timer>(ioc_), 60);
}

int node::run() {
  const auto& cfg = cfg_;
  std::string games;
  for (auto g : protocol::game_names()) games += (games.empty() ? "" : ",") + std::string(g);
  spdlog::info(
      "config: bind={} port={} db={} web={} public-url={} threads={} log-level={} "
      "abandon-after={}s create-limit={}/min publish-limit={}/min msg-rate={}/s msg-burst={} idle-timeout={}s "
      "origins={} trusted-proxy={} bot-threads={} bot-matches={} (per address {}) bot-time-ms={} bot-iterations={} node={} "
      "node-address={} lease-ms={} outbound-allow-private={} backup-dir={} backup-every={}s backup-keep={} games={}",
      cfg.bind, listener_->local_endpoint().port(), loggable_db_target(cfg.db), cfg.web.empty() ? "(none)" : cfg.web,
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
  net::signal_set hangups(ioc_, SIGHUP);
  std::function<void(boost::system::error_code, int)> on_hangup = [&](boost::system::error_code e, int) {
    if (e) return;
    spdlog::info(
        "signal SIGHUP: ignored (the log goes to standard error: nothing to reopen); SIGTERM stops the server");
    hangups.async_wait(on_hangup);
  };
  hangups.async_wait(on_hangup);
  net::signal_set signals(ioc_, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code e, int sig) {
    if (e) return;
    spdlog::info("signal {}: stopping (new requests get 503; closing WebSockets with 1001)", sig);
    hangups.cancel();
    stop();
  });

  listener_->run();
  registry_.start();
  // The other nodes' matches reach this node's list feed from the database.
  if (!cfg.node.empty()) list_feed_.refresh_every(5000);
  ratings_.settle_missed();  // the rated matches that ended while a node stopped before settling them
  if (backups_) backups_->start();
  watch_disabled_users(ioc_, *time_, admin_, connections_, state_.stopping, time_->now_ms());
  // A server without an administrator offers a one-time link that makes one (waited for here,
  // before the I/O threads run, so the link is in the log before the "serving on" line).
  std::promise<std::optional<std::string>> setup;
  admin_.setup_link(7LL * 24 * 3600 * 1000,
                    [&setup](std::optional<std::string> code) { setup.set_value(std::move(code)); });
  if (const auto code = setup.get_future().get())
    spdlog::warn("no administrator yet: open {}/signup?invite={} within 7 days to create the first one (it works "
                 "once, and only while no administrator exists; or run `tabuleiro admin create-user NAME --admin`)",
                 cfg.sites.from_requests() ? url_ : cfg.public_url, *code);
  if (cfg.sites.from_requests())
    spdlog::info("links and origins: from each request's own address (no --public-url){}; set "
                 "--public-url only for a public name, e.g. behind a TLS proxy",
                 address_.is_loopback() ? "; bound to loopback, so only requests addressed to "
                                          "localhost or a loopback address are answered"
                                        : "");
  else spdlog::info("links and origins: the public URL {} (plus --allowed-origins)", cfg.public_url);
  // Scripts read the port after the line's last colon.
  std::cout << "Tabuleiro serving on " << url_ << "/"
            << (address_.is_unspecified() ? " (listening on every address of this machine)" : "") << std::endl;
  notify_service("READY=1\nSTATUS=serving on " + url_ + "/");  // systemd's Type=notify (service_notify.h)

  std::vector<std::thread> threads;
  for (int i = 1; i < cfg.threads; ++i)
    threads.emplace_back([this] {
      name_this_thread("tab-io");
      ioc_.run();
    });
  ioc_.run();
  for (auto& t : threads) t.join();

  bot_workers_.stop();
  bot_workers_.join();
  if (backups_) backups_->stop();  // after the copy it may be writing
  blocking_.join();
  db_->close();
  spdlog::info("stopped; database flushed");
  return 0;
}

}  // namespace tabuleiro::server

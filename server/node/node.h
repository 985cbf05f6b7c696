// One server: its final configuration, its database, and every service built on them, in
// dependency order and constant afterwards (LevelDB's "constant after construction", lila-ws's
// LilaWs): the listener starts only once everything it hands to a connection exists.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/accounts/accounts.h"
#include "server/accounts/admin.h"
#include "server/backups/scheduled_backups.h"
#include "server/bots/capacity.h"
#include "server/bots/pool.h"
#include "server/config/config.h"
#include "server/net/connections.h"
#include "server/net/router.h"
#include "server/net/shared_state.h"
#include "server/notify/push_crypto.h"
#include "server/notify/push_sender.h"
#include "server/notify/push_service.h"
#include "server/notify/webhook_sender.h"
#include "server/notify/webhook_service.h"
#include "server/preview/previews.h"
#include "server/registry/list_feed.h"
#include "server/registry/rooms.h"
#include "server/social/lobby.h"
#include "server/social/ratings.h"
#include "server/store/db_file.h"
#include "server/store/store.h"
#include "server/util/clock.h"
#include "server/util/metrics.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server {

class listener;

// Why a node could not be built, in words that tell the operator what to do.
struct startup_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Every part of one running server. The members are declared in the order they are built:
// each is built from those above it only (a hook that reaches one below is called only once
// the node is built), and is destroyed before them.
// Thread-safety: built, run and destroyed on one thread; while it runs, its services are
// shared by the I/O threads as each service's own comment says, and none is replaced.
class node {
 public:
  // Builds the node the parsed configuration describes, bound to address: takes the SQLite
  // file's lock, opens the database, binds the listening socket, completes the configuration
  // with what binding told (the node's name and address, the sites, the CSP), then builds
  // every service. Throws startup_error when any step cannot be done.
  node(const config& parsed, const boost::asio::ip::address& address);
  ~node();
  node(const node&) = delete;
  node& operator=(const node&) = delete;

  // What connections reach, and the io_context they run on: for a fuzz target that drives the
  // node's handlers itself, on one thread, without run() (fuzz/server_fixture.cpp).
  shared_state& state() { return state_; }
  boost::asio::io_context& io_context() { return ioc_; }

  // Logs the configuration and the set-up link, accepts connections and runs the I/O threads
  // until SIGINT or SIGTERM, drains, and flushes the database. Returns the exit status.
  int run();

 private:
  void stop();

  const boost::asio::ip::address address_;
  metrics stats_;                  // the database's commit observer reports here
  std::unique_ptr<db_lock> held_;  // a SQLite file's lock (null on PostgreSQL)
  std::unique_ptr<store> db_;
  bot_capacity bot_matches_;  // before the io_context: rooms its handlers hold free places here
  boost::asio::io_context ioc_;
  // Bound before the configuration is completed (which needs its port); accepts only in run(),
  // once state_ below exists.
  const std::shared_ptr<listener> listener_;
  const config cfg_;       // final: nothing changes it after this line
  const std::string url_;  // http://host:port/ as printed
  const std::unique_ptr<time_source> time_;
  manual_time* const manual_;                         // the same clock, when --clock manual (tests)
  const std::unique_ptr<scheduled_backups> backups_;  // --backup-dir (null: none)
  const notify::p256_key vapid_;                      // the Web Push key pair every node shares
  bot_pool bot_workers_;
  boost::asio::thread_pool blocking_{2};  // store reads, replays and retries, off the I/O threads
  match_list_feed list_feed_;
  accounts::account_service accounts_;
  accounts::admin_service admin_;
  social::rating_service ratings_;
  notify::push_sender push_out_;
  notify::webhook_sender hooks_out_;
  const room_services services_;  // what every room gets, complete from the start
  rooms registry_;
  window_limiter creations_;
  window_limiter publications_;
  connection_set connections_;
  preview::preview_images previews_;
  social::lobby_service lobby_;
  notify::push_service push_;
  notify::webhook_service webhooks_;
  const router routes_;
  shared_state state_;
};

}  // namespace tabuleiro::server

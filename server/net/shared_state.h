// What every connection of one server shares: the rooms' services, the registry, the list
// feed, the creation and publication limits, the open connections, the accounts, the
// administration, the ratings, the lobby, the Web Push key, the start time and the stop flag.
#pragma once

#include <atomic>

#include "server/accounts/accounts.h"
#include "server/accounts/admin.h"
#include "server/backups/scheduled_backups.h"
#include "server/net/connections.h"
#include "server/net/router.h"
#include "server/notify/push_crypto.h"
#include "server/notify/push_service.h"
#include "server/notify/webhook_service.h"
#include "server/preview/previews.h"
#include "server/registry/list_feed.h"
#include "server/registry/rooms.h"
#include "server/social/lobby.h"
#include "server/social/ratings.h"
#include "server/util/clock.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server {

// The state of one server's connections. Lives as long as the I/O threads run.
// Thread-safety: its pointers are set before the first connection and never change; stopping
// is atomic.
struct shared_state {
  room_services svc;
  rooms* registry = nullptr;
  manual_time* manual_clock = nullptr;            // set with --clock manual (tests): POST /api/test/clock
  match_list_feed* list_feed = nullptr;           // the match list feed (watch_list)
  window_limiter* creations = nullptr;            // match creations per client address (--create-limit)
  connection_set* connections = nullptr;          // every open WebSocket (the shutdown closes them)
  accounts::account_service* accounts = nullptr;  // sign-up, sign-in, sessions (/api/account…)
  accounts::admin_service* admin = nullptr;       // the admin page's operations (/api/admin/…)
  preview::preview_images* previews = nullptr;    // link previews' images (null: none drawn)
  std::int64_t started_ms = 0;                    // when the server started (Unix ms)
  window_limiter* publications = nullptr;         // games published per client address (--publish-limit)
  social::rating_service* ratings = nullptr;      // profiles and leaderboards (/api/players/…, /api/leaderboard)
  social::lobby_service* lobby = nullptr;         // challenges and quick pairing (the lobby's messages)
  const notify::p256_key* vapid = nullptr;        // the Web Push key pair (GET /api/push/key)
  notify::push_service* push = nullptr;           // members' notification settings (/api/push…)
  notify::webhook_service* webhooks = nullptr;    // members' webhooks (/api/webhooks…)
  scheduled_backups* backups = nullptr;           // --backup-dir's copies (/api/admin/backups; null: none)
  const router* routes = nullptr;                 // every HTTP route (route_table.h)
  // Set once a stop signal arrived: every new HTTP request is answered 503 shutting_down and
  // every answer closes its connection (svc.stats->http_in_flight tells the drain when done).
  std::atomic<bool> stopping{false};
};

}  // namespace tabuleiro::server

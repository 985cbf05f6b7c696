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

// What one server's connections reach, built by its node (server/node/node.h) before the
// listener starts: every service by reference, since each is always there. The two that a
// configuration may leave out are pointers: the manual clock (null unless --clock manual, when
// its route is in the table) and the scheduled backups (null without --backup-dir, which the
// administrator's backup routes then say).
// Thread-safety: nothing here is replaced after construction; stopping is atomic, and each
// service is safe as its own comment says.
struct shared_state {
  const room_services& svc;                    // what every room gets (storage, counters, settings, time)
  rooms& registry;                             // the hosted matches
  match_list_feed& list_feed;                  // the match list feed (watch_list)
  window_limiter& creations;                   // match creations per client address (--create-limit)
  window_limiter& publications;                // games published per client address (--publish-limit)
  connection_set& connections;                 // every open WebSocket (the shutdown closes them)
  accounts::account_service& accounts;         // sign-up, sign-in, sessions (/api/account…)
  accounts::admin_service& admin;              // the admin page's operations (/api/admin/…)
  preview::preview_images& previews;           // link previews' images
  social::rating_service& ratings;             // profiles and leaderboards (/api/players/…, /api/leaderboard)
  social::lobby_service& lobby;                // challenges and quick pairing (the lobby's messages)
  const notify::p256_key& vapid;               // the Web Push key pair (GET /api/push/key)
  notify::push_service& push;                  // members' notification settings (/api/push…)
  notify::webhook_service& webhooks;           // members' webhooks (/api/webhooks…)
  const router& routes;                        // every HTTP route (route_table.h)
  const std::int64_t started_ms = 0;           // when the server started (Unix ms)
  manual_time* const manual_clock = nullptr;   // --clock manual (tests): POST /api/test/clock; else null
  scheduled_backups* const backups = nullptr;  // --backup-dir's copies (/api/admin/backups); else null
  // Set once a stop signal arrived: every new HTTP request is answered 503 shutting_down and
  // every answer closes its connection (svc.stats->http_in_flight tells the drain when done).
  std::atomic<bool> stopping{false};
};

}  // namespace tabuleiro::server

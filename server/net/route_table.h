// Every HTTP route of one server, one line each (server/net/router.h says what a line holds).
// Adding an endpoint is a line here and its handler beside its subsystem's others.
#pragma once

#include <vector>

#include "server/net/router.h"

namespace tabuleiro::server {

// Which optional services a server has: a feature's routes are in the table exactly when its
// service is.
struct route_features {
  bool accounts = false;      // sign-up, sign-in, sessions
  bool admin = false;         // the administration (with accounts)
  bool ratings = false;       // profiles and leaderboards
  bool push_key = false;      // the Web Push key pair
  bool push = false;          // members' notification settings (with accounts and the key)
  bool webhooks = false;      // members' webhooks (with accounts)
  bool manual_clock = false;  // --clock manual (tests)

  // Every feature: the whole table.
  static route_features all() {
    route_features has;
    has.accounts = has.admin = has.ratings = has.push_key = has.push = has.webhooks = has.manual_clock = true;
    return has;
  }
};

// The routes of a server with has's features.
std::vector<route> route_table(const route_features& has);

}  // namespace tabuleiro::server

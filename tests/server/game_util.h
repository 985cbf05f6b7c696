// Helpers for tests that play real TAIXU matches through the server.
#pragma once

#include <array>
#include <memory>
#include <random>

#include "harness.h"

namespace tabuleiro::test {

// A member signed up on a server: the session cookie and CSRF token.
struct member {
  std::string cookie;
  std::string csrf;
};

// Signs up name (password "<name>'s password") on the server at port; REQUIREs it to succeed.
member sign_up(unsigned short port, const std::string& name);

// A client plus the view it keeps by applying what the server sends.
struct seat_client {
  std::unique_ptr<ws_client> ws;
  tracked_view t;
};

// Reads c's messages, applying state ones to t, until one of type arrives (at most 100).
json until_applying(ws_client& c, tracked_view& t, const std::string& type, double timeout_s = 5);

// A match with both seats and a spectator joined.
struct table {
  unsigned short port = 0;
  std::string code;
  std::array<seat_client, 3> at;  // [0] spectator, [1] seat 1, [2] seat 2

  // Creates a TAIXU match (extra fields merged into the POST body) and seats everyone.
  static table open(unsigned short port, const json& create_extra = json::object());
  // The seat whose legal list is non-empty (0 when nobody may act).
  int to_act() const;
  // Sends action for seat as request id; REQUIREs every client to see the same new version.
  // Returns the version acknowledged.
  std::int64_t act(int seat, const json& action);
  // Plays up to n uniformly random legal actions, each by the seat to act (act's checks on each);
  // stops early when nobody may act. Returns how many were played.
  int play(int n, std::mt19937& rng);
  // REQUIREs that each client's patched view equals what a fresh join / resync returns now.
  void check_views();
};

// A TAIXU match whose two players sat down with display names, seat 1 first.
struct named_match {
  std::string code;
  std::unique_ptr<ws_client> one, two;
};

// Creates a TAIXU match and seats name1 (the creator, seat 1) and name2; returns once seat 1
// has heard seat 2's name in presence (the room publishes its summary before it tells).
named_match seat_named(unsigned short port, const std::string& name1, const std::string& name2);

// GET /api/matches/{code}; REQUIREs 200.
json match_summary(unsigned short port, const std::string& code);

// A random legal action (uniform when greedy is false; biased towards the Core otherwise).
json pick_action(const json& legal, std::mt19937& rng, bool greedy);

}  // namespace tabuleiro::test

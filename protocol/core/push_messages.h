// Web Push's answers (/api/push…, PROTOCOL.md "Notifications"): the server's VAPID public key,
// which a browser subscribes with, and a member's settings. Never the private key, and never a
// subscription's keys or full endpoint (only its push service's origin).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol::messages {

// GET /api/push/key: {"public_key": the uncompressed P-256 point, base64url}.
nlohmann::json push_key(std::string_view public_key);

// Which notifications a member wants, by name.
struct notify_choice {
  bool turn = true;       // your turn in a correspondence match
  bool started = true;    // a match started
  bool low_time = true;   // low time
  bool challenge = true;  // a challenge received
  bool result = true;     // a match result
};

// One subscription as its member sees it listed.
struct push_subscription_fields {
  std::int64_t id = 0;
  std::string_view label;
  std::string_view origin;   // the push service ("https://fcm.googleapis.com")
  std::string_view created;  // ISO 8601
};

// GET /api/push and the answers of its changes: {"public_key", "notify": {turn, started,
// low_time, challenge, result}, "subscriptions": [{id, label, origin, created}…]}.
nlohmann::json push_settings(std::string_view public_key, const notify_choice& notify,
                             const std::vector<push_subscription_fields>& subscriptions);

// A choice read from a request's object: each known name that is present must be a boolean
// and changes base; false when a member is not one (unknown names are refused too).
bool read_notify_choice(const nlohmann::json& body, notify_choice& base);

// What a notification tells, before it is put in words: only what its member's own view of
// the match shows (the game, the opponent's name, whose turn, the result, their own clock).
struct push_notice_fields {
  std::string_view kind;      // "turn" | "reminder" (of a turn) | "started" | "low_time" | "challenge" | "result"
  std::string_view code;      // the match (challenge: the challenge's id)
  std::string_view game;      // a registered game's name; its title() names it (else the name itself)
  std::string_view opponent;  // the other player's name ("" when they have none; challenge: the challenger)
  std::string_view outcome;   // result: "won" | "lost" | "drawn" | "ended"
  std::int64_t left_s = 0;    // low_time, reminder: the member's time left
};

// The payload a member's browsers receive (encrypted; PROTOCOL.md "Notifications"), worded in
// language ("pt-BR", else English): {"kind","title","body","url":"/m/CODE","tag":"CODE"} (a
// challenge: "url":"/lobby"). A later notification of the same match replaces the one shown
// (its tag).
nlohmann::json push_payload(const push_notice_fields& n, std::string_view language);

}  // namespace tabuleiro::protocol::messages

// POST /api/matches/publish: a game played away from the server (in a browser, with the same
// rules engine) sent back finished, parsed once into a typed request and then replayed by the
// native engine action by action. No HTTP and no state: the registry stores what the replay
// accepted (registry/create.cpp), and the publish fuzzer calls both functions directly.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "server/registry/create_request.h"
#include "server/store/store.h"

namespace tabuleiro::server {

// The most actions one published log may hold.
inline constexpr std::size_t max_published_actions = 5000;

// A publication whose shape is valid; its actions are judged by the replay, step by step.
struct publish_request {
  const protocol::game_kind* kind = nullptr;  // the hosted game
  nlohmann::json options = nlohmann::json::object();
  std::uint64_t seed = 0;
  nlohmann::json actions = nlohmann::json::array();  // the entries as sent, at most max_published_actions
  std::optional<std::string> bot_level;              // "easy", "medium" or "hard": the computer played bot_seat
  int bot_seat = 0;                                  // 1 or 2 with a bot, else 0
  int resigned = 0;                                  // the seat whose resignation ended the game; 0: the rules did
  std::array<std::string, 2> names;                  // cleaned display names per seat ("" = none)
  std::string visibility = "unlisted";               // "public" or "unlisted"
  std::int64_t account_id = 0;  // the signed-in publisher's account (set by the server, not the body)
};

// Why a log cannot be reproduced: the first step refused (1-based: step n is the n-th action,
// the step after the last action is the log's end), why (a rule code of the game, or
// bad_entry, not_your_turn, game_over, not_finished, bad_end, too_many_actions) and a message.
struct log_refusal {
  std::int64_t step = 0;
  std::string reason;
  std::string message;
};

// A log the native engine reproduced: the finished match, its changes as the store logs them
// (versions from 1; canonical actions; a resignation last; times left 0) and the outcome.
struct replayed_log {
  std::unique_ptr<protocol::match> match;
  std::vector<action_row> log;
  engine::outcome outcome;
};

// The request a body describes, or the first thing wrong with its shape (codes bad_request,
// unknown_game, bad_options, in the order PROTOCOL.md lists them), or too_many_actions as a
// log refusal at step max_published_actions + 1.
std::variant<publish_request, request_error, log_refusal> parse_publish_request(const nlohmann::json& body);

// Replays r's actions from its options and seed, each for its seat, then its resignation:
// the finished match, the game's refusal of the options (bad_options), or the first step
// refused. Pure CPU work bounded by max_published_actions.
std::variant<replayed_log, request_error, log_refusal> replay_publication(const publish_request& r);

}  // namespace tabuleiro::server

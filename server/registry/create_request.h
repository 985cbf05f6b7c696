// POST /api/matches parsed once into a typed request, as a `join` is: the game, its options
// and start position (JSON still, for the game's own codec to judge), the creator's seat,
// visibility, clock and computer opponent. No HTTP and no state: the registry creates from it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "protocol/core/game.h"
#include "server/bots/capacity.h"
#include "server/room/match_clock.h"

namespace tabuleiro::server {

// A creation request whose shape is valid (the game's options and position are checked by
// the game when the match is made).
struct create_request {
  const protocol::game_kind* kind = nullptr;  // the hosted game
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json position;            // null: the game's own start
  int seat = 1;                       // the creator's seat; 0: drawn at random
  std::string visibility = "public";  // "public" or "unlisted"
  bool guests_watch = true;           // where only members play: whether guests may watch (false: unlisted too)
  clock_options clock;
  std::optional<std::string> bot_level;  // "easy", "medium" or "hard": the computer opponent
  bool rated = false;                    // both players' ratings change when it ends (two members; never the computer)
  bool chat = true;             // the match has a chat (the server's --chat aside); false: its creator turned it off
  std::int64_t account_id = 0;  // the signed-in creator's account (set by the server, not the body)
  // With bot_level: the place of the node's bot capacity admitted for it (set by the server),
  // bound to the match's code as soon as the code is drawn, before its room holds it.
  std::shared_ptr<bot_reservation> bot_place;
};

// Why a request was refused: a documented error code (protocol/PROTOCOL.md) and a message.
struct request_error {
  std::string code;
  std::string message;
};

// The request a body describes, or the first thing wrong with it (codes bad_request,
// unknown_game, bad_options, bad_position, bad_clock), in the order PROTOCOL.md lists them; a
// rated match needs a clock and a person as the opponent.
std::variant<create_request, request_error> parse_create_request(const nlohmann::json& body);

}  // namespace tabuleiro::server

// The two seats of a match: who holds each (a token's hash), claims in flight, the connection
// sitting in each and when it last left, display names, whether each has made a game action,
// and what follows from them: the start, presence and abandonment.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "protocol/core/messages.h"
#include "protocol/core/room_change.h"

namespace tabuleiro::server {

// The seats of one room. Seats are numbered 1 and 2; a bot's seat (bot_seat, 0: none) is
// always taken and present.
// Thread-safety: none; the owning room's strand.
class seats {
 public:
  // Seats as stored (token hashes, "" = free; names, "" = none; the accounts holding them, 0 =
  // a guest or none), each last left at now_ms.
  seats(std::array<std::string, 2> token_hash, std::array<std::string, 2> names, std::array<std::int64_t, 2> users,
        std::int64_t now_ms);

  // True when seat holds a token.
  bool taken(int seat) const { return !token_hash_[seat - 1].empty(); }
  // True when both seats hold a token: the match has started.
  bool both_taken() const { return taken(1) && taken(2); }
  // The seat whose token this is (compared in constant time), or 0.
  int seat_of_token(const std::string& token) const;
  // The seat account user_id holds (the first, if both), or 0; 0 for user_id 0.
  int seat_of_user(std::int64_t user_id) const;
  // The first seat neither taken nor being claimed, or 0.
  int free_seat() const;
  // A claim of seat is on its way to the store.
  void begin_claim(int seat) { pending_[seat - 1] = true; }
  // The claim of seat ended: stored as hash for account user_id (0: a guest), or failed
  // (nullopt). True when this claim took the second seat (the match starts now).
  bool end_claim(int seat, const std::optional<std::string>& hash, std::int64_t user_id = 0);
  // The stored token hashes (what a rematch copies).
  const std::array<std::string, 2>& token_hashes() const { return token_hash_; }
  // The accounts holding the seats (0: a guest's seat, or free).
  const std::array<std::int64_t, 2>& users() const { return user_; }

  // Connection client_id sits in seat now; returns the connection it replaces (0: none).
  std::uint64_t sit(int seat, std::uint64_t client_id);
  // Connection client_id left; true when it held seat (which is empty since now_ms).
  bool stand(int seat, std::uint64_t client_id, std::int64_t now_ms);
  // The connection sitting in seat, 0 = none.
  std::uint64_t holder(int seat) const { return holder_[seat - 1]; }
  // When seat was last left (or the seats were made, if never).
  std::int64_t left_ms(int seat) const { return left_ms_[seat - 1]; }

  // The display names ("" = none).
  const std::array<std::string, 2>& names() const { return name_; }
  const std::string& name(int seat) const { return name_[seat - 1]; }
  void set_name(int seat, std::string name) { name_[seat - 1] = std::move(name); }

  // seat made a game action (an abort is too late once both have).
  void mark_moved(int seat) { moved_[seat - 1] = true; }
  bool both_moved() const { return moved_[0] && moved_[1]; }

  // The presence of both seats at now_ms. countdown: show a taken, empty seat's time left
  // before abandonment (limit_ms of absence; a running match without days per move); running:
  // show how long a taken, empty seat has been offline (a started match not over).
  std::array<protocol::messages::seat_presence, 2> presence(std::int64_t now_ms, std::int64_t limit_ms, bool countdown,
                                                            bool running, int bot_seat,
                                                            const std::string& bot_level) const;
  // The abandonment due at now_ms after limit_ms of absence: nobody wins when every taken
  // seat is away, the present seat when only its opponent is; nullopt when none is due.
  std::optional<protocol::room_change> abandonment(std::int64_t now_ms, std::int64_t limit_ms, int bot_seat) const;

 private:
  std::array<std::string, 2> token_hash_;  // "" = free
  std::array<std::int64_t, 2> user_{};     // the account holding each seat, 0 = none
  std::array<bool, 2> pending_{};          // a claim not yet durable
  std::array<std::uint64_t, 2> holder_{};  // connection in each seat, 0 = none
  std::array<std::int64_t, 2> left_ms_{};  // when each seat was last left
  std::array<std::string, 2> name_;
  std::array<bool, 2> moved_{};  // each seat made a game action
};

}  // namespace tabuleiro::server

#include "server/room/seats.h"

#include <algorithm>

#include "server/util/secrets.h"

namespace tabuleiro::server {

seats::seats(std::array<std::string, 2> token_hash, std::array<std::string, 2> names, std::array<std::int64_t, 2> users,
             std::int64_t now_ms)
    : token_hash_(std::move(token_hash)), user_(users), name_(std::move(names)) {
  left_ms_.fill(now_ms);
}

int seats::seat_of_token(const std::string& token) const {
  int seat = 0;
  for (int s = 1; s <= 2; ++s)  // both compared, whatever the first gave
    if (token_matches(token, token_hash_[s - 1])) seat = s;
  return seat;
}

int seats::seat_of_user(std::int64_t user_id) const {
  if (user_id == 0) return 0;
  for (int s = 1; s <= 2; ++s)
    if (taken(s) && user_[s - 1] == user_id) return s;
  return 0;
}

int seats::free_seat() const {
  for (int s = 1; s <= 2; ++s)
    if (!taken(s) && !pending_[s - 1]) return s;
  return 0;
}

bool seats::end_claim(int seat, const std::optional<std::string>& hash, std::int64_t user_id) {
  pending_[seat - 1] = false;
  if (!hash) return false;
  token_hash_[seat - 1] = *hash;
  user_[seat - 1] = user_id;
  return both_taken();
}

std::uint64_t seats::sit(int seat, std::uint64_t client_id) {
  const std::uint64_t old = holder_[seat - 1];
  holder_[seat - 1] = client_id;
  return old == client_id ? 0 : old;
}

bool seats::stand(int seat, std::uint64_t client_id, std::int64_t now_ms) {
  if (holder_[seat - 1] != client_id) return false;
  holder_[seat - 1] = 0;
  left_ms_[seat - 1] = now_ms;
  return true;
}

std::array<protocol::messages::seat_presence, 2> seats::presence(std::int64_t now_ms, std::int64_t limit_ms,
                                                                 bool countdown, bool running, int bot_seat,
                                                                 const std::string& bot_level) const {
  std::array<protocol::messages::seat_presence, 2> out;
  for (int s = 1; s <= 2; ++s) {
    auto& p = out[s - 1];
    p.taken = taken(s);
    p.connected = holder_[s - 1] != 0;
    p.name = name_[s - 1];
    if (p.taken && !p.connected && countdown)
      p.abandon_in_ms = std::max<std::int64_t>(0, left_ms_[s - 1] + limit_ms - now_ms);
    if (p.taken && !p.connected && running) p.offline_ms = std::max<std::int64_t>(0, now_ms - left_ms_[s - 1]);
    if (s == bot_seat) {  // a bot is always here
      p.taken = p.connected = true;
      p.bot = bot_level;
      p.abandon_in_ms.reset();
      p.offline_ms.reset();
    }
  }
  return out;
}

std::optional<protocol::room_change> seats::abandonment(std::int64_t now_ms, std::int64_t limit_ms,
                                                        int bot_seat) const {
  int taken_count = 0, away = 0, present_seat = 0;
  for (int s = 1; s <= 2; ++s) {
    if (!taken(s)) continue;
    ++taken_count;
    if (holder_[s - 1] != 0 || s == bot_seat) present_seat = s;
    else if (now_ms - left_ms_[s - 1] >= limit_ms) ++away;
  }
  if (taken_count == 0 || away == 0) return std::nullopt;
  protocol::room_change change{protocol::room_change_kind::abandoned, 0, std::nullopt};
  if (away != taken_count) {
    if (taken_count != 2 || present_seat == 0) return std::nullopt;
    change.winner = present_seat;
  }
  return change;
}

}  // namespace tabuleiro::server

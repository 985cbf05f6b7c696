// A match's chat (PROTOCOL.md "Chat"), a part of its room like its draw offers: the players'
// chat and the spectators' chat, the seats' mutes, and how fast each connection writes.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "server/room/chat_sql.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server {

// Who reads what: the players' lines, the two seats; the spectators' lines, the spectators,
// and the seats too once the match is over (they do not see them while they play). A seat
// that muted the other does not get the other seat's lines.
// Thread-safety: none; the room's strand owns it.
class match_chat {
 public:
  static constexpr std::size_t max_code_points = 400;  // a longer line is refused (too_long)
  static constexpr std::size_t kept = 200;             // lines kept in memory and sent on a join
  static constexpr double lines_per_second = 1;        // each connection's sustained rate...
  static constexpr double burst = 5;                   // ...and burst

  // The channel a seat writes in: "players" for 1 and 2, "spectators" for 0.
  static const char* channel_of(int seat) { return seat == 0 ? "spectators" : "players"; }

  // The chat as stored (lines oldest first).
  void restore(std::vector<chat_line> lines, std::array<bool, 2> muted);
  // Whether a reader in seat reader (0: a spectator) reads line l, the match over or not.
  bool readable(const chat_line& l, int reader, bool over) const;
  // The lines reader reads, oldest first.
  std::vector<chat_line> readable_lines(int reader, bool over) const;
  // Whether any spectators' line is kept.
  bool has_spectator_lines() const;
  // The kept line with this id, or null.
  const chat_line* find(std::int64_t id) const;
  // Takes one line from connection client_id's allowance at now_ms (steady milliseconds of the
  // server's clock); false when it writes faster than lines_per_second beyond its burst.
  bool take(std::uint64_t client_id, std::int64_t now_ms);
  // Whether client_id reported line id before; note_report records that it did.
  bool reported(std::uint64_t client_id, std::int64_t id) const { return reports_.count({client_id, id}) != 0; }
  void note_report(std::uint64_t client_id, std::int64_t id) { reports_.emplace(client_id, id); }
  // Forgets a connection that left.
  void forget(std::uint64_t client_id);
  // A stored line.
  void add(chat_line l);
  bool muted(int seat) const { return seat != 0 && muted_[static_cast<std::size_t>(seat - 1)]; }
  void set_muted(int seat, bool mute) { muted_[static_cast<std::size_t>(seat - 1)] = mute; }

 private:
  std::deque<chat_line> lines_;
  std::array<bool, 2> muted_{};
  std::map<std::uint64_t, token_bucket> rates_;
  std::set<std::pair<std::uint64_t, std::int64_t>> reports_;
};

}  // namespace tabuleiro::server

// A match's chat (PROTOCOL.md "Chat"), a part of its room like its draw offers: the players'
// chat and the spectators' chat, the seats' mutes, and how fast each connection writes.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/core/game.h"
#include "server/room/chat_sql.h"
#include "server/util/rate_limit.h"

namespace tabuleiro::server {

// One connection as the chat sees it.
struct chat_reader {
  int seat = 0;              // the seat it reads and writes as (0: a spectator)
  std::int64_t user_id = 0;  // its account (0: a guest)
};

// Who reads what: the players' lines, the two seats; the spectators' lines, the spectators,
// and the seats too once the match is over (they do not see them while they play). A seat
// that muted the other does not get the other seat's lines. The chat decides, and says what
// to send (a refusal, a line to store, the messages); the room sends and stores it.
// Thread-safety: none; the room's strand owns it.
class match_chat {
 public:
  static constexpr std::size_t max_code_points = 400;  // a longer line is refused (too_long)
  static constexpr std::size_t kept = 200;             // lines kept in memory and sent on a join
  static constexpr double lines_per_second = 1;        // each connection's sustained rate...
  static constexpr double burst = 5;                   // ...and burst

  // The channel a seat writes in: "players" for 1 and 2, "spectators" for 0.
  static const char* channel_of(int seat) { return seat == 0 ? "spectators" : "players"; }

  // A chat that is on (neither the server nor the match's creator turned it off) or not, and
  // for signed-in members only (the server's --chat members) or not.
  match_chat(bool on, bool members_only) : on_(on), members_only_(members_only) {}

  // What the chat is to reader: "on" (it reads and writes), "off" (turned off: old lines stay
  // readable) or "members" (only members use it, and reader is a guest: it reads nothing).
  const char* access(const chat_reader& reader) const;
  // The chat_history message reader is sent now (over: the match is over): always, or only when
  // there is something to say (a line, a chat not open to reader, a mute); else nullopt.
  std::optional<std::string> history(const chat_reader& reader, bool over, bool always) const;
  // A line of text written by connection client_id as reader under name, at now_ms (steady
  // milliseconds of the server's clock; one line of its allowance taken): its refusal, or the
  // line to store.
  std::variant<engine::rule_error, chat_line> write(std::uint64_t client_id, const chat_reader& reader,
                                                    std::string name, std::string_view text, std::int64_t now_ms);
  // A stored line: kept, and the chat message for each reader that delivers() it.
  std::string stored(chat_line l);
  // Whether reader is sent line l (over: the match is over), or may report it.
  bool delivers(const chat_line& l, const chat_reader& reader, bool over) const;

  // The chat as stored (lines oldest first).
  void restore(std::vector<chat_line> lines, std::array<bool, 2> muted);
  // Whether any spectators' line is kept.
  bool has_spectator_lines() const;
  // The kept line with this id, or null.
  const chat_line* find(std::int64_t id) const;
  // Whether client_id reported line id before; note_report records that it did.
  bool reported(std::uint64_t client_id, std::int64_t id) const { return reports_.count({client_id, id}) != 0; }
  void note_report(std::uint64_t client_id, std::int64_t id) { reports_.emplace(client_id, id); }
  // Forgets a connection that left.
  void forget(std::uint64_t client_id);
  bool muted(int seat) const { return seat != 0 && muted_[static_cast<std::size_t>(seat - 1)]; }
  void set_muted(int seat, bool mute) { muted_[static_cast<std::size_t>(seat - 1)] = mute; }

 private:
  // Whether a reader in seat reader (0: a spectator) reads line l, the match over or not.
  bool readable(const chat_line& l, int reader, bool over) const;
  // The lines reader reads, oldest first.
  std::vector<chat_line> readable_lines(int reader, bool over) const;
  // Takes one line from connection client_id's allowance at now_ms (steady milliseconds of the
  // server's clock); false when it writes faster than lines_per_second beyond its burst.
  bool take(std::uint64_t client_id, std::int64_t now_ms);
  // Keeps a stored line (the last `kept`).
  void add(chat_line l);

  bool on_;
  bool members_only_;
  std::deque<chat_line> lines_;
  std::array<bool, 2> muted_{};
  std::map<std::uint64_t, token_bucket> rates_;
  std::set<std::pair<std::uint64_t, std::int64_t>> reports_;
};

}  // namespace tabuleiro::server

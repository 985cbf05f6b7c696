// What a match tells its players outside the match page (server/notify/): the match started,
// it is your turn (correspondence), a reminder and low time as the clock runs, your result.
// Decided on the room's strand from what each seat may know of the match (its seat, the
// opponent's name, the outcome), never from the hidden state; a seat without an account (a
// guest's, a computer's) is told nothing. Each decision returns its notices, and the room sends
// them (to its notice sink), as the other parts of a room return their events (room_events.h).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "server/notify/notice.h"
#include "server/room/match_clock.h"
#include "server/room/seats.h"

namespace tabuleiro::server {

// The notices a look at the clocks gives, and when to look next.
struct time_notices {
  std::vector<notify::match_notice> notices;  // to send now
  std::optional<std::int64_t> next;           // the next look (nullopt: none while the clocks stand)
};

// The notices of one match.
// Thread-safety: none; the owning room's strand.
class match_notices {
 public:
  // code and game: the match's; correspondence: whether its clock gives days per turn (only
  // those matches tell a player their turn came).
  match_notices(std::string code, std::string game, bool correspondence);

  // The match started when joiner took the second seat (joiner_name: its name, when the seat
  // has none stored yet): the player who waited hears of it.
  std::vector<notify::match_notice> started(const seats& s, int joiner, const std::string& joiner_name) const;
  // A change was committed: each seat whose turn began (in after, not in before) hears of it,
  // in a correspondence match that goes on (and may be reminded again in that turn).
  std::vector<notify::match_notice> turns(const seats& s, const std::vector<int>& before,
                                          const std::vector<int>& after);
  // The match ended with o: each player hears their result.
  std::vector<notify::match_notice> ended(const seats& s, const engine::outcome& o) const;

  // The clocks c (options o) as of now_ms: the running seat hears of a threshold its time has
  // passed, once — in correspondence, per turn, a reminder remind_before_ms before the turn
  // ends (when turns are longer than that) and low time an hour before; on a Fischer clock,
  // once a match, low time under a tenth of the initial time. Also says when the next threshold
  // falls (none while the clocks stand as they are; none once the match is over).
  time_notices watch_time(const seats& s, const clock_options& o, const clock_reading& c, std::int64_t now_ms,
                          std::int64_t remind_before_ms, bool over);

  // How long before a correspondence turn ends its player hears of low time.
  static constexpr std::int64_t low_time_correspondence_ms = 3'600'000;

 private:
  // Adds to out a notice of kind for seat's member, if the seat has one.
  void tell(std::vector<notify::match_notice>& out, const seats& s, int seat, int kind, std::string outcome = {},
            std::int64_t left_ms = 0, bool reminder = false) const;

  std::string code_;
  std::string game_;
  bool correspondence_;
  std::array<bool, 2> reminded_{};  // each seat's reminder of this turn went out
  std::array<bool, 2> low_told_{};  // each seat's low time went out (this turn; a Fischer clock: this match)
};

}  // namespace tabuleiro::server

// What a match tells its players outside the match page (see notices.h).
#include "server/room/notices.h"

#include <algorithm>

#include "server/notify/push_sql.h"

namespace tabuleiro::server {

match_notices::match_notices(std::string code, std::string game, bool correspondence)
    : code_(std::move(code)), game_(std::move(game)), correspondence_(correspondence) {}

std::vector<notify::match_notice> match_notices::started(const seats& s, int joiner,
                                                         const std::string& joiner_name) const {
  const int waited = 3 - joiner;
  const std::int64_t user = s.users()[waited - 1];
  if (user == 0) return {};
  return {notify::match_notice{
      user, notify::notify_started, code_, game_, s.name(joiner).empty() ? joiner_name : s.name(joiner), {}, 0, false}};
}

std::vector<notify::match_notice> match_notices::turns(const seats& s, const std::vector<int>& before,
                                                       const std::vector<int>& after) {
  std::vector<notify::match_notice> out;
  if (!correspondence_) return out;
  for (int seat : after) {
    if (std::find(before.begin(), before.end(), seat) != before.end()) continue;
    reminded_[seat - 1] = low_told_[seat - 1] = false;
    tell(out, s, seat, notify::notify_turn);
  }
  return out;
}

time_notices match_notices::watch_time(const seats& s, const clock_options& o, const clock_reading& c,
                                       std::int64_t now_ms, std::int64_t remind_before_ms, bool over) {
  time_notices out;
  const int seat = c.running;
  if (over || seat == 0 || o.type == clock_options::kind::none) return out;
  const std::int64_t left = c.remaining_ms[seat - 1];
  std::optional<std::int64_t>& next = out.next;
  // One threshold: told now once passed, else its time is a candidate for the next look.
  const auto threshold = [&](bool& told, std::int64_t before_end, auto say) {
    if (told || before_end <= 0) return;
    if (left <= before_end) {
      told = true;
      say();
    } else {
      const std::int64_t at = now_ms + (left - before_end);
      next = next ? std::min(*next, at) : at;
    }
  };
  if (o.type == clock_options::kind::correspondence) {
    if (o.per_turn_ms > remind_before_ms)
      threshold(reminded_[seat - 1], remind_before_ms,
                [&] { tell(out.notices, s, seat, notify::notify_turn, {}, left, true); });
    if (o.per_turn_ms > low_time_correspondence_ms)
      threshold(low_told_[seat - 1], low_time_correspondence_ms,
                [&] { tell(out.notices, s, seat, notify::notify_low_time, {}, left); });
  } else {
    threshold(low_told_[seat - 1], o.initial_ms / 10,
              [&] { tell(out.notices, s, seat, notify::notify_low_time, {}, left); });
  }
  return out;
}

std::vector<notify::match_notice> match_notices::ended(const seats& s, const engine::outcome& o) const {
  std::vector<notify::match_notice> out;
  // No winner: a draw, unless nobody played it out (aborted, abandoned by both, both out of time).
  const bool unplayed = o.reason.rfind("aborted", 0) == 0 || o.reason == "abandoned" || o.reason == "timeout";
  for (int seat : {1, 2}) {
    const char* outcome = o.winner ? (*o.winner == seat ? "won" : "lost") : unplayed ? "ended" : "drawn";
    tell(out, s, seat, notify::notify_result, outcome);
  }
  return out;
}

void match_notices::tell(std::vector<notify::match_notice>& out, const seats& s, int seat, int kind,
                         std::string outcome, std::int64_t left_ms, bool reminder) const {
  const std::int64_t user = s.users()[seat - 1];
  if (user == 0) return;
  out.push_back(
      notify::match_notice{user, kind, code_, game_, s.name(3 - seat), std::move(outcome), left_ms / 1000, reminder});
}

}  // namespace tabuleiro::server

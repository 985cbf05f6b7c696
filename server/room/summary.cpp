// Match summaries: live (typed, built on first read) and stored (from a row).
#include "server/room/summary.h"

#include <ctime>

#include "protocol/core/json_util.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;
using json = nlohmann::json;

namespace {

// A live summary; its inputs are immutable, so the JSON may be built on any thread.
// Thread-safety: as lazy_json.
class live_summary_json final : public protocol::lazy_json {
 public:
  explicit live_summary_json(summary_inputs in) : in_(std::move(in)) {}

 protected:
  json build() const override {
    json s = msg::summary({.code = in_.code,
                           .game = in_.game,
                           .status = in_.status,
                           .visibility = in_.visibility,
                           .created = iso_time(in_.created_ms),
                           .presence = msg::presence(in_.seats, in_.spectators),
                           .version = in_.version,
                           .outcome = protocol::outcome_json(in_.outcome),
                           .to_act = json(in_.to_act),
                           .progress = in_.preview->progress(),
                           .finished = in_.finished_ms ? iso_time(in_.finished_ms) : "",
                           .options = *in_.options,
                           .rematch = in_.rematch,
                           .guests_watch = in_.guests_watch,
                           .offline = in_.offline,
                           .rated = in_.rated,
                           .ratings = in_.ratings});
    s["clock"] = clock_options_json(in_.clock);
    s["clock_now"] = in_.clock_now;
    return s;
  }

 private:
  summary_inputs in_;
};

}  // namespace

summary_ptr live_summary(summary_inputs in) { return std::make_shared<const live_summary_json>(std::move(in)); }

std::string iso_time(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

json stored_summary(const match_row& row) {
  std::array<msg::seat_presence, 2> seats;
  for (int s = 0; s < 2; ++s) {  // nobody is connected to a match that is not loaded
    seats[s].taken = !row.token_hash[s].empty();
    seats[s].name = row.seat_name[s];
  }
  if (row.bot && (row.bot->seat == 1 || row.bot->seat == 2)) {
    msg::seat_presence& b = seats[row.bot->seat - 1];
    b = msg::seat_presence{};
    b.taken = b.connected = true;
    b.bot = row.bot->level;
  }
  json s = msg::summary({.code = row.code,
                         .game = row.game,
                         .status = row.status,
                         .visibility = row.visibility,
                         .created = iso_time(row.created_ms),
                         .presence = msg::presence(seats, 0),
                         .version = row.version,
                         .outcome = row.outcome,
                         .to_act = nullptr,    // not known without the match's state
                         .progress = nullptr,  // idem
                         .finished = row.finished_ms ? iso_time(row.finished_ms) : "",
                         .options = row.options,
                         .rematch = row.rematch,
                         .guests_watch = row.guests_watch,
                         .offline = row.offline,
                         .rated = row.rated,
                         .ratings = nullptr});  // read by the room once loaded
  s["clock"] = row.clock;
  s["clock_now"] = nullptr;  // not known without the log
  return s;
}

}  // namespace tabuleiro::server

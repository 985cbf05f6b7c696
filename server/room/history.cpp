#include "server/room/history.h"

#include <memory>

#include "protocol/core/game.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/position_create.h"
#include "protocol/core/room_change.h"
#include "server/room/summary.h"

namespace tabuleiro::server {

namespace {

// One stored change replayed: what a viewer class saw of it.
struct replayed {
  json view;    // the viewer's view after it
  json events;  // the events the viewer received
};

// Replays a stored match change by change for viewer class c, calling visit(row, seen) for
// each; false and error when the game is unknown or the log does not replay.
template <class Visit>
bool replay(const match_row& row, const std::vector<action_row>& log, int c, json& initial, std::string& error,
            Visit visit) {
  const protocol::game_kind* kind = protocol::find_game(row.game);
  const auto seed = protocol::parse_seed(json(row.seed));
  if (!kind || !seed) {
    error = "unknown game or bad seed";
    return false;
  }
  auto created = kind->create(protocol::stored_options(row.options, row.start_position), row.start_position, *seed);
  if (auto* e = std::get_if<engine::rule_error>(&created)) {
    error = "cannot recreate the match: " + e->code;
    return false;
  }
  auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  auto pub = m->observe();
  initial = pub.view_of(c);
  for (const action_row& a : log) {
    json events;
    if (!a.change.is_null()) {
      const auto change = protocol::parse_room_change(a.change);
      if (!change) {
        error = "bad room-level change at version " + std::to_string(a.version);
        return false;
      }
      m->conclude(protocol::outcome_of(*change));
      pub = m->observe();  // concluded: the view shows the room-level outcome
      events = json::array({protocol::room_change_event(*change)});
    } else {
      auto applied = m->apply(a.seat, a.action);
      if (auto* e = std::get_if<engine::rule_error>(&applied)) {
        error = "version " + std::to_string(a.version) + " does not replay: " + e->code;
        return false;
      }
      pub = std::move(std::get<protocol::applied>(applied).pub);
      events = pub.events_of(c);
    }
    visit(a, replayed{pub.view_of(c), std::move(events)});
  }
  return true;
}

}  // namespace

bool history_page(const match_row& row, const std::vector<action_row>& log, int c, std::int64_t from,
                  const json& request_id, std::string& page, std::string& error) {
  json initial, before, at_from, changes = json::array();
  std::int64_t to = from;
  bool more = false;
  const bool ok = replay(row, log, c, initial, error, [&](const action_row& a, replayed seen) {
    if (a.version == 1) before = initial;  // versions are contiguous from 1
    if (a.version <= from) {
      before = seen.view;
    } else if (changes.size() < history_page_size) {
      changes.push_back(protocol::messages::history_change(a.version, a.seat, iso_time(a.at_ms),
                                                           json::diff(before, seen.view), std::move(seen.events)));
      to = a.version;
      before = std::move(seen.view);
    } else {
      more = true;
    }
    if (a.version == from) at_from = before;
  });
  if (!ok) return false;
  if (from == 0) at_from = initial;
  if (at_from.is_null()) {
    error = "no version " + std::to_string(from);
    return false;
  }
  page = protocol::messages::history(request_id, from, to, at_from, std::move(changes), more);
  return true;
}

bool log_page(const match_row& row, const std::vector<action_row>& log, std::int64_t from, json& page,
              std::string& error) {
  const bool finished = row.status == "finished";
  json changes = json::array();
  std::int64_t last = from;
  bool more = false;
  auto add = [&](const action_row& a, json events) {
    if (a.version <= from) return;
    if (changes.size() >= log_page_size) {
      more = true;
      return;
    }
    json body;
    if (finished) body = a.change.is_null() ? json{{"action", a.action}} : json{{"change", a.change}};
    else body = {{"events", std::move(events)}};
    changes.push_back(protocol::messages::log_change(a.version, a.seat, iso_time(a.at_ms), std::move(body)));
    last = a.version;
  };
  if (finished) {
    for (const action_row& a : log) add(a, nullptr);
  } else {
    json initial;
    if (!replay(row, log, 0, initial, error,
                [&](const action_row& a, replayed seen) { add(a, std::move(seen.events)); }))
      return false;
  }
  page = protocol::messages::match_log(row.code, row.game, row.options, row.status, row.outcome,
                                       finished ? row.start_position : json(), finished ? row.seed : std::string(),
                                       std::move(changes), more ? json(last) : json());
  // Who played each seat, by the display names the players chose (null: none), and the
  // computer's level on its seat.
  json players = json::array();
  for (int s = 0; s < 2; ++s) {
    json p = {{"seat", s + 1}, {"name", row.seat_name[s].empty() ? json() : json(row.seat_name[s])}};
    if (row.bot && row.bot->seat == s + 1) p["bot"] = row.bot->level;
    players.push_back(std::move(p));
  }
  page["players"] = std::move(players);
  page["offline"] = row.offline;
  return true;
}

}  // namespace tabuleiro::server

// Every message envelope the server sends (PROTOCOL.md), and the one outcome JSON. The server
// never assembles protocol JSON by hand: it calls these. Hot-path messages (patch) are built
// from pre-serialized parts so that one serialization serves every viewer that shares it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"
#include "protocol/core/game.h"
#include "protocol/core/json_util.h"

namespace tabuleiro::protocol::messages {

using json = nlohmann::json;

// The outcome JSON (protocol::outcome_json) parsed back; nullopt for null or malformed.
std::optional<engine::outcome> parse_outcome(const json& j);

// The legal-action fields of a seat as JSON text to splice into an envelope:
// `"legal":[…]`, followed by `,"expects":{…}` when the list is incomplete.
std::string legal_fields(const legal_json& l);
// The same fields from the legal list's JSON array text (as a codec writes it directly),
// its completeness and, when incomplete, the expected action.
std::string legal_fields(std::string_view actions_text, bool complete, const json& expects);

// `"to_act":[…]`: the seats that may act now (empty once the match is over).
std::string to_act_field(const std::vector<engine::seat>& seats);

// Where an envelope's legal fields lie in its text: the bytes [at, at + size) are
// `,"legal":[…]` (and `,"expects":{…}`); size 0 when it has none. Cutting them out gives the
// message a connection that joined with "legal": false receives.
struct legal_span {
  std::size_t at = 0, size = 0;
};

// text, an envelope whose legal fields lie at span, without them: byte for byte the envelope
// built from the same parts with an empty legal text.
std::string without_legal(std::string_view text, legal_span span);

// A patch message from serialized parts: ops_text (an RFC 6902 array), events_text (a JSON
// array), legal_text (from legal_fields; "" for a connection that joined with "legal": false:
// no legal fields), to_act_text (from to_act_field) and clock_text (a `"clock":{…}` field, or
// "" for a match without a clock). When span is given, it is set to the legal fields' place.
std::string patch(std::int64_t version, std::string_view ops_text, std::string_view events_text,
                  std::string_view legal_text, std::string_view to_act_text, std::string_view clock_text = {},
                  legal_span* span = nullptr);

// A snapshot message: the whole view at version with the seat's legal fields (none when
// legal_text is "") and the clock field, when not empty. When span is given, it is set to the
// legal fields' place.
std::string snapshot(std::int64_t version, const json& view, std::string_view legal_text, std::string_view to_act_text,
                     const json& outcome, std::string_view clock_text = {}, legal_span* span = nullptr);

// What a joining connection is told.
struct joined_fields {
  std::string code, game;
  int seat = 0;                // 0 = spectator
  std::int64_t version = 0;    // the version the client is at after this message
  const json* view = nullptr;  // the full view, or nullptr for a catch-up (patches follow)
  std::string legal_text;      // from legal_fields, or "" (joined with "legal": false)
  std::string to_act_text;     // from to_act_field
  json presence;               // from presence()
  json outcome;                // protocol::outcome_json
  std::string token;           // a newly issued seat token, or ""
  std::string clock_text;      // a `"clock":{…}` field, or "" (no clock)
  std::string rematch;         // the share code of this match's rematch, or ""
};

// The joined message.
std::string joined(const joined_fields& f);

// An accepted request: {"type":"ack","id","version"}.
std::string ack(const json& id, std::int64_t version);

// patch_text (a message made by patch()) carrying the request id of the change it publishes as
// its first field, "ack": the acknowledgement of that request for a connection that asked for
// acks inside patches (join's "acks":"in_patch").
std::string patch_with_ack(std::string_view patch_text, const json& id);

// A refused request: {"type":"reject","id","error":{"code","message"}}.
std::string reject(const json& id, std::string_view code, std::string_view message);

// A protocol error: {"type":"error","code","message","id"?}.
std::string error(std::string_view code, std::string_view message, const json& id = nullptr);

// The end of a match at version: {"type":"game_over","version","outcome"}.
std::string game_over(std::int64_t version, const json& outcome);

// One player's part of a rated match's result.
struct rating_line {
  int seat = 0;
  double before = 0, after = 0;  // the rating before and after the match
  bool provisional = false;      // the rating after is still provisional ("1530?")
};

// A rated match's ratings once settled: {"counted":true,"speed":"live"|"correspondence",
// "seats":[{"seat","before","after","change","provisional"}…]} (before and after rounded to
// whole points, change = after - before as shown), or {"counted":false,"reason"} with reason
// "aborted", "not_both_acted", "guest" or "same_account".
json match_ratings(bool counted, std::string_view speed, const std::array<rating_line, 2>& lines,
                   std::string_view reason);

// {"type":"ratings","ratings":ratings}: a rated match's ratings settled (sent to every viewer,
// and after game_over to whoever joins later).
std::string ratings_message(const json& ratings);

// One point of a rating's history: after match code, ended at (ISO 8601 UTC).
struct rating_point_fields {
  std::string code, at, opponent;
  double rating = 0;
  double score = 0;  // 1, 0.5 or 0
};

// One of a player's ratings (a game and a speed) with its record and history.
struct player_rating_fields {
  std::string game, speed;
  double rating = 0, deviation = 0;
  bool provisional = false;
  int games = 0, wins = 0, draws = 0, losses = 0;
  std::vector<rating_point_fields> history;  // oldest first
};

// GET /api/players/{name}: {"username","display_name","ratings":[{"game","speed","rating",
// "deviation","provisional","games","wins","draws","losses","history":[{"code","at","rating",
// "score","opponent"}…]}…]}; ratings and deviations rounded to whole points.
json player_profile(std::string_view username, std::string_view display_name,
                    const std::vector<player_rating_fields>& ratings);

// One leaderboard line.
struct leaderboard_line {
  std::string username, display_name;
  double rating = 0, deviation = 0;
  int games = 0;
};

// GET /api/leaderboard: {"game","speed","lines":[{"rank","username","display_name","rating",
// "deviation","games"}…]}, best first; ratings rounded to whole points.
json leaderboard(std::string_view game, std::string_view speed, const std::vector<leaderboard_line>& lines);

// One seat as presence shows it.
struct seat_presence {
  bool taken = false;
  bool connected = false;
  std::string bot;                            // the level of the computer player holding the seat; "" for a person
  std::string name;                           // display name, "" = none (left out)
  std::optional<std::int64_t> abandon_in_ms;  // a taken, disconnected seat of a running
                                              // match: ms until abandonment is recorded
  std::optional<std::int64_t> offline_ms;     // a taken, disconnected seat of a started match
                                              // not over: ms since its player left
};

// The presence object {"seats":[{"seat","taken","connected","bot"?,"name"?,"abandon_in_ms"?,
// "offline_ms"?}…],
// "spectators":n}; a bot's seat carries "bot":level.
json presence(const std::array<seat_presence, 2>& seats, std::size_t spectators);

// The presence message: presence plus "type":"presence" (and the clock field, when not empty).
std::string presence_message(const json& presence, std::string_view clock_text = {});

// {"type":"draw_offered","by":seat} / {"type":"draw_declined","by":seat}.
std::string draw_offered(int by);
std::string draw_declined(int by);

// Rematch notices, to everyone: {"type":"rematch_offered","by":seat},
// {"type":"rematch_declined","by":seat} (the other seat said no) and
// {"type":"rematch_withdrawn","by":seat} (the offering seat took it back or left).
std::string rematch_offered(int by);
std::string rematch_declined(int by);
std::string rematch_withdrawn(int by);

// {"type":"rematch_ready","code"} plus, for a player only, its new "seat" and "token".
std::string rematch_ready(std::string_view code, int seat, std::string_view token);

// The error body of every HTTP route: {"error":{"code","message"}}.
json http_error(std::string_view code, std::string_view message);

// The public description of a match (GET /api/matches/{code}, the listing, the list feed).
struct summary_fields {
  std::string code, game, status, visibility, created;  // created: ISO 8601 UTC
  json presence;                                        // from presence()
  std::int64_t version = 0;
  json outcome;              // outcome_json
  json to_act;               // the seats that may act now (to_act_field's list), or null: not known
  json progress;             // the game's progress object (view::progress), or null: not known
  std::string finished;      // ISO 8601 UTC of the end, or "" while running / not known
  json options;              // the match options (public)
  std::string rematch;       // its rematch's code, or ""
  bool guests_watch = true;  // false: only signed-in members watch (where only members play)
  bool offline = false;      // played away from the server and published once finished
  bool rated = false;        // its end changes both players' ratings
  json ratings;              // match_ratings once settled, else null
};

// What the match list says of a match, from its presence, status and outcome: "finished"
// (an outcome), "left" (every taken seat away, and no seat free or the match under way),
// "open" (a seat is free), "ready" (both seats taken, no change yet), "away" (under way, a
// player disconnected) or "live".
std::string activity(const json& presence, std::string_view status, const json& outcome);

// The summary object: presence's fields plus code, game, status, activity, visibility,
// version, outcome, created, finished, to_act, progress, options, rematch (a code or null),
// guests_watch, offline, rated and ratings (match_ratings, or null).
json summary(const summary_fields& f);

// The answer to a match creation: {"code","link","seat","token"}.
json created(std::string_view code, std::string_view link, int seat, std::string_view token);

// The answer to a publication (a game played offline, stored finished): {"code","link"}.
json published(std::string_view code, std::string_view link);

// The refusal of a published log: {"error":{"code":"bad_log","message","step","reason"}}, step
// being the first step refused and reason why (a rule code of the game, or the server's own).
json bad_log(std::string_view message, std::int64_t step, std::string_view reason);

// A signed-in user as the account routes show it (never a credential).
struct account_fields {
  std::int64_t id = 0;
  std::string_view username;
  std::string_view display_name;
  std::string_view language;
  bool admin = false;
};

// The account routes' answer (GET /api/account, sign-up, sign-in):
// {"user":{"id","username","display_name","language","admin"},"csrf","access"}, or
// {"user":null,"access"} when the browser is not signed in (user null); access is the server's
// access mode ("open", "members", "invite").
json account_state(const account_fields* user, std::string_view csrf, std::string_view access);

// One seat an account holds, as "my games" lists it.
struct held_seat_fields {
  std::string_view code;
  std::string_view game;
  std::string_view status;  // "waiting" | "live" | "finished"
  int seat = 0;
  std::string_view opponent;      // the other seat's display name ("" = none)
  const json* outcome = nullptr;  // null until finished
  std::string_view created;       // ISO 8601
  std::string_view updated;       // ISO 8601: the last change
};

// GET /api/account/matches: {"matches":[{"code","game","status","seat","opponent","outcome",
// "created","updated"}…]}, the most recently changed first.
json held_seats(const std::vector<held_seat_fields>& seats);

// The listing answer: {"matches":[summaries…]}.
json match_list(json summaries);

// The answer to watch_list: {"type":"match_list","matches":[…],"recent":[…]}.
std::string match_list_message(const json& matches, const json& recent);

// A list feed push: {"type":"match_list_changed","matches":[the changed summaries…]}.
std::string match_list_changed(const json& matches);

// One past change as a history page lists it: {"version","seat","at","ops","events"}.
json history_change(std::int64_t version, int seat, std::string_view at, json ops, json events);

// A history page: {"type":"history","id","from","to","view","changes","more"}.
std::string history(const json& id, std::int64_t from, std::int64_t to, const json& view, json changes, bool more);

// One change of the export log: {"version","seat","at"} plus body's fields (action, change
// or events).
json log_change(std::int64_t version, int seat, std::string_view at, json body);

// A page of the export log; start_position (null: none) and seed ("": withheld) are left out
// when absent; next is the from of the next page, or null.
json match_log(std::string_view code, std::string_view game, const json& options, std::string_view status,
               const json& outcome, const json& start_position, std::string_view seed, json changes, const json& next);

// The answer of the test-only clock route: {"now_ms": now_ms}.
json clock_advanced(std::int64_t now_ms);

// {"type":"pong","t":t}.
std::string pong(const json& t);

}  // namespace tabuleiro::protocol::messages

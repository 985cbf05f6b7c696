// The server's message envelopes (PROTOCOL.md).
#include "protocol/core/messages.h"

#include <cmath>

#include "protocol/core/json_util.h"

namespace tabuleiro::protocol::messages {

namespace {

// The JSON text of j; invalid UTF-8 (which no parsed input holds) is replaced, never thrown.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// Appends the JSON text of j to out.
void append_json(std::string& out, const json& j) { out += dump(j); }

// Appends `,` and field to out unless field is empty.
void append_field(std::string& out, std::string_view field) {
  if (field.empty()) return;
  out += ',';
  out += field;
}

// Appends `,` and legal_text (nothing when it is empty) to out, and their place to span when
// given.
void append_legal(std::string& out, std::string_view legal_text, legal_span* span) {
  const std::size_t at = out.size();
  append_field(out, legal_text);
  if (span) *span = {at, out.size() - at};
}

}  // namespace

std::optional<engine::outcome> parse_outcome(const json& j) {
  std::optional<engine::outcome> o;
  if (read_outcome(j, o)) return std::nullopt;
  return o;
}

std::string legal_fields(const legal_json& l) { return legal_fields(dump(l.actions), l.complete, l.expects); }

std::string legal_fields(std::string_view actions_text, bool complete, const json& expects) {
  std::string out = "\"legal\":";
  out += actions_text;
  if (!complete) {
    out += ",\"expects\":";
    append_json(out, expects);
  }
  return out;
}

std::string to_act_field(const std::vector<engine::seat>& seats) {
  std::string out = "\"to_act\":[";
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(seats[i]);
  }
  out += ']';
  return out;
}

std::string without_legal(std::string_view text, legal_span span) {
  std::string out;
  out.reserve(text.size() - span.size);
  out += text.substr(0, span.at);
  out += text.substr(span.at + span.size);
  return out;
}

std::string patch(std::int64_t version, std::string_view ops_text, std::string_view events_text,
                  std::string_view legal_text, std::string_view to_act_text, std::string_view clock_text,
                  legal_span* span) {
  std::string out;
  out.reserve(64 + ops_text.size() + events_text.size() + legal_text.size() + to_act_text.size() + clock_text.size());
  out += "{\"type\":\"patch\",\"version\":";
  out += std::to_string(version);
  out += ",\"base\":";
  out += std::to_string(version - 1);
  out += ",\"ops\":";
  out += ops_text;
  out += ",\"events\":";
  out += events_text;
  append_legal(out, legal_text, span);
  out += ',';
  out += to_act_text;
  append_field(out, clock_text);
  out += '}';
  return out;
}

std::string snapshot(std::int64_t version, const json& view, std::string_view legal_text, std::string_view to_act_text,
                     const json& outcome, std::string_view clock_text, legal_span* span) {
  std::string out = "{\"type\":\"snapshot\",\"version\":" + std::to_string(version) + ",\"view\":";
  append_json(out, view);
  append_legal(out, legal_text, span);
  out += ',';
  out += to_act_text;
  out += ",\"outcome\":";
  append_json(out, outcome);
  append_field(out, clock_text);
  out += '}';
  return out;
}

std::string joined(const joined_fields& f) {
  json head = {{"type", "joined"},     {"code", f.code},
               {"game", f.game},       {"seat", f.seat == 0 ? json() : json(f.seat)},
               {"version", f.version}, {"presence", f.presence},
               {"outcome", f.outcome}};
  if (f.view) head["view"] = *f.view;
  if (!f.token.empty()) head["token"] = f.token;
  head["rematch"] = f.rematch.empty() ? json() : json(f.rematch);
  std::string out = dump(head);
  out.pop_back();  // the closing brace: the legal and to_act fields follow
  append_legal(out, f.legal_text, nullptr);
  out += ',';
  out += f.to_act_text;
  append_field(out, f.clock_text);
  out += '}';
  return out;
}

std::string ack(const json& id, std::int64_t version) {
  return dump(json{{"type", "ack"}, {"id", id}, {"version", version}});
}

std::string patch_with_ack(std::string_view patch_text, const json& id) {
  const std::string id_text = dump(id);
  std::string out;
  out.reserve(patch_text.size() + id_text.size() + 8);
  out += "{\"ack\":";
  out += id_text;
  out += ',';
  out += patch_text.substr(1);  // after the opening brace
  return out;
}

std::string reject(const json& id, std::string_view code, std::string_view message) {
  return dump(json{{"type", "reject"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

std::string error(std::string_view code, std::string_view message, const json& id) {
  json j = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!id.is_null()) j["id"] = id;
  return dump(j);
}

std::string game_over(std::int64_t version, const json& outcome) {
  return dump(json{{"type", "game_over"}, {"version", version}, {"outcome", outcome}});
}

json match_ratings(bool counted, std::string_view speed, const std::array<rating_line, 2>& lines,
                   std::string_view reason) {
  if (!counted) return {{"counted", false}, {"reason", reason}};
  json seats = json::array();
  for (const rating_line& l : lines) {
    const auto before = std::llround(l.before), after = std::llround(l.after);
    seats.push_back({{"seat", l.seat},
                     {"before", before},
                     {"after", after},
                     {"change", after - before},
                     {"provisional", l.provisional}});
  }
  return {{"counted", true}, {"speed", speed}, {"seats", std::move(seats)}};
}

std::string ratings_message(const json& ratings) { return dump(json{{"type", "ratings"}, {"ratings", ratings}}); }

json player_profile(std::string_view username, std::string_view display_name,
                    const std::vector<player_rating_fields>& ratings) {
  json list = json::array();
  for (const player_rating_fields& r : ratings) {
    json history = json::array();
    for (const rating_point_fields& p : r.history)
      history.push_back({{"code", p.code},
                         {"at", p.at},
                         {"rating", std::llround(p.rating)},
                         {"score", p.score},
                         {"opponent", p.opponent}});
    list.push_back({{"game", r.game},
                    {"speed", r.speed},
                    {"rating", std::llround(r.rating)},
                    {"deviation", std::llround(r.deviation)},
                    {"provisional", r.provisional},
                    {"games", r.games},
                    {"wins", r.wins},
                    {"draws", r.draws},
                    {"losses", r.losses},
                    {"history", std::move(history)}});
  }
  return {{"username", username}, {"display_name", display_name}, {"ratings", std::move(list)}};
}

json leaderboard(std::string_view game, std::string_view speed, const std::vector<leaderboard_line>& lines) {
  json list = json::array();
  int rank = 0;
  for (const leaderboard_line& l : lines)
    list.push_back({{"rank", ++rank},
                    {"username", l.username},
                    {"display_name", l.display_name},
                    {"rating", std::llround(l.rating)},
                    {"deviation", std::llround(l.deviation)},
                    {"games", l.games}});
  return {{"game", game}, {"speed", speed}, {"lines", std::move(list)}};
}

json presence(const std::array<seat_presence, 2>& seats, std::size_t spectators) {
  json list = json::array();
  for (int s = 0; s < 2; ++s) {
    json seat = {{"seat", s + 1}, {"taken", seats[s].taken}, {"connected", seats[s].connected}};
    if (!seats[s].bot.empty()) seat["bot"] = seats[s].bot;
    if (!seats[s].name.empty()) seat["name"] = seats[s].name;
    if (seats[s].abandon_in_ms) seat["abandon_in_ms"] = *seats[s].abandon_in_ms;
    if (seats[s].offline_ms) seat["offline_ms"] = *seats[s].offline_ms;
    list.push_back(std::move(seat));
  }
  return {{"seats", std::move(list)}, {"spectators", spectators}};
}

std::string presence_message(const json& presence, std::string_view clock_text) {
  json p = presence;
  p["type"] = "presence";
  std::string out = dump(p);
  if (clock_text.empty()) return out;
  out.pop_back();  // the closing brace: the clock field follows
  append_field(out, clock_text);
  out += '}';
  return out;
}

std::string draw_offered(int by) { return dump(json{{"type", "draw_offered"}, {"by", by}}); }

std::string draw_declined(int by) { return dump(json{{"type", "draw_declined"}, {"by", by}}); }

std::string rematch_offered(int by) { return dump(json{{"type", "rematch_offered"}, {"by", by}}); }

std::string rematch_declined(int by) { return dump(json{{"type", "rematch_declined"}, {"by", by}}); }

std::string rematch_withdrawn(int by) { return dump(json{{"type", "rematch_withdrawn"}, {"by", by}}); }

std::string rematch_ready(std::string_view code, int seat, std::string_view token) {
  json j = {{"type", "rematch_ready"}, {"code", code}};
  if (seat != 0) {
    j["seat"] = seat;
    j["token"] = token;
  }
  return dump(j);
}

json http_error(std::string_view code, std::string_view message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

std::string activity(const json& presence, std::string_view status, const json& outcome) {
  if (!outcome.is_null() || status == "finished") return "finished";
  int taken = 0, connected = 0, free = 0;
  for (const json& s : presence.value("seats", json::array())) {
    if (!s.value("taken", false)) ++free;
    else {
      ++taken;
      if (s.value("connected", false)) ++connected;
    }
  }
  if (taken > 0 && connected == 0 && (free == 0 || status == "live")) return "left";
  if (free > 0) return "open";
  if (status == "waiting") return "ready";
  return connected < taken ? "away" : "live";
}

json summary(const summary_fields& f) {
  json s = f.presence;
  s["code"] = f.code;
  s["game"] = f.game;
  s["status"] = f.status;
  s["activity"] = activity(f.presence, f.status, f.outcome);
  s["visibility"] = f.visibility;
  s["version"] = f.version;
  s["outcome"] = f.outcome;
  s["created"] = f.created;
  s["finished"] = f.finished.empty() ? json() : json(f.finished);
  s["to_act"] = f.to_act;
  s["progress"] = f.progress;
  s["options"] = f.options.is_null() ? json::object() : f.options;
  s["rematch"] = f.rematch.empty() ? json() : json(f.rematch);
  s["guests_watch"] = f.guests_watch;
  s["offline"] = f.offline;
  s["rated"] = f.rated;
  s["ratings"] = f.ratings;
  return s;
}

json created(std::string_view code, std::string_view link, int seat, std::string_view token) {
  return {{"code", code}, {"link", link}, {"seat", seat}, {"token", token}};
}

json published(std::string_view code, std::string_view link) { return {{"code", code}, {"link", link}}; }

json bad_log(std::string_view message, std::int64_t step, std::string_view reason) {
  json e = http_error("bad_log", message);
  e["error"]["step"] = step;
  e["error"]["reason"] = reason;
  return e;
}

json match_list(json summaries) { return {{"matches", std::move(summaries)}}; }

std::string match_list_message(const json& matches, const json& recent) {
  return json{{"type", "match_list"}, {"matches", matches}, {"recent", recent}}.dump();
}

std::string match_list_changed(const json& matches) {
  return json{{"type", "match_list_changed"}, {"matches", matches}}.dump();
}

json history_change(std::int64_t version, int seat, std::string_view at, json ops, json events) {
  return {{"version", version}, {"seat", seat}, {"at", at}, {"ops", std::move(ops)}, {"events", std::move(events)}};
}

std::string history(const json& id, std::int64_t from, std::int64_t to, const json& view, json changes, bool more) {
  return dump(json{{"type", "history"},
                   {"id", id},
                   {"from", from},
                   {"to", to},
                   {"view", view},
                   {"changes", std::move(changes)},
                   {"more", more}});
}

json log_change(std::int64_t version, int seat, std::string_view at, json body) {
  json j = {{"version", version}, {"seat", seat}, {"at", at}};
  j.update(body);
  return j;
}

json match_log(std::string_view code, std::string_view game, const json& options, std::string_view status,
               const json& outcome, const json& start_position, std::string_view seed, json changes, const json& next) {
  json j = {{"code", code},     {"game", game},       {"options", options},
            {"status", status}, {"outcome", outcome}, {"changes", std::move(changes)},
            {"next", next}};
  if (!start_position.is_null()) j["start_position"] = start_position;
  if (!seed.empty()) j["seed"] = seed;
  return j;
}

json account_state(const account_fields* user, std::string_view csrf, std::string_view access) {
  if (!user) return {{"user", nullptr}, {"access", access}};
  return {{"user",
           {{"id", user->id},
            {"username", user->username},
            {"display_name", user->display_name},
            {"language", user->language},
            {"admin", user->admin}}},
          {"csrf", csrf},
          {"access", access}};
}

json held_seats(const std::vector<held_seat_fields>& seats) {
  json list = json::array();
  for (const auto& s : seats)
    list.push_back({{"code", s.code},
                    {"game", s.game},
                    {"status", s.status},
                    {"seat", s.seat},
                    {"opponent", s.opponent.empty() ? json(nullptr) : json(s.opponent)},
                    {"outcome", s.outcome ? *s.outcome : json(nullptr)},
                    {"created", s.created},
                    {"updated", s.updated}});
  return {{"matches", std::move(list)}};
}

json clock_advanced(std::int64_t now_ms) { return {{"now_ms", now_ms}}; }

std::string pong(const json& t) { return dump(json{{"type", "pong"}, {"t", t}}); }

}  // namespace tabuleiro::protocol::messages

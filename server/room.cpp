#include "server/room.h"

#include <algorithm>
#include <ctime>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/secrets.h"

namespace tabuleiro::server {

namespace {

// Patches kept per viewer class for catch-up after a reconnection.
constexpr std::size_t recent_patches = 32;
// State-changing requests a room queues while a write is in flight.
constexpr std::size_t queue_limit = 64;

// Viewer class index of a seat (0 spectator, 1, 2).
protocol::viewer viewer_at(int seat) { return static_cast<protocol::viewer>(seat); }

// The outcome a room-level change records, or null for an unknown one.
json room_level_outcome(const json& change, int seat) {
  const std::string type = change.value("type", "");
  if (type == "resign") return {{"winner", 3 - seat}, {"reason", "resign"}};
  if (type == "draw_agreed") return {{"winner", nullptr}, {"reason", "agreement"}};
  if (type == "abandoned") return {{"winner", change.value("winner", json())}, {"reason", "abandoned"}};
  return nullptr;
}

}  // namespace

std::string iso_time(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

json stored_summary(const match_row& row) {
  json seats = json::array();
  for (int s = 0; s < 2; ++s)
    seats.push_back({{"seat", s + 1}, {"taken", !row.token_hash[s].empty()}, {"connected", false}});
  return {{"code", row.code},        {"game", row.game},       {"status", row.status},
          {"visibility", row.visibility}, {"seats", std::move(seats)}, {"spectators", 0},
          {"version", row.version},  {"outcome", row.outcome}, {"created", iso_time(row.created_ms)}};
}

std::int64_t unix_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

room::room(net::io_context& ioc, room_services services, match_row row,
           std::unique_ptr<protocol::match> m, std::int64_t version, json outcome)
    : strand_(net::make_strand(ioc)),
      svc_(services),
      kind_(protocol::find_game(row.game)),
      code_(row.code),
      game_(row.game),
      visibility_(row.visibility),
      created_ms_(row.created_ms),
      match_(std::move(m)),
      version_(version),
      outcome_(std::move(outcome)),
      token_hash_(row.token_hash) {
  seat_left_.fill(clock::now());
  for (int c = 0; c < 3; ++c) views_[c] = view_for(c);
  svc_.stats->rooms++;
  update_summary();
}

room::~room() { svc_.stats->rooms--; }

std::shared_ptr<room> room::restore(net::io_context& ioc, room_services services,
                                    const match_row& row, const std::vector<action_row>& log,
                                    std::string& error) {
  const protocol::game_kind* kind = protocol::find_game(row.game);
  if (kind == nullptr) {
    error = "unknown game '" + row.game + "'";
    return nullptr;
  }
  std::uint64_t seed = 0;
  try {
    seed = std::stoull(row.seed);
  } catch (...) {
    error = "bad stored seed";
    return nullptr;
  }
  auto created = kind->create(row.options, row.start_position, seed);
  if (auto* e = std::get_if<rule_error>(&created)) {
    error = "cannot recreate match: " + e->code;
    return nullptr;
  }
  auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  json outcome = nullptr;
  std::int64_t version = 0;
  for (const action_row& a : log) {
    if (a.version != version + 1 || !outcome.is_null()) {
      error = "log out of order at version " + std::to_string(a.version);
      return nullptr;
    }
    if (!a.change.is_null()) {
      outcome = a.change.is_object() ? room_level_outcome(a.change, a.seat) : json();
      if (outcome.is_null()) {
        error = "logged change " + std::to_string(a.version) + " is not a known room-level change";
        return nullptr;
      }
    } else {
      auto r = m->apply(a.seat, a.action);
      if (auto* e = std::get_if<rule_error>(&r)) {
        error = "logged action " + std::to_string(a.version) + " refused on replay: " + e->code;
        return nullptr;
      }
      outcome = m->outcome();
    }
    version = a.version;
  }
  if (outcome.is_null() && !row.outcome.is_null()) outcome = row.outcome;
  return std::make_shared<room>(ioc, services, row, std::move(m), version, std::move(outcome));
}

void room::join(std::shared_ptr<client> c, json msg) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), msg = std::move(msg)] {
    self->do_join(c, msg);
  });
}

void room::request(std::shared_ptr<client> c, json msg) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), msg = std::move(msg)] {
    self->do_request(c, msg);
  });
}

void room::leave(std::uint64_t client_id) {
  net::post(strand_, [self = shared_from_this(), client_id] {
    auto it = self->members_.find(client_id);
    if (it == self->members_.end()) return;
    const int seat = it->second.seat;
    self->members_.erase(it);
    if (seat != 0 && self->seat_client_[seat - 1] == client_id) {
      self->seat_client_[seat - 1] = 0;
      self->seat_left_[seat - 1] = clock::now();
    }
    self->broadcast_presence();
  });
}

void room::tick() {
  net::post(strand_, [self = shared_from_this()] {
    if (!self->outcome_.is_null() || self->closing_) return;
    for (const pending& p : self->queue_)
      if (p.kind == "abandon") return;
    const auto limit = std::chrono::duration<double>(self->svc_.cfg->abandon_after_s);
    const auto now = clock::now();
    int taken = 0, away = 0, present_seat = 0;
    for (int s = 0; s < 2; ++s) {
      if (self->token_hash_[s].empty()) continue;
      ++taken;
      if (self->seat_client_[s] != 0) present_seat = s + 1;
      else if (now - self->seat_left_[s] >= limit) ++away;
    }
    if (taken == 0 || away == 0) return;
    json winner = nullptr;
    if (away == taken) winner = nullptr;
    else if (taken == 2 && present_seat != 0) winner = present_seat;
    else return;
    self->enqueue({{}, nullptr, "abandon", 0, {{"winner", winner}}});
  });
}

void room::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    self->closing_ = true;
    for (auto& [id, m] : self->members_)
      if (auto c = m.c.lock()) c->close(1001, "server shutting down");
  });
}

json room::summary() const {
  std::lock_guard lock(summary_mu_);
  return summary_;
}

bool room::evictable() const {
  std::lock_guard lock(summary_mu_);
  return evictable_;
}

void room::do_join(const std::shared_ptr<client>& c, const json& msg) {
  if (members_.count(c->id())) {
    c->send(share(error_message("already_joined", "this connection already joined a match")));
    return;
  }
  const json as = msg.contains("as") ? msg["as"] : json("player");
  const json token = msg.contains("token") ? msg["token"] : json();
  const json version = msg.contains("version") ? msg["version"] : json();
  if ((as != "player" && as != "spectator") || !(token.is_null() || token.is_string()) ||
      !(version.is_null() || (version.is_number_integer() && version.get<std::int64_t>() >= 0))) {
    svc_.stats->rejected("bad_message");
    c->send(share(error_message("bad_message",
                                "join needs as: player|spectator, token: string, version: integer")));
    return;
  }
  if (token.is_string()) {
    const std::string& t = token.get_ref<const std::string&>();
    int seat = 0;
    for (int s = 0; s < 2; ++s)
      if (token_matches(t, token_hash_[s])) seat = s + 1;
    if (seat == 0) {
      svc_.stats->rejected("bad_token");
      spdlog::info("room {}: refused a wrong seat token", code_);
      c->send(share(error_message("bad_token", "this token holds no seat of this match")));
      c->close(1008, "bad token");
      return;
    }
    if (std::uint64_t old = seat_client_[seat - 1]; old != 0 && old != c->id()) {
      if (auto it = members_.find(old); it != members_.end()) {
        if (auto oc = it->second.c.lock()) oc->close(4000, "replaced by a newer connection");
        members_.erase(it);
      }
    }
    admit(c, seat, "", version);
    return;
  }
  if (as == "player" && outcome_.is_null() && !closing_) {
    for (int s = 0; s < 2; ++s) {
      if (!token_hash_[s].empty() || seat_pending_[s]) continue;
      seat_pending_[s] = true;
      std::string new_token = new_seat_token();
      std::string hash = token_hash(new_token);
      std::weak_ptr<client> weak = c;
      svc_.db->claim_seat(
          code_, s + 1, hash,
          [self = shared_from_this(), weak, s, hash, new_token, version](write_status status) {
            net::post(self->strand_, [self, weak, s, hash, new_token, version, status] {
              self->seat_pending_[s] = false;
              auto c = weak.lock();
              if (status != write_status::ok) {
                spdlog::error("room {}: could not store seat {} ({})", self->code_, s + 1,
                              write_status_name(status));
                if (c) {
                  if (status == write_status::unavailable)
                    c->send(share(error_message("storage_error", "could not store the seat; try again")));
                  else
                    c->send(share(error_message("internal", "could not store the seat")));
                }
                return;
              }
              self->token_hash_[s] = hash;
              if (c) self->admit(c, s + 1, new_token, version);
              else self->update_summary();
            });
          });
      return;
    }
  }
  admit(c, 0, "", version);
}

void room::admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
                 const json& client_version) {
  members_[c->id()] = member{c, seat};
  if (seat != 0) seat_client_[seat - 1] = c->id();
  json j = {{"type", "joined"},   {"code", code_},   {"game", game_},
            {"seat", seat == 0 ? json() : json(seat)},  {"version", version_},
            {"legal", legal_for(seat)}, {"presence", presence()}, {"outcome", outcome_}};
  if (!token.empty()) j["token"] = token;
  const auto& buffer = recent_[seat];
  bool catch_up = false;
  std::int64_t from = 0;
  if (client_version.is_number_integer()) {
    from = client_version.get<std::int64_t>();
    catch_up = from == version_ ||
               (from < version_ && !buffer.empty() && buffer.front().first <= from + 1);
  }
  if (catch_up) {
    j["version"] = from;
    c->send(share(j));
    for (const auto& [v, msg] : buffer)
      if (v > from) c->send(msg);
  } else {
    j["view"] = views_[seat];
    c->send(share(j));
  }
  if (!outcome_.is_null())
    c->send(share({{"type", "game_over"}, {"version", version_}, {"outcome", outcome_}}));
  if (draw_offer_by_ != 0 && seat != 0)
    c->send(share({{"type", "draw_offered"}, {"by", draw_offer_by_}}));
  broadcast_presence();
}

void room::do_request(const std::shared_ptr<client>& c, const json& msg) {
  const json id = msg.contains("id") ? msg["id"] : json();
  auto it = members_.find(c->id());
  if (it == members_.end()) {
    svc_.stats->rejected("not_joined");
    c->send(share(error_message("not_joined", "send join first", id)));
    return;
  }
  const int seat = it->second.seat;
  const std::string type = msg["type"].get<std::string>();
  if (type == "resync") {
    json s = snapshot_for(seat);
    c->send(share(s));
    return;
  }
  if (!(id.is_string() || id.is_number_integer())) {
    svc_.stats->rejected("bad_message");
    c->send(share(error_message("bad_message", type + " needs an id (string or integer)")));
    return;
  }
  if (seat == 0) return reject_to(c, id, "spectator", "spectators cannot act");
  if (!outcome_.is_null()) return reject_to(c, id, "game_over", "the match is over");
  if (type == "act") {
    if (!msg.contains("action") || !msg["action"].is_object())
      return reject_to(c, id, "bad_action", "act needs an action object");
    return enqueue({c, id, "act", seat, msg["action"]});
  }
  if (type == "resign") return enqueue({c, id, "resign", seat, nullptr});
  // type == "draw"
  const json op = msg.contains("op") ? msg["op"] : json();
  const int other = 3 - seat;
  if (op == "offer") {
    draw_offer_by_ = seat;
    c->send(share({{"type", "ack"}, {"id", id}, {"version", version_}}));
    send_to_all(share({{"type", "draw_offered"}, {"by", seat}}));
    return;
  }
  if (op == "decline" || op == "accept") {
    if (draw_offer_by_ != other) return reject_to(c, id, "no_draw_offer", "no draw offer to answer");
    if (op == "accept") return enqueue({c, id, "draw", seat, nullptr});
    draw_offer_by_ = 0;
    c->send(share({{"type", "ack"}, {"id", id}, {"version", version_}}));
    send_to_all(share({{"type", "draw_declined"}, {"by", seat}}));
    return;
  }
  reject_to(c, id, "bad_message", "draw needs op: offer|accept|decline");
}

void room::enqueue(pending p) {
  if (queue_.size() >= queue_limit) return reject(p, "busy", "too many pending requests");
  queue_.push_back(std::move(p));
  pump();
}

void room::pump() {
  while (!busy_ && !queue_.empty()) {
    pending p = std::move(queue_.front());
    queue_.pop_front();
    if (!outcome_.is_null()) {
      reject(p, "game_over", "the match is over");
      continue;
    }
    if (p.kind == "act") {
      const auto to_act = match_->seats_to_act();
      if (std::find(to_act.begin(), to_act.end(), p.seat) == to_act.end()) {
        reject(p, "not_your_turn", "it is not your turn");
        continue;
      }
      auto next = match_->clone();
      auto r = next->apply(p.seat, p.action);
      if (auto* e = std::get_if<rule_error>(&r)) {
        reject(p, e->code, e->message);
        continue;
      }
      json outcome = next->outcome();
      json action = p.action;
      commit(std::move(p), std::move(next), std::move(std::get<std::vector<json>>(r)),
             std::move(outcome), std::move(action));
      return;
    }
    json log_action;
    std::vector<json> events;
    if (p.kind == "resign") {
      log_action = {{"type", "resign"}, {"seat", p.seat}};
      events.push_back({{"type", "resigned"}, {"seat", p.seat}});
    } else if (p.kind == "draw") {
      if (draw_offer_by_ != 3 - p.seat) {
        reject(p, "no_draw_offer", "no draw offer to answer");
        continue;
      }
      log_action = {{"type", "draw_agreed"}};
      events.push_back({{"type", "draw_agreed"}});
    } else {  // abandon
      log_action = {{"type", "abandoned"}, {"winner", p.action["winner"]}};
      events.push_back(log_action);
    }
    json outcome = room_level_outcome(log_action, p.seat);
    commit(std::move(p), nullptr, std::move(events), std::move(outcome), std::move(log_action));
    return;
  }
}

void room::commit(pending p, std::unique_ptr<protocol::match> next, std::vector<json> events,
                  json outcome, json log_action) {
  busy_ = true;
  const bool room_level = next == nullptr;
  const std::int64_t at = unix_ms();
  action_row row{version_ + 1, p.seat, room_level ? json() : log_action,
                 room_level ? std::move(log_action) : json(), at};
  // The completion runs on the writer thread once the change (and the match's end, atomically
  // with it) has committed; it only posts back to the strand.
  auto finish = [self = shared_from_this(), p = std::move(p), next = std::move(next),
                 events = std::move(events), outcome, room_level](write_status status) mutable {
    net::post(self->strand_, [self, status, p = std::move(p), next = std::move(next),
                              events = std::move(events), outcome, room_level]() mutable {
      self->on_committed(status, std::move(p), std::move(next), std::move(events),
                         std::move(outcome), room_level);
    });
  };
  // std::function needs a copyable callable: hold the move-only state behind a shared_ptr.
  auto shared_finish = std::make_shared<decltype(finish)>(std::move(finish));
  auto done = [shared_finish](write_status status) { (*shared_finish)(status); };
  if (outcome.is_null())
    svc_.db->append_action(code_, row, std::move(done));
  else
    svc_.db->append_and_finish(code_, row, outcome, std::move(done));
}

void room::on_committed(write_status status, pending p, std::unique_ptr<protocol::match> next,
                        std::vector<json> events, json outcome, bool room_level) {
  busy_ = false;
  if (status != write_status::ok) {
    spdlog::error("room {}: storing version {} failed ({}); change dropped", code_, version_ + 1,
                  write_status_name(status));
    reject(p, "storage_error", "the change could not be stored; nothing changed");
    pump();
    return;
  }
  if (next) match_ = std::move(next);
  ++version_;
  outcome_ = std::move(outcome);
  draw_offer_by_ = 0;
  svc_.stats->actions_accepted++;
  broadcast_change(events, room_level);
  if (auto c = p.from.lock())
    c->send(share({{"type", "ack"}, {"id", p.id}, {"version", version_}}));
  if (!outcome_.is_null()) {
    spdlog::info("match {} finished at version {}: {}", code_, version_, outcome_.dump());
    send_to_all(share({{"type", "game_over"}, {"version", version_}, {"outcome", outcome_}}));
  }
  update_summary();
  pump();
}

void room::broadcast_change(const std::vector<json>& events, bool room_level) {
  for (int cls = 0; cls < 3; ++cls) {
    json view = view_for(cls);
    json ops = json::diff(views_[cls], view);
    views_[cls] = std::move(view);
    json ev = room_level ? json(events) : match_->events_for(viewer_at(cls), events);
    shared_text msg = share({{"type", "patch"},
                             {"version", version_},
                             {"base", version_ - 1},
                             {"ops", std::move(ops)},
                             {"events", std::move(ev)},
                             {"legal", legal_for(cls)}});
    auto& buffer = recent_[cls];
    buffer.emplace_back(version_, msg);
    if (buffer.size() > recent_patches) buffer.pop_front();
    for (auto& [id, m] : members_)
      if (m.seat == cls)
        if (auto c = m.c.lock()) c->send(msg);
  }
}

void room::reject(const pending& p, const std::string& code, const std::string& message) {
  if (auto c = p.from.lock()) reject_to(c, p.id, code, message);
}

void room::reject_to(const std::shared_ptr<client>& c, const json& id, const std::string& code,
                     const std::string& message) {
  svc_.stats->rejected(code);
  c->send(share({{"type", "reject"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}}));
}

void room::send_to_all(const shared_text& msg) {
  for (auto& [id, m] : members_)
    if (auto c = m.c.lock()) c->send(msg);
}

void room::broadcast_presence() {
  json p = presence();
  p["type"] = "presence";
  send_to_all(share(p));
  update_summary();
}

json room::presence() const {
  json seats = json::array();
  for (int s = 0; s < 2; ++s)
    seats.push_back({{"seat", s + 1},
                     {"taken", !token_hash_[s].empty()},
                     {"connected", seat_client_[s] != 0}});
  std::size_t spectators = 0;
  for (const auto& [id, m] : members_)
    if (m.seat == 0) ++spectators;
  return {{"seats", std::move(seats)}, {"spectators", spectators}};
}

json room::legal_for(int seat) const {
  if (seat == 0 || !outcome_.is_null()) return json::array();
  return match_->legal_actions(seat);
}

json room::view_for(int cls) const {
  json v = match_->view(viewer_at(cls));
  // Room-level endings (resign, agreement, abandonment) show in the view's own outcome too.
  if (!outcome_.is_null() && v.is_object() && v.contains("outcome")) v["outcome"] = outcome_;
  return v;
}

json room::snapshot_for(int seat) const {
  return {{"type", "snapshot"}, {"version", version_},       {"view", views_[seat]},
          {"legal", legal_for(seat)}, {"outcome", outcome_}};
}

void room::update_summary() {
  json s = presence();
  s["code"] = code_;
  s["game"] = game_;
  s["status"] = !outcome_.is_null() ? "finished" : version_ > 0 ? "live" : "waiting";
  s["visibility"] = visibility_;
  s["version"] = version_;
  s["outcome"] = outcome_;
  s["created"] = iso_time(created_ms_);
  const bool idle = !outcome_.is_null() && members_.empty() && !busy_ && queue_.empty();
  std::lock_guard lock(summary_mu_);
  summary_ = std::move(s);
  evictable_ = idle;
}

}  // namespace tabuleiro::server

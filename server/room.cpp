#include "server/room.h"

#include <algorithm>
#include <ctime>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/json_util.h"
#include "protocol/messages.h"
#include "server/history.h"
#include "server/secrets.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

std::string iso_time(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

json stored_summary(const match_row& row) {
  return msg::summary({.code = row.code,
                       .game = row.game,
                       .status = row.status,
                       .visibility = row.visibility,
                       .created = iso_time(row.created_ms),
                       .presence = msg::presence({msg::seat_presence{!row.token_hash[0].empty(), false,
                                                                     row.seat_name[0], std::nullopt},
                                                  msg::seat_presence{!row.token_hash[1].empty(), false,
                                                                     row.seat_name[1], std::nullopt}},
                                                 0),
                       .version = row.version,
                       .outcome = row.outcome,
                       .options = row.options,
                       .rematch = row.rematch});
}

room::room(net::io_context& ioc, room_services services, match_row row,
           std::unique_ptr<protocol::match> m, std::int64_t version,
           std::optional<engine::outcome> outcome)
    : strand_(net::make_strand(ioc)),
      svc_(services),
      code_(row.code),
      game_(row.game),
      visibility_(row.visibility),
      created_ms_(row.created_ms),
      seq_(*this, strand_, *svc_.db, *svc_.time, row.code, std::move(m), version, std::move(outcome)),
      feed_(seq_.match(), version, protocol::outcome_json(seq_.outcome())),
      token_hash_(row.token_hash),
      row_(std::move(row)),
      seat_name_(row_.seat_name),
      rematch_code_(row_.rematch) {
  seat_left_ms_.fill(svc_.time->now_ms());
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
  const auto seed = protocol::parse_seed(json(row.seed));
  if (!seed) {
    error = "bad stored seed";
    return nullptr;
  }
  auto created = kind->create(row.options, row.start_position, *seed);
  if (auto* e = std::get_if<rule_error>(&created)) {
    error = "cannot recreate match: " + e->code;
    return nullptr;
  }
  auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
  std::optional<engine::outcome> outcome;
  std::int64_t version = 0;
  for (const action_row& a : log) {
    if (a.version != version + 1 || outcome) {
      error = "log out of order at version " + std::to_string(a.version);
      return nullptr;
    }
    if (!a.change.is_null()) {
      const auto change = protocol::parse_room_change(a.change);
      if (!change) {
        error = "logged change " + std::to_string(a.version) + " is not a room-level change";
        return nullptr;
      }
      outcome = protocol::outcome_of(*change);
      m->conclude(*outcome);
    } else {
      if (auto e = m->advance(a.seat, a.action)) {
        error = "logged action " + std::to_string(a.version) + " refused on replay: " + e->code;
        return nullptr;
      }
      outcome = m->outcome();
    }
    version = a.version;
  }
  if (!outcome) outcome = msg::parse_outcome(row.outcome);
  auto r = std::make_shared<room>(ioc, services, row, std::move(m), version, std::move(outcome));
  for (const action_row& a : log)
    if (a.change.is_null() && (a.seat == 1 || a.seat == 2)) r->moved_[a.seat - 1] = true;
  return r;
}

void room::join(std::shared_ptr<client> c, join_request j) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), j = std::move(j)] {
    self->do_join(c, j);
  });
}

void room::request(std::shared_ptr<client> c, json m) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), m = std::move(m)] {
    self->do_request(c, m);
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
      self->seat_left_ms_[seat - 1] = self->svc_.time->now_ms();
      if (self->rematch_offer_by_ == seat) self->withdraw_rematch(seat);
    }
    self->broadcast_presence();
  });
}

void room::tick() {
  net::post(strand_, [self = shared_from_this()] { self->do_tick(); });
}

// Queues an abandonment when a taken seat stayed away for abandon_after: nobody wins if every
// taken seat is away, the connected seat wins if only its opponent is.
void room::do_tick() {
  if (seq_.outcome() || closing_ || seq_.has_pending(protocol::room_change_kind::abandoned)) return;
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  const std::int64_t now = svc_.time->now_ms();
  int taken = 0, away = 0, present_seat = 0;
  for (int s = 0; s < 2; ++s) {
    if (token_hash_[s].empty()) continue;
    ++taken;
    if (seat_client_[s] != 0) present_seat = s + 1;
    else if (now - seat_left_ms_[s] >= limit_ms) ++away;
  }
  if (taken == 0 || away == 0) return;
  protocol::room_change change{protocol::room_change_kind::abandoned, 0, std::nullopt};
  if (away != taken) {
    if (taken != 2 || present_seat == 0) return;
    change.winner = present_seat;
  }
  seq_.submit({0, nullptr, 0, nullptr, change});
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

void room::do_join(const std::shared_ptr<client>& c, const join_request& j) {
  if (members_.count(c->id())) {
    c->send(share_text(msg::error("already_joined", "this connection already joined a match")));
    return;
  }
  if (j.token) {
    int seat = 0;
    for (int s = 0; s < 2; ++s)
      if (token_matches(*j.token, token_hash_[s])) seat = s + 1;
    if (seat == 0) {
      svc_.stats->rejected("bad_token");
      spdlog::info("room {}: refused a wrong seat token", code_);
      c->send(share_text(msg::error("bad_token", "this token holds no seat of this match")));
      c->close(1008, "bad token");
      return;
    }
    if (std::uint64_t old = seat_client_[seat - 1]; old != 0 && old != c->id()) {
      if (auto it = members_.find(old); it != members_.end()) {
        if (auto oc = it->second.c.lock()) oc->close(4000, "replaced by a newer connection");
        members_.erase(it);
      }
    }
    if (j.name && *j.name != seat_name_[seat - 1]) store_name(seat, *j.name);
    return admit(c, seat, "", j.version);
  }
  if (!j.spectator && !seq_.outcome() && !closing_) {
    for (int s = 0; s < 2; ++s)
      if (token_hash_[s].empty() && !seat_pending_[s]) {
        claim_seat(c, s + 1, j.version);
        if (j.name && !j.name->empty()) store_name(s + 1, *j.name);
        return;
      }
  }
  admit(c, 0, "", j.version);
}

// Stores a new token for the free seat, then admits c to it.
void room::claim_seat(const std::shared_ptr<client>& c, int seat, std::optional<std::int64_t> version) {
  seat_pending_[seat - 1] = true;
  std::string token = new_seat_token();
  std::string hash = token_hash(token);
  std::weak_ptr<client> weak = c;
  svc_.db->claim_seat(code_, seat, hash,
                      [self = shared_from_this(), weak, seat, hash, token, version](write_status st) {
                        net::post(self->strand_, [self, st, weak, seat, hash, token, version] {
                          self->on_seat_claimed(st, weak, seat, hash, token, version);
                        });
                      });
}

void room::on_seat_claimed(write_status status, std::weak_ptr<client> weak, int seat,
                           const std::string& hash, const std::string& token,
                           std::optional<std::int64_t> version) {
  seat_pending_[seat - 1] = false;
  auto c = weak.lock();
  if (status != write_status::ok) {
    spdlog::error("room {}: could not store seat {} ({})", code_, seat, write_status_name(status));
    if (c) c->send(share_text(msg::error("storage_error", "could not store the seat; try again")));
    return;
  }
  token_hash_[seat - 1] = hash;
  if (c) admit(c, seat, token, version);
  else update_summary();
}

// Stores seat's display name (queued after its claim, if any) and shows it once durable.
void room::store_name(int seat, const std::string& name) {
  svc_.db->set_seat_name(code_, seat, name, [self = shared_from_this(), seat, name](write_status st) {
    net::post(self->strand_, [self, seat, name, st] {
      if (st != write_status::ok) {
        spdlog::warn("room {}: could not store the name of seat {} ({})", self->code_, seat,
                     write_status_name(st));
        return;
      }
      self->seat_name_[seat - 1] = name;
      self->broadcast_presence();
    });
  });
}

void room::admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
                 std::optional<std::int64_t> client_version) {
  members_[c->id()] = member{c, seat};
  if (seat != 0) seat_client_[seat - 1] = c->id();
  const auto& m = seq_.match();
  msg::joined_fields f{.code = code_,
                       .game = game_,
                       .seat = seat,
                       .version = seq_.version(),
                       .view = &feed_.view(seat),
                       .legal_text = feed_.legal_text(m, seat),
                       .to_act_text = feed_.to_act_text(m),
                       .presence = presence(),
                       .outcome = outcome_json(),
                       .token = token,
                       .rematch = rematch_code_};
  std::optional<std::vector<shared_text>> missed;
  if (client_version) missed = feed_.catch_up(seat, *client_version);
  if (missed) {
    f.version = *client_version;
    f.view = nullptr;
  }
  c->send(share_text(msg::joined(f)));
  if (missed)
    for (auto& p : *missed) c->send(p);
  if (seq_.outcome()) c->send(share_text(msg::game_over(seq_.version(), outcome_json())));
  if (draw_offer_by_ != 0 && seat != 0) c->send(share_text(msg::draw_offered(draw_offer_by_)));
  if (rematch_offer_by_ != 0) c->send(share_text(msg::rematch_offered(rematch_offer_by_)));
  broadcast_presence();
}

void room::do_request(const std::shared_ptr<client>& c, const json& m) {
  const json id = m.contains("id") ? m["id"] : json();
  auto it = members_.find(c->id());
  if (it == members_.end()) {
    svc_.stats->rejected("not_joined");
    c->send(share_text(msg::error("not_joined", "send join first", id)));
    return;
  }
  const int seat = it->second.seat;
  const std::string type = m["type"].get<std::string>();
  if (type == "resync") return c->send(feed_.snapshot(seq_.match(), seat));
  if (type == "history") {
    const json from = m.contains("from") ? m["from"] : json(0);
    if (!from.is_number_integer() || from.get<std::int64_t>() < 0 || from.get<std::int64_t>() > seq_.version()) {
      svc_.stats->rejected("bad_message");
      return c->send(share_text(msg::error("bad_message", "history takes from: a version 0..current", id)));
    }
    return send_history(c, seat, id, from.get<std::int64_t>());
  }
  if (!(id.is_string() || id.is_number_integer())) {
    svc_.stats->rejected("bad_message");
    c->send(share_text(msg::error("bad_message", type + " needs an id (string or integer)")));
    return;
  }
  if (seat == 0) return reject_to(c, id, "spectator", "spectators cannot act");
  if (type == "rematch") return on_rematch(c, seat, id, m);
  if (seq_.outcome()) return reject_to(c, id, "game_over", "the match is over");
  if (type == "abort") return on_abort(c, seat, id);
  if (!started())
    return reject_to(c, id, "not_started", "the match starts once both seats are taken");
  if (type == "act") {
    if (!m.contains("action") || !m["action"].is_object())
      return reject_to(c, id, "bad_action", "act needs an action object");
    return seq_.submit({c->id(), id, seat, m["action"], std::nullopt});
  }
  if (type == "resign")
    return seq_.submit({c->id(), id, seat, nullptr,
                        protocol::room_change{protocol::room_change_kind::resign, seat, std::nullopt}});
  on_draw(c, seat, id, m.contains("op") ? m["op"] : json());
}

// A draw offer, acceptance or refusal from seat.
void room::on_draw(const std::shared_ptr<client>& c, int seat, const json& id, const json& op) {
  const int other = 3 - seat;
  if (op == "offer") {
    draw_offer_by_ = seat;
    c->send(share_text(msg::ack(id, seq_.version())));
    send_to_all(share_text(msg::draw_offered(seat)));
    return;
  }
  if (op == "decline" || op == "accept") {
    if (draw_offer_by_ != other) return reject_to(c, id, "no_draw_offer", "no draw offer to answer");
    if (op == "accept")
      return seq_.submit({c->id(), id, seat, nullptr,
                          protocol::room_change{protocol::room_change_kind::draw_agreed, 0, std::nullopt}});
    draw_offer_by_ = 0;
    c->send(share_text(msg::ack(id, seq_.version())));
    send_to_all(share_text(msg::draw_declined(seat)));
    return;
  }
  reject_to(c, id, "bad_message", "draw needs op: offer|accept|decline");
}

// An abort from seat: allowed until both seats have made a game action.
void room::on_abort(const std::shared_ptr<client>& c, int seat, const json& id) {
  if (moved_[0] && moved_[1])
    return reject_to(c, id, "abort_too_late", "both seats have moved: resign or offer a draw instead");
  seq_.submit({c->id(), id, seat, nullptr,
               protocol::room_change{protocol::room_change_kind::aborted, seat, std::nullopt}});
}

// Builds a history page off the I/O threads (a replay of the stored log) and sends it to c;
// one page at a time per connection.
void room::send_history(const std::shared_ptr<client>& c, int seat, const json& id, std::int64_t from) {
  if (!history_pending_.insert(c->id()).second) {
    svc_.stats->rejected("busy");
    return c->send(share_text(msg::error("busy", "a history page is already on its way", id)));
  }
  net::post(svc_.blocking, [self = shared_from_this(), c, seat, id, from] {
    std::string page, error;
    const auto row = self->svc_.db->load_match(self->code_);
    const auto log = self->svc_.db->load_actions(self->code_);
    if (!row.found() || !log.found()) {
      page = msg::error("storage_error", "the history cannot be read right now; try again", id);
    } else if (!history_page(row.value, log.value, seat, from, id, page, error)) {
      spdlog::error("match {}: history from {} failed: {}", self->code_, from, error);
      page = msg::error("internal", "the history could not be built", id);
    }
    // The connection may ask again as soon as it has the page: free its slot first.
    net::post(self->strand_, [self, c, page = share_text(std::move(page))] {
      self->history_pending_.erase(c->id());
      c->send(page);
    });
  });
}

std::optional<rule_error> room::vet(const change_request& r) {
  if (r.change && r.change->kind == protocol::room_change_kind::draw_agreed &&
      draw_offer_by_ != 3 - r.seat)
    return rule_error{"no_draw_offer", "no draw offer to answer"};
  // A move queued ahead of the abort may have been both seats' first.
  if (r.change && r.change->kind == protocol::room_change_kind::aborted && moved_[0] && moved_[1])
    return rule_error{"abort_too_late", "both seats have moved: resign or offer a draw instead"};
  return std::nullopt;
}

void room::on_committed(const change_request& r, const protocol::publication& pub) {
  draw_offer_by_ = 0;
  if (!r.change && (r.seat == 1 || r.seat == 2)) moved_[r.seat - 1] = true;
  svc_.stats->actions_accepted++;
  const json outcome = outcome_json();
  const auto out = feed_.publish(seq_.match(), seq_.version(), pub, outcome);
  for (auto& [id, m] : members_)
    if (auto c = m.c.lock()) c->send(out[m.seat]);
  if (r.client_id != 0)
    if (auto c = member_client(r.client_id)) c->send(share_text(msg::ack(r.id, seq_.version())));
  if (seq_.outcome()) {
    spdlog::info("match {} finished at version {}: {}", code_, seq_.version(), outcome.dump());
    send_to_all(share_text(msg::game_over(seq_.version(), outcome)));
  }
  update_summary();
}

void room::on_refused(const change_request& r, const rule_error& e) {
  if (r.client_id == 0) return;
  if (auto c = member_client(r.client_id)) reject_to(c, r.id, e.code, e.message);
}

std::shared_ptr<client> room::member_client(std::uint64_t id) const {
  auto it = members_.find(id);
  return it == members_.end() ? nullptr : it->second.c.lock();
}

void room::reject_to(const std::shared_ptr<client>& c, const json& id, const std::string& code,
                     const std::string& message) {
  svc_.stats->rejected(code);
  c->send(share_text(msg::reject(id, code, message)));
}

void room::send_to_all(const shared_text& m) {
  for (auto& [id, mem] : members_)
    if (auto c = mem.c.lock()) c->send(m);
}

void room::broadcast_presence() {
  send_to_all(share_text(msg::presence_message(presence())));
  update_summary();
}

json room::presence() const {
  std::size_t spectators = 0;
  for (const auto& [id, m] : members_)
    if (m.seat == 0) ++spectators;
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  const std::int64_t now = svc_.time->now_ms();
  std::array<msg::seat_presence, 2> seats;
  for (int s = 0; s < 2; ++s) {
    seats[s].taken = !token_hash_[s].empty();
    seats[s].connected = seat_client_[s] != 0;
    seats[s].name = seat_name_[s];
    // The abandonment countdown a disconnected seat's opponent is shown (do_tick decides).
    if (seats[s].taken && !seats[s].connected && !seq_.outcome())
      seats[s].abandon_in_ms = std::max<std::int64_t>(0, seat_left_ms_[s] + limit_ms - now);
  }
  return msg::presence(seats, spectators);
}

json room::outcome_json() const { return protocol::outcome_json(seq_.outcome()); }

void room::update_summary() {
  const bool over = seq_.outcome().has_value();
  json s = msg::summary({.code = code_,
                         .game = game_,
                         .status = over ? "finished" : seq_.version() > 0 ? "live" : "waiting",
                         .visibility = visibility_,
                         .created = iso_time(created_ms_),
                         .presence = presence(),
                         .version = seq_.version(),
                         .outcome = outcome_json(),
                         .options = row_.options,
                         .rematch = rematch_code_});
  const bool idle = over && members_.empty() && seq_.idle();
  std::lock_guard lock(summary_mu_);
  summary_ = std::move(s);
  evictable_ = idle;
}

}  // namespace tabuleiro::server

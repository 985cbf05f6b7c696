#include "server/room.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/json_util.h"
#include "protocol/messages.h"
#include "server/history.h"
#include "server/lobby.h"
#include "server/secrets.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

room::room(net::io_context& ioc, room_services services, match_row row,
           std::unique_ptr<protocol::match> m, std::int64_t version,
           std::optional<engine::outcome> outcome, std::optional<match_clock> clock)
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
      options_(std::make_shared<const json>(row_.options)),
      seat_name_(row_.seat_name),
      rematch_code_(row_.rematch),
      clock_(clock ? std::move(*clock) : stored_clock(row_)),
      to_act_(seq_.match().seats_to_act()) {
  // A match created with both seats taken (a bot opponent) is seated from its creation.
  if (!clock && !token_hash_[0].empty() && !token_hash_[1].empty())
    clock_.on_seated(row_.created_ms, to_act_);
  seat_left_ms_.fill(svc_.time->now_ms());
  if (seq_.outcome()) finished_ms_ = row_.finished_ms ? row_.finished_ms : row_.created_ms;
  svc_.stats->rooms++;
  if (row_.bot && svc_.bots) {
    const auto level = bots::parse_level(row_.bot->level);
    const auto seed = protocol::parse_seed(json(row_.bot->seed));
    if (level && seed && (row_.bot->seat == 1 || row_.bot->seat == 2)) {
      const bot_settings settings{
          .limits = {.iterations = svc_.cfg->bot_iterations > 0 ? std::optional<int>(svc_.cfg->bot_iterations)
                                                                 : std::nullopt,
                     .time_limit = std::chrono::milliseconds(svc_.cfg->bot_time_ms)},
          .delay_ms = svc_.cfg->bot_delay_ms};
      bot_ = std::make_unique<bot_player>(row_.bot->seat, *level, *seed, settings, *svc_.bots,
                                          *svc_.time, strand_, *svc_.stats);
    } else {
      spdlog::error("room {}: stored bot seat {} ({}) is not valid; the bot stays idle", code_,
                    row_.bot->seat, row_.bot->level);
    }
  }
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
  // The clocks replay from the log's times: seated when the later seat was taken.
  match_clock clock = stored_clock(row);
  const bool seated = !row.token_hash[0].empty() && !row.token_hash[1].empty();
  const std::int64_t seated_ms = std::max(row.seat_claimed_ms[0], row.seat_claimed_ms[1]);
  bool seated_told = false;
  for (const action_row& a : log) {
    if (a.version != version + 1 || outcome) {
      error = "log out of order at version " + std::to_string(a.version);
      return nullptr;
    }
    if (seated && !seated_told && a.at_ms >= seated_ms) {
      clock.on_seated(seated_ms, m->seats_to_act());
      seated_told = true;
    }
    if (!a.change.is_null()) {
      const auto change = protocol::parse_room_change(a.change);
      if (!change) {
        error = "logged change " + std::to_string(a.version) + " is not a room-level change";
        return nullptr;
      }
      outcome = protocol::outcome_of(*change);
      m->conclude(*outcome);
      clock.on_end(a.at_ms);
    } else {
      const auto before = m->seats_to_act();
      if (auto e = m->advance(a.seat, a.action)) {
        error = "logged action " + std::to_string(a.version) + " refused on replay: " + e->code;
        return nullptr;
      }
      outcome = m->outcome();
      clock.on_action(a.at_ms, a.seat, before, m->seats_to_act(), a.lag_ms);
      if (outcome) clock.on_end(a.at_ms);
    }
    version = a.version;
  }
  if (seated && !seated_told) clock.on_seated(seated_ms, m->seats_to_act());
  if (!outcome) outcome = msg::parse_outcome(row.outcome);
  if (outcome) clock.on_end(row.finished_ms);
  auto r = std::make_shared<room>(ioc, services, row, std::move(m), version, std::move(outcome),
                                  std::move(clock));
  for (const action_row& a : log)
    if (a.change.is_null() && (a.seat == 1 || a.seat == 2)) r->moved_[a.seat - 1] = true;
  // A deadline that passed while the match was not held (e.g. the server was down) is
  // decided now, at the deadline's time; otherwise the timer is armed.
  net::post(r->strand_, [r] { r->on_clock_timer(); });
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
// taken seat is away, the connected seat wins if only its opponent is. A bot is never away.
void room::do_tick() {
  if (seq_.outcome() || closing_ || seq_.has_pending(protocol::room_change_kind::abandoned)) return;
  // A correspondence match is played over days: its clock, not presence, decides it.
  if (clock_.options().type == clock_options::kind::correspondence) return;
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  const std::int64_t now = svc_.time->now_ms();
  int taken = 0, away = 0, present_seat = 0;
  for (int s = 0; s < 2; ++s) {
    if (token_hash_[s].empty()) continue;
    ++taken;
    if (seat_client_[s] != 0 || is_bot(s + 1)) present_seat = s + 1;
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
    if (self->bot_) self->bot_->cancel();
    for (auto& [id, m] : self->members_)
      if (auto c = m.c.lock()) c->close(1001, "server shutting down");
  });
}

void send_moved(client& c) {
  c.send(share_text(protocol::messages::error(
      "match_moved", "this match is now served by another node; reconnecting")));
  c.close(4001, "match moved");
}

void room::move_away() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->moved_away_) return;
    self->closing_ = self->moved_away_ = true;
    if (self->bot_) self->bot_->cancel();
    for (auto& [id, m] : self->members_)
      if (auto c = m.c.lock()) send_moved(*c);
  });
}

void room::on_lease_lost() {
  spdlog::warn("room {}: another node holds the match now; moving its {} clients", code_, members_.size());
  if (svc_.lease_lost) svc_.lease_lost(code_);
  move_away();
}

void room::start() {
  net::post(strand_, [self = shared_from_this()] {
    self->arm_clock();
    self->consider_bot();
  });
}

// Asks the bot to think about the committed state (it stops thinking once the match is over).
void room::consider_bot() {
  if (!bot_) return;
  std::weak_ptr<room> weak = weak_from_this();
  bot_->consider(seq_.match(), seq_.version(), seq_.outcome().has_value() || closing_,
                 [weak](std::int64_t version, json action) {
                   if (auto self = weak.lock()) self->on_bot_action(version, std::move(action));
                 });
}

// The bot's answer for version: queued like a human's action unless the match moved on.
void room::on_bot_action(std::int64_t version, json action) {
  bot_->answered(version);
  if (version != seq_.version() || seq_.outcome() || closing_) {
    svc_.stats->bot_stale++;
    spdlog::debug("room {}: bot answer for version {} dropped (now {})", code_, version, seq_.version());
    return consider_bot();
  }
  svc_.stats->bot_actions++;
  bot_sent_version_ = version;
  seq_.submit({0, nullptr, bot_->seat(), std::move(action), std::nullopt});
}

summary_ptr room::summary() const {
  mutex_lock lock(summary_mu_);
  return summary_;
}

list_entry room::entry() const {
  mutex_lock lock(summary_mu_);
  return {summary_, preview_, code_, summary_finished_};
}

bool room::evictable() const {
  mutex_lock lock(summary_mu_);
  return evictable_;
}

void room::do_join(const std::shared_ptr<client>& c, const join_request& j) {
  if (moved_away_) return send_moved(*c);  // raced with the registry forgetting this room
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
  const std::int64_t at = svc_.time->now_ms();
  svc_.db->claim_seat(code_, seat, hash,
                      [self = shared_from_this(), weak, seat, hash, token, version, at](write_status st) {
                        net::post(self->strand_, [self, st, weak, seat, hash, token, version, at] {
                          self->on_seat_claimed(st, weak, seat, hash, token, version, at);
                        });
                      },
                      at);
}

void room::on_seat_claimed(write_status status, std::weak_ptr<client> weak, int seat,
                           const std::string& hash, const std::string& token,
                           std::optional<std::int64_t> version, std::int64_t at_ms) {
  seat_pending_[seat - 1] = false;
  auto c = weak.lock();
  if (status != write_status::ok) {
    spdlog::error("room {}: could not store seat {} ({})", code_, seat, write_status_name(status));
    if (c) c->send(share_text(msg::error("storage_error", "could not store the seat; try again")));
    return;
  }
  token_hash_[seat - 1] = hash;
  if (!token_hash_[0].empty() && !token_hash_[1].empty()) {
    clock_.on_seated(at_ms, to_act_);
    arm_clock();
  }
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
                       .clock_text = clock_text(),
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
  if (type == "resync") return c->send(feed_.snapshot(seq_.match(), seat, clock_text()));
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
    return seq_.submit({c->id(), id, seat, m["action"], std::nullopt, c->rtt_ms()});
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
    if (is_bot(other)) {  // a bot declines every draw offer at once
      draw_offer_by_ = 0;
      send_to_all(share_text(msg::draw_declined(other)));
    }
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

std::optional<rule_error> room::vet(change_request& r) {
  if (r.change && r.change->kind == protocol::room_change_kind::draw_agreed &&
      draw_offer_by_ != 3 - r.seat)
    return rule_error{"no_draw_offer", "no draw offer to answer"};
  // Every request of a seat is checked against the clock first: a late one flags instead.
  if (r.seat != 0 && clock_.enabled()) {
    r.lag_credit_ms = r.change ? 0 : clock_.credit_for(r.seat, r.rtt_ms);
    if (auto flagged = clock_.flag_at(svc_.time->now_ms(), r.lag_credit_ms)) {
      flag_seat_ = *flagged;
      return rule_error{"out_of_time", "the time has run out"};
    }
  }
  // A move queued ahead of the abort may have been both seats' first.
  if (r.change && r.change->kind == protocol::room_change_kind::aborted && moved_[0] && moved_[1])
    return rule_error{"abort_too_late", "both seats have moved: resign or offer a draw instead"};
  return std::nullopt;
}

void room::on_committed(const change_request& r, protocol::publication pub) {
  draw_offer_by_ = 0;
  consider_bot();  // first: an ended match stops the bot before anyone hears of the end
  if (!r.change && (r.seat == 1 || r.seat == 2)) moved_[r.seat - 1] = true;
  svc_.stats->actions_accepted++;
  const auto after = seq_.match().seats_to_act();
  if (!r.change) clock_.on_action(r.at_ms, r.seat, to_act_, after, r.lag_credit_ms);
  if (seq_.outcome()) clock_.on_end(r.at_ms);
  to_act_ = after;
  arm_clock();
  const json outcome = outcome_json();
  const auto out = feed_.publish(seq_.match(), seq_.version(), std::move(pub), outcome, clock_text());
  if (seq_.outcome() && finished_ms_ == 0) finished_ms_ = svc_.time->now_ms();
  // The summary before any send: whoever hears of the change finds it in the list.
  update_summary(true);
  // The requester's acknowledgement follows its patch, or rides in it when it asked for that.
  std::shared_ptr<client> requester = r.client_id != 0 ? member_client(r.client_id) : nullptr;
  const bool ack_in_patch = requester && requester->acks_in_patch();
  for (auto& [id, m] : members_) {
    auto c = m.c.lock();
    if (!c) continue;
    if (ack_in_patch && id == r.client_id) c->send(share_text(msg::patch_with_ack(*out[m.seat], r.id)));
    else c->send(out[m.seat]);
  }
  if (requester && !ack_in_patch) requester->send(share_text(msg::ack(r.id, seq_.version())));
  if (seq_.outcome()) {
    spdlog::info("match {} finished at version {}: {}", code_, seq_.version(), outcome.dump());
    send_to_all(share_text(msg::game_over(seq_.version(), outcome)));
  }
}

void room::on_refused(const change_request& r, const rule_error& e) {
  if (e.code == "storage_error" && r.client_id == 0) return retry_later(r);
  if (e.code == "out_of_time")
    net::post(strand_, [self = shared_from_this(), seat = flag_seat_] { self->submit_flag(seat); });
  else if (r.client_id == 0 && !r.change && is_bot(r.seat)) {
    // Refused after the match moved on (a race with the other seat): think again. Refused at
    // the state it was chosen for: a bot defect, logged; the bot does not retry it.
    if (seq_.version() != bot_sent_version_) return consider_bot();
    svc_.stats->rejected(e.code);
    spdlog::error("room {}: the bot's action at version {} was refused: {} ({})", code_,
                  bot_sent_version_, e.code, e.message);
    return;
  }
  if (r.client_id == 0) return;
  if (auto c = member_client(r.client_id)) reject_to(c, r.id, e.code, e.message);
}

// A change of the server's own (the bot's action, a timeout) that could not be stored: the
// room is unchanged, so the same decision is made again once storage_retry_ms passed (a
// player's refused request is theirs to send again). Abandonment needs nothing: tick asks again.
void room::retry_later(const change_request& r) {
  svc_.stats->rejected("storage_error");
  const bool timeout = r.change && r.change->kind == protocol::room_change_kind::timeout;
  if (!timeout && !(!r.change && is_bot(r.seat))) return;
  std::weak_ptr<room> weak = shared_from_this();
  retry_timer_ = svc_.time->call_after(storage_retry_ms, strand_, [weak, timeout] {
    auto self = weak.lock();
    if (!self || self->closing_ || self->seq_.outcome()) return;
    if (timeout) self->on_clock_timer();
    else self->consider_bot();
  });
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

// The summary first, so a viewer that sees the presence finds it in GET /api/matches.
void room::broadcast_presence() {
  update_summary();
  send_to_all(share_text(msg::presence_message(presence(), clock_text())));
}

json room::presence() const {
  std::array<msg::seat_presence, 2> seats;
  std::size_t spectators = 0;
  presence_into(seats, spectators);
  return msg::presence(seats, spectators);
}

void room::presence_into(std::array<msg::seat_presence, 2>& seats, std::size_t& spectators) const {
  spectators = 0;
  for (const auto& [id, m] : members_)
    if (m.seat == 0) ++spectators;
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  const std::int64_t now = svc_.time->now_ms();
  const bool correspondence = clock_.options().type == clock_options::kind::correspondence;
  for (int s = 0; s < 2; ++s) {
    seats[s] = msg::seat_presence{};
    seats[s].taken = !token_hash_[s].empty();
    seats[s].connected = seat_client_[s] != 0;
    seats[s].name = seat_name_[s];
    // The abandonment countdown a disconnected seat's opponent is shown (do_tick decides).
    if (seats[s].taken && !seats[s].connected && !seq_.outcome() && !correspondence)
      seats[s].abandon_in_ms = std::max<std::int64_t>(0, seat_left_ms_[s] + limit_ms - now);
    if (is_bot(s + 1)) {  // a bot is always here
      seats[s].taken = seats[s].connected = true;
      seats[s].bot = std::string(bots::level_name(bot_->level()));
      seats[s].abandon_in_ms.reset();
    }
  }
}

json room::outcome_json() const { return protocol::outcome_json(seq_.outcome()); }

void room::update_summary(bool version_moved) {
  const bool over = seq_.outcome().has_value();
  protocol::view_ptr preview = feed_.shared_view(0);  // the list's board, and the game's progress
  std::array<msg::seat_presence, 2> seats;
  std::size_t spectators = 0;
  presence_into(seats, spectators);
  auto next = live_summary({.code = code_,
                            .game = game_,
                            .status = over ? "finished" : seq_.version() > 0 ? "live" : "waiting",
                            .visibility = visibility_,
                            .rematch = rematch_code_,
                            .created_ms = created_ms_,
                            .finished_ms = finished_ms_,
                            .version = seq_.version(),
                            .seats = std::move(seats),
                            .spectators = spectators,
                            .outcome = seq_.outcome(),
                            .to_act = over ? std::vector<engine::seat>{} : seq_.match().seats_to_act(),
                            .preview = preview,
                            .options = options_,
                            .clock = clock_.options()});
  // A new version always changes it; otherwise only a change the list shows is posted.
  const bool changed = version_moved || next->value() != strand_summary()->value();
  const bool idle = over && members_.empty() && seq_.idle();
  {
    mutex_lock lock(summary_mu_);
    preview_ = preview;
    if (changed) {
      summary_ = next;  // one summary for all readers, built when first read
      summary_finished_ = over;
    }
    evictable_ = idle;
  }
  if (changed && svc_.list_feed && visibility_ == "public")
    svc_.list_feed->changed({std::move(next), std::move(preview), code_, over});
}

}  // namespace tabuleiro::server

#include "server/room/room.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/connection_messages.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/position_create.h"
#include "server/room/connection_sql.h"
#include "server/util/secrets.h"

namespace tabuleiro::server {

namespace msg = protocol::messages;

room::room(net::io_context& ioc, room_services services, match_row row, std::unique_ptr<protocol::match> m,
           std::int64_t version, std::optional<engine::outcome> outcome, std::optional<match_clock> clock)
    : strand_(net::make_strand(ioc)),
      svc_(std::move(services)),
      row_(std::move(row)),
      seq_(*this, strand_, *svc_.db, *svc_.time, row_.code, std::move(m), version, std::move(outcome)),
      feed_(seq_.match(), version, protocol::outcome_json(seq_.outcome())),
      seats_(row_.token_hash, row_.seat_name, row_.seat_user, svc_.time->now_ms()),
      rematches_(row_.rematch),
      clock_(clock ? std::move(*clock) : stored_clock(row_), *svc_.time, strand_, seq_.match().seats_to_act()),
      bot_(stored_bot_seat(row_, *svc_.cfg, svc_.bots, svc_.bot_matches, *svc_.time, strand_, *svc_.stats)),
      listing_(row_.code, row_.visibility == "public" && row_.guests_watch, row_.options, svc_.list_feed),
      chat_(svc_.cfg->chat != chat_mode::off && row_.chat, svc_.cfg->chat == chat_mode::members),
      notices_(row_.code, row_.game, clock_.correspondence()),
      connections_(*svc_.db, row_.code),
      first_version_(version) {
  // A match created with both seats taken (a bot opponent) is seated from its creation.
  if (!clock && seats_.both_taken()) clock_.on_seated(row_.created_ms);
  if (seq_.outcome()) listing_.ended(row_.finished_ms ? row_.finished_ms : row_.created_ms);
  svc_.stats->rooms++;
  update_summary();
}

room::~room() {
  if (notice_timer_) notice_timer_->cancel();
  svc_.stats->rooms--;
}

std::shared_ptr<room> room::restore(net::io_context& ioc, room_services services, const match_row& row,
                                    const std::vector<action_row>& log, std::string& error) {
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
  auto created = kind->create(protocol::stored_options(row.options, row.start_position), row.start_position, *seed);
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
  // The chat's last lines and mutes: a chat that cannot be read leaves the match unread too.
  std::vector<chat_line> chat_lines;
  std::array<bool, 2> muted{};
  if (services.db->run_read("reading a match's chat", [&](sql_connection& db, std::string& e) {
        return read_chat(db, row.code, match_chat::kept, chat_lines, muted, e);
      }) != read_status::found) {
    error = "the match's chat cannot be read";
    return nullptr;
  }
  std::vector<connection_change> connections;
  if (services.db->run_read("reading a match's connection record", [&](sql_connection& db, std::string& e) {
        return read_connections(db, row.code, connections, e);
      }) != read_status::found) {
    error = "the match's connection record cannot be read";
    return nullptr;
  }
  auto r = std::make_shared<room>(ioc, services, row, std::move(m), version, std::move(outcome), std::move(clock));
  r->chat_.restore(std::move(chat_lines), muted);
  r->connections_.restore(std::move(connections));
  for (const action_row& a : log)
    if (a.change.is_null() && (a.seat == 1 || a.seat == 2)) r->seats_.mark_moved(a.seat);
  // A deadline that passed while the match was not held (e.g. the server was down) is
  // decided now, at the deadline's time; otherwise the timer is armed.
  net::post(r->strand_, [r] { r->on_clock_due(); });
  return r;
}

void room::join(std::shared_ptr<client> c, protocol::join_request j) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), j = std::move(j)] { self->do_join(c, j); });
}

void room::request(std::shared_ptr<client> c, protocol::room_request r) {
  net::post(strand_,
            [self = shared_from_this(), c = std::move(c), r = std::move(r)]() mutable { self->do_request(c, r); });
}

void room::refuse(std::shared_ptr<client> c, protocol::request_error e) {
  net::post(strand_, [self = shared_from_this(), c = std::move(c), e = std::move(e)] { self->do_refuse(c, e); });
}

void room::leave(std::uint64_t client_id) {
  net::post(strand_, [self = shared_from_this(), client_id] { self->do_leave(client_id); });
}

void room::tick() {
  net::post(strand_, [self = shared_from_this()] { self->do_tick(); });
}

void room::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    self->phase_ = phase::closing;
    if (self->bot_) self->bot_->cancel();
    for (auto& [id, m] : self->members_)
      if (auto c = m.c.lock()) c->close(1001, "server shutting down");
  });
}

void send_moved(client& c) {
  c.send(
      share_text(protocol::messages::error("match_moved", "this match is now served by another node; reconnecting")));
  c.close(4001, "match moved");
}

void room::move_away() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->phase_ == phase::moved_away) return;
    self->phase_ = phase::moved_away;
    if (self->bot_) self->bot_->cancel();
    for (auto& [id, m] : self->members_)
      if (auto c = m.c.lock()) send_moved(*c);
  });
}

void room::on_lease_lost() {
  spdlog::warn("room {}: another node holds the match now; moving its {} clients", code(), members_.size());
  if (svc_.lease_lost) svc_.lease_lost(code());
  move_away();
}

void room::start() {
  net::post(strand_, [self = shared_from_this()] {
    self->arm_clock();
    self->consider_bot();
    if (self->seq_.outcome()) self->settle_ratings();  // a restored match over: its ratings, settled or not yet
  });
}

// Joining --------------------------------------------------------------------------------

void room::do_join(const std::shared_ptr<client>& c, const protocol::join_request& j) {
  if (phase_ == phase::moved_away) return send_moved(*c);  // raced with the registry forgetting this room
  if (members_.count(c->id())) {
    c->send(share_text(msg::error("already_joined", "this connection already joined a match")));
    return;
  }
  if (!guests_may_watch() && c->account_id() == 0) {
    svc_.stats->rejected("sign_in_required");
    c->send(share_text(msg::error("sign_in_required", "only signed-in members watch this match; sign in first")));
    return;
  }
  if (j.token) {
    const int seat = seats_.seat_of_token(*j.token);
    if (seat == 0) {
      svc_.stats->rejected("bad_token");
      spdlog::info("room {}: refused a wrong seat token", code());
      c->send(share_text(msg::error("bad_token", "this token holds no seat of this match")));
      c->close(1008, "bad token");
      return;
    }
    replace_holder(seat, c->id());
    if (j.name && *j.name != seats_.name(seat)) store_name(seat, *j.name);
    return admit(c, seat, "", j.version);
  }
  // A member signed in anywhere resumes the seat its account holds, without the token.
  if (const int seat = j.spectator ? 0 : seats_.seat_of_user(c->account_id()); seat != 0) {
    replace_holder(seat, c->id());
    if (j.name && !j.name->empty() && *j.name != seats_.name(seat)) store_name(seat, *j.name);
    return admit(c, seat, "", j.version);
  }
  if (!j.spectator && !seq_.outcome() && phase_ == phase::open) {
    if (const int seat = seats_.free_seat(); seat != 0 && row_.rated && c->account_id() == 0) {
      // A rated match is played by two members: a guest watches, and is told why.
      admit(c, 0, "", j.version);
      c->send(share_text(
          msg::error("sign_in_required", "only signed-in members play rated matches; sign in to take the seat")));
      return;
    } else if (seat != 0) {
      claim_seat(c, seat, j.version);
      if (j.name && !j.name->empty()) store_name(seat, *j.name);
      return;
    }
  }
  admit(c, 0, "", j.version);
}

// Closes (4000) and forgets the connection that sat in seat before client_id, if another.
void room::replace_holder(int seat, std::uint64_t client_id) {
  const std::uint64_t old = seats_.holder(seat);
  if (old == 0 || old == client_id) return;
  if (auto it = members_.find(old); it != members_.end()) {
    if (auto oc = it->second.c.lock()) oc->close(4000, "replaced by a newer connection");
    members_.erase(it);
    member_count_ = members_.size();
  }
}

// Stores a new token for the free seat (held by c's account, if signed in), then admits c to it.
void room::claim_seat(const std::shared_ptr<client>& c, int seat, std::optional<std::int64_t> version) {
  seats_.begin_claim(seat);
  std::string token = new_seat_token();
  std::string hash = token_hash(token);
  std::weak_ptr<client> weak = c;
  const std::int64_t at = svc_.time->now_ms();
  const std::int64_t user = c->account_id();
  svc_.db->claim_seat(
      code(), seat, hash,
      [self = shared_from_this(), weak, seat, hash, token, version, at, user](write_status st) {
        net::post(self->strand_, [self, st, weak, seat, hash, token, version, at, user] {
          self->on_seat_claimed(st, weak, seat, hash, token, version, at, user);
        });
      },
      at, user);
}

void room::on_seat_claimed(write_status status, std::weak_ptr<client> weak, int seat, const std::string& hash,
                           const std::string& token, std::optional<std::int64_t> version, std::int64_t at_ms,
                           std::int64_t user_id) {
  auto c = weak.lock();
  if (status != write_status::ok) {
    seats_.end_claim(seat, std::nullopt);
    spdlog::error("room {}: could not store seat {} ({})", code(), seat, write_status_name(status));
    if (c) c->send(share_text(msg::error("storage_error", "could not store the seat; try again")));
    return;
  }
  if (seats_.end_claim(seat, hash, user_id)) {  // the match starts: its clock may run
    clock_.on_seated(at_ms);
    arm_clock();
    notify::send(svc_.notify, notices_.started(seats_, seat, c ? c->account_name() : ""));
  }
  if (c) admit(c, seat, token, version);
  else update_summary();
}

// Stores seat's display name (queued after its claim, if any) and shows it once durable.
void room::store_name(int seat, const std::string& name) {
  svc_.db->set_seat_name(code(), seat, name, [self = shared_from_this(), seat, name](write_status st) {
    net::post(self->strand_, [self, seat, name, st] {
      if (st != write_status::ok) {
        spdlog::warn("room {}: could not store the name of seat {} ({})", self->code(), seat, write_status_name(st));
        return;
      }
      self->seats_.set_name(seat, name);
      self->broadcast_presence();
    });
  });
}

void room::admit(const std::shared_ptr<client>& c, int seat, const std::string& token,
                 std::optional<std::int64_t> client_version) {
  const bool legal = c->wants_legal();
  members_[c->id()] = member{c, seat, false, legal};
  member_count_ = members_.size();
  const bool arrived = seat != 0 && seats_.holder(seat) == 0;  // the seat was empty
  if (seat != 0) seats_.sit(seat, c->id());
  // Before any send: whoever hears of the seat (a page told it joined) finds it in the summary.
  update_summary();
  const auto& m = seq_.match();
  msg::joined_fields f{.code = code(),
                       .game = row_.game,
                       .seat = seat,
                       .version = seq_.version(),
                       .view = &feed_.view(seat),
                       .legal_text = legal ? feed_.legal_text(m, seat) : std::string(),
                       .to_act_text = feed_.to_act_text(m),
                       .presence = presence(),
                       .outcome = outcome_json(),
                       .token = token,
                       .clock_text = clock_.text(),
                       .rematch = rematches_.code()};
  std::optional<std::vector<shared_text>> missed;
  if (client_version) missed = feed_.catch_up(seat, *client_version, legal);
  if (missed) {
    f.version = *client_version;
    f.view = nullptr;
  }
  c->send(share_text(msg::joined(f)));
  if (missed)
    for (auto& p : *missed) c->send(p);
  if (seq_.outcome()) c->send(share_text(msg::game_over(seq_.version(), outcome_json())));
  if (!ratings_.is_null()) c->send(share_text(msg::ratings_message(ratings_)));
  if (seat != 0 && draws_.stands_against(seat)) c->send(share_text(msg::draw_offered(draws_.offered_by())));
  if (const int by = rematches_.offered_by(); by != 0) c->send(share_text(msg::rematch_offered(by)));
  send_chat_history(c, seat);
  // Coming back after a recorded absence is news for everyone; else c gets the record, if any.
  if (auto m = arrived ? connections_.changed(seat, true, counts_connection(seat), svc_.time->now_ms(), seq_.version())
                       : std::nullopt)
    send_to_all(share_text(std::move(*m)));
  else if (auto r = connections_.record(connections_until_ms())) c->send(share_text(std::move(*r)));
  send_presence();
}

void room::do_leave(std::uint64_t client_id) {
  auto it = members_.find(client_id);
  if (it == members_.end()) return;
  const int seat = it->second.seat;
  members_.erase(it);
  member_count_ = members_.size();
  chat_.forget(client_id);
  if (seat != 0 && seats_.stand(seat, client_id, svc_.time->now_ms())) {
    if (auto m = connections_.changed(seat, false, counts_connection(seat), svc_.time->now_ms(), seq_.version()))
      send_to_all(share_text(std::move(*m)));
    for (auto& m : rematches_.left(seat)) send_to_all(share_text(std::move(m)));
  }
  broadcast_presence();
}

// Queues an abandonment when a taken seat stayed away for abandon_after (seats::abandonment).
void room::do_tick() {
  if (seq_.outcome() || phase_ != phase::open || seq_.has_pending(protocol::room_change_kind::abandoned)) return;
  // A correspondence match is played over days: its clock, not presence, decides it.
  if (clock_.correspondence()) return;
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  if (auto change = seats_.abandonment(svc_.time->now_ms(), limit_ms, bot_ ? bot_->seat() : 0))
    seq_.submit(server_change(0, *change));
}

// The server's own changes -----------------------------------------------------------------

void room::abort_by_host(std::string reason, std::function<void(bool)> done) {
  net::post(strand_, [self = shared_from_this(), reason = std::move(reason), done = std::move(done)] {
    if (self->over() || self->seq_.has_pending(protocol::room_change_kind::aborted_by_host)) return done(false);
    protocol::room_change change{protocol::room_change_kind::aborted_by_host, 0, std::nullopt, reason};
    spdlog::info("match {}: aborted by the host", self->code());
    self->seq_.submit(server_change(0, std::move(change)));
    done(true);
  });
}

// Arms the clock timer for the moment the running time may be out (replacing the last one).
void room::arm_clock() {
  std::weak_ptr<room> weak = shared_from_this();
  clock_.arm(seq_.outcome().has_value(), [weak] {
    if (auto self = weak.lock()) self->on_clock_due();
  });
  watch_time();
}

void room::watch_time() {
  if (notice_timer_) notice_timer_->cancel();
  notice_timer_.reset();
  if (phase_ != phase::open) return;
  const std::int64_t now = svc_.time->now_ms();
  auto told = notices_.watch_time(seats_, clock_.options(), clock_.read(now), now,
                                  std::int64_t{svc_.cfg->remind_before_h} * 3'600'000, seq_.outcome().has_value());
  notify::send(svc_.notify, std::move(told.notices));
  if (!told.next) return;
  notice_timer_ = svc_.time->call_at(*told.next, strand_, [weak = std::weak_ptr<room>(shared_from_this())] {
    if (auto self = weak.lock()) self->watch_time();
  });
}

// Flags the seat whose time is out (even with any credit still possible), else re-arms.
void room::on_clock_due() {
  if (seq_.outcome() || phase_ != phase::open) return;
  if (auto flagged = clock_.timed_out()) return submit_flag(*flagged);
  arm_clock();
}

// Queues the timeout of seat (0: both), logged at the deadline that passed.
void room::submit_flag(int seat) {
  if (seq_.outcome() || seq_.has_pending(protocol::room_change_kind::timeout)) return;
  change_request r = server_change(0, protocol::room_change{protocol::room_change_kind::timeout, seat, std::nullopt});
  r.at_ms = clock_.deadline_or_now();
  spdlog::info("match {}: {} out of time", code(), seat == 0 ? "both seats" : "seat " + std::to_string(seat));
  seq_.submit(std::move(r));
}

// Asks the bot to think about the committed state (it stops thinking once the match is over).
void room::consider_bot() {
  if (!bot_) return;
  std::weak_ptr<room> weak = weak_from_this();
  bot_->consider(seq_.match(), seq_.version(), over(), [weak](std::int64_t version, json action) {
    if (auto self = weak.lock()) self->on_bot_action(version, std::move(action));
  });
}

// The bot's answer for version: queued like a human's action unless the match moved on.
void room::on_bot_action(std::int64_t version, json action) {
  if (!bot_->take_answer(version, seq_.version(), over())) return consider_bot();
  seq_.submit(server_change(bot_->seat(), game_action{std::move(action)}));
}

// After a commit ---------------------------------------------------------------------------

std::optional<rule_error> room::vet(change_request& r) {
  if (r.is(protocol::room_change_kind::draw_agreed) && !draws_.stands_against(r.seat))
    return rule_error{"no_draw_offer", "no draw offer to answer"};
  // Every request of a seat is checked against the clock first: a late one flags instead.
  if (clock_.late(r.seat, !r.room_change(), r.rtt_ms, r.lag_credit_ms))
    return rule_error{"out_of_time", "the time has run out"};
  // A move queued ahead of the abort may have been both seats' first.
  if (r.is(protocol::room_change_kind::aborted) && seats_.both_moved())
    return rule_error{"abort_too_late", "both seats have moved: resign or offer a draw instead"};
  return std::nullopt;
}

void room::on_committed(const change_request& r, protocol::publication pub) {
  draws_.clear();
  consider_bot();  // first: an ended match stops the bot before anyone hears of the end
  if (!r.room_change() && (r.seat == 1 || r.seat == 2)) seats_.mark_moved(r.seat);
  svc_.stats->actions_accepted++;
  // Whose turn began is told before the clock's watch is armed for it (update_clock).
  if (!seq_.outcome()) notify::send(svc_.notify, notices_.turns(seats_, clock_.to_act(), seq_.match().seats_to_act()));
  update_clock(r);
  publish(r, std::move(pub));
  if (seq_.outcome()) announce_end();
}

// The clock moves with the committed change, and its timer is armed anew.
void room::update_clock(const change_request& r) {
  clock_.on_committed(r.at_ms, r.seat, !r.room_change(), r.lag_credit_ms, seq_.match().seats_to_act(),
                      seq_.outcome().has_value());
  arm_clock();
}

// The patches to every viewer, the summary before them (whoever hears of the change finds it
// in the list), and the requester's acknowledgement: after its patch, or in it when it asked.
void room::publish(const change_request& r, protocol::publication pub) {
  const auto out = feed_.publish(seq_.match(), seq_.version(), std::move(pub), outcome_json(), clock_.text(),
                                 legal_wanted());
  if (seq_.outcome()) listing_.ended(r.at_ms);  // the time the log and the store give the end
  update_summary(true);
  std::shared_ptr<client> requester = r.client_id != 0 ? member_client(r.client_id) : nullptr;
  const bool ack_in_patch = requester && requester->acks_in_patch();
  for (auto& [id, m] : members_) {
    auto c = m.c.lock();
    if (!c) continue;
    shared_text text = out[m.seat].text(m.legal);
    if (ack_in_patch && id == r.client_id) c->send(share_text(msg::patch_with_ack(*text, r.id)));
    else c->send(std::move(text));
  }
  if (requester && !ack_in_patch) requester->send(share_text(msg::ack(r.id, seq_.version())));
}

std::array<bool, 3> room::legal_wanted() const {
  std::array<bool, 3> here{}, wanted{};
  for (const auto& [id, m] : members_) {
    here[m.seat] = true;
    wanted[m.seat] = wanted[m.seat] || m.legal;
  }
  return {!here[0] || wanted[0], !here[1] || wanted[1], !here[2] || wanted[2]};
}

// The match ended with the last commit: logged, and told to everyone.
void room::announce_end() {
  const json outcome = outcome_json();
  spdlog::info("match {} finished at version {}: {}", code(), seq_.version(), outcome.dump());
  // The record's final totals first, so that the result can tell who was away. A seat whose
  // player is away and not recorded as offline (they never came back after this server
  // restarted, or never came at all) is recorded offline since it was left.
  std::array<std::optional<std::int64_t>, 2> away;
  for (int s = 1; s <= 2; ++s)
    if (seats_.taken(s) && seats_.holder(s) == 0 && !is_bot(s)) away[s - 1] = seats_.left_ms(s);
  if (auto m = connections_.ended(away, first_version_, connections_until_ms())) send_to_all(share_text(std::move(*m)));
  send_to_all(share_text(msg::game_over(seq_.version(), outcome)));
  notify::send(svc_.notify, notices_.ended(seats_, *seq_.outcome()));
  // The players read the spectators' chat from now on (sent when it has lines).
  if (chat_.has_spectator_lines())
    for (const auto& [id, m] : members_)
      if (auto c = m.c.lock(); c && chat_reader_of(*c, m.seat).seat != 0) send_chat_history(c, m.seat);
  settle_ratings();
}

void room::settle_ratings() {
  if (!row_.rated || !svc_.settle_ratings || !ratings_.is_null()) return;
  svc_.settle_ratings(code(), [weak = std::weak_ptr<room>(shared_from_this())](json ratings) {
    auto self = weak.lock();
    if (!self) return;
    net::post(self->strand_, [self, ratings = std::move(ratings)]() mutable {
      self->ratings_ = std::move(ratings);
      self->update_summary();  // before the message: whoever hears of the ratings finds them in the summary
      self->send_to_all(share_text(msg::ratings_message(self->ratings_)));
    });
  });
}

void room::on_refused(const change_request& r, const rule_error& e) {
  if (e.code == "storage_error" && r.client_id == 0) {
    // A change of the server's own (a timeout, the bot's action) the store refused: the same
    // decision is made again later (a player's request is theirs to send again; abandonment
    // needs nothing: tick asks again).
    svc_.stats->rejected("storage_error");
    std::weak_ptr<room> weak = shared_from_this();
    if (r.is(protocol::room_change_kind::timeout))
      clock_.retry([weak] {
        if (auto self = weak.lock()) self->on_clock_due();
      });
    else if (!r.room_change() && is_bot(r.seat))
      bot_->retry([weak] {
        if (auto self = weak.lock(); self && !self->over()) self->consider_bot();
      });
    return;
  }
  if (e.code == "out_of_time")
    net::post(strand_, [self = shared_from_this(), seat = clock_.flagged()] { self->submit_flag(seat); });
  else if (r.client_id == 0 && !r.room_change() && is_bot(r.seat)) {
    // Refused after the match moved on (a race with the other seat): think again.
    if (bot_->think_again_after(e, seq_.version(), code())) consider_bot();
    return;
  }
  if (r.client_id == 0) return;
  if (auto c = member_client(r.client_id)) reject_to(c, r.id, e.code, e.message);
}

// Messages ---------------------------------------------------------------------------------

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
  send_presence();
}

void room::send_presence() { send_to_all(share_text(msg::presence_message(presence(), clock_.text()))); }

json room::presence() const { return msg::presence(seat_presence(), spectators()); }

std::array<msg::seat_presence, 2> room::seat_presence() const {
  const auto limit_ms = static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
  const bool running = !seq_.outcome() && seats_.both_taken();
  const bool countdown = !seq_.outcome() && !clock_.correspondence();
  return seats_.presence(svc_.time->now_ms(), limit_ms, countdown, running, bot_ ? bot_->seat() : 0,
                         bot_ ? bot_->level_name() : "");
}

std::size_t room::spectators() const {
  return static_cast<std::size_t>(
      std::count_if(members_.begin(), members_.end(), [](const auto& m) { return m.second.seat == 0; }));
}

json room::outcome_json() const { return protocol::outcome_json(seq_.outcome()); }

void room::update_summary(bool version_moved) {
  const bool over = seq_.outcome().has_value();
  listing_.publish({.code = code(),
                    .game = row_.game,
                    .status = over                 ? "finished"
                              : seq_.version() > 0 ? "live"
                                                   : "waiting",
                    .visibility = row_.visibility,
                    .rematch = rematches_.code(),
                    .created_ms = row_.created_ms,
                    .finished_ms = listing_.finished_ms(),
                    .version = seq_.version(),
                    .seats = seat_presence(),
                    .spectators = spectators(),
                    .outcome = seq_.outcome(),
                    .to_act = over ? std::vector<engine::seat>{} : seq_.match().seats_to_act(),
                    .preview = feed_.shared_view(0),  // the list's board, and the game's progress
                    .options = listing_.options(),
                    .clock = clock_.options(),
                    .clock_now = clock_.reading(),
                    .guests_watch = guests_may_watch(),
                    .offline = row_.offline,
                    .rated = row_.rated,
                    .ratings = ratings_},
                   version_moved, over && members_.empty() && seq_.idle());
}

}  // namespace tabuleiro::server

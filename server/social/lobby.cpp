// The lobby of one node (see lobby.h).
#include "server/social/lobby.h"

#include <cmath>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/core/messages.h"
#include "server/accounts/credentials.h"
#include "server/notify/push_sql.h"
#include "server/room/summary.h"
#include "server/social/pairing.h"
#include "server/util/secrets.h"

namespace tabuleiro::server::social {

namespace lm = protocol::lobby_messages;
using nlohmann::json;

namespace {

// The clock a challenge's stored creation request (parsed) names; none when it names none.
clock_options clock_in(const json& request) {
  std::string error;
  return parse_clock_options(request.is_object() ? request.value("clock", json()) : json(), error)
      .value_or(clock_options{});
}

}  // namespace

lobby_service::lobby_service(net::io_context& ioc, store& db, time_source& time, rooms& registry,
                             lobby_settings settings)
    : strand_(net::make_strand(ioc)), db_(db), time_(time), registry_(registry), settings_(std::move(settings)) {}

lobby_service::~lobby_service() { reads_.join(); }

void lobby_service::request(std::shared_ptr<client> c, std::optional<lobby_member> who, protocol::lobby_request r) {
  net::post(strand_, [this, c = std::move(c), who = std::move(who), r = std::move(r)]() mutable {
    do_request(c, who, std::move(r));
  });
}

void lobby_service::leave(std::uint64_t client_id) {
  net::post(strand_, [this, client_id] {
    const auto it = connections_.find(client_id);
    if (it == connections_.end()) return;
    const std::optional<lobby_member> who = it->second.who;
    connections_.erase(it);
    if (connections_.empty() && tick_) {
      tick_->cancel();
      tick_.reset();
    }
    // A member's challenges and seek end with their last lobby connection on this node.
    if (who && !present(who->id) && !stopped_)
      write(cancel_held_work(who->id, settings_.node, "", time_.now_ms()), [](write_status) {});
  });
}

void lobby_service::shutdown() {
  net::post(strand_, [this] {
    stopped_ = true;
    if (tick_) tick_->cancel();
    tick_.reset();
    connections_.clear();
  });
}

void lobby_service::do_request(const std::shared_ptr<client>& c, const std::optional<lobby_member>& who,
                               protocol::lobby_request r) {
  if (stopped_) return;
  auto it = connections_.find(c->id());
  if (it == connections_.end()) {
    if (connections_.size() >= settings_.max_connections)
      return send_error(c, "busy", "the lobby is full right now; try again later", protocol::lobby_request_id(r));
    it = connections_.emplace(c->id(), connection{c, who, false, false, time_.now_ms()}).first;
    if (!tick_) arm_tick();
  }
  const lobby_member* member = it->second.who ? &*it->second.who : nullptr;
  std::visit([&](auto&& q) { this->on(c, member, std::move(q)); }, std::move(r));
}

void lobby_service::on(const std::shared_ptr<client>& c, const lobby_member*, protocol::watch_lobby_request) {
  connection& conn = connections_.at(c->id());
  if (conn.watching) return send_error(c, "already_watching", "this connection already watches the lobby", nullptr);
  conn.watching = true;
  do_refresh();  // its list is sent once the challenges are read
}

void lobby_service::on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::challenge_request r) {
  if (!who) return send_error(c, "sign_in_required", "only signed-in members post challenges; sign in first", r.id);
  if (r.to && (r.min_rating || r.max_rating))
    return send_error(c, "bad_request", "a direct challenge has no rating range", r.id);
  do_post(c, *who, std::move(r.id), r.to ? "direct" : "open", std::move(r.match), std::move(r.to), r.min_rating,
          r.max_rating);
}

void lobby_service::on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::seek_request r) {
  if (!who) return send_error(c, "sign_in_required", "only signed-in members seek a game; sign in first", r.id);
  do_post(c, *who, std::move(r.id), "seek", std::move(r.match), std::nullopt, std::nullopt, std::nullopt);
}

void lobby_service::on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::challenge_op_request r) {
  if (!who)
    return send_error(c, "sign_in_required", "only signed-in members take part in challenges; sign in first", r.id);
  if (r.op == protocol::challenge_op::accept) return do_accept(c, *who, std::move(r.id), std::move(r.challenge));
  const std::string status = r.op == protocol::challenge_op::decline ? "declined" : "cancelled";
  write(end_challenge_work(r.challenge, who->id, status, time_.now_ms()),
        [this, c, id = r.id, challenge = r.challenge](write_status st) {
          if (st == write_status::ok) return c->send(share_text(lm::lobby_done(id, challenge)));
          if (st == write_status::conflict)
            return send_error(c, "challenge_gone", "that challenge is no longer open to you", id);
          send_error(c, "storage_error", "the lobby cannot be changed right now; try again", id);
        });
}

void lobby_service::on(const std::shared_ptr<client>& c, const lobby_member* who, protocol::cancel_seek_request r) {
  if (!who) return send_error(c, "sign_in_required", "only signed-in members seek a game; sign in first", r.id);
  write(cancel_held_work(who->id, settings_.node, "seek", time_.now_ms()), [this, c, id = r.id](write_status st) {
    if (st == write_status::ok) return c->send(share_text(lm::lobby_done(id, "")));
    send_error(c, "storage_error", "the lobby cannot be changed right now; try again", id);
  });
}

void lobby_service::do_post(std::shared_ptr<client> c, lobby_member who, json id, std::string kind, json match,
                            std::optional<std::string> to, std::optional<std::int64_t> min_rating,
                            std::optional<std::int64_t> max_rating) {
  auto parsed = parse_create_request(match);
  if (auto* e = std::get_if<request_error>(&parsed)) return send_error(c, e->code, e->message, id);
  const create_request req = std::get<create_request>(parsed);
  // The game judges the options now, as POST /api/matches has it do (bad_options), so that no
  // challenge is shown that could never be accepted.
  if (auto made = req.kind->create(req.options, nullptr, 1); const auto* no = std::get_if<protocol::rule_error>(&made))
    return send_error(c, no->code, no->message, id);
  if (kind == "seek" && req.clock.type == clock_options::kind::none)
    return send_error(c, "bad_clock", "quick pairing needs a clock", id);
  challenge_row row;
  row.id = new_random_token(12);
  row.kind = kind;
  row.author_id = who.id;
  row.author_name = who.username;
  row.author_display = who.display_name;
  row.game = std::string(req.kind->name());
  row.rated = req.rated;
  row.min_rating = min_rating;
  row.max_rating = max_rating;
  row.node = settings_.node;
  row.created_ms = time_.now_ms();
  row.expires_ms = row.created_ms + settings_.lifetime_ms;
  json stored = {
      {"game", row.game}, {"options", req.options}, {"clock", clock_options_json(req.clock)}, {"rated", req.rated}};
  row.request = stored.dump();
  const speed s = speed_of(req.clock);
  net::post(reads_, [this, c = std::move(c), who = std::move(who), id = std::move(id), row = std::move(row), s,
                     to = std::move(to)]() mutable {
    rating r;
    std::optional<std::string> refusal;
    const read_status st = db_.run_read("reading a challenge's players", [&](sql_connection& db, std::string& error) {
      if (to) {
        player_row target;
        const read_status t = read_player(db, accounts::username_key(*to), target, error);
        if (t == read_status::absent || target.id == who.id) {
          refusal = target.id == who.id ? "own_challenge" : "unknown_player";
          return read_status::found;
        }
        if (t != read_status::found) return t;
        row.target_id = target.id;
        row.target_name = target.username;
        row.target_display = target.display_name;
      }
      return read_member_rating(db, who.id, row.game, s, time_.now_ms(), r, error);
    });
    net::post(strand_, [this, c, id, row = std::move(row), r, st, refusal]() mutable {
      if (refusal)
        return send_error(
            c, *refusal, *refusal == "own_challenge" ? "you cannot challenge yourself" : "no member has that name", id);
      if (st != read_status::found)
        return send_error(c, "storage_error", "the lobby cannot be changed right now; try again", id);
      row.rating = r.value;
      row.provisional = provisional(r);
      auto why = std::make_shared<std::string>();
      write(post_challenge_work(row, settings_.max_open, why), [this, c, id, row, why](write_status w) {
        if (w == write_status::ok) {
          // The member challenged hears of it where they are not watching the lobby.
          if (row.kind == "direct" && settings_.notify)
            settings_.notify({row.target_id,
                              notify::notify_challenge,
                              row.id,
                              row.game,
                              row.author_display.empty() ? row.author_name : row.author_display,
                              {},
                              0,
                              false});
          return c->send(share_text(lm::challenge_posted(id, view_of(row))));
        }
        if (w == write_status::conflict && *why == "too_many_challenges")
          return send_error(c, *why, "you have as many open challenges as you may; withdraw one first", id);
        if (w == write_status::conflict && *why == "already_challenged")
          return send_error(c, *why, "you already challenged that member; wait for their answer", id);
        send_error(c, "storage_error", "the lobby cannot be changed right now; try again", id);
      });
    });
  });
}

void lobby_service::do_accept(std::shared_ptr<client> c, lobby_member who, json id, std::string challenge) {
  net::post(reads_, [this, c = std::move(c), who = std::move(who), id = std::move(id),
                     challenge = std::move(challenge)] {
    challenge_row row;
    rating r;
    const std::int64_t now = time_.now_ms();
    const read_status st = db_.run_read("reading a challenge", [&](sql_connection& db, std::string& error) {
      const read_status found = read_challenge(db, challenge, row, error);
      if (found != read_status::found) return found;
      const speed s = speed_of(clock_in(json::parse(row.request, nullptr, false)));
      return read_member_rating(db, who.id, row.game, s, now, r, error);
    });
    net::post(strand_, [this, c, who, id, row, r, st, now] {
      if (st == read_status::unavailable)
        return send_error(c, "storage_error", "the lobby cannot be read right now; try again", id);
      // A challenge this member may not take reads as gone, as one taken, withdrawn or lapsed.
      if (st == read_status::absent || row.status != "open" || row.expires_ms <= now || row.kind == "seek" ||
          (row.kind == "direct" && row.target_id != who.id))
        return send_error(c, "challenge_gone", "that challenge is no longer open to you", id);
      if (row.author_id == who.id) return send_error(c, "own_challenge", "you cannot accept your own challenge", id);
      const std::int64_t mine = std::llround(r.value);
      if ((row.min_rating && mine < *row.min_rating) || (row.max_rating && mine > *row.max_rating))
        return send_error(c, "out_of_range", "your rating is outside the range this challenge asks for", id);
      std::array<seat_holder, 2> holders{seat_holder{row.author_id, row.author_display},
                                         seat_holder{who.id, who.display_name}};
      if (random_seed() & 1) std::swap(holders[0], holders[1]);  // who plays first is drawn
      make_match(row, {row.id}, holders, who.id, [this, c, id, who, row](paired_match m) {
        if (m.status == write_status::ok) {
          // The challenge's author may have left the lobby: their match started.
          if (settings_.notify)
            settings_.notify({row.author_id, notify::notify_started, m.code, row.game, who.display_name, {}, 0, false});
          return c->send(share_text(lm::match_found(id, row.id, m.code)));
        }
        if (m.refused) return send_error(c, m.refused->code, m.refused->message, id);
        if (m.status == write_status::conflict)
          return send_error(c, "challenge_gone", "that challenge is no longer open to you", id);
        send_error(c, "storage_error", "the match cannot be made right now; try again", id);
      });
    });
  });
}

void lobby_service::make_match(const challenge_row& first, std::vector<std::string> taken,
                               std::array<seat_holder, 2> holders, std::int64_t accepted_by,
                               std::function<void(paired_match)> answer) {
  auto parsed = parse_create_request(json::parse(first.request, nullptr, false));
  if (auto* e = std::get_if<request_error>(&parsed)) return answer({write_status::conflict, "", *e});
  create_request req = std::get<create_request>(std::move(parsed));
  const std::vector<std::int64_t> players{holders[0].account_id, holders[1].account_id};
  match_claim claim = [taken, accepted_by, players, now = time_.now_ms()](sql_connection& db, const std::string& code,
                                                                          std::string& error) {
    return take_challenges(db, taken, accepted_by, players, code, now, error);
  };
  registry_.create_between(std::move(req), holders, std::move(claim),
                           [this, answer = std::move(answer)](paired_match m) {
                             net::post(strand_, [this, answer, m = std::move(m)] {
                               if (stopped_) return;
                               answer(m);
                               do_refresh();
                             });
                           });
}

void lobby_service::write(write_work work, std::function<void(write_status)> done) {
  db_.queue_write(std::move(work), [this, done = std::move(done)](write_status st) {
    net::post(strand_, [this, done, st] {
      if (stopped_) return;
      done(st);
      do_refresh();
    });
  });
}

void lobby_service::do_refresh() {
  if (stopped_) return;
  if (reading_) {
    read_again_ = true;
    return;
  }
  reading_ = true;
  read_again_ = false;
  const std::int64_t since = time_.now_ms() - 60'000;
  net::post(reads_, [this, since] {
    std::vector<challenge_row> rows;
    const read_status st = db_.run_read("reading the lobby", [&](sql_connection& db, std::string& error) {
      return read_challenges(db, since, settings_.max_read, rows, error);
    });
    net::post(strand_, [this, ok = st == read_status::found, rows = std::move(rows)]() mutable {
      on_refresh(ok, std::move(rows));
    });
  });
}

void lobby_service::on_refresh(bool ok, std::vector<challenge_row> rows) {
  reading_ = false;
  if (stopped_) return;
  if (ok) {
    const std::int64_t now = time_.now_ms();
    std::map<std::string, challenge_row> open, ended;
    for (auto& row : rows) {
      const bool live = row.status == "open" && row.expires_ms > now && row.seen_ms >= now - settings_.stale_ms;
      (live ? open : ended)[row.id] = std::move(row);
    }
    // What left the list: each viewer that saw it hears why.
    for (const auto& [id, was] : open_) {
      if (open.count(id)) continue;
      const auto e = ended.find(id);
      const std::string reason = e == ended.end() || e->second.status == "open" ? "expired" : e->second.status;
      const shared_text removed = share_text(lm::challenge_removed(id, reason));
      for (const auto& [cid, conn] : connections_)
        if (conn.ready && visible(was, conn)) send(conn, removed);
    }
    // A taken challenge or seek sends its author's connections here (those open when it was
    // taken) to the match, once.
    std::set<std::string> taken;
    for (const auto& [id, row] : ended) {
      if (row.status != "accepted") continue;
      taken.insert(id);
      if (!announced_.insert(id).second) continue;
      const shared_text found = share_text(lm::match_found(nullptr, id, row.match_code));
      for (const auto& [cid, conn] : connections_)
        if (conn.who && conn.who->id == row.author_id && conn.since_ms <= row.updated_ms) send(conn, found);
    }
    std::erase_if(announced_, [&](const std::string& id) { return !taken.count(id); });
    for (const auto& [id, now_open] : open) {
      if (open_.count(id)) continue;
      const shared_text added = share_text(lm::challenge_added(view_of(now_open)));
      for (const auto& [cid, conn] : connections_)
        if (conn.ready && visible(now_open, conn)) send(conn, added);
    }
    open_ = std::move(open);
    for (auto& [cid, conn] : connections_) {
      if (!conn.watching || conn.ready) continue;
      std::vector<protocol::challenge_view> list;
      std::optional<protocol::challenge_view> seek;
      for (const auto& [id, row] : open_) {
        if (!visible(row, conn)) continue;
        if (row.kind == "seek") seek = view_of(row);
        else list.push_back(view_of(row));
      }
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.created < b.created; });
      send(conn, share_text(lm::lobby(list, seek)));
      conn.ready = true;
    }
    pair_seeks();
  }
  if (read_again_) do_refresh();
}

void lobby_service::arm_tick() {
  tick_ = time_.call_after(settings_.poll_ms, strand_, [this] { on_tick(); });
}

void lobby_service::on_tick() {
  tick_.reset();
  if (stopped_ || connections_.empty()) return;
  const std::int64_t now = time_.now_ms();
  if (now - last_renew_ms_ >= settings_.renew_ms) {
    last_renew_ms_ = now;
    std::set<std::int64_t> members;
    for (const auto& [cid, conn] : connections_)
      if (conn.who) members.insert(conn.who->id);
    if (!members.empty())
      db_.queue_write(renew_held_work({members.begin(), members.end()}, settings_.node, now), [](write_status) {});
    db_.queue_write(expire_work(now, now - settings_.stale_ms), [](write_status) {});
  }
  do_refresh();
  arm_tick();
}

void lobby_service::pair_seeks() {
  std::vector<const challenge_row*> seeks;
  std::vector<seeker> pool;
  for (const auto& [id, row] : open_)
    if (row.kind == "seek" && !pairing_.count(id)) {
      seeks.push_back(&row);
      // One pool per game, clock and rated choice: the stored request holds exactly those.
      pool.push_back({row.request, row.author_id, row.rating, row.created_ms});
    }
  if (seeks.size() < 2) return;
  for (const auto& [a, b] : pair_seekers(pool, time_.now_ms())) {
    const challenge_row& first = seeks[a]->created_ms <= seeks[b]->created_ms ? *seeks[a] : *seeks[b];
    const challenge_row& second = &first == seeks[a] ? *seeks[b] : *seeks[a];
    if (first.node != settings_.node) continue;  // the node of the longer wait makes the match
    pairing_.insert(first.id);
    pairing_.insert(second.id);
    std::array<seat_holder, 2> holders{seat_holder{first.author_id, first.author_display},
                                       seat_holder{second.author_id, second.author_display}};
    if (random_seed() & 1) std::swap(holders[0], holders[1]);
    make_match(first, {first.id, second.id}, holders, 0, [this, ids = std::array{first.id, second.id}](paired_match m) {
      for (const auto& id : ids) pairing_.erase(id);
      if (m.status == write_status::ok)
        spdlog::info("lobby: seeks {} and {} paired in match {}", ids[0], ids[1], m.code);
    });
  }
}

bool lobby_service::visible(const challenge_row& c, const connection& to) {
  const std::int64_t me = to.who ? to.who->id : 0;
  if (c.kind == "open") return true;
  if (me == 0) return false;
  if (c.kind == "direct") return c.author_id == me || c.target_id == me;
  return c.author_id == me;  // a seek: its author's own
}

protocol::challenge_view lobby_service::view_of(const challenge_row& c) const {
  protocol::challenge_view v;
  const json request = json::parse(c.request, nullptr, false);
  v.id = c.id;
  v.kind = c.kind;
  v.game = c.game;
  v.options = request.is_object() ? request.value("options", json::object()) : json::object();
  v.clock = request.is_object() ? request.value("clock", json()) : json();
  v.rated = c.rated;
  v.speed = speed_name(speed_of(clock_in(request)));
  v.author = {c.author_name, c.author_display, std::llround(c.rating), c.provisional};
  v.min_rating = c.min_rating;
  v.max_rating = c.max_rating;
  if (c.target_id != 0) v.to = protocol::lobby_player{c.target_name, c.target_display, 0, false};
  v.created = iso_time(c.created_ms);
  v.expires = iso_time(c.expires_ms);
  return v;
}

void lobby_service::send(const connection& to, shared_text msg) {
  if (auto c = to.c.lock()) c->send(std::move(msg));
}

void lobby_service::send_error(const std::shared_ptr<client>& c, const std::string& code, const std::string& message,
                               const json& id) {
  c->send(share_text(protocol::messages::error(code, message, id)));
}

bool lobby_service::present(std::int64_t member) const {
  for (const auto& [cid, conn] : connections_)
    if (conn.who && conn.who->id == member && !conn.c.expired()) return true;
  return false;
}

}  // namespace tabuleiro::server::social

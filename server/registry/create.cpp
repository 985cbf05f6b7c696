// The registry's three ways of making a match: a new one from a creation request, the
// rematch of a finished one (seats swapped), and a finished one published after it was played
// away from the server; each stored before it is answered.
#include <boost/asio/post.hpp>
#include <tuple>
#include <spdlog/spdlog.h>

#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "protocol/core/position_create.h"
#include "server/registry/rooms.h"
#include "server/store/sql.h"
#include "server/util/secrets.h"
#include "server/util/wire.h"

namespace tabuleiro::server {

namespace {

// What a creation reports when its match could not be stored (st is not ok).
create_failure storage_failure(write_status st) {
  return st == write_status::unavailable ? create_failure::storage_unavailable : create_failure::storage_failed;
}

// How a created match's visibility, rating and computer seat read in the log.
std::string described(const match_row& row) {
  return row.visibility + (row.rated ? ", rated" : "") +
         (row.bot ? ", bot " + row.bot->level + " in seat " + std::to_string(row.bot->seat) : "");
}

}  // namespace

void rooms::create(create_request request, std::function<void(create_result)> done) {
  net::post(svc_.blocking, [this, request = std::move(request), done = std::move(done)]() mutable {
    const protocol::game_kind* kind = request.kind;
    const std::uint64_t seed = random_seed();
    auto created = kind->create(request.options, request.position, seed);
    if (auto* e = std::get_if<rule_error>(&created)) return done(request_error{e->code, e->message});
    auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
    const int seat = request.seat == 0 ? int(random_seed() & 1) + 1 : request.seat;

    match_row row;
    create_failure why;
    row.code = reserve_code(why);
    if (row.code.empty()) return done(why);
    const std::string token = new_seat_token();
    const auto outcome = m->outcome();
    row.game = std::string(kind->name());
    row.options = std::move(request.options);
    row.seed = std::to_string(seed);
    row.start_position = std::move(request.position);
    row.visibility = request.visibility;
    // Only where members play may a match keep guests out (everywhere else anyone may watch).
    row.guests_watch = request.guests_watch || svc_.cfg->access == access_mode::open;
    row.status = "waiting";
    row.outcome = protocol::outcome_json(outcome);
    row.created_ms = svc_.time->now_ms();
    row.clock = clock_options_json(request.clock);
    row.token_hash[seat - 1] = token_hash(token);
    row.seat_user[seat - 1] = request.account_id;
    row.rated = request.rated;
    row.chat = request.chat;
    if (request.bot_level) {
      // The bot's seat is taken by a token nobody is given; the bot's own seed is a fresh draw.
      row.token_hash[2 - seat] = token_hash(new_seat_token());
      row.bot = bot_seat_row{3 - seat, *request.bot_level, std::to_string(random_seed())};
      if (request.bot_place) request.bot_place->bind(row.code);
    }
    auto r = std::make_shared<room>(ioc_, svc_, row, std::move(m), 0, outcome);
    svc_.db->insert_match(row, [this, r, row, seat, token, done = std::move(done)](write_status st) {
      const bool ok = st == write_status::ok;
      // In a cluster the match's node (the one its code is routed to) loads it on first use.
      finish_loading(row.code, ok && !leasing() ? r : nullptr, ok ? lookup::found : lookup::absent);
      if (!ok) {
        spdlog::error("match {}: could not be stored ({})", row.code, write_status_name(st));
        return done(storage_failure(st));
      }
      svc_.stats->matches_created++;
      spdlog::info("match {} created: game {}, creator seat {}, {}", row.code, row.game, seat, described(row));
      done(new_match{row.code, seat, token});
    });
  });
}

void rooms::create_between(create_request request, std::array<seat_holder, 2> holders, match_claim claim,
                           std::function<void(paired_match)> done) {
  if (!svc_.new_matches_paused)
    return make_between(std::move(request), std::move(holders), std::move(claim), std::move(done));
  auto call = std::make_shared<std::tuple<create_request, std::array<seat_holder, 2>, match_claim>>(
      std::move(request), std::move(holders), std::move(claim));
  svc_.new_matches_paused([this, call, done = std::move(done)](std::optional<bool> paused) {
    if (paused == false)
      return make_between(std::move(std::get<0>(*call)), std::move(std::get<1>(*call)), std::move(std::get<2>(*call)),
                          done);
    if (!paused) return done({write_status::unavailable, "", std::nullopt});
    svc_.stats->matches_refused_maintenance++;
    done({write_status::conflict, "",
          request_error{"maintenance", "the server is under maintenance: no new matches for now; running ones go on"}});
  });
}

void rooms::make_between(create_request request, std::array<seat_holder, 2> holders, match_claim claim,
                         std::function<void(paired_match)> done) {
  net::post(svc_.blocking, [this, request = std::move(request), holders = std::move(holders), claim = std::move(claim),
                            done = std::move(done)]() mutable {
    const protocol::game_kind* kind = request.kind;
    const std::uint64_t seed = random_seed();
    auto created = kind->create(request.options, nullptr, seed);
    if (auto* e = std::get_if<rule_error>(&created))
      return done({write_status::conflict, "", request_error{e->code, e->message}});
    auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
    match_row row;
    create_failure why;
    row.code = reserve_code(why);
    if (row.code.empty()) return done({write_status::unavailable, "", std::nullopt});
    const auto outcome = m->outcome();
    row.game = std::string(kind->name());
    row.options = std::move(request.options);
    row.seed = std::to_string(seed);
    row.visibility = "public";
    row.guests_watch = true;
    row.status = "waiting";
    row.outcome = protocol::outcome_json(outcome);
    row.created_ms = svc_.time->now_ms();
    row.clock = clock_options_json(request.clock);
    row.rated = request.rated;
    row.chat = request.chat;
    for (int s = 0; s < 2; ++s) {  // each seat's token is given to nobody: its account resumes it
      row.token_hash[s] = token_hash(new_seat_token());
      row.seat_user[s] = holders[s].account_id;
      row.seat_name[s] = holders[s].name;
      row.seat_claimed_ms[s] = row.created_ms;
    }
    auto r = std::make_shared<room>(ioc_, svc_, row, std::move(m), 0, outcome);
    write_work work = [insert = insert_match_work(row), claim = std::move(claim), code = row.code](sql_connection& db,
                                                                                                   std::string& error) {
      const write_status s = claim(db, code, error);
      return s == write_status::ok ? insert(db, error) : s;
    };
    svc_.db->queue_write(std::move(work), [this, r, row, done = std::move(done)](write_status st) {
      const bool ok = st == write_status::ok;
      finish_loading(row.code, ok && !leasing() ? r : nullptr, ok ? lookup::found : lookup::absent);
      if (!ok) return done({st, "", std::nullopt});
      svc_.stats->matches_created++;
      spdlog::info("match {} made by the lobby: game {}, {}", row.code, row.game, described(row));
      done({st, row.code, std::nullopt});
    });
  });
}

void rooms::create_rematch(const match_row& row, std::function<void(rematch_result)> done) {
  net::post(svc_.blocking, [this, row, done = std::move(done)] {
    const protocol::game_kind* kind = protocol::find_game(row.game);
    if (kind == nullptr) return done({write_status::conflict, "", {}});
    const std::uint64_t seed = random_seed();
    auto created = kind->create(protocol::stored_options(row.options, row.start_position), row.start_position, seed);
    if (std::get_if<rule_error>(&created)) return done({write_status::conflict, "", {}});
    auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
    match_row next = row;  // every stored option of the match is copied as it is
    create_failure why;
    next.code = reserve_code(why);
    if (next.code.empty()) return done({write_status::unavailable, "", {}});
    const auto outcome = m->outcome();
    next.seed = std::to_string(seed);
    next.status = "waiting";
    next.outcome = protocol::outcome_json(outcome);
    next.created_ms = svc_.time->now_ms();
    next.finished_ms = 0;
    next.version = 0;
    next.updated_ms = 0;
    next.rematch.clear();
    next.offline = false;  // the rematch is played here
    if (next.bot) {        // the computer player changes seats too, with a seed of its own
      next.bot->seat = 3 - next.bot->seat;
      next.bot->seed = std::to_string(random_seed());
    }
    rematch_result result;
    result.code = next.code;
    for (int s = 0; s < 2; ++s) {  // the player of old seat s + 1 sits at new seat 2 - s
      result.token[s] = new_seat_token();
      next.token_hash[1 - s] = token_hash(result.token[s]);
      next.seat_name[1 - s] = row.seat_name[s];
      next.seat_user[1 - s] = row.seat_user[s];
    }
    auto r = std::make_shared<room>(ioc_, svc_, next, std::move(m), 0, outcome);
    svc_.db->insert_rematch(next, row.code, [this, r, result, done](write_status st) mutable {
      const bool ok = st == write_status::ok;
      // In a cluster the rematch's node (the one its code is routed to) loads it on first use.
      finish_loading(result.code, ok && !leasing() ? r : nullptr, ok ? lookup::found : lookup::absent);
      if (ok) svc_.stats->matches_created++;
      result.status = st;
      done(std::move(result));
    });
  });
}

namespace {

// The row of a replayed publication r, finished at now_ms: every seat held by a token nobody is
// given (so nobody can take one), the names given, the computer's seat a bot seat with a seed of
// its own, the other seat of such a game held by the publisher's account.
match_row published_row(const publish_request& r, const engine::outcome& outcome, std::int64_t now_ms) {
  match_row row;
  row.game = std::string(r.kind->name());
  row.options = r.options;
  row.seed = std::to_string(r.seed);
  row.visibility = r.visibility;
  row.status = "finished";
  row.outcome = protocol::outcome_json(outcome);
  row.created_ms = row.finished_ms = now_ms;
  row.offline = true;
  for (int s = 0; s < 2; ++s) {
    row.token_hash[s] = token_hash(new_seat_token());
    row.seat_name[s] = r.names[s];
  }
  if (r.bot_level) {
    row.bot = bot_seat_row{r.bot_seat, *r.bot_level, std::to_string(random_seed())};
    row.seat_user[2 - r.bot_seat] = r.account_id;
  }
  return row;
}

}  // namespace

void rooms::publish(std::string text, std::int64_t account_id, std::function<void(publish_result)> done) {
  if (publishing_.fetch_add(1) >= max_publications) {
    publishing_--;
    return done(create_failure::busy);
  }
  net::post(svc_.blocking, [this, text = std::move(text), account_id, done = std::move(done)]() mutable {
    auto finish = [this, done = std::move(done)](publish_result r) {
      publishing_--;
      done(std::move(r));
    };
    std::string why;
    const auto body = parse_client_json(text, why, max_publish_bytes);
    if (!body) return finish(request_error{"bad_json", why});
    auto parsed = parse_publish_request(*body);
    if (auto* e = std::get_if<request_error>(&parsed)) return finish(std::move(*e));
    if (auto* e = std::get_if<log_refusal>(&parsed)) return finish(std::move(*e));
    auto& request = std::get<publish_request>(parsed);
    request.account_id = account_id;
    auto replayed = replay_publication(request);
    if (auto* e = std::get_if<request_error>(&replayed)) return finish(std::move(*e));
    if (auto* e = std::get_if<log_refusal>(&replayed)) return finish(std::move(*e));
    auto& game = std::get<replayed_log>(replayed);

    match_row row = published_row(request, game.outcome, svc_.time->now_ms());
    create_failure no_code;
    row.code = reserve_code(no_code);
    if (row.code.empty()) return finish(no_code);
    for (action_row& a : game.log) a.at_ms = row.created_ms;
    const std::size_t changes = game.log.size();
    svc_.db->insert_finished_match(
        row, game.log, [this, row, changes, finish = std::move(finish)](write_status st) mutable {
          const bool ok = st == write_status::ok;
          // Not kept in memory: its room is restored from the store on first use, like any match.
          finish_loading(row.code, nullptr, ok ? lookup::unavailable : lookup::absent);
          if (!ok) {
            spdlog::error("match {}: the published game could not be stored ({})", row.code, write_status_name(st));
            return finish(storage_failure(st));
          }
          svc_.stats->matches_published++;
          spdlog::info("match {} published after offline play: game {}, {} changes, {}", row.code, row.game, changes,
                       described(row));
          finish(published_match{row.code});
        });
  });
}

}  // namespace tabuleiro::server

#include "server/rooms.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/secrets.h"

namespace tabuleiro::server {

namespace {

// An error answer {"error":{"code","message"}}.
api_answer failure(int status, const std::string& code, const std::string& message) {
  return {status, {{"error", {{"code", code}, {"message", message}}}}};
}

}  // namespace

rooms::rooms(net::io_context& ioc, room_services services)
    : ioc_(ioc), svc_(services), timer_(ioc) {}

rooms::~rooms() { pool_.join(); }

void rooms::find(const std::string& typed_code,
                 std::function<void(std::shared_ptr<room>, read_status)> done) {
  const auto code = normalize_share_code(typed_code);
  if (!code) return done(nullptr, read_status::absent);
  {
    std::unique_lock lock(mu_);
    if (auto it = rooms_.find(*code); it != rooms_.end()) {
      auto r = it->second;
      lock.unlock();
      return done(std::move(r), read_status::found);
    }
    auto [it, fresh] = loading_.try_emplace(*code);
    it->second.push_back(std::move(done));
    if (!fresh) return;
  }
  net::post(pool_, [this, code = *code] {
    std::shared_ptr<room> r;
    const auto row = svc_.db->load_match(code);
    const auto log = row.found() ? svc_.db->load_actions(code)
                                 : read_result<std::vector<action_row>>{row.status, {}};
    read_status status = log.status;
    if (log.found()) {
      std::string error;
      r = room::restore(ioc_, svc_, row.value, log.value, error);
      if (!r) spdlog::error("match {} cannot be restored: {}", code, error);
      else spdlog::info("match {} restored at version {}", code, row.value.version);
      if (!r) status = read_status::absent;  // a log that does not replay: unknown, as before
    }
    std::vector<std::function<void(std::shared_ptr<room>, read_status)>> waiters;
    {
      std::lock_guard lock(mu_);
      if (r) rooms_[code] = r;
      waiters = std::move(loading_[code]);
      loading_.erase(code);
    }
    for (auto& w : waiters) w(r, status);
  });
}

bool rooms::allow_creation(const std::string& address) {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mu_);
  auto& times = created_by_[address];
  while (!times.empty() && now - times.front() >= std::chrono::minutes(1)) times.pop_front();
  if (times.size() >= static_cast<std::size_t>(svc_.cfg->create_per_minute)) return false;
  times.push_back(now);
  if (created_by_.size() > 100000) {  // bound the table: drop addresses with no recent creation
    for (auto it = created_by_.begin(); it != created_by_.end();)
      it = (it->second.empty() || now - it->second.back() >= std::chrono::minutes(1))
               ? created_by_.erase(it) : std::next(it);
  }
  return true;
}

void rooms::create(json body, const std::string& address, std::function<void(api_answer)> done) {
  net::post(pool_, [this, body = std::move(body), address, done = std::move(done)]() mutable {
    if (!allow_creation(address))
      return done(failure(429, "rate_limited", "too many matches created from this address"));
    if (!body.is_object()) return done(failure(400, "bad_request", "the body must be a JSON object"));
    const json game = body.value("game", json());
    const protocol::game_kind* kind = game.is_string() ? protocol::find_game(game.get<std::string>()) : nullptr;
    if (kind == nullptr) return done(failure(400, "unknown_game", "game must name a hosted game"));
    json options = body.value("options", json::object());
    json position = body.value("position", json());
    const json seat_in = body.value("seat", json(1));
    const json visibility = body.value("visibility", json("public"));
    if (!options.is_object()) return done(failure(400, "bad_options", "options must be an object"));
    if (!position.is_null() && !position.is_object())
      return done(failure(400, "bad_position", "position must be an object"));
    if (seat_in != 1 && seat_in != 2 && seat_in != "random")
      return done(failure(400, "bad_request", "seat must be 1, 2 or \"random\""));
    if (visibility != "public" && visibility != "unlisted")
      return done(failure(400, "bad_request", "visibility must be \"public\" or \"unlisted\""));
    for (const auto& [key, value] : body.items())
      if (key != "game" && key != "options" && key != "position" && key != "seat" && key != "visibility")
        return done(failure(400, "bad_request", "unknown field '" + key + "'"));
    const std::uint64_t seed = random_seed();
    auto created = kind->create(options, position, seed);
    if (auto* e = std::get_if<rule_error>(&created)) return done(failure(400, e->code, e->message));
    auto m = std::move(std::get<std::unique_ptr<protocol::match>>(created));
    const int seat = seat_in == "random" ? int(random_seed() & 1) + 1 : seat_in.get<int>();

    match_row row;
    for (int attempt = 0; attempt < 8 && row.code.empty(); ++attempt) {
      std::string code = new_share_code();
      std::lock_guard lock(mu_);
      if (rooms_.count(code) || loading_.count(code)) continue;
      row.code = code;
      loading_[code];  // reserves the code against a concurrent creation
    }
    const read_status taken =
        row.code.empty() ? read_status::found : svc_.db->load_match(row.code).status;
    if (taken != read_status::absent) {
      if (!row.code.empty()) {
        std::lock_guard lock(mu_);
        loading_.erase(row.code);
      }
      if (taken == read_status::unavailable)
        return done(failure(503, "storage_error", "the matches could not be read; try again"));
      return done(failure(503, "busy", "no free share code; try again"));
    }
    const std::string token = new_seat_token();
    row.game = std::string(kind->name());
    row.options = options;
    row.seed = std::to_string(seed);
    row.start_position = position;
    row.visibility = visibility.get<std::string>();
    row.status = "waiting";
    row.outcome = m->outcome();
    row.created_ms = unix_ms();
    row.token_hash[seat - 1] = token_hash(token);
    auto r = std::make_shared<room>(ioc_, svc_, row, std::move(m), 0, row.outcome);
    svc_.db->insert_match(row, [this, r, row, seat, token, done = std::move(done)](write_status status) {
      const bool ok = status == write_status::ok;
      std::vector<std::function<void(std::shared_ptr<room>, read_status)>> waiters;
      {
        std::lock_guard lock(mu_);
        if (ok) rooms_[row.code] = r;
        waiters = std::move(loading_[row.code]);
        loading_.erase(row.code);
      }
      for (auto& w : waiters) w(ok ? r : nullptr, ok ? read_status::found : read_status::absent);
      if (!ok) {
        spdlog::error("match {}: could not be stored ({})", row.code, write_status_name(status));
        if (status == write_status::unavailable)
          return done(failure(503, "storage_error", "the match could not be stored; try again"));
        return done(failure(500, "storage_error", "the match could not be stored"));
      }
      svc_.stats->matches_created++;
      spdlog::info("match {} created: game {}, creator seat {}, {}", row.code, row.game, seat,
                   row.visibility);
      done({201, {{"code", row.code},
                  {"link", svc_.cfg->public_url + "/m/" + row.code},
                  {"seat", seat},
                  {"token", token}}});
    });
  });
}

void rooms::describe(const std::string& typed_code, std::function<void(api_answer)> done) {
  find(typed_code, [done = std::move(done)](std::shared_ptr<room> r, read_status status) {
    if (status == read_status::unavailable)
      return done(failure(503, "storage_error", "the match could not be read; try again"));
    if (!r) return done(failure(404, "unknown_match", "no match has this code"));
    done({200, r->summary()});
  });
}

void rooms::list(const std::string& status, const std::string& game,
                 std::function<void(api_answer)> done) {
  if (status != "" && status != "waiting" && status != "live" && status != "finished")
    return done(failure(400, "bad_request", "status must be waiting, live or finished"));
  net::post(pool_, [this, status, game, done = std::move(done)] {
    const auto rows = svc_.db->list_public(status, game, 100);
    if (!rows.found())
      return done(failure(503, "storage_error", "the matches could not be read; try again"));
    json out = json::array();
    for (const match_row& row : rows.value) {
      std::shared_ptr<room> r;
      {
        std::lock_guard lock(mu_);
        if (auto it = rooms_.find(row.code); it != rooms_.end()) r = it->second;
      }
      json s = r ? r->summary() : stored_summary(row);
      if (status.empty() || s["status"] == status) out.push_back(std::move(s));
    }
    done({200, {{"matches", std::move(out)}}});
  });
}

void rooms::track(const std::shared_ptr<client>& c) {
  bool late;
  {
    std::lock_guard lock(mu_);
    late = stopped_;
    if (!late) connections_[c->id()] = c;
  }
  if (late) c->close(1001, "server shutting down");
}

void rooms::forget(std::uint64_t client_id) {
  std::lock_guard lock(mu_);
  connections_.erase(client_id);
}

std::size_t rooms::connection_count() const {
  std::lock_guard lock(mu_);
  return connections_.size();
}

void rooms::start() {
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
  }
  const double period = std::clamp(svc_.cfg->abandon_after_s / 4, 0.05, 1.0);
  timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(period)));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    on_tick();
    start();
  });
}

void rooms::on_tick() {
  std::vector<std::shared_ptr<room>> live;
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      if (it->second->evictable()) {
        it = rooms_.erase(it);
      } else {
        live.push_back(it->second);
        ++it;
      }
    }
  }
  for (auto& r : live) r->tick();
  const auto sweep_every = std::chrono::duration<double>(std::clamp(svc_.cfg->abandon_after_s, 1.0, 30.0));
  if (clock::now() - last_sweep_ >= sweep_every) {
    last_sweep_ = clock::now();
    sweep_idle();
  }
}

void rooms::sweep_idle() {
  // Unfinished matches idle for longer than the abandonment time are loaded, so that their
  // rooms record the abandonment if nobody comes back (rooms are otherwise loaded lazily).
  net::post(pool_, [this] {
    const auto before = unix_ms() - static_cast<std::int64_t>(svc_.cfg->abandon_after_s * 1000);
    for (const match_row& row : svc_.db->list_idle(before, 100).value) {  // empty if unavailable
      {
        std::lock_guard lock(mu_);
        if (stopped_) return;
        if (rooms_.count(row.code) || loading_.count(row.code)) continue;
      }
      find(row.code, [](std::shared_ptr<room>, read_status) {});
    }
  });
}

void rooms::shutdown() {
  std::vector<std::shared_ptr<client>> open;
  std::vector<std::shared_ptr<room>> all;
  {
    std::lock_guard lock(mu_);
    stopped_ = true;
    for (auto& [id, w] : connections_)
      if (auto c = w.lock()) open.push_back(std::move(c));
    for (auto& [code, r] : rooms_) all.push_back(r);
  }
  for (auto& r : all) r->shutdown();
  for (auto& c : open) c->close(1001, "server shutting down");
}

void rooms::join() { pool_.join(); }

}  // namespace tabuleiro::server

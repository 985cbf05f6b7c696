// Match set-up, play and measurement of the load generator.
#include "bench/load/driver.h"

#include <algorithm>
#include <cmath>
#include <iostream>

namespace tabuleiro::bench {

using namespace std::chrono_literals;

namespace {

// The fixed action the players send to the relay, which has no engine and sends no legal list:
// a typical TAIXU shift, the size of a real action.
constexpr const char* relay_action = R"({"type":"move","from":"c8","to":"c6"})";

// The text of a JSON string value without its quotes (the server's types and codes have no
// escapes); empty when value is not a string.
std::string_view string_value(std::string_view value) {
  if (value.size() < 2 || value.front() != '"' || value.back() != '"') return {};
  return value.substr(1, value.size() - 2);
}

// A non-negative integer value; nullopt when value is not one.
std::optional<std::uint64_t> unsigned_value(std::string_view value) {
  if (value.empty() || value.size() > 19) return std::nullopt;
  std::uint64_t n = 0;
  for (char ch : value) {
    if (ch < '0' || ch > '9') return std::nullopt;
    n = n * 10 + static_cast<std::uint64_t>(ch - '0');
  }
  return n;
}

// Microseconds between two time points.
std::uint64_t micros(clock_type::time_point a, clock_type::time_point b) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(b - a).count());
}

// The value text of member key of a scanned message; empty when absent.
std::string_view member(const std::vector<json_member>& members, std::string_view key) {
  for (const auto& m : members)
    if (m.key == key) return m.value;
  return {};
}

}  // namespace

driver::driver(net::io_context& io, options opt, tcp::endpoint target, int server_pid)
    : io_(io),
      opt_(std::move(opt)),
      target_(target),
      server_pid_(server_pid),
      game_(find_game_actions(opt_.game)),
      rng_(opt_.seed),
      phase_timer_(io) {
  relay_ = opt_.target == "relay";
  if (target_.address().is_v4())
    for (int i = 0; i < opt_.sources; ++i)
      sources_.push_back(net::ip::make_address_v4(0x7F000002u + static_cast<unsigned>(i)));
}

json driver::run() {
  srv_before_ = sample_proc(server_pid_);
  t_setup_ = clock_type::now();
  start_setup();
  phase_timer_.expires_after(
      std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(opt_.setup_timeout_s)));
  phase_timer_.async_wait([this](beast::error_code ec) {
    if (ec || phase_ != phase::setup) return;
    count(errors_, "setup_timeout");
    if (opt_.mode == "play") start_measure();
    else finish_idle();
  });
  io_.run();
  return make_report();
}

void driver::start_setup() {
  if (opt_.mode == "play") {
    // A bound on creations (every loop here is bounded) that short games cannot reach within the
    // run: 100 replacements per second measured (QU4DRI's random games end in tens of ms).
    create_cap_ = static_cast<std::uint64_t>(opt_.matches + opt_.bots) * 4 +
                  100 * static_cast<std::uint64_t>(std::max(1.0, std::ceil(opt_.duration_s)));
    for (int i = 0; i < opt_.matches; ++i) new_match(i, 2, opt_.spectators);
    for (int i = 0; i < opt_.bots; ++i) new_match(opt_.matches + i, 1, 0, true);
  } else {
    const int n = (opt_.connections + opt_.per_match - 1) / opt_.per_match;
    create_cap_ = static_cast<std::uint64_t>(n);
    for (int i = 0; i < n; ++i) new_match(i, 0, std::min(opt_.per_match, opt_.connections - i * opt_.per_match));
  }
  pump_creates();
}

// Queues the creation of a match in slot with the given players (0 or 2) and spectators.
void driver::new_match(int slot, int players, int spectators, bool bot) {
  auto m = std::make_shared<match_state>(io_);
  m->slot = slot;
  m->bot = bot;
  for (int s = 1; s <= players; ++s) {
    m->conns.emplace_back();
    m->conns.back().seat = s;
  }
  for (int s = 0; s < spectators; ++s) m->conns.push_back(conn_slot{});
  if (static_cast<std::size_t>(slot) >= matches_.size()) matches_.resize(slot + 1);
  matches_[slot] = m;
  create_queue_.push_back(m);
}

void driver::pump_creates() {
  while (creating_ < opt_.create_parallel && !create_queue_.empty() && created_ < create_cap_) {
    auto m = create_queue_.front();
    create_queue_.pop_front();
    ++creating_;
    ++created_;
    create_match(io_, target_, next_source(), create_body(*m),
                 [this, m](created_match c) { on_created(m, std::move(c), 1); });
  }
}

json driver::create_body(const match_state& m) const {
  json body{{"game", opt_.game}};
  if (m.bot) {
    body["seat"] = 1;
    body["opponent"] = {{"bot", opt_.bot_level}};
  }
  return body;
}

void driver::maybe_start() {
  if (phase_ == phase::setup && opt_.mode == "play" && ready_ + lost_in_setup_ >= opt_.matches + opt_.bots)
    start_measure();
}

void driver::on_created(const match_ptr& m, created_match c, int attempt) {
  if (phase_ == phase::done) return;
  if (!c.error.empty()) {
    count(m->bot ? bot_create_errors_ : create_errors_, c.error);
    // A rate-limited creation is retried a few times with a growing pause (not a match against
    // the computer: its 429 is the per-address limit, not a window).
    if (attempt < 4 && c.error.rfind("http_429", 0) == 0 && !m->bot) {
      auto t = std::make_shared<net::steady_timer>(io_, std::chrono::milliseconds(250 * attempt));
      t->async_wait([this, m, t, attempt](beast::error_code) {
        create_match(io_, target_, next_source(), create_body(*m),
                     [this, m, attempt](created_match c2) { on_created(m, std::move(c2), attempt + 1); });
      });
      return;
    }
    --creating_;
    m->dead = true;
    if (opt_.mode == "idle") {
      m->settled = static_cast<int>(m->conns.size());
      on_settled(m);
    } else if (phase_ == phase::setup) {
      ++lost_in_setup_;
      maybe_start();
    }
    return pump_creates();
  }
  --creating_;
  m->code = c.code;
  m->token = c.token;
  for (std::size_t i = 0; i < m->conns.size(); ++i) {
    std::weak_ptr<match_state> wm = m;
    const int idx = static_cast<int>(i);
    ws_conn::callbacks cb{[this, wm, idx] {
                            if (auto p = wm.lock()) on_conn_open(p, idx);
                          },
                          [this, wm, idx](std::string_view t) {
                            if (auto p = wm.lock()) on_conn_message(p, idx, t);
                          },
                          [this, wm, idx](const std::string& r) {
                            if (auto p = wm.lock()) on_conn_close(p, idx, r);
                          }};
    m->conns[i].ws = std::make_shared<ws_conn>(io_, target_, next_source(), std::move(cb), "/ws?code=" + m->code);
    m->conns[i].connecting = true;
    connect_queue_.push_back(m->conns[i].ws);
  }
  pump_creates();
  pump_connects();
}

void driver::pump_connects() {
  while (connecting_ < opt_.connect_parallel && !connect_queue_.empty()) {
    auto ws = connect_queue_.front();
    connect_queue_.pop_front();
    if (ws->closed()) continue;
    ++connecting_;
    ws->start();
  }
}

void driver::on_conn_open(const match_ptr& m, int i) {
  auto& c = m->conns[i];
  c.connecting = false;
  --connecting_;
  ++conns_opened_;
  json join{{"type", "join"}, {"code", m->code}, {"as", c.seat ? "player" : "spectator"}};
  if (c.seat == 1 && !m->token.empty()) join["token"] = m->token;
  if (c.seat) join["acks"] = opt_.acks;
  if (opt_.legal == "local" && !relay_) join["legal"] = false;
  c.ws->send(join.dump());
  pump_connects();
}

void driver::on_conn_close(const match_ptr& m, int i, const std::string& reason) {
  auto& c = m->conns[i];
  if (c.closed) return;
  c.closed = true;
  if (c.connecting) {
    c.connecting = false;
    --connecting_;
    pump_connects();
  }
  if (phase_ == phase::done || m->dead) return;
  count(errors_, reason);
  if (opt_.mode == "idle") {
    if (!c.joined) {
      ++m->settled;
      on_settled(m);
    }
    return;
  }
  retire(m, true);
}

// A message is scanned, not parsed: only the few top-level values read here are looked at, and
// a seat's legal list is kept as text until that seat acts (most lists are never used).
void driver::on_conn_message(const match_ptr& m, int i, std::string_view text) {
  if (m->dead || phase_ == phase::done) return;
  auto& c = m->conns[i];
  const auto members = top_level_members(text);
  const std::string_view type = string_value(member(members, "type"));
  if (type.empty()) {
    count(errors_, "unparsable_message");
    return;
  }
  if (phase_ == phase::running)
    wire_.received(c.seat == 0     ? wire_stats::spectator
                   : i == m->actor ? wire_stats::actor
                                   : wire_stats::other_seat,
                   type, text, members);
  const auto version = unsigned_value(member(members, "version"));
  const auto id_is_seq = [&](std::string_view field = "id") {
    return unsigned_value(member(members, field)) == m->seq;
  };
  if (type == "patch") {
    if (version) m->version = std::max(m->version, *version);
    if (c.seat) keep_choices(c, type, members);
    if (m->bot_turn && !m->pending && m->version > m->bot_from) return on_bot_moved(m);
    if (m->pending && i != m->actor && c.delivered_seq != m->seq && version.value_or(0) == m->expected_version)
      deliver(m, i);
    else if (m->pending && i == m->actor && id_is_seq("ack"))  // the actor's patch acknowledges
      deliver(m, i);
  } else if (type == "ack") {
    if (m->pending && i == m->actor && id_is_seq()) deliver(m, i);
  } else if (type == "act") {  // the relay's forward of another player's action
    if (m->pending && i != m->actor && c.delivered_seq != m->seq && id_is_seq()) deliver(m, i);
  } else if (type == "reject") {
    if (!m->pending || i != m->actor || !id_is_seq()) return;
    count(rejects_, error_code(members));
    m->pending = false;
    if (++m->rejects_in_row > 20) return retire(m, true);
    schedule_act(m);
  } else if (type == "snapshot") {
    if (version) m->version = std::max(m->version, *version);
    if (c.seat) keep_choices(c, type, members);
    if (!m->pending) schedule_act(m);
  } else if (type == "joined") {
    on_joined(m, i, members);
  } else if (type == "game_over") {
    m->over = true;
    if (!m->pending) {
      ++games_finished_;
      retire(m, true);
    }
  } else if (type == "error") {
    count(errors_, "error:" + error_code(members));
    if (!c.joined) {
      c.ws->close();
      on_conn_close(m, i, "join_refused");
    }
  }
}

std::string driver::error_code(const std::vector<json_member>& members) {
  const json error = json::parse(member(members, "error"), nullptr, false);
  if (error.is_object() && error.contains("code") && error["code"].is_string()) return error["code"].get<std::string>();
  const std::string_view code = string_value(member(members, "code"));
  return code.empty() ? "unknown" : std::string(code);
}

void driver::on_joined(const match_ptr& m, int i, const std::vector<json_member>& members) {
  auto& c = m->conns[i];
  if (c.joined) return;
  c.joined = true;
  if (member(members, "relay") == "true") relay_ = true;
  if (const auto version = unsigned_value(member(members, "version"))) m->version = std::max(m->version, *version);
  if (c.seat) {
    if (unsigned_value(member(members, "seat")) != static_cast<std::uint64_t>(c.seat)) {
      count(errors_, "wrong_seat");
      return retire(m, true);
    }
    keep_choices(c, "joined", members);
  }
  ++m->joined;
  ++m->settled;
  on_settled(m);
}

// Called when a connection of m has joined or failed; m is ready once all have settled.
void driver::on_settled(const match_ptr& m) {
  if (m->settled < static_cast<int>(m->conns.size()) || m->ready) return;
  m->ready = true;
  if (opt_.mode == "idle") {
    if (++settled_matches_ == static_cast<int>(matches_.size())) finish_idle();
    return;
  }
  ++ready_;
  if (phase_ == phase::setup) maybe_start();
  else if (phase_ == phase::running) schedule_act(m);
}

void driver::on_bot_moved(const match_ptr& m) {
  m->bot_turn = false;
  if (phase_ == phase::running) {
    bot_latency_us_.record(micros(m->bot_t0, clock_type::now()));
    ++bot_decisions_;
  }
  if (m->over) return;  // game_over follows
  schedule_act(m);
}

void driver::deliver(const match_ptr& m, int i) {
  m->conns[i].delivered_seq = m->seq;
  if (i == m->actor && phase_ == phase::running && !m->bot) ack_us_.record(micros(m->t0, clock_type::now()));
  if (--m->remaining > 0) return;
  m->pending = false;
  m->rejects_in_row = 0;
  m->resynced = false;
  if (phase_ == phase::running) {
    (m->bot ? bot_match_ack_us_ : latency_us_).record(micros(m->t0, clock_type::now()));
    ++acked_;
    if (opt_.max_actions && acked_ >= opt_.max_actions) return stop_measure();
  }
  if (m->over) {
    ++games_finished_;
    return retire(m, true);
  }
  schedule_act(m);
}

// Sends m's next action now, or at the paced time when --rate is set.
void driver::schedule_act(const match_ptr& m) {
  if (phase_ != phase::running || m->dead || m->pending) return;
  if (opt_.rate > 0 && !m->bot) {  // the player against the computer acts as soon as it may
    const auto due = m->last_send +
                     std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(1.0 / opt_.rate));
    if (due > clock_type::now()) {
      m->timer.expires_at(due);
      m->timer.async_wait([this, m](beast::error_code ec) {
        if (!ec) act(m);
      });
      return;
    }
  }
  act(m);
}

void driver::keep_choices(conn_slot& c, std::string_view type, const std::vector<json_member>& members) {
  if (opt_.legal != "server") {
    // The view is parsed once per joined or snapshot; a patch's ops wait until the seat acts.
    if (type == "patch") {
      c.ops.emplace_back(member(members, "ops"));
    } else if (const auto view = member(members, "view"); !view.empty()) {
      c.view = json::parse(view, nullptr, false);
      c.ops.clear();
    }
  }
  if (opt_.legal == "local") {  // no legal list sent: the seat may act when to_act names it
    const std::string seat = std::to_string(c.seat);
    const auto to_act = array_elements(member(members, "to_act"));
    c.has_choices = std::find(to_act.begin(), to_act.end(), seat) != to_act.end();
    return;
  }
  c.legal_text = member(members, "legal");
  c.expects_text = member(members, "expects");
  c.has_choices = starts_non_empty_array(c.legal_text) || (!c.expects_text.empty() && c.expects_text.front() == '{');
}

std::optional<legal_texts> driver::local_choices(conn_slot& c) {
  try {
    for (const std::string& ops : c.ops) c.view.patch_inplace(json::parse(ops));
  } catch (const json::exception&) {
    c.view = json();  // unreadable from here on: no list
  }
  c.ops.clear();
  auto local = local_legal(opt_.game, c.view, c.seat, rng_);
  ++legal_computed_;
  if (opt_.legal == "check" && (!local || local->legal != c.legal_text || local->expects != c.expects_text)) {
    if (legal_mismatches_++ == 0 && !opt_.quiet)
      std::cerr << "tabuleiro-load: seat " << c.seat << "'s legal list computed from its view differs from the "
                << "server's\n  server: " << c.legal_text << " " << c.expects_text
                << "\n  local:  " << (local ? local->legal + " " + local->expects : std::string("(view not read)"))
                << "\n";
  }
  return local;
}

void driver::act(const match_ptr& m) {
  if (phase_ != phase::running || m->dead || m->pending || m->over) return;
  if (opt_.max_actions && sent_ >= opt_.max_actions) return;
  std::string action;
  int actor = -1;
  if (relay_) {
    actor = m->relay_turn;
    m->relay_turn ^= 1;
    action = relay_action;
  } else {
    // The seat that may act (the later one when both may, as in a simultaneous set-up).
    for (int s = 0; s < 2 && s < static_cast<int>(m->conns.size()); ++s)
      if (m->conns[s].has_choices) actor = s;
    if (actor < 0 && m->bot) {  // the computer's turn: its move's patch brings the player's list
      m->bot_turn = true;
      m->bot_from = m->version;
      m->bot_t0 = clock_type::now();
      return;
    }
    if (actor < 0) {
      // Nobody holds a legal list (e.g. seat 1 joined before the match was live): ask both
      // players for a snapshot once; a patch or that snapshot brings the list.
      if (!m->resynced) {
        m->resynced = true;
        for (int s = 0; s < 2 && s < static_cast<int>(m->conns.size()); ++s)
          m->conns[s].ws->send(R"({"type":"resync"})");
      }
      return;
    }
    auto& c = m->conns[actor];
    const std::string* legal = &c.legal_text;
    const std::string* expects_text = &c.expects_text;
    std::optional<legal_texts> local;
    if (opt_.legal != "server") {
      local = local_choices(c);
      if (!local) {
        count(errors_, "local_legal_unreadable");
        return retire(m, true);
      }
      if (opt_.legal == "local") {
        legal = &local->legal;
        expects_text = &local->expects;
      }
    }
    const json expects = expects_text->empty() ? json() : json::parse(*expects_text, nullptr, false);
    auto chosen = choose_action(*game_, array_elements(*legal), expects, rng_);
    if (!chosen) return;
    action = std::move(*chosen);
  }
  ++m->seq;
  m->pending = true;
  m->actor = actor;
  m->remaining = static_cast<int>(m->conns.size());  // the others' deliveries + the actor's ack
  m->expected_version = m->version + 1;
  m->t0 = m->last_send = clock_type::now();
  ++sent_;
  std::string frame = R"({"type":"act","id":)" + std::to_string(m->seq) + R"(,"action":)" + action + "}";
  wire_.sent("act", frame.size());
  m->conns[actor].ws->send(std::move(frame));
}

// Closes m's sockets; in play mode a new match takes its slot while the run goes on.
void driver::retire(const match_ptr& m, bool replace) {
  if (m->dead) return;
  m->dead = true;
  m->timer.cancel();
  if (m->ready && opt_.mode == "play") --ready_;
  for (auto& c : m->conns) {
    if (c.connecting) {
      c.connecting = false;
      --connecting_;
    }
    c.closed = true;
    if (c.ws) c.ws->close();
  }
  pump_connects();
  if (replace && phase_ != phase::done && opt_.mode == "play" && created_ < create_cap_) {
    ++replaced_;
    if (m->bot) new_match(m->slot, 1, 0, true);
    else new_match(m->slot, 2, opt_.spectators);
    pump_creates();
  }
}

void driver::start_measure() {
  if (phase_ != phase::setup) return;
  srv_start_ = sample_proc(server_pid_);
  self_start_ = sample_proc(0);
  load_start_ = load_average();
  t_start_ = clock_type::now();
  phase_ = phase::running;
  // Paced matches start at random phases of their period, so that they do not all send at once.
  const double period_s = opt_.rate > 0 ? 1.0 / opt_.rate : 0;
  std::uniform_real_distribution<double> phase_of(0, period_s);
  for (auto& m : matches_) {
    if (!m || !m->ready || m->dead) continue;
    if (opt_.rate > 0)
      m->last_send = t_start_ -
                     std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(phase_of(rng_)));
    schedule_act(m);
  }
  phase_timer_.cancel();
  phase_timer_.expires_after(
      std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(opt_.duration_s)));
  phase_timer_.async_wait([this](beast::error_code ec) {
    if (!ec) stop_measure();
  });
}

void driver::stop_measure() {
  if (phase_ != phase::running) return;
  t_end_ = clock_type::now();
  srv_end_ = sample_proc(server_pid_);
  self_end_ = sample_proc(0);
  load_end_ = load_average();
  phase_ = phase::done;
  phase_timer_.cancel();
  io_.stop();
}

void driver::finish_idle() {
  if (phase_ != phase::setup) return;
  phase_ = phase::running;
  t_start_ = clock_type::now();
  srv_start_ = sample_proc(server_pid_);
  load_start_ = load_average();
  phase_timer_.cancel();
  phase_timer_.expires_after(
      std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(opt_.hold_s)));
  phase_timer_.async_wait([this](beast::error_code ec) {
    if (ec) return;
    t_end_ = clock_type::now();
    srv_end_ = sample_proc(server_pid_);
    self_end_ = sample_proc(0);
    load_end_ = load_average();
    phase_ = phase::done;
    io_.stop();
  });
}

std::optional<net::ip::address> driver::next_source() {
  if (sources_.empty()) return std::nullopt;
  return sources_[next_source_++ % sources_.size()];
}

void driver::count(std::map<std::string, std::uint64_t>& map, const std::string& key) { ++map[key]; }

}  // namespace tabuleiro::bench

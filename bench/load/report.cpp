// The load generator's JSON report (one object; main prints it as one line).
#include "bench/load/driver.h"

namespace tabuleiro::bench {

namespace {

// Seconds between two time points (0 if b is unset).
double span(clock_type::time_point a, clock_type::time_point b) {
  return b.time_since_epoch().count() ? std::chrono::duration<double>(b - a).count() : 0.0;
}

// A latency histogram's count, quantiles, maximum and mean (µs).
json quantiles_json(const histogram& h) {
  return json{{"count", h.count()},      {"p50", h.quantile(0.50)}, {"p95", h.quantile(0.95)},
              {"p99", h.quantile(0.99)}, {"max", h.max()},          {"mean", h.mean()}};
}

// {"ok", "rss_kb", "hwm_kb", "cpu_s", "threads", "fds", "switches"} of one sample.
json sample_json(const proc_sample& s) {
  return {{"ok", s.ok},
          {"rss_kb", s.rss_kb},
          {"hwm_kb", s.hwm_kb},
          {"cpu_s", s.cpu_user_s + s.cpu_sys_s},
          {"threads", s.threads},
          {"fds", s.fds},
          {"switches", {{"voluntary", s.switches_voluntary}, {"involuntary", s.switches_involuntary}}}};
}

// The context switches between two samples per action, voluntary and involuntary.
json switches_per_action(const proc_sample& a, const proc_sample& b, std::uint64_t actions) {
  const auto per = [&](std::uint64_t x, std::uint64_t y) {
    return (a.ok && b.ok && actions && y >= x) ? static_cast<double>(y - x) / static_cast<double>(actions) : 0.0;
  };
  return {{"voluntary", per(a.switches_voluntary, b.switches_voluntary)},
          {"involuntary", per(a.switches_involuntary, b.switches_involuntary)}};
}

// CPU seconds (user+sys) spent between two samples.
double cpu_between(const proc_sample& a, const proc_sample& b) {
  return (a.ok && b.ok) ? (b.cpu_user_s + b.cpu_sys_s) - (a.cpu_user_s + a.cpu_sys_s) : 0.0;
}

// Sum of a counter map.
std::uint64_t total(const std::map<std::string, std::uint64_t>& m) {
  std::uint64_t n = 0;
  for (const auto& [k, v] : m) n += v;
  return n;
}

}  // namespace

json driver::make_report() const {
  const double measured = span(t_start_, t_end_);
  std::uint64_t held = 0, joined = 0;
  int stalled = 0, replacing = 0;
  for (const auto& m : matches_) {
    if (!m || m->dead) continue;
    if (!m->ready) ++replacing;
    for (const auto& c : m->conns) {
      if (c.joined) ++joined;
      if (c.joined && !c.closed && c.ws && c.ws->open()) ++held;
    }
    if (m->ready && !m->pending && !m->over && opt_.mode == "play") ++stalled;
  }
  json r{{"tool", "tabuleiro-load"},
         {"mode", opt_.mode},
         {"target", relay_ ? "relay" : "tabuleiro"},
         {"label", opt_.label},
         {"host", target_.address().to_string()},
         {"port", target_.port()},
         {"sources", sources_.size()},
         {"setup_s", span(t_setup_, t_start_)},
         {"measured_s", measured},
         {"connections_held", held},
         {"connections_joined", joined},
         {"connections_opened", conns_opened_},
         {"errors", errors_},
         {"errors_total", total(errors_)},
         {"create_errors", create_errors_},
         {"matches_created", created_},
         {"loadavg_1m", {{"start", load_start_}, {"end", load_end_}}}};
  const proc_sample& srv_last = srv_end_.ok ? srv_end_ : srv_start_;
  r["server"] = {{"pid", server_pid_},
                 {"before", sample_json(srv_before_)},
                 {"start", sample_json(srv_start_)},
                 {"end", sample_json(srv_end_)},
                 {"cpu_s_run", cpu_between(srv_start_, srv_end_)},
                 {"cpu_s_total", cpu_between(srv_before_, srv_last)}};
  r["generator"] = {{"cpu_s_run", cpu_between(self_start_, self_end_)}, {"rss_kb", self_end_.rss_kb}};
  if (opt_.mode == "play") {
    r["game"] = opt_.game;
    r["matches"] = opt_.matches;
    r["spectators"] = opt_.spectators;
    r["rate_per_match"] = opt_.rate;
    r["matches_ready_at_end"] = ready_;
    r["matches_replaced"] = replaced_;
    r["matches_joining_at_end"] = replacing;
    r["games_finished"] = games_finished_;
    r["matches_stalled"] = stalled;
    r["actions_sent"] = sent_;
    r["actions_acked"] = acked_;
    r["acked_per_s"] = measured > 0 ? static_cast<double>(acked_) / measured : 0.0;
    r["rejects"] = rejects_;
    r["rejects_total"] = total(rejects_);
    r["latency_us"] = quantiles_json(latency_us_);
    {  // matches against the computer (--bots; none asked: the floor the others compare with)
      int running = 0;
      for (const auto& m : matches_)
        if (m && m->bot && m->ready && !m->dead) ++running;
      r["bots"] = {{"requested", opt_.bots},
                   {"level", opt_.bot_level},
                   {"running_at_end", running},
                   {"create_errors", bot_create_errors_},
                   {"decisions", bot_decisions_},
                   {"decision_us", quantiles_json(bot_latency_us_)},
                   {"player_ack_us", quantiles_json(bot_match_ack_us_)}};
    }
    r["ack_us"] = quantiles_json(ack_us_);
    r["wire"] = wire_.to_json();
    r["legal"] = {{"source", opt_.legal}, {"computed", legal_computed_}, {"mismatches", legal_mismatches_}};
    r["server"]["cpu_us_per_action"] = acked_ ? 1e6 * cpu_between(srv_start_, srv_end_) / static_cast<double>(acked_)
                                              : 0.0;
    r["server"]["switches_per_action"] = switches_per_action(srv_start_, srv_end_, acked_);
    json by_thread = json::object();  // µs of CPU per action by thread name, over the run
    if (srv_start_.ok && srv_end_.ok && acked_)
      for (const auto& [name, cpu] : srv_end_.cpu_by_thread) {
        const auto before = srv_start_.cpu_by_thread.find(name);
        const double spent = cpu - (before == srv_start_.cpu_by_thread.end() ? 0.0 : before->second);
        by_thread[name] = 1e6 * spent / static_cast<double>(acked_);
      }
    r["server"]["cpu_us_per_action_by_thread"] = by_thread;
  } else {
    r["connections_target"] = opt_.connections;
    r["per_match"] = opt_.per_match;
    r["hold_s"] = opt_.hold_s;
    const double grown = srv_end_.ok && srv_before_.ok
                             ? static_cast<double>(srv_end_.rss_kb) - static_cast<double>(srv_before_.rss_kb)
                             : 0.0;
    r["server"]["rss_kb_per_conn"] = held ? grown / static_cast<double>(held) : 0.0;
  }
  return r;
}

}  // namespace tabuleiro::bench

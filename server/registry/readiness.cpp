// The registry's readiness probe (GET /readyz, rooms::readiness): one small durable write to the
// database, answered or timed out within 2 s, the database's health as the store saw it, and in
// a cluster the age of this node's lease renewals. /healthz (liveness) asks none of this.
#include <spdlog/spdlog.h>

#include "server/accounts/admin_sql.h"
#include "server/registry/rooms.h"

namespace tabuleiro::server {

namespace {

constexpr std::int64_t probe_timeout_ms = 2000;

// What an operator reads for a failed write of the given kind (store_health).
std::string database_reason(const std::string& kind, const std::string& error) {
  if (kind == "full") return "database full: the last write was refused for lack of space (" + error + ")";
  if (kind == "read_only") return "database read-only: " + error;
  if (kind == "unreachable") return "database unreachable: " + error;
  if (kind == "locked") return "database locked by another process: " + error;
  return "database write failed (" + kind + "): " + error;
}

}  // namespace

void rooms::readiness(std::function<void(std::vector<std::string>)> done) {
  std::uint64_t round = 0;
  {
    mutex_lock lock(probe_mu_);
    probe_waiters_.push_back(std::move(done));
    if (probe_waiters_.size() > 1) return;  // a probe is in flight: its answer is this caller's too
    round = ++probe_round_;
  }
  const std::int64_t started = svc_.time->now_ms();
  svc_.db->queue_write(
      accounts::set_setting_work("ready_probe", std::to_string(started), started), [this, round](write_status s) {
        std::vector<std::string> reasons;
        const store_health h = svc_.db->health();
        if (h.damaged)
          reasons.push_back("database damaged: " + h.last_failure +
                            " (restore the newest backup: deploy/README.md, \"Backup and restore\")");
        if (s != write_status::ok && !h.damaged)
          reasons.push_back(database_reason(h.last_failure_kind.empty() ? "other" : h.last_failure_kind,
                                            h.last_failure.empty() ? write_status_name(s) : h.last_failure));
        if (leasing()) {
          const std::int64_t age = svc_.time->now_ms() - leases_renewed_ms_.load();
          if (age > svc_.cfg->lease_ms)
            reasons.push_back("cluster: this node's leases were last renewed " + std::to_string(age) +
                              " ms ago (their term is " + std::to_string(svc_.cfg->lease_ms) + " ms)");
        }
        finish_probe(round, std::move(reasons));
      });
  svc_.time->call_after(probe_timeout_ms, ioc_.get_executor(), [this, round] {
    finish_probe(round, {"database did not take a write within " + std::to_string(probe_timeout_ms) + " ms"});
  });
}

void rooms::finish_probe(std::uint64_t round, std::vector<std::string> reasons) {
  std::vector<std::function<void(std::vector<std::string>)>> waiting;
  {
    mutex_lock lock(probe_mu_);
    if (round != probe_round_ || probe_waiters_.empty()) return;  // answered already (a timeout, or the write)
    waiting.swap(probe_waiters_);
  }
  if (!reasons.empty()) {
    svc_.stats->readiness_failed++;
    spdlog::warn("not ready: {}", reasons.front());
  }
  for (auto& w : waiting) w(reasons);
}

}  // namespace tabuleiro::server

#include "server/net/connections.h"

#include <atomic>
#include <vector>

namespace tabuleiro::server {

std::uint64_t new_client_id() {
  static std::atomic<std::uint64_t> next{1};
  return next++;
}

void connection_set::track(const std::shared_ptr<client>& c, std::string session_hash) {
  std::uint16_t code = 0;
  std::string reason;
  {
    mutex_lock lock(mu_);
    if (!closed_) {
      open_[c->id()] = entry{c, std::move(session_hash), std::chrono::steady_clock::now()};
      return;
    }
    code = close_code_;
    reason = close_reason_;
  }
  c->close(code, std::move(reason));
}

void connection_set::forget(std::uint64_t client_id) {
  mutex_lock lock(mu_);
  open_.erase(client_id);
}

std::size_t connection_set::size() const {
  mutex_lock lock(mu_);
  return open_.size();
}

std::size_t connection_set::close_account(std::int64_t account_id, std::uint16_t code, const std::string& reason) {
  std::vector<std::shared_ptr<client>> signed_in;
  {
    mutex_lock lock(mu_);
    for (auto& [id, e] : open_)
      if (auto c = e.c.lock(); c && c->account_id() == account_id) signed_in.push_back(std::move(c));
  }
  for (auto& c : signed_in) c->close(code, reason);
  return signed_in.size();
}

std::size_t connection_set::close_sessions(std::int64_t account_id,
                                           const std::function<bool(const std::string&)>& ended, std::uint16_t code,
                                           const std::string& reason,
                                           std::chrono::steady_clock::time_point tracked_before) {
  std::vector<std::shared_ptr<client>> ending;
  {
    mutex_lock lock(mu_);
    for (auto& [id, e] : open_) {
      if (e.session_hash.empty() || e.tracked >= tracked_before || !ended(e.session_hash)) continue;
      if (auto c = e.c.lock(); c && (account_id == 0 || c->account_id() == account_id)) ending.push_back(std::move(c));
    }
  }
  for (auto& c : ending) c->close(code, reason);
  return ending.size();
}

void connection_set::close_all(std::uint16_t code, const std::string& reason) {
  std::vector<std::shared_ptr<client>> open;
  {
    mutex_lock lock(mu_);
    closed_ = true;
    close_code_ = code;
    close_reason_ = reason;
    for (auto& [id, e] : open_)
      if (auto c = e.c.lock()) open.push_back(std::move(c));
  }
  for (auto& c : open) c->close(code, reason);
}

}  // namespace tabuleiro::server

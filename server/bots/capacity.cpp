// The matches with a computer player a node runs at once (capacity.h).
#include "server/bots/capacity.h"

namespace tabuleiro::server {

bot_reservation::bot_reservation(bot_reservation&& other) noexcept
    : capacity_(other.capacity_), address_(std::move(other.address_)) {
  other.capacity_ = nullptr;
}

bot_reservation::~bot_reservation() {
  if (capacity_) capacity_->give_up(address_);
}

void bot_reservation::bind(const std::string& code) {
  if (!capacity_) return;
  capacity_->bind(address_, code);
  capacity_ = nullptr;
}

std::variant<bot_reservation, bot_refusal> bot_capacity::admit(const std::string& address) {
  mutex_lock lock(mu_);
  if (global_ > 0 && running_.size() + creating_total_ >= global_) return bot_refusal::busy;
  if (per_address_ > 0 && from_locked(address) >= per_address_) return bot_refusal::per_address;
  ++creating_[address];
  ++creating_total_;
  return bot_reservation(*this, address);
}

void bot_capacity::hold(const std::string& code) {
  mutex_lock lock(mu_);
  running_.emplace(code, "");
}

void bot_capacity::release(const std::string& code) {
  mutex_lock lock(mu_);
  running_.erase(code);
}

std::size_t bot_capacity::in_use() const {
  mutex_lock lock(mu_);
  return running_.size() + creating_total_;
}

void bot_capacity::bind(const std::string& address, const std::string& code) {
  mutex_lock lock(mu_);
  running_[code] = address;  // (an assignment: were the code held already, it is now under address)
  if (--creating_[address] == 0) creating_.erase(address);
  --creating_total_;
}

void bot_capacity::give_up(const std::string& address) {
  mutex_lock lock(mu_);
  if (--creating_[address] == 0) creating_.erase(address);
  --creating_total_;
}

std::size_t bot_capacity::from_locked(const std::string& address) const {
  std::size_t n = 0;
  for (const auto& [code, from] : running_)
    if (from == address) ++n;
  if (auto it = creating_.find(address); it != creating_.end()) n += it->second;
  return n;
}

}  // namespace tabuleiro::server

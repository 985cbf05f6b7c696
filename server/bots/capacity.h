// How many matches against the computer a node runs at once: a global limit and one per client
// address, checked when such a match is created, so that the bot workers' queue stays short
// and one address cannot fill it.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <variant>

#include "server/util/mutex.h"

namespace tabuleiro::server {

class bot_capacity;

// Which limit refused a new match against the computer.
enum class bot_refusal { busy, per_address };

// A place taken for a match being created from an address, until the creation binds it to the
// match's code as soon as it draws one, before the match's room holds it (then it is held until
// the match ends or its room closes), or gives up (then it is freed).
// Thread-safety: one owner; its capacity is thread-safe.
class bot_reservation {
 public:
  bot_reservation(bot_capacity& capacity, std::string address) : capacity_(&capacity), address_(std::move(address)) {}
  bot_reservation(bot_reservation&& other) noexcept;
  bot_reservation& operator=(bot_reservation&&) = delete;
  bot_reservation(const bot_reservation&) = delete;
  // Frees the place unless bound.
  ~bot_reservation();

  // The match was created with this code: its place is held under the code from now on.
  void bind(const std::string& code);

 private:
  bot_capacity* capacity_;  // null once bound or moved from
  std::string address_;
};

// The matches with a computer player running on this node (not over, their room loaded), each
// under its creator's address ("" when it is not known: a match loaded after a restart, a
// rematch), and the creations in flight.
// Thread-safety: every method may be called from any thread.
class bot_capacity {
 public:
  // At most global matches at once, and per_address from one address (0: no limit).
  bot_capacity(std::size_t global, std::size_t per_address) : global_(global), per_address_(per_address) {}

  // A place for a new match from address, or which limit refuses it.
  std::variant<bot_reservation, bot_refusal> admit(const std::string& address) EXCLUDES(mu_);

  // A room whose match runs with a computer player (a restart, a rematch, or one just
  // created): counted under code, never refused; holding a code twice counts it once.
  void hold(const std::string& code) EXCLUDES(mu_);

  // The match under code ended or its room closed: its place is free.
  void release(const std::string& code) EXCLUDES(mu_);

  // Matches running and creations in flight.
  std::size_t in_use() const EXCLUDES(mu_);

  std::size_t global_limit() const { return global_; }
  std::size_t per_address_limit() const { return per_address_; }

 private:
  friend class bot_reservation;
  void bind(const std::string& address, const std::string& code) EXCLUDES(mu_);
  void give_up(const std::string& address) EXCLUDES(mu_);
  std::size_t from_locked(const std::string& address) const REQUIRES(mu_);

  const std::size_t global_, per_address_;
  mutable mutex mu_;
  std::map<std::string, std::string> running_ GUARDED_BY(mu_);   // code → creator's address
  std::map<std::string, std::size_t> creating_ GUARDED_BY(mu_);  // address → creations in flight
  std::size_t creating_total_ GUARDED_BY(mu_) = 0;
};

}  // namespace tabuleiro::server

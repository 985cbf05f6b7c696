// Shared by the account and admin service tests: a callback's value, waited for (the services
// answer on their own threads), and the services' options for tests.
#pragma once

#include <functional>
#include <future>

#include "server/accounts/accounts.h"

namespace tabuleiro::server::test {

template <class T>
struct answer {
  std::promise<T> p;
  std::future<T> f = p.get_future();
  // The callback to hand the service; call get() for what it was given.
  std::function<void(T)> done() {
    return [this](T v) { p.set_value(std::move(v)); };
  }
  T get() { return f.get(); }
};

// The account service's options with the cheapest password hashing, so tests run quickly.
inline accounts::service_options test_options() {
  accounts::service_options o;
  o.cost = accounts::cheapest_password_cost();
  return o;
}

}  // namespace tabuleiro::server::test

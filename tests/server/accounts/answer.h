// A callback's value, waited for: the account and admin services answer on their own threads.
#pragma once

#include <functional>
#include <future>

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

}  // namespace tabuleiro::server::test

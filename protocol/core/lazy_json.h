// A JSON value built on first use: what the server keeps for every version (a view, a match
// summary) but sends only when somebody asks, so most versions never build, copy or destroy it.
#pragma once

#include <mutex>
#include <utility>

#include <nlohmann/json.hpp>

namespace tabuleiro::protocol {

// Thread-safety: immutable once made; value() may be called from any thread (the value is
// built once, under std::call_once).
class lazy_json {
 public:
  virtual ~lazy_json() = default;

  // The value, built on the first call.
  const nlohmann::json& value() const {
    std::call_once(built_, [this] { value_ = build(); });
    return value_;
  }

 protected:
  lazy_json() = default;
  // A value that is already built (build() is then never called).
  explicit lazy_json(nlohmann::json ready) {
    std::call_once(built_, [&] { value_ = std::move(ready); });
  }

  // The value (called once, unless it was given ready).
  virtual nlohmann::json build() const = 0;

 private:
  mutable std::once_flag built_;
  mutable nlohmann::json value_;
};

// A lazy_json given as a value.
class ready_json final : public lazy_json {
 public:
  explicit ready_json(nlohmann::json v) : lazy_json(std::move(v)) {}

 protected:
  nlohmann::json build() const override { return nullptr; }  // never called: built already
};

}  // namespace tabuleiro::protocol

// protocol::lazy_json, behind every view and match summary: the value is built on the first
// read only, exactly once even when many threads read at once, and never for a ready value.
#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/core/lazy_json.h"

using namespace tabuleiro;
using json = nlohmann::json;

namespace {

// A lazy_json that counts its builds.
class counted final : public protocol::lazy_json {
 public:
  explicit counted(std::atomic<int>& builds) : builds_(builds) {}

 protected:
  json build() const override {
    builds_++;
    return {{"built", true}};
  }

 private:
  std::atomic<int>& builds_;
};

}  // namespace

TEST_CASE("lazy_json: built on the first read, once, however many threads read at once") {
  std::atomic<int> builds{0};
  const counted value(builds);
  CHECK(builds == 0);
  std::vector<const json*> seen(8, nullptr);
  std::vector<std::thread> readers;
  for (std::size_t i = 0; i < seen.size(); ++i) readers.emplace_back([&, i] { seen[i] = &value.value(); });
  for (auto& t : readers) t.join();
  CHECK(builds == 1);
  for (const json* j : seen) {
    REQUIRE(j == seen[0]);
    CHECK(*j == json{{"built", true}});
  }
  CHECK(value.value() == json{{"built", true}});
  CHECK(builds == 1);
}

TEST_CASE("lazy_json: a ready value is the value given") {
  const protocol::ready_json ready(json{{"code", "abc"}});
  CHECK(ready.value() == json{{"code", "abc"}});
}

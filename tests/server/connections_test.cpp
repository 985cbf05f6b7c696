// The server's set of open connections (server/net/connections.h): registered and forgotten by
// id, held weakly, and closed all at once by a shutdown, later arrivals included.
#include <catch2/catch.hpp>

#include "server/net/connections.h"

using namespace tabuleiro::server;

namespace {

// A connection that records how it was closed.
class recording_client final : public client {
 public:
  explicit recording_client(std::uint64_t id) : id_(id) {}
  std::uint64_t id() const override { return id_; }
  void send(shared_text) override {}
  void close(std::uint16_t code, std::string reason) override {
    code_ = code;
    reason_ = std::move(reason);
  }
  std::uint16_t code_ = 0;
  std::string reason_;

 private:
  std::uint64_t id_;
};

}  // namespace

TEST_CASE("connections: tracked by id until forgotten, and a shutdown closes each, later ones too") {
  connection_set set;
  auto a = std::make_shared<recording_client>(1);
  auto b = std::make_shared<recording_client>(2);
  set.track(a);
  set.track(b);
  CHECK(set.size() == 2);
  set.forget(1);
  CHECK(set.size() == 1);
  {
    auto gone = std::make_shared<recording_client>(3);
    set.track(gone);  // held weakly: a connection that went away is skipped by the shutdown
  }
  set.close_all(1001, "server shutting down");
  CHECK(a->code_ == 0);  // forgotten before the shutdown
  CHECK(b->code_ == 1001);
  CHECK(b->reason_ == "server shutting down");
  auto late = std::make_shared<recording_client>(4);
  set.track(late);
  CHECK(late->code_ == 1001);
  CHECK(late->reason_ == "server shutting down");
}

// The server's set of open connections (server/net/connections.h): registered and forgotten by
// id, held weakly, closed all at once by a shutdown, later arrivals included, and closed by the
// session they signed in with once it ended.
#include <catch2/catch.hpp>

#include "server/net/connections.h"

using namespace tabuleiro::server;

namespace {

// A connection that records how it was closed.
class recording_client final : public client {
 public:
  explicit recording_client(std::uint64_t id, std::int64_t account = 0) : id_(id), account_(account) {}
  std::uint64_t id() const override { return id_; }
  std::int64_t account_id() const override { return account_; }
  void send(shared_text) override {}
  void close(std::uint16_t code, std::string reason) override {
    code_ = code;
    reason_ = std::move(reason);
  }
  std::uint16_t code_ = 0;
  std::string reason_;

 private:
  std::uint64_t id_;
  std::int64_t account_;
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

TEST_CASE("connections: the sockets of sessions that ended close with 4004, the others and guests stay") {
  connection_set set;
  auto laptop = std::make_shared<recording_client>(1, 7);
  auto phone = std::make_shared<recording_client>(2, 7);
  auto other = std::make_shared<recording_client>(3, 8);
  auto guest = std::make_shared<recording_client>(4);
  set.track(laptop, "hash-laptop");
  set.track(phone, "hash-phone");
  set.track(other, "hash-laptop");  // another account's socket with the same hash is not account 7's
  set.track(guest);
  // A read that began before they were registered judges none of them (the next read will).
  const auto before = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  CHECK(set.close_sessions(
            7, [](const std::string&) { return true; }, session_ended_close, "session ended", before) == 0);
  CHECK(laptop->code_ == 0);
  // Account 7 still has only the phone's session.
  CHECK(set.close_sessions(
            7, [](const std::string& h) { return h != "hash-phone"; }, session_ended_close, "session ended") == 1);
  CHECK(laptop->code_ == 4004);
  CHECK(laptop->reason_ == "session ended");
  CHECK(phone->code_ == 0);
  CHECK(other->code_ == 0);
  CHECK(guest->code_ == 0);  // a guest's socket belongs to no session
  // Any account (0): the sockets of one session, whoever's.
  CHECK(set.close_sessions(
            0, [](const std::string& h) { return h == "hash-laptop"; }, 4004, "session ended") == 2);
  CHECK(other->code_ == 4004);
  CHECK(guest->code_ == 0);
}

// Web Push's rows (server/notify/push_sql) on SQLite and PostgreSQL: one VAPID key whichever
// node stores first, subscriptions added, renewed, moved, capped, deleted and forgotten, and a
// member's choice of notifications.
#include <memory>

#include <catch2/catch.hpp>

#include "server/notify/push_sql.h"
#include "tests/server/notify/notify_test_util.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::notify;
using namespace tabuleiro::server::test;

namespace {

// Member user's subscriptions (newest first) and choice; REQUIREs the read to find the member
// (whose language is the default, English).
std::pair<std::vector<push_subscription>, int> settings(store& s, std::int64_t user) {
  std::vector<push_subscription> subs;
  int mask = -1;
  std::string language;
  const read_status st = s.run_read("push settings", [&](sql_connection& c, std::string& error) {
    return read_push_settings(c, user, subs, mask, language, error);
  });
  REQUIRE(st == read_status::found);
  CHECK(language == "en");
  return {subs, mask};
}

std::shared_ptr<push_subscription> sub(std::int64_t user, const std::string& endpoint, std::int64_t at,
                                       const std::string& keys = "k") {
  return std::make_shared<push_subscription>(
      push_subscription{0, user, endpoint, "p256dh-" + keys, "auth-" + keys, "Chromium on Linux", at});
}

}  // namespace

TEST_CASE("push rows: one VAPID key whichever node stores first") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  auto first = std::make_shared<vapid_row>();
  REQUIRE(run_write(*s, keep_vapid_key_work({"priv-a", "pub-a"}, t0, first)) == write_status::ok);
  CHECK(first->public_key == "pub-a");
  CHECK(first->private_key == "priv-a");
  // A second node (or a restart) made another candidate: the stored key stands.
  auto second = std::make_shared<vapid_row>();
  REQUIRE(run_write(*s, keep_vapid_key_work({"priv-b", "pub-b"}, t0 + 1, second)) == write_status::ok);
  CHECK(second->public_key == "pub-a");
  CHECK(second->private_key == "priv-a");
  CHECK(db.scalar("SELECT COUNT(*) FROM server_keys") == 1);
}

TEST_CASE("push rows: subscriptions added, renewed, moved to another member, capped, deleted and forgotten") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const std::int64_t ana = new_member(db, "ana");
  const std::int64_t bia = new_member(db, "bia");

  auto a1 = sub(ana, "https://push.example.net/a1", t0);
  REQUIRE(run_write(*s, add_push_subscription_work(a1)) == write_status::ok);
  CHECK(a1->id > 0);
  auto [subs, mask] = settings(*s, ana);
  CHECK(mask == notify_all);  // every notification until the member chooses
  REQUIRE(subs.size() == 1);
  CHECK(subs[0].endpoint == "https://push.example.net/a1");
  CHECK(subs[0].p256dh == "p256dh-k");
  CHECK(subs[0].label == "Chromium on Linux");

  // The browser renewed its subscription: same endpoint, new keys, one row.
  REQUIRE(run_write(*s, add_push_subscription_work(sub(ana, "https://push.example.net/a1", t0 + 1, "new"))) ==
          write_status::ok);
  subs = settings(*s, ana).first;
  REQUIRE(subs.size() == 1);
  CHECK(subs[0].auth == "auth-new");

  // Another member signs in on that browser: the endpoint is theirs now.
  REQUIRE(run_write(*s, add_push_subscription_work(sub(bia, "https://push.example.net/a1", t0 + 2))) ==
          write_status::ok);
  CHECK(settings(*s, ana).first.empty());
  CHECK(settings(*s, bia).first.size() == 1);

  // No such member.
  CHECK(run_write(*s, add_push_subscription_work(sub(ana + bia + 100, "https://push.example.net/x", t0))) ==
        write_status::conflict);

  // At most max_push_subscriptions each: the oldest go.
  for (std::size_t i = 0; i < max_push_subscriptions + 2; ++i)
    REQUIRE(run_write(*s, add_push_subscription_work(sub(ana, "https://push.example.net/n" + std::to_string(i),
                                                         t0 + 10 + static_cast<std::int64_t>(i)))) == write_status::ok);
  subs = settings(*s, ana).first;
  REQUIRE(subs.size() == max_push_subscriptions);
  CHECK(subs.front().endpoint == "https://push.example.net/n" + std::to_string(max_push_subscriptions + 1));
  CHECK(subs.back().endpoint == "https://push.example.net/n2");

  // A member deletes their own subscription, not another's.
  const std::int64_t newest = subs.front().id;
  const std::int64_t bias = settings(*s, bia).first.front().id;
  CHECK(run_write(*s, delete_push_subscription_work(ana, bias)) == write_status::conflict);
  REQUIRE(run_write(*s, delete_push_subscription_work(ana, newest)) == write_status::ok);
  CHECK(run_write(*s, delete_push_subscription_work(ana, newest)) == write_status::conflict);
  CHECK(settings(*s, ana).first.size() == max_push_subscriptions - 1);

  // The push service said an endpoint is gone.
  REQUIRE(run_write(*s, forget_push_endpoint_work("https://push.example.net/a1")) == write_status::ok);
  CHECK(settings(*s, bia).first.empty());
  CHECK(run_write(*s, forget_push_endpoint_work("https://push.example.net/a1")) == write_status::ok);
}

TEST_CASE("push rows: a member's choice of notifications") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const std::int64_t ana = new_member(db, "ana");
  REQUIRE(run_write(*s, set_notify_work(ana, notify_turn | notify_result)) == write_status::ok);
  CHECK(settings(*s, ana).second == (notify_turn | notify_result));
  REQUIRE(run_write(*s, set_notify_work(ana, 0)) == write_status::ok);
  CHECK(settings(*s, ana).second == 0);
  CHECK(run_write(*s, set_notify_work(ana, 32)) == write_status::conflict);
  CHECK(run_write(*s, set_notify_work(ana, -1)) == write_status::conflict);
  CHECK(run_write(*s, set_notify_work(ana + 100, 1)) == write_status::conflict);
  std::vector<push_subscription> subs;
  int mask = 0;
  std::string language;
  CHECK(s->run_read("push settings", [&](sql_connection& c, std::string& error) {
    return read_push_settings(c, ana + 100, subs, mask, language, error);
  }) == read_status::absent);
}

// Webhooks (server/notify/webhook_*): the signature (HMAC-SHA-256 against RFC 4231 and the
// header's form), the URL check, the body's fields, the rows on SQLite and PostgreSQL, and the
// per-URL limit on a manual clock.
#include <chrono>
#include <memory>
#include <regex>
#include <thread>

#include <catch2/catch.hpp>

#include "server/notify/webhook_sender.h"
#include "server/notify/webhook_service.h"
#include "server/notify/webhook_sql.h"
#include "tests/server/notify/notify_test_util.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::notify;
using namespace tabuleiro::server::test;

namespace {

// Member user's webhooks, REQUIRing the read to find the member.
std::vector<webhook_row> hooks_of(store& s, std::int64_t user) {
  std::vector<webhook_row> out;
  std::string language;
  REQUIRE(s.run_read("webhooks", [&](sql_connection& c, std::string& error) {
    return read_webhooks(c, user, out, language, error);
  }) == read_status::found);
  return out;
}

std::shared_ptr<webhook_row> hook(std::int64_t user, const std::string& url, int events = webhook_default_events) {
  auto row = std::make_shared<webhook_row>();
  row->user_id = user;
  row->url = url;
  row->secret = "whsec_" + url;
  row->events = events;
  row->created_ms = t0;
  return row;
}

// Waits (bounded: 10 s) until done() holds.
bool eventually(const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace

TEST_CASE("webhooks: HMAC-SHA-256 is RFC 4231's, and the signature header signs \"<t>.<body>\"") {
  // RFC 4231 section 4.3, test case 2.
  CHECK(hmac_sha256_hex("Jefe", "what do ya want for nothing?") ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  // The header: the time in unix seconds, then the HMAC of "<t>." + body under the secret's text
  // (the value computed by Python's hmac module).
  const std::string sig = webhook_signature("whsec_test", 1'790'000'000, R"({"event":"ping"})");
  CHECK(sig == "t=1790000000,v1=059e6574677cbf2592bb245e9489e0b64905ac7665c0e52e8691340dcd3aa246");
  CHECK(std::regex_match(webhook_signature("k", 7, ""), std::regex("t=7,v1=[0-9a-f]{64}")));
  // Any change of the secret, the time or the body changes it.
  CHECK(webhook_signature("whsec_tesT", 1'790'000'000, R"({"event":"ping"})") != sig);
  CHECK(webhook_signature("whsec_test", 1'790'000'001, R"({"event":"ping"})") != sig);
  CHECK(webhook_signature("whsec_test", 1'790'000'000, R"({"event":"pinG"})") != sig);
  // A secret: whsec_ and 32 random bytes, base64url.
  const std::string a = new_webhook_secret();
  CHECK(std::regex_match(a, std::regex("whsec_[A-Za-z0-9_-]{43}")));
  CHECK(a != new_webhook_secret());
}

TEST_CASE("webhooks: a URL is https without user info, controls or an internal IP address unless allowed") {
  CHECK_FALSE(check_webhook_url("https://example.com/hook", false));
  CHECK_FALSE(check_webhook_url("https://example.com:8443/a/b?c=d", false));
  CHECK_FALSE(check_webhook_url("https://93.184.216.34/hook", false));
  CHECK_FALSE(check_webhook_url("https://[2606:2800:220:1::]/hook", false));
  // A host name is checked when a delivery resolves it, not here.
  CHECK_FALSE(check_webhook_url("https://localhost:8443/", false));
  for (const char* bad : {"http://example.com/", "example.com", "https://", "https://user:pw@example.com/",
                          "https://exa mple.com/", "https://example.com/a b", "https://example.com/\x01",
                          "https://example.com:99999/", "ftp://example.com/", "https://ex%61mple.com/"}) {
    CAPTURE(bad);
    const auto no = check_webhook_url(bad, false);
    REQUIRE(no);
    CHECK(no->code == "bad_url");
  }
  CHECK(check_webhook_url("https://example.com/" + std::string(1024, 'a'), false)->code == "bad_url");
  for (const char* internal :
       {"https://127.0.0.1/", "https://127.0.0.1:8443/hook", "https://10.0.0.1/", "https://192.168.1.2/",
        "https://172.16.0.1/", "https://169.254.169.254/latest", "https://[::1]/", "https://[fd00::1]/",
        "https://[::ffff:10.0.0.1]/", "https://0.0.0.0/"}) {
    CAPTURE(internal);
    const auto no = check_webhook_url(internal, false);
    REQUIRE(no);
    CHECK(no->code == "internal_url");
    CHECK_FALSE(check_webhook_url(internal, true));  // --outbound-allow-private yes
  }
}

TEST_CASE("webhooks: events by name") {
  CHECK(webhook_events_of({"turn"}) == notify_turn);
  CHECK(webhook_events_of({"turn", "result", "challenge", "turn"}) == webhook_default_events);
  CHECK(webhook_events_of({"turn", "started", "low_time", "challenge", "result"}) == notify_all);
  CHECK_FALSE(webhook_events_of({}));
  CHECK_FALSE(webhook_events_of({"turn", "ping"}));
  CHECK_FALSE(webhook_events_of({"Turn"}));
}

TEST_CASE("webhooks: the body tells the event, the match and its words in the member's language") {
  match_notice turn{7, notify_turn, "K7M2QX", "taixu", "Ana", "", 0, false};
  auto b = webhook_body(turn, "d1", t0, "en", "https://play.example.com");
  CHECK(b == nlohmann::json{{"event", "turn"},
                            {"delivery", "d1"},
                            {"at", t0},
                            {"match", "K7M2QX"},
                            {"game", "taixu"},
                            {"opponent", "Ana"},
                            {"reminder", false},
                            {"link", "https://play.example.com/m/K7M2QX"},
                            {"title", "Your turn"},
                            {"body", "TAIXU against Ana"}});
  turn.reminder = true;
  turn.left_s = 7200;
  b = webhook_body(turn, "d2", t0, "pt-BR", "");
  CHECK(b["event"] == "turn");
  CHECK(b["reminder"] == true);
  CHECK(b["left_s"] == 7200);
  CHECK(b["link"] == "/m/K7M2QX");  // no --public-url: the path
  CHECK(b["title"] == "Lembrete: sua vez");

  const match_notice result{7, notify_result, "K7M2QX", "cyvasse", "Bia", "won", 0, false};
  b = webhook_body(result, "d3", t0, "pt-BR", "https://play.example.com");
  CHECK(b["event"] == "result");
  CHECK(b["outcome"] == "won");
  CHECK(b["title"] == "Você venceu");
  CHECK(b["body"] == "Cyvasse contra Bia");
  CHECK_FALSE(b.contains("left_s"));
  CHECK_FALSE(b.contains("reminder"));

  const match_notice challenge{7, notify_challenge, "CH123", "quadri", "Caio", "", 0, false};
  b = webhook_body(challenge, "d4", t0, "en", "https://play.example.com");
  CHECK(b["event"] == "challenge");
  CHECK(b["challenge"] == "CH123");
  CHECK_FALSE(b.contains("match"));
  CHECK(b["link"] == "https://play.example.com/lobby");
  CHECK(b["body"] == "Caio challenges you: QU4DRI");

  const match_notice low{7, notify_low_time, "K7M2QX", "taixu", "Ana", "", 300, false};
  CHECK(webhook_body(low, "d5", t0, "en", "")["left_s"] == 300);

  b = webhook_ping_body("d6", t0, "en", "https://play.example.com");
  CHECK(b["event"] == "ping");
  CHECK(b["link"] == "https://play.example.com/account");
  CHECK(b["title"] == "Test delivery");
  CHECK(webhook_ping_body("d6", t0, "pt-BR", "")["title"] == "Entrega de teste");
}

TEST_CASE(
    "webhook rows: added, capped, refused twice for one URL, changed, deleted, listed for an administrator, and their deliveries recorded") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto s = open_store(db.target);
  const std::int64_t ana = new_member(db, "ana");
  const std::int64_t bia = new_member(db, "bia");

  auto why = std::make_shared<webhook_conflict>();
  auto first = hook(ana, "https://example.com/a0", notify_turn | notify_result);
  REQUIRE(run_write(*s, add_webhook_work(first, why)) == write_status::ok);
  CHECK(first->id > 0);
  auto rows = hooks_of(*s, ana);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].url == "https://example.com/a0");
  CHECK(rows[0].secret == "whsec_https://example.com/a0");
  CHECK(rows[0].events == (notify_turn | notify_result));
  CHECK(rows[0].created_ms == t0);
  CHECK(rows[0].last_at_ms == 0);
  CHECK(rows[0].last_status == 0);
  CHECK(rows[0].last_error.empty());

  // The same URL again for ana: refused; for bia: hers.
  CHECK(run_write(*s, add_webhook_work(hook(ana, "https://example.com/a0"), why)) == write_status::conflict);
  CHECK(*why == webhook_conflict::duplicate);
  REQUIRE(run_write(*s, add_webhook_work(hook(bia, "https://example.com/a0"), why)) == write_status::ok);

  // At most max_webhooks a member.
  for (std::size_t i = 1; i < max_webhooks; ++i)
    REQUIRE(run_write(*s, add_webhook_work(hook(ana, "https://example.com/a" + std::to_string(i)), why)) ==
            write_status::ok);
  CHECK(run_write(*s, add_webhook_work(hook(ana, "https://example.com/more"), why)) == write_status::conflict);
  CHECK(*why == webhook_conflict::too_many);
  rows = hooks_of(*s, ana);
  REQUIRE(rows.size() == max_webhooks);
  CHECK(rows.front().id == first->id);  // oldest first
  CHECK(rows.back().url == "https://example.com/a" + std::to_string(max_webhooks - 1));
  CHECK(rows.back().events == webhook_default_events);

  // No such member.
  CHECK(run_write(*s, add_webhook_work(hook(ana + bia + 100, "https://example.com/x"), why)) == write_status::conflict);
  CHECK(*why == webhook_conflict::no_member);

  // A delivery's outcome; an earlier attempt recorded late does not replace a later one.
  REQUIRE(run_write(*s, record_webhook_delivery_work(first->id, t0 + 10, 302,
                                                     "HTTP 302: redirects are not followed")) == write_status::ok);
  REQUIRE(run_write(*s, record_webhook_delivery_work(first->id, t0 + 5, 200, "")) == write_status::ok);
  rows = hooks_of(*s, ana);
  CHECK(rows[0].last_at_ms == t0 + 10);
  CHECK(rows[0].last_status == 302);
  CHECK(rows[0].last_error == "HTTP 302: redirects are not followed");
  REQUIRE(run_write(*s, record_webhook_delivery_work(first->id, t0 + 20, 0, std::string(400, 'e'))) ==
          write_status::ok);
  rows = hooks_of(*s, ana);
  CHECK(rows[0].last_status == 0);
  CHECK(rows[0].last_error == std::string(max_webhook_error_bytes, 'e'));

  // Its events and its secret changed, each alone; another member's is not theirs to change.
  REQUIRE(run_write(*s, change_webhook_work(ana, first->id, notify_result, std::nullopt)) == write_status::ok);
  rows = hooks_of(*s, ana);
  CHECK(rows[0].events == notify_result);
  CHECK(rows[0].secret == "whsec_https://example.com/a0");
  REQUIRE(run_write(*s, change_webhook_work(ana, first->id, std::nullopt, std::string("whsec_new"))) ==
          write_status::ok);
  rows = hooks_of(*s, ana);
  CHECK(rows[0].events == notify_result);
  CHECK(rows[0].secret == "whsec_new");
  CHECK(run_write(*s, change_webhook_work(bia, first->id, notify_turn, std::nullopt)) == write_status::conflict);
  CHECK(run_write(*s, change_webhook_work(ana, first->id, 0, std::nullopt)) == write_status::conflict);  // CHECK (1-31)
  CHECK(hooks_of(*s, ana)[0].events == notify_result);

  // A member deletes their own webhook, not another's.
  const std::int64_t bias = hooks_of(*s, bia).front().id;
  CHECK(run_write(*s, delete_webhook_work(ana, bias)) == write_status::conflict);
  REQUIRE(run_write(*s, delete_webhook_work(ana, first->id)) == write_status::ok);
  CHECK(run_write(*s, delete_webhook_work(ana, first->id)) == write_status::conflict);
  CHECK(hooks_of(*s, ana).size() == max_webhooks - 1);
  CHECK(hooks_of(*s, bia).size() == 1);
  // Recording for a webhook deleted meanwhile is no error.
  CHECK(run_write(*s, record_webhook_delivery_work(first->id, t0 + 30, 200, "")) == write_status::ok);

  // An administrator's list: every member's, newest first, with the owner's name; a removal
  // of anyone's.
  std::vector<owned_webhook> all;
  REQUIRE(s->run_read("every webhook", [&](sql_connection& c, std::string& e) {
    return read_all_webhooks(c, all, e);
  }) == read_status::found);
  REQUIRE(all.size() == max_webhooks);  // ana's four and bia's one
  CHECK(all.front().hook.url == "https://example.com/a" + std::to_string(max_webhooks - 1));
  CHECK(all.front().owner == "ana");
  CHECK(all.back().hook.id == bias);
  CHECK(all.back().owner == "bia");
  REQUIRE(run_write(*s, delete_webhook_work(0, bias)) == write_status::ok);
  CHECK(hooks_of(*s, bia).empty());
  CHECK(run_write(*s, delete_webhook_work(0, bias)) == write_status::conflict);

  std::vector<webhook_row> none;
  std::string language;
  CHECK(s->run_read("webhooks", [&](sql_connection& c, std::string& error) {
    return read_webhooks(c, ana + bia + 100, none, language, error);
  }) == read_status::absent);
}

TEST_CASE("webhooks: one URL takes at most its deliveries a minute, on the injected clock") {
  temp_dir dir;
  auto s = open_store(dir.db());
  manual_time clock(t0);
  metrics stats;
  // Deliveries to an internal address are refused before any connection (no network), each
  // counted as failed; one attempt each.
  push_pacing pacing;
  pacing.attempts = 1;
  webhook_sender sender(*s, outbound_policy{}, "", clock, stats, 3, pacing);
  webhook_row a{1, 1, "https://127.0.0.1:9/a", "whsec_a", webhook_default_events, t0, 0, 0, ""};
  webhook_row b{2, 1, "https://127.0.0.1:9/b", "whsec_b", webhook_default_events, t0, 0, 0, ""};
  for (int i = 0; i < 5; ++i) REQUIRE(sender.ping(a, "en"));
  REQUIRE(sender.ping(b, "en"));  // another URL has its own limit
  CHECK(eventually([&] { return stats.webhook_failed + stats.webhook_dropped == 6; }));
  CHECK(stats.webhook_failed == 4);
  CHECK(stats.webhook_dropped == 2);
  // Within the minute a stays full; a minute later it takes deliveries again.
  clock.advance(59'000);
  REQUIRE(sender.ping(a, "en"));
  CHECK(eventually([&] { return stats.webhook_dropped == 3; }));
  clock.advance(1'000);
  REQUIRE(sender.ping(a, "en"));
  CHECK(eventually([&] { return stats.webhook_failed == 5; }));
  CHECK(stats.webhook_dropped == 3);
  CHECK(stats.webhook_sent == 0);
}

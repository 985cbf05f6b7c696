// The administration over a real store, on SQLite and on PostgreSQL, two nodes on one database:
// disabling (seen by the other node), promotion and the last administrator, the set-up link,
// invitations for several sign-ups and revoking them, password changes and reset links, the
// audit log and the shared maintenance mode.
#include <catch2/catch.hpp>

#include <future>

#include "server/accounts/admin.h"
#include "tests/server/accounts/answer.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;
using namespace tabuleiro::server::accounts;

namespace {

// One node: its store, account service and administration over a shared database and clock.
struct node {
  std::unique_ptr<store> st;
  account_service accounts;
  admin_service admin;
  node(const std::string& target, manual_time& time, service_options o)
      : st(open_store(target)), accounts(*st, time, o), admin(*st, time, accounts) {}
};

// Signs name up on n (with an invitation code when given) and returns the session.
opened_session sign_up(node& n, const std::string& name, const std::string& invitation = "") {
  answer<sign_result> a;
  n.accounts.sign_up(name, name + "'s password", "", "en", invitation, "10.0.0.1", a.done());
  auto r = a.get();
  INFO((std::holds_alternative<refusal>(r) ? std::get<refusal>(r).code : ""));
  REQUIRE(std::holds_alternative<opened_session>(r));
  return std::get<opened_session>(r);
}

// The refusal code of a change ("" when it was made).
std::string change(const std::function<void(change_done)>& call) {
  answer<std::optional<refusal>> a;
  call(a.done());
  const auto r = a.get();
  return r ? r->code : "";
}

bool signed_in(node& n, const std::string& id) {
  answer<auth_result> a;
  n.accounts.authenticate(id, a.done());
  return a.get().state == auth_result::status::signed_in;
}

}  // namespace

TEST_CASE("admin: the set-up link makes one administrator, only while there is none", "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  node a(db.target, time, test_options());
  answer<std::optional<std::string>> first;
  a.admin.setup_link(3600'000, first.done());
  const auto code = first.get();
  REQUIRE(code);
  answer<std::optional<std::string>> second;  // another start (or node) makes another
  a.admin.setup_link(3600'000, second.done());
  const auto code2 = second.get();
  REQUIRE(code2);
  const auto root = sign_up(a, "root", *code2);
  CHECK(root.s.who.admin);
  // Once an administrator exists, no set-up link works (in open mode the sign-up goes on as a
  // plain member's).
  answer<sign_result> late;
  a.accounts.sign_up("eve", "eve's password", "", "en", *code, "10.0.0.9", late.done());
  const auto eve = late.get();
  REQUIRE(std::holds_alternative<opened_session>(eve));
  CHECK_FALSE(std::get<opened_session>(eve).s.who.admin);
  answer<std::optional<std::string>> none;
  a.admin.setup_link(3600'000, none.done());
  CHECK_FALSE(none.get());
}

TEST_CASE("admin: disabling a user on one node ends their sessions and the other node sees it", "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  const service_options o = test_options();
  node a(db.target, time, o), b(db.target, time, o);
  answer<std::variant<account, refusal>> made;
  a.accounts.create_user("root", "root's password", true, made.done());
  const account root = std::get<account>(made.get());
  const actor by{root.id, "root", "10.0.0.5"};
  const auto ana = sign_up(a, "ana");
  REQUIRE(signed_in(b, ana.id));
  const std::int64_t before = time.now_ms();
  time.advance(10);
  CHECK(change([&](change_done d) { a.admin.set_disabled(by, ana.s.who.id, true, d); }).empty());
  time.advance(o.cache_ms);
  CHECK_FALSE(signed_in(b, ana.id));
  answer<std::optional<session_changes>> seen;
  b.admin.session_changes_since(before, seen.done());
  const auto changes = seen.get();
  REQUIRE(changes);
  CHECK(changes->disabled == std::vector<std::int64_t>{ana.s.who.id});
  CHECK(change([&](change_done d) { a.admin.set_disabled(by, root.id, true, d); }) == "own_account");
  CHECK(change([&](change_done d) { a.admin.set_disabled(by, 9999, true, d); }) == "not_found");
  CHECK(change([&](change_done d) { a.admin.set_admin(by, root.id, false, d); }) == "own_account");
  // The shell may act on anyone but never leaves the server without an administrator.
  CHECK(change([&](change_done d) { a.admin.set_admin(actor{}, root.id, false, d); }) == "last_admin");
  CHECK(change([&](change_done d) { a.admin.set_disabled(actor{}, root.id, true, d); }) == "last_admin");
  CHECK(change([&](change_done d) { a.admin.set_disabled(by, ana.s.who.id, false, d); }).empty());

  answer<std::optional<std::vector<audit_row>>> audit;
  b.admin.audit_log(10, audit.done());
  const auto rows = audit.get();
  REQUIRE(rows);
  REQUIRE(rows->size() == 3);  // the two changes, after root's making as an administrator
  CHECK((*rows)[2].action == "create_admin");
  CHECK((*rows)[0].action == "enable");
  CHECK((*rows)[1].action == "disable");
  CHECK((*rows)[1].actor_name == "root");
  CHECK((*rows)[1].address == "10.0.0.5");
  CHECK((*rows)[1].target == "user " + std::to_string(ana.s.who.id));
}

TEST_CASE("admin: an invitation admits its number of sign-ups, and a revoked one none", "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  service_options o = test_options();
  o.invitation_required = true;
  node a(db.target, time, o);
  answer<std::variant<invitation, refusal>> two, one;
  a.admin.invite(actor{}, 3600'000, 2, two.done());
  a.admin.invite(actor{}, 3600'000, 1, one.done());
  const std::string code2 = std::get<invitation>(two.get()).code, code1 = std::get<invitation>(one.get()).code;
  sign_up(a, "ana", code2);
  sign_up(a, "bia", code2);
  answer<sign_result> third;
  a.accounts.sign_up("caio", "caio's password", "", "en", code2, "10.0.0.2", third.done());
  CHECK(std::get<refusal>(third.get()).code == "bad_invitation");
  answer<std::optional<std::vector<invitation_row>>> listed;
  a.admin.list_invitations(listed.done());
  const auto rows = listed.get();
  REQUIRE(rows);
  REQUIRE(rows->size() == 2);
  for (const auto& i : *rows)
    if (i.max_uses == 1)
      CHECK(change([&](change_done d) { a.admin.revoke_invitation(actor{}, i.code_hash.substr(0, 16), d); }).empty());
  answer<sign_result> revoked;
  a.accounts.sign_up("caio", "caio's password", "", "en", code1, "10.0.0.2", revoked.done());
  CHECK(std::get<refusal>(revoked.get()).code == "bad_invitation");
  CHECK(change([&](change_done d) { a.admin.revoke_invitation(actor{}, "zz", d); }) == "not_found");
}

TEST_CASE("admin: maintenance set on one node holds on the other within a second", "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  node a(db.target, time, test_options()), b(db.target, time, test_options());
  const auto on = [](node& n) {
    answer<std::optional<bool>> r;
    n.admin.maintenance(r.done());
    return r.get();
  };
  CHECK(on(b) == false);
  CHECK(change([&](change_done d) { a.admin.set_maintenance(actor{}, true, d); }).empty());
  CHECK(on(a) == true);
  time.advance(1000);
  CHECK(on(b) == true);
}

TEST_CASE("accounts: a password change ends the other sessions, a reset link works once and ends them all",
          "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  node a(db.target, time, test_options());
  const auto here = sign_up(a, "ana");
  answer<sign_result> again;
  a.accounts.sign_in("ana", "ana's password", "10.0.0.1", again.done());
  const auto there = std::get<opened_session>(again.get());
  const std::int64_t ana = here.s.who.id;
  const auto change_password = [&](const std::string& current, const std::string& next) {
    answer<std::optional<refusal>> r;
    a.accounts.change_password(ana, current, next, here.id, "10.0.0.1", r.done());
    const auto no = r.get();
    return no ? no->code : "";
  };
  CHECK(change_password("wrong one!", "a new password") == "bad_credentials");
  CHECK(change_password("ana's password", "short") == "bad_password");
  CHECK(change_password("ana's password", "a new password").empty());
  CHECK(signed_in(a, here.id));
  time.advance(1000);
  CHECK_FALSE(signed_in(a, there.id));

  answer<std::variant<invitation, refusal>> link;
  a.admin.reset_link(actor{}, ana, link.done());
  const std::string code = std::get<invitation>(link.get()).code;
  const auto reset = [&](const std::string& c) {
    answer<std::optional<refusal>> r;
    a.accounts.reset_password(c, "the newest password", "10.0.0.1", r.done());
    const auto no = r.get();
    return no ? no->code : "";
  };
  CHECK(reset(code).empty());
  CHECK(reset(code) == "bad_reset");
  CHECK(reset("unknown") == "bad_reset");
  time.advance(1000);
  CHECK_FALSE(signed_in(a, here.id));
  answer<sign_result> with_new;
  a.accounts.sign_in("ana", "the newest password", "10.0.0.1", with_new.done());
  CHECK(std::holds_alternative<opened_session>(with_new.get()));
  answer<std::variant<invitation, refusal>> nobody;
  a.admin.reset_link(actor{}, 9999, nobody.done());
  CHECK(std::get<refusal>(nobody.get()).code == "not_found");
}

TEST_CASE(
    "admin: a finished match is deleted with its append-only log, a running one is not, nor one a node still serves, and other logs stay append-only",
    "[accounts]") {
  const backend kind = GENERATE(backend::sqlite, backend::postgres);
  test_db db(kind);
  manual_time time(1'800'000'000'000);
  node a(db.target, time, test_options());
  const match_row finished = sample_match(), running = sample_match();
  for (const match_row* m : {&finished, &running}) {
    result r;
    a.st->insert_match(*m, r.done());
    REQUIRE(r.get() == write_status::ok);
  }
  {
    result r;
    a.st->append_and_finish(finished.code, room_change(1, 2, {{"type", "resign"}, {"seat", 2}}, 1'800'000'000'001),
                            {{"winner", 1}, {"reason", "resign"}}, r.done());
    REQUIRE(r.get() == write_status::ok);
    result moved;
    a.st->append_action(running.code, game_action(1, 1, {{"type", "pass"}}, 1'800'000'000'002), moved.done());
    REQUIRE(moved.get() == write_status::ok);
  }
  const auto remove = [&](const std::string& code) {
    return change([&](change_done d) { a.admin.delete_match(actor{}, code, "", d); });
  };
  CHECK(remove(running.code) == "not_finished");
  CHECK(remove("ZZZZZZ") == "not_found");
  // A node still serving the finished match (its lease is live) would serve a ghost: refused
  // until the lease lapses (or that node deletes it, its own lease apart).
  {
    std::promise<write_status> claimed;
    a.st->claim_lease(finished.code, "node-2", time.now_ms(), time.now_ms() + 3000, false,
                      [&claimed](write_status s, lease) { claimed.set_value(s); });
    REQUIRE(claimed.get_future().get() == write_status::ok);
  }
  CHECK(remove(finished.code) == "served_elsewhere");
  time.advance(3001);
  CHECK(remove(finished.code).empty());
  a.st->flush();
  CHECK(db.scalar("SELECT COUNT(*) FROM matches WHERE code = '" + finished.code + "'") == 0);
  CHECK(db.scalar("SELECT COUNT(*) FROM actions") == 1);  // the running match's
  CHECK(db.scalar("SELECT COUNT(*) FROM match_deletions") == 0);
  CHECK(db.run("DELETE FROM actions") != write_status::ok);  // still append-only
  CHECK(db.scalar("SELECT COUNT(*) FROM actions") == 1);
}

// Leases (schema/007_leases.sql): who may claim a match, the epoch fence on appends, renewal
// and release; on both databases, each node being a store of its own on the same database.
#include <future>

#include "server/registry/node_directory.h"
#include "tests/server/store/store_test_util.h"

using namespace tabuleiro::server;
using namespace tabuleiro::server::test;

namespace {

// A claim's status and lease, waited for.
std::pair<write_status, lease> claim(store& s, const std::string& code, const std::string& node, std::int64_t now_ms,
                                     std::int64_t expires_ms, bool ask = true) {
  std::promise<std::pair<write_status, lease>> p;
  s.claim_lease(code, node, now_ms, expires_ms, ask, [&](write_status st, lease l) { p.set_value({st, l}); });
  return p.get_future().get();
}

// An append's status, waited for.
write_status append(store& s, const std::string& code, std::int64_t version, const lease& fence) {
  result r;
  s.append_action(code, game_action(version, 1, {{"type", "pass"}}, t0 + version), r.done(), fence);
  return r.get();
}

// The codes renew_leases says node holds, sorted, and those of them another node wants; and
// its status.
struct renewal {
  write_status status;
  std::vector<std::string> codes, wanted;
};
renewal renew(store& s, const std::string& node, std::int64_t expires_ms) {
  std::promise<renewal> p;
  s.renew_leases(node, expires_ms, [&](write_status st, std::vector<held_lease> held) {
    renewal r{st, {}, {}};
    for (const auto& h : held) {
      r.codes.push_back(h.code);
      if (h.wanted) r.wanted.push_back(h.code);
    }
    std::sort(r.codes.begin(), r.codes.end());
    std::sort(r.wanted.begin(), r.wanted.end());
    p.set_value(std::move(r));
  });
  return p.get_future().get();
}

// An inserted sample match's code.
std::string new_match(store& s) {
  const match_row m = sample_match();
  result r;
  s.insert_match(m, r.done());
  REQUIRE(r.get() == ok);
  return m.code;
}

}  // namespace

TEST_CASE(
    "a lease is claimed when free, lapsed or the node's own, never from a live holder, and each claim raises the epoch",
    "[store][lease]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto a = open_store(db.target);
  auto b = open_store(db.target);
  const std::string code = new_match(*a);

  auto [s1, l1] = claim(*a, code, "node-a", t0, t0 + 3000);
  REQUIRE(s1 == ok);
  CHECK(l1.node == "node-a");
  CHECK(l1.epoch == 1);
  CHECK(l1.expires_ms == t0 + 3000);

  // Another node, while the lease is live: told who holds it, nothing changes.
  auto [s2, l2] = claim(*b, code, "node-b", t0 + 2999, t0 + 6000);
  REQUIRE(s2 == ok);
  CHECK(l2.node == "node-a");
  CHECK(l2.epoch == 1);
  CHECK(l2.expires_ms == t0 + 3000);

  // The holder itself (a restarted node): claimed again, with a new epoch.
  auto [s3, l3] = claim(*a, code, "node-a", t0 + 100, t0 + 3100);
  REQUIRE(s3 == ok);
  CHECK(l3.node == "node-a");
  CHECK(l3.epoch == 2);

  // Once it lapsed: the other node takes it.
  auto [s4, l4] = claim(*b, code, "node-b", t0 + 3101, t0 + 6101);
  REQUIRE(s4 == ok);
  CHECK(l4.node == "node-b");
  CHECK(l4.epoch == 3);

  // No such match: epoch 0, and no lease row is made.
  auto [s5, l5] = claim(*a, "ZZZZZZ", "node-a", t0, t0 + 3000);
  CHECK(s5 == ok);
  CHECK(l5.epoch == 0);
  CHECK(db.scalar("SELECT COUNT(*) FROM leases") == 1);
}

TEST_CASE(
    "the epoch fence: once another node claimed the match, the old holder's appends are refused and the new holder's go on",
    "[store][lease]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto a = open_store(db.target);
  auto b = open_store(db.target);
  const std::string code = new_match(*a);

  const lease held_a = claim(*a, code, "node-a", t0, t0 + 3000).second;
  REQUIRE(held_a.epoch == 1);
  CHECK(append(*a, code, 1, held_a) == ok);
  // A fence that names the right node with a wrong epoch, or another node, is refused.
  CHECK(append(*a, code, 2, lease{"node-a", 7, 0}) == conflict);
  CHECK(append(*b, code, 2, lease{"node-b", 1, 0}) == conflict);

  const lease held_b = claim(*b, code, "node-b", t0 + 3001, t0 + 6001).second;
  REQUIRE(held_b.node == "node-b");
  // The stale holder's next version is refused: nothing is logged.
  CHECK(append(*a, code, 2, held_a) == conflict);
  CHECK(a->load_match(code).value.version == 1);
  // The new holder continues the same log.
  CHECK(append(*b, code, 2, held_b) == ok);
  CHECK(append(*a, code, 3, held_a) == conflict);
  const auto log = b->load_actions(code);
  REQUIRE(log.found());
  REQUIRE(log.value.size() == 2);
  CHECK(log.value[1].version == 2);
  // The version fence still holds under a valid lease.
  CHECK(append(*b, code, 2, held_b) == conflict);
}

TEST_CASE(
    "renewal extends a node's leases and lists only those it still holds, and a release lets another node claim at once",
    "[store][lease]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto a = open_store(db.target);
  auto b = open_store(db.target);
  std::vector<std::string> codes = {new_match(*a), new_match(*a), new_match(*a)};
  std::sort(codes.begin(), codes.end());
  for (const auto& c : codes) REQUIRE(claim(*a, c, "node-a", t0, t0 + 3000).second.node == "node-a");

  // node-b takes the third match once its lease lapsed; node-a's renewal then lists two.
  REQUIRE(claim(*b, codes[2], "node-b", t0 + 3001, t0 + 6001).second.node == "node-b");
  const renewal first = renew(*a, "node-a", t0 + 9000);
  REQUIRE(first.status == ok);
  CHECK(first.codes == std::vector<std::string>{codes[0], codes[1]});
  CHECK(first.wanted.empty());
  // Renewed: still live at t0 + 8999 for everyone else; node-b's refused claim is recorded
  // as wanting it, which node-a's next renewal reports.
  CHECK(claim(*b, codes[0], "node-b", t0 + 8999, t0 + 12000).second.node == "node-a");
  CHECK(renew(*a, "node-a", t0 + 9000).wanted == std::vector<std::string>{codes[0]});
  // A claim that does not ask (a node sweeping idle matches) leaves no want.
  CHECK(claim(*b, codes[1], "node-b", t0 + 8999, t0 + 12000, false).second.node == "node-a");
  CHECK(renew(*a, "node-a", t0 + 9000).wanted == std::vector<std::string>{codes[0]});

  // Releasing one lease (the right epoch) frees it now; a stale epoch releases nothing.
  const lease a0 = claim(*a, codes[0], "node-a", t0 + 100, t0 + 9000).second;  // epoch 2
  CHECK(renew(*a, "node-a", t0 + 9000).wanted.empty());                        // a claim clears the want
  result stale, fresh;
  a->release_lease(codes[1], lease{"node-a", 99, 0}, stale.done());
  a->release_lease(codes[0], a0, fresh.done());
  CHECK(stale.get() == ok);
  CHECK(fresh.get() == ok);
  CHECK(claim(*b, codes[0], "node-b", t0 + 200, t0 + 3200).second.node == "node-b");
  CHECK(claim(*b, codes[1], "node-b", t0 + 200, t0 + 3200).second.node == "node-a");

  // Releasing every lease of a node (shutdown).
  result all;
  a->release_lease("", lease{"node-a", 0, 0}, all.done());
  CHECK(all.get() == ok);
  const lease b1 = claim(*b, codes[1], "node-b", t0 + 300, t0 + 3300).second;
  CHECK(b1.node == "node-b");
  CHECK(renew(*a, "node-a", t0 + 9000).codes.empty());
  CHECK(renew(*b, "node-b", t0 + 9000).codes == codes);
}

TEST_CASE("a claim of a lease another node let lapse is marked taken over, and a fresh, given-up or own one is not",
          "[store][lease]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto a = open_store(db.target);
  auto b = open_store(db.target);
  const std::string code = new_match(*a);
  auto [s1, fresh] = claim(*a, code, "node-a", t0, t0 + 3000);
  REQUIRE(s1 == ok);
  CHECK_FALSE(fresh.taken_over);
  auto [s2, own] = claim(*a, code, "node-a", t0 + 1000, t0 + 4000);  // a restarted node
  REQUIRE(s2 == ok);
  CHECK_FALSE(own.taken_over);
  // node-a stops renewing: node-b takes it once it lapsed.
  auto [s3, lapsed] = claim(*b, code, "node-b", t0 + 4001, t0 + 7000);
  REQUIRE(s3 == ok);
  CHECK(lapsed.node == "node-b");
  CHECK(lapsed.taken_over);
  // node-b gives it up (a hand-over, a shutdown): node-a's claim is no take-over.
  result r;
  b->release_lease(code, lapsed, r.done());
  REQUIRE(r.get() == ok);
  auto [s4, given] = claim(*a, code, "node-a", t0 + 5000, t0 + 8000);
  REQUIRE(s4 == ok);
  CHECK(given.node == "node-a");
  CHECK_FALSE(given.taken_over);
}

TEST_CASE("the node directory: a node's recorded address is where another node finds the live holder of a match",
          "[store][lease]") {
  test_db db(GENERATE(backend::sqlite, backend::postgres));
  CAPTURE(db.kind);
  auto a = open_store(db.target);
  auto b = open_store(db.target);
  const std::string code = new_match(*a);
  // No lease yet: nobody to relay to.
  CHECK(find_lease_holder(*b, code, "node-b", t0).status == read_status::absent);
  REQUIRE(claim(*a, code, "node-a", t0, t0 + 3000).first == ok);
  // Held, but node-a recorded no address: not found (node-b serves the connection itself).
  CHECK(find_lease_holder(*b, code, "node-b", t0 + 1).status == read_status::absent);
  result r1;
  announce_node(*a, "node-a", "10.0.0.1:8080", t0, r1.done());
  REQUIRE(r1.get() == ok);
  auto found = find_lease_holder(*b, code, "node-b", t0 + 1);
  REQUIRE(found.status == read_status::found);
  CHECK(found.value.node == "node-a");
  CHECK(found.value.address == "10.0.0.1:8080");
  // A restart with another address replaces it.
  result r2;
  announce_node(*a, "node-a", "[fd00::1]:8080", t0 + 2, r2.done());
  REQUIRE(r2.get() == ok);
  CHECK(find_lease_holder(*b, code, "node-b", t0 + 3).value.address == "[fd00::1]:8080");
  // The holder itself, a lapsed lease and an unknown code find nobody.
  CHECK(find_lease_holder(*a, code, "node-a", t0 + 3).status == read_status::absent);
  CHECK(find_lease_holder(*b, code, "node-b", t0 + 3000).status == read_status::absent);
  CHECK(find_lease_holder(*b, "ZZZZZZ", "node-b", t0 + 3).status == read_status::absent);
}

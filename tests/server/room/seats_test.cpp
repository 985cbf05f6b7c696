// The seats of a room (server/room/seats.h): tokens and claims, who sits where, names, the start,
// presence with its abandonment countdown, and the abandonment rule — on plain times.
#include <catch2/catch.hpp>

#include "server/room/seats.h"
#include "server/util/secrets.h"

using namespace tabuleiro;
using namespace tabuleiro::server;

namespace {

constexpr std::int64_t seats_t0 = 1'000'000;
constexpr std::int64_t seat_limit_ms = 600'000;

// Seats whose seat 1 holds token a (seat 2 free).
seats one_taken(const std::string& a) { return seats({token_hash(a), ""}, {"Ana", ""}, {0, 0}, seats_t0); }

}  // namespace

TEST_CASE("seats: a token finds its seat, a free seat is claimed once, the second claim starts the match") {
  const std::string a = new_seat_token(), b = new_seat_token();
  seats s = one_taken(a);
  CHECK(s.seat_of_token(a) == 1);
  CHECK(s.seat_of_token(b) == 0);
  CHECK(s.seat_of_token("") == 0);
  CHECK(s.taken(1));
  CHECK_FALSE(s.taken(2));
  CHECK_FALSE(s.both_taken());
  CHECK(s.free_seat() == 2);
  s.begin_claim(2);
  CHECK(s.free_seat() == 0);                  // a claim in flight holds the seat
  CHECK_FALSE(s.end_claim(2, std::nullopt));  // the store refused it: free again
  CHECK(s.free_seat() == 2);
  s.begin_claim(2);
  CHECK(s.end_claim(2, token_hash(b)));  // the second seat: the match starts
  CHECK(s.both_taken());
  CHECK(s.seat_of_token(b) == 2);
  CHECK(s.token_hashes()[1] == token_hash(b));
}

TEST_CASE("seats: a newer connection replaces the one in its seat, only the holder's leaving empties it") {
  seats s = one_taken(new_seat_token());
  CHECK(s.sit(1, 7) == 0);
  CHECK(s.sit(1, 7) == 0);  // the same connection again replaces nobody
  CHECK(s.sit(1, 9) == 7);
  CHECK_FALSE(s.stand(1, 7, seats_t0 + 5));  // the replaced connection leaves: the seat stays held
  CHECK(s.holder(1) == 9);
  CHECK(s.stand(1, 9, seats_t0 + 5));
  CHECK(s.holder(1) == 0);
}

TEST_CASE("seats: presence counts down an empty taken seat to abandonment, never a bot's") {
  seats s({token_hash("x"), token_hash("y")}, {"Ana", "Bia"}, {0, 0}, seats_t0);
  s.sit(1, 3);
  auto p = s.presence(seats_t0 + 100'000, seat_limit_ms, true, true, 0, "");
  CHECK(p[0].connected);
  CHECK(p[0].name == "Ana");
  CHECK_FALSE(p[0].abandon_in_ms);
  CHECK_FALSE(p[1].connected);
  REQUIRE(p[1].abandon_in_ms);
  CHECK(*p[1].abandon_in_ms == seat_limit_ms - 100'000);
  CHECK_FALSE(s.presence(seats_t0 + 100'000, seat_limit_ms, false, true, 0, "")[1].abandon_in_ms);  // no countdown
  CHECK(*s.presence(seats_t0 + 2 * seat_limit_ms, seat_limit_ms, true, true, 0, "")[1].abandon_in_ms ==
        0);  // never negative
  p = s.presence(seats_t0, seat_limit_ms, true, true, 2, "hard");
  CHECK(p[1].taken);
  CHECK(p[1].connected);
  CHECK(p[1].bot == "hard");
  CHECK_FALSE(p[1].abandon_in_ms);
  CHECK_FALSE(p[1].offline_ms);
}

TEST_CASE("seats: presence says how long a taken seat of a running match has been offline") {
  seats s({token_hash("x"), token_hash("y")}, {"Ana", "Bia"}, {0, 0}, seats_t0);
  s.sit(1, 3);
  s.sit(2, 4);
  CHECK(s.stand(2, 4, seats_t0 + 5'000));
  auto p = s.presence(seats_t0 + 85'000, seat_limit_ms, false, true, 0, "");
  CHECK_FALSE(p[0].offline_ms);  // here
  REQUIRE(p[1].offline_ms);
  CHECK(*p[1].offline_ms == 80'000);
  CHECK_FALSE(s.presence(seats_t0 + 85'000, seat_limit_ms, false, false, 0, "")[1].offline_ms);  // not running
  s.sit(2, 5);
  CHECK_FALSE(s.presence(seats_t0 + 90'000, seat_limit_ms, false, true, 0, "")[1].offline_ms);  // back
}

TEST_CASE("seats: abandonment after the seat_limit_ms: the present seat wins, nobody when both are away") {
  seats s({token_hash("x"), token_hash("y")}, {"", ""}, {0, 0}, seats_t0);
  s.sit(1, 3);
  CHECK_FALSE(s.abandonment(seats_t0 + seat_limit_ms - 1, seat_limit_ms, 0));
  auto c = s.abandonment(seats_t0 + seat_limit_ms, seat_limit_ms, 0);
  REQUIRE(c);
  CHECK(c->kind == protocol::room_change_kind::abandoned);
  CHECK(c->winner == std::optional<engine::seat>(1));
  s.stand(1, 3, seats_t0 + 10);
  c = s.abandonment(seats_t0 + seat_limit_ms + 10, seat_limit_ms, 0);
  REQUIRE(c);
  CHECK_FALSE(c->winner);  // both away: nobody wins
  // One seat away for long enough and the other away for less (and not here): nothing yet.
  CHECK_FALSE(s.abandonment(seats_t0 + seat_limit_ms + 9, seat_limit_ms, 0));
  // A bot is never away: its opponent's absence gives it the match.
  seats b({token_hash("x"), token_hash("bot")}, {"", ""}, {0, 0}, seats_t0);
  c = b.abandonment(seats_t0 + seat_limit_ms, seat_limit_ms, 2);
  REQUIRE(c);
  CHECK(c->winner == std::optional<engine::seat>(2));
  // A lone creator who left a match nobody joined: nobody wins.
  seats lone({token_hash("x"), ""}, {"", ""}, {0, 0}, seats_t0);
  c = lone.abandonment(seats_t0 + seat_limit_ms, seat_limit_ms, 0);
  REQUIRE(c);
  CHECK_FALSE(c->winner);
  CHECK_FALSE(seats({"", ""}, {"", ""}, {0, 0}, seats_t0).abandonment(seats_t0 + seat_limit_ms, seat_limit_ms, 0));
}

TEST_CASE("seats: names, and the abort window closes once both seats moved") {
  seats s = one_taken("a");
  CHECK(s.name(1) == "Ana");
  s.set_name(2, "Bia");
  CHECK(s.names()[1] == "Bia");
  s.mark_moved(1);
  CHECK_FALSE(s.both_moved());
  s.mark_moved(2);
  CHECK(s.both_moved());
}

TEST_CASE("seats: a seat claimed by an account is found by that account, a guest's by none") {
  seats s({token_hash("x"), ""}, {"", ""}, {7, 0}, seats_t0);
  CHECK(s.seat_of_user(7) == 1);
  CHECK(s.seat_of_user(8) == 0);
  CHECK(s.seat_of_user(0) == 0);  // a guest is no account
  s.begin_claim(2);
  CHECK(s.seat_of_user(8) == 0);  // not while the claim is in flight
  CHECK(s.end_claim(2, token_hash("y"), 8));
  CHECK(s.seat_of_user(8) == 2);
  CHECK(s.users() == std::array<std::int64_t, 2>{7, 8});
  seats guest({token_hash("x"), ""}, {"", ""}, {0, 0}, seats_t0);
  guest.begin_claim(2);
  guest.end_claim(2, token_hash("y"));
  CHECK(guest.users() == std::array<std::int64_t, 2>{0, 0});
}

// The chat's decisions (server/room/chat.h), without a room: what the chat is to a connection,
// what a written line becomes (its refusals, in the order the room relies on), who is sent a
// stored line, and the history a connection joins with.
#include <string>
#include <variant>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/room/chat.h"

using namespace tabuleiro::server;
using nlohmann::json;

namespace {

constexpr chat_reader chat_guest{0, 0}, chat_member{0, 7}, chat_seat1{1, 11}, chat_seat2{2, 22}, chat_guest_seat{1, 0};

// The refusal code of a write, or "" when it made a line.
std::string chat_refusal(const std::variant<tabuleiro::engine::rule_error, chat_line>& w) {
  auto* e = std::get_if<tabuleiro::engine::rule_error>(&w);
  return e ? e->code : "";
}

// A line written by reader (connection id client) and stored with id, as the room stores it.
chat_line store_line(match_chat& chat, std::uint64_t client, const chat_reader& reader, const std::string& text,
                     std::int64_t id) {
  auto w = chat.write(client, reader, "Name", text, 1000 * id);
  REQUIRE(chat_refusal(w).empty());
  chat_line l = std::get<chat_line>(w);
  l.id = id;
  chat.stored(l);
  return l;
}

}  // namespace

TEST_CASE("chat: what the chat is to a connection: on, off, or for members only") {
  CHECK(std::string(match_chat(true, false).access(chat_guest)) == "on");
  CHECK(std::string(match_chat(false, false).access(chat_seat1)) == "off");
  CHECK(std::string(match_chat(false, true).access(chat_guest)) == "off");
  CHECK(std::string(match_chat(true, true).access(chat_guest)) == "members");
  CHECK(std::string(match_chat(true, true).access(chat_guest_seat)) == "members");
  CHECK(std::string(match_chat(true, true).access(chat_member)) == "on");
}

TEST_CASE("chat: a written line is refused for its access first, then its text, then its rate") {
  CHECK(chat_refusal(match_chat(true, true).write(1, chat_guest, "", "hello", 0)) == "sign_in_required");
  CHECK(chat_refusal(match_chat(false, false).write(1, chat_seat1, "Ana", "", 0)) == "chat_off");
  match_chat chat(true, false);
  CHECK(chat_refusal(chat.write(1, chat_seat1, "Ana", std::string(401, 'a'), 0)) == "too_long");
  CHECK(chat_refusal(chat.write(1, chat_seat1, "Ana", " \t ", 0)) == "bad_message");
  // The refusals above took nothing from the allowance: five at once, then one a second.
  for (int i = 0; i < 5; ++i) CHECK(chat_refusal(chat.write(1, chat_seat1, "Ana", "hi", 0)).empty());
  CHECK(chat_refusal(chat.write(1, chat_seat1, "Ana", "hi", 0)) == "chat_rate");
  CHECK(chat_refusal(chat.write(2, chat_seat2, "Bia", "hi", 0)).empty());  // each connection its own
  CHECK(chat_refusal(chat.write(1, chat_seat1, "Ana", "hi", 1000)).empty());
}

TEST_CASE("chat: a written line is the writer's channel, seat, account and name, its text cleaned") {
  match_chat chat(true, false);
  auto w = chat.write(1, chat_seat2, "Bia", "  good game ", 4200);
  REQUIRE(chat_refusal(w).empty());
  const chat_line l = std::get<chat_line>(w);
  CHECK(l.channel == "players");
  CHECK(l.seat == 2);
  CHECK(l.user_id == 22);
  CHECK(l.name == "Bia");
  CHECK(l.text == "good game");
  CHECK(l.at_ms == 4200);
  CHECK(std::get<chat_line>(chat.write(2, chat_member, "Caio", "hi", 0)).channel == "spectators");
}

TEST_CASE("chat: a stored line goes to those who read it: players' lines to the seats unless muted, "
          "spectators' lines to the seats once the match is over") {
  match_chat chat(true, false);
  const chat_line said = store_line(chat, 1, chat_seat1, "hello", 1);
  CHECK(chat.delivers(said, chat_seat1, false));
  CHECK(chat.delivers(said, chat_seat2, false));
  CHECK_FALSE(chat.delivers(said, chat_guest, false));
  chat.set_muted(2, true);
  CHECK_FALSE(chat.delivers(said, chat_seat2, false));
  CHECK(chat.delivers(said, chat_seat1, false));
  const chat_line watched = store_line(chat, 3, chat_guest, "nice", 2);
  CHECK(chat.delivers(watched, chat_guest, false));
  CHECK_FALSE(chat.delivers(watched, chat_seat1, false));
  CHECK(chat.delivers(watched, chat_seat1, true));
  // Where only members chat, a guest is sent nothing.
  match_chat members(true, true);
  const chat_line line = store_line(members, 1, chat_seat1, "hello", 3);
  CHECK(members.delivers(line, chat_seat2, false));
  CHECK_FALSE(members.delivers(line, chat_guest_seat, false));
}

TEST_CASE("chat: the message of a stored line, and the history a connection joins with") {
  match_chat chat(true, false);
  // Nothing to say: no line, the chat open, no mute.
  CHECK_FALSE(chat.history(chat_seat1, false, false));
  const json empty = json::parse(*chat.history(chat_seat1, false, true));
  CHECK(empty["chat"] == "on");
  CHECK(empty["lines"].empty());
  auto w = chat.write(1, chat_seat1, "Ana", "hello", 0);
  chat_line l = std::get<chat_line>(w);
  l.id = 9;
  const json told = json::parse(chat.stored(l));
  CHECK(told["type"] == "chat");
  CHECK(told["line"]["id"] == 9);
  CHECK(told["line"]["text"] == "hello");
  const json history = json::parse(*chat.history(chat_seat2, false, false));
  CHECK(history["lines"].size() == 1);
  CHECK_FALSE(chat.history(chat_guest, false, false));  // the players' line is not theirs
  chat.set_muted(2, true);
  const json muted = json::parse(*chat.history(chat_seat2, false, false));
  CHECK(muted["muted"] == true);
  CHECK(muted["lines"].empty());
  // A guest where only members chat is told so, with no line; a chat turned off keeps its lines readable.
  const json guest = json::parse(*match_chat(true, true).history(chat_guest, false, false));
  CHECK(guest["chat"] == "members");
  match_chat off(false, false);
  CHECK(json::parse(*off.history(chat_seat1, false, false))["chat"] == "off");
}

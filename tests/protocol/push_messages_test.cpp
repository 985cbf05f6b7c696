// Web Push's messages (protocol/core/push_messages): a notice worded in the member's language
// with its match's link and tag; the choice of notifications read from a request.
#include <catch2/catch.hpp>

#include "protocol/core/push_messages.h"

using namespace tabuleiro::protocol::messages;

namespace {

// The fields of a notice of kind about match code of game against opponent.
push_notice_fields notice(std::string_view kind, std::string_view code, std::string_view game,
                          std::string_view opponent, std::string_view outcome = {}, std::int64_t left_s = 0) {
  return {kind, code, game, opponent, outcome, left_s};
}

}  // namespace

TEST_CASE("push payload: each kind worded in English and in Portuguese, with the match's link and tag") {
  const auto turn = push_payload(notice("turn", "K7M2QX", "taixu", "Ana"), "en");
  CHECK(turn == nlohmann::json{{"kind", "turn"},
                               {"title", "Your turn"},
                               {"body", "TAIXU against Ana"},
                               {"url", "/m/K7M2QX"},
                               {"tag", "K7M2QX"}});
  CHECK(push_payload(notice("turn", "K7M2QX", "cyvasse", "Ana"), "pt-BR")["title"] == "Sua vez");
  CHECK(push_payload(notice("turn", "K7M2QX", "cyvasse", "Ana"), "pt-BR")["body"] == "Cyvasse contra Ana");
  CHECK(push_payload(notice("started", "K7M2QX", "quadri", "Bia"), "en")["title"] == "Your match has started");
  CHECK(push_payload(notice("started", "K7M2QX", "quadri", "Bia"), "en")["body"] == "QU4DRI against Bia");
  // Without the opponent's name, only the game.
  CHECK(push_payload(notice("turn", "K7M2QX", "taixu", ""), "en")["body"] == "TAIXU");
  // Results, per outcome.
  CHECK(push_payload(notice("result", "K7M2QX", "taixu", "Ana", "won"), "en")["title"] == "You won");
  CHECK(push_payload(notice("result", "K7M2QX", "taixu", "Ana", "lost"), "pt-BR")["title"] == "Você perdeu");
  CHECK(push_payload(notice("result", "K7M2QX", "taixu", "Ana", "drawn"), "en")["title"] == "Draw");
  CHECK(push_payload(notice("result", "K7M2QX", "taixu", "Ana", "ended"), "pt-BR")["title"] == "Partida encerrada");
  // Low time names the time left.
  CHECK(push_payload({"low_time", "K7M2QX", "taixu", "Ana", "", 3900}, "en")["body"] ==
        "TAIXU against Ana: 1 h 5 min left");
  CHECK(push_payload({"low_time", "K7M2QX", "taixu", "Ana", "", 45}, "pt-BR")["body"] ==
        "TAIXU contra Ana: restam 45 s");
  // A reminder of a correspondence turn names the time left too.
  CHECK(push_payload({"reminder", "K7M2QX", "taixu", "Ana", "", 23 * 3600}, "en")["title"] == "Reminder: your turn");
  CHECK(push_payload({"reminder", "K7M2QX", "taixu", "Ana", "", 23 * 3600}, "pt-BR")["body"] ==
        "TAIXU contra Ana: restam 23 h");
  // A challenge opens the lobby.
  const auto challenge = push_payload(notice("challenge", "c42", "taixu", "Bia"), "en");
  CHECK(challenge["url"] == "/lobby");
  CHECK(challenge["tag"] == "challenge-c42");
  CHECK(challenge["body"] == "Bia challenges you: TAIXU");
  // Any other language is English.
  CHECK(push_payload(notice("turn", "K7M2QX", "taixu", "Ana"), "fr")["title"] == "Your turn");
}

TEST_CASE("push settings: a choice is read by name, booleans only") {
  notify_choice c;
  CHECK(read_notify_choice({{"turn", false}}, c));
  CHECK_FALSE(c.turn);
  CHECK(c.result);
  CHECK_FALSE(read_notify_choice({{"turn", 1}}, c));
  CHECK_FALSE(read_notify_choice({{"sometimes", true}}, c));
  CHECK_FALSE(read_notify_choice(nlohmann::json::array(), c));
  CHECK_FALSE(c.turn);  // a refused choice changed nothing
}

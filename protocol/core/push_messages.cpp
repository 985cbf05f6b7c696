// Web Push's answers (see push_messages.h).
#include "protocol/core/push_messages.h"

#include <array>
#include <utility>

#include "protocol/core/game.h"

namespace tabuleiro::protocol::messages {

namespace {

// The choice's names and members, in the order answers list them.
constexpr std::array<std::pair<const char*, bool notify_choice::*>, 5> kinds = {{
    {"turn", &notify_choice::turn},
    {"started", &notify_choice::started},
    {"low_time", &notify_choice::low_time},
    {"challenge", &notify_choice::challenge},
    {"result", &notify_choice::result},
}};

// A duration as a player reads it: "2 h 5 min", "4 min", "30 s".
std::string duration_text(std::int64_t s) {
  if (s >= 3600)
    return std::to_string(s / 3600) + " h" + (s % 3600 >= 60 ? " " + std::to_string(s % 3600 / 60) + " min" : "");
  if (s >= 60) return std::to_string(s / 60) + " min";
  return std::to_string(s < 0 ? 0 : s) + " s";
}

}  // namespace

nlohmann::json push_payload(const push_notice_fields& n, std::string_view language) {
  const bool pt = language == "pt-BR";
  const std::string game = game_title(n.game);
  const std::string against = n.opponent.empty() ? "" : (pt ? " contra " : " against ") + std::string(n.opponent);
  std::string title, body;
  if (n.kind == "turn") {
    title = pt ? "Sua vez" : "Your turn";
    body = game + against;
  } else if (n.kind == "reminder") {
    title = pt ? "Lembrete: sua vez" : "Reminder: your turn";
    body = game + against + (pt ? ": restam " : ": ") + duration_text(n.left_s) + (pt ? "" : " left");
  } else if (n.kind == "started") {
    title = pt ? "Sua partida começou" : "Your match has started";
    body = game + against;
  } else if (n.kind == "low_time") {
    title = pt ? "Pouco tempo" : "Low on time";
    body = game + against + (pt ? ": restam " : ": ") + duration_text(n.left_s) + (pt ? "" : " left");
  } else if (n.kind == "challenge") {
    title = pt ? "Novo desafio" : "New challenge";
    body = n.opponent.empty() ? game : std::string(n.opponent) + (pt ? " desafia você: " : " challenges you: ") + game;
    return {{"kind", n.kind},
            {"title", std::move(title)},
            {"body", std::move(body)},
            {"url", "/lobby"},
            {"tag", "challenge-" + std::string(n.code)}};
  } else {
    if (n.outcome == "won") title = pt ? "Você venceu" : "You won";
    else if (n.outcome == "lost") title = pt ? "Você perdeu" : "You lost";
    else if (n.outcome == "drawn") title = pt ? "Empate" : "Draw";
    else title = pt ? "Partida encerrada" : "Match over";
    body = game + against;
  }
  return {{"kind", n.kind},
          {"title", std::move(title)},
          {"body", std::move(body)},
          {"url", "/m/" + std::string(n.code)},
          {"tag", n.code}};
}

nlohmann::json push_key(std::string_view public_key) { return {{"public_key", public_key}}; }

nlohmann::json push_settings(std::string_view public_key, const notify_choice& notify,
                             const std::vector<push_subscription_fields>& subscriptions) {
  nlohmann::json choice = nlohmann::json::object();
  for (const auto& [name, member] : kinds) choice[name] = notify.*member;
  nlohmann::json list = nlohmann::json::array();
  for (const auto& s : subscriptions)
    list.push_back({{"id", s.id}, {"label", s.label}, {"origin", s.origin}, {"created", s.created}});
  return {{"public_key", public_key}, {"notify", std::move(choice)}, {"subscriptions", std::move(list)}};
}

bool read_notify_choice(const nlohmann::json& body, notify_choice& base) {
  if (!body.is_object()) return false;
  notify_choice out = base;
  for (const auto& [key, value] : body.items()) {
    bool known = false;
    for (const auto& [name, member] : kinds) {
      if (key != name) continue;
      if (!value.is_boolean()) return false;
      out.*member = value.get<bool>();
      known = true;
    }
    if (!known) return false;
  }
  base = out;
  return true;
}

}  // namespace tabuleiro::protocol::messages

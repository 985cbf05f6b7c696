// Web Push's answers (see push_messages.h).
#include "protocol/core/push_messages.h"

#include <array>
#include <utility>

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

}  // namespace

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

// The admin page's answers (see admin_messages.h).
#include "protocol/core/admin_messages.h"

namespace tabuleiro::protocol::messages {

json admin_users(const std::vector<admin_user_fields>& users) {
  json list = json::array();
  for (const auto& u : users)
    list.push_back({{"id", u.id},
                    {"username", u.username},
                    {"display_name", u.display_name},
                    {"language", u.language},
                    {"admin", u.admin},
                    {"disabled", u.disabled},
                    {"created", u.created}});
  return {{"users", std::move(list)}};
}

json admin_link(std::string_view code, std::string_view link, std::string_view expires) {
  return {{"code", code}, {"link", link}, {"expires", expires}};
}

json admin_invitations(const std::vector<invitation_fields>& invitations) {
  json list = json::array();
  for (const auto& i : invitations)
    list.push_back({{"id", i.id},
                    {"created_by", i.created_by.empty() ? json(nullptr) : json(i.created_by)},
                    {"created", i.created},
                    {"expires", i.expires},
                    {"max_uses", i.max_uses},
                    {"uses", i.uses},
                    {"revoked", i.revoked},
                    {"admin", i.grants_admin},
                    {"state", i.state}});
  return {{"invitations", std::move(list)}};
}

json admin_audit(const std::vector<audit_fields>& entries) {
  json list = json::array();
  for (const auto& e : entries)
    list.push_back({{"at", e.at},
                    {"actor", e.actor},
                    {"address", e.address},
                    {"action", e.action},
                    {"target", e.target},
                    {"detail", e.detail}});
  return {{"entries", std::move(list)}};
}

json admin_matches(const std::vector<admin_match_fields>& matches) {
  json list = json::array();
  const auto name = [](std::string_view n) { return n.empty() ? json(nullptr) : json(n); };
  for (const auto& m : matches)
    list.push_back({{"code", m.code},
                    {"game", m.game},
                    {"status", m.status},
                    {"visibility", m.visibility},
                    {"players", json::array({name(m.seat1), name(m.seat2)})},
                    {"outcome", m.outcome ? *m.outcome : json(nullptr)},
                    {"created", m.created},
                    {"updated", m.updated}});
  return {{"matches", std::move(list)}};
}

json admin_server(const server_fields& f) {
  return {{"version", f.version},
          {"started", f.started},
          {"uptime_s", f.uptime_s},
          {"connections", f.connections},
          {"rooms", f.rooms},
          {"bots_thinking", f.bots_thinking},
          {"database_bytes", f.database_bytes < 0 ? json(nullptr) : json(f.database_bytes)},
          {"maintenance", f.maintenance},
          {"access", f.access},
          {"node", f.node}};
}

json admin_backups(const backups_fields& f) {
  json list = json::array();
  for (const auto& b : f.backups)
    list.push_back({{"file", b.file},
                    {"at", b.at},
                    {"bytes", b.bytes},
                    {"ok", b.ok},
                    {"error", b.ok ? json(nullptr) : json(b.error)},
                    {"by", b.by}});
  return {{"configured", f.configured},
          {"dir", f.dir},
          {"db", f.db.empty() ? json(nullptr) : json(f.db)},
          {"postgres", f.postgres},
          {"every_s", f.every_s},
          {"keep", f.keep},
          {"running", f.running},
          {"next", f.next.empty() ? json(nullptr) : json(f.next)},
          {"last_success", f.last_success.empty() ? json(nullptr) : json(f.last_success)},
          {"failures", f.failures},
          {"last_failed", !f.backups.empty() && !f.backups.front().ok},
          {"backups", std::move(list)}};
}

json admin_done() { return {{"ok", true}}; }

namespace {

json admin_chat_json(const admin_chat_fields& l) {
  return {{"id", l.id}, {"seat", l.seat}, {"name", l.name}, {"text", l.text}, {"at", l.at}};
}

}  // namespace

json admin_reports(const std::vector<chat_report_fields>& reports) {
  json list = json::array();
  for (const auto& r : reports) {
    json conversation = json::array();
    for (const auto& l : r.conversation) conversation.push_back(admin_chat_json(l));
    list.push_back({{"id", r.id},
                    {"code", r.code},
                    {"channel", r.channel},
                    {"line", admin_chat_json(r.line)},
                    {"reporter", r.reporter},
                    {"reason", r.reason},
                    {"created", r.created},
                    {"conversation", std::move(conversation)}});
  }
  return {{"reports", std::move(list)}};
}

}  // namespace tabuleiro::protocol::messages

// The admin routes of the HTTP API (/api/admin/…, PROTOCOL.md "Administration"): users,
// invitations, the audit log, the server's state and maintenance mode, matches. Only a
// signed-in administrator is answered (401 signed_out, 403 not_admin); every POST also needs the
// session's CSRF token (403 bad_csrf) and is recorded in the audit log with the admin's name and
// address. Their handlers are declared in route_handlers.h.
#include "server/net/route_handlers.h"

#include <algorithm>
#include <filesystem>

#include "protocol/core/admin_messages.h"
#include "protocol/core/json_util.h"
#include "protocol/core/messages.h"
#include "server/accounts/admin.h"
#include "server/net/http_query.h"
#include "server/net/shared_state.h"
#include "server/net/webhook_api.h"
#include "server/room/summary.h"
#include "server/store/pg.h"
#include "server/util/secrets.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
using accounts::auth_result;
using protocol::messages::http_error;

// The 4xx/5xx answer to a refusal of the administration.
api_answer admin_refused(const accounts::refusal& r) {
  int status = 400;
  if (r.code == "not_found") status = 404;
  else if (r.code == "own_account" || r.code == "last_admin" || r.code == "not_finished" ||
           r.code == "served_elsewhere")
    status = 409;
  else if (r.code == "unavailable") status = 503;
  return {status, http_error(r.code, r.message)};
}

api_answer unavailable(const char* what) {
  return {503, http_error("unavailable", std::string(what) + " cannot be read right now; try again")};
}

// A 200 answer that no cache keeps.
api_answer fresh(nlohmann::json body) { return {200, std::move(body), {{"Cache-Control", "no-store"}}}; }

// The answer to a change: {"ok":true} or its refusal.
std::function<void(std::optional<accounts::refusal>)> changed(std::function<void(api_answer)> answer) {
  return [answer = std::move(answer)](std::optional<accounts::refusal> no) {
    if (no) return answer(admin_refused(*no));
    answer(fresh(protocol::messages::admin_done()));
  };
}

// The answer carrying a link made once (an invitation or a password reset) on page.
std::function<void(std::variant<accounts::invitation, accounts::refusal>)> link_answer(
    std::string page, std::function<void(api_answer)> answer) {
  return [page = std::move(page), answer = std::move(answer)](std::variant<accounts::invitation, accounts::refusal> r) {
    if (const auto* no = std::get_if<accounts::refusal>(&r)) return answer(admin_refused(*no));
    const auto& made = std::get<accounts::invitation>(r);
    api_answer a = fresh(protocol::messages::admin_link(made.code, page + made.code, iso_time(made.expires_ms)));
    a.status = 201;
    answer(std::move(a));
  };
}

// The state an invitation is in at now_ms, as an administrator sees it.
std::string_view invitation_state(const accounts::invitation_row& i, std::int64_t now_ms) {
  if (i.revoked) return "revoked";
  if (i.uses >= i.max_uses) return "used";
  // A set-up link works only while no administrator exists: for whoever reads this list it no
  // longer can.
  if (i.grants_admin) return "lapsed";
  if (i.expires_ms <= now_ms) return "lapsed";
  return "open";
}

// The JSON of the admin page's match list.
nlohmann::json admin_matches_json(const std::vector<accounts::admin_match_row>& rows) {
  std::vector<nlohmann::json> outcomes;
  std::vector<std::string> times;
  outcomes.reserve(rows.size());
  times.reserve(rows.size() * 2);
  for (const auto& m : rows) {
    outcomes.push_back(m.outcome.empty() ? nlohmann::json(nullptr) : nlohmann::json::parse(m.outcome, nullptr, false));
    times.push_back(iso_time(m.created_ms));
    times.push_back(iso_time(m.updated_ms));
  }
  std::vector<protocol::messages::admin_match_fields> list;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& m = rows[i];
    list.push_back(
        {m.code, m.game, m.status, m.visibility, m.seat1, m.seat2, &outcomes[i], times[2 * i], times[2 * i + 1]});
  }
  return protocol::messages::admin_matches(list);
}

// The waiting chat reports as the admin page reads them.
nlohmann::json admin_reports_json(const std::vector<accounts::chat_report_row>& rows) {
  const auto line = [](const accounts::admin_chat_line& l) {
    return protocol::messages::admin_chat_fields{l.id, l.seat, l.name, l.text, iso_time(l.at_ms)};
  };
  std::vector<protocol::messages::chat_report_fields> list;
  for (const auto& r : rows) {
    protocol::messages::chat_report_fields f{
        r.id, r.code, r.channel, line(r.line), r.reporter, r.reason, iso_time(r.created_ms), {}};
    for (const auto& l : r.conversation) f.conversation.push_back(line(l));
    list.push_back(std::move(f));
  }
  return protocol::messages::admin_reports(list);
}

// The host's reason as the players will read it: control characters made spaces, runs of
// spaces made one, trimmed.
std::string clean_host_reason(const std::string& raw) {
  std::string out;
  for (const unsigned char c : raw) {
    if (c < 0x20 || c == 0x7f) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += static_cast<char>(c);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Aborts the running match code with reason, trying again (up to tries times, half a second
// apart) while another node hands the match over to this one.
void abort_match(shared_state& state, const accounts::actor& by, std::string code, std::string reason, int tries,
                 std::function<void(api_answer)> answer) {
  state.registry.find(code, [&state, by, code, reason, tries, answer](std::shared_ptr<room> r, rooms::lookup how) {
    if (how == rooms::lookup::elsewhere && tries > 1)
      return void(state.svc.time->call_after(500, state.svc.blocking, [&state, by, code, reason, tries, answer] {
        abort_match(state, by, code, reason, tries - 1, answer);
      }));
    if (how == rooms::lookup::absent) return answer({404, http_error("not_found", "no such match")});
    if (!r) return answer({503, http_error("unavailable", "the match cannot be reached right now; try again")});
    r->abort_by_host(reason, [&state, by, code, reason, answer](bool aborted) {
      if (!aborted) return answer({409, http_error("not_running", "the match is already over")});
      state.admin.record(by, "abort_match", "match " + code, reason,
                         [answer](bool) { answer(fresh(protocol::messages::admin_done())); });
    });
  });
}

// GET /api/admin/backups: the scheduled backups' settings and copies (PROTOCOL.md).
nlohmann::json backups_json(const shared_state& state) {
  protocol::messages::backups_fields f;
  if (!state.backups) return protocol::messages::admin_backups(f);
  const backup_status st = state.backups->status();
  std::error_code ec;
  const std::string dir = std::filesystem::absolute(st.dir, ec).lexically_normal().string();
  const bool postgres = is_postgres_url(state.svc.cfg->db);
  const std::string db = postgres ? "" : std::filesystem::absolute(state.svc.cfg->db, ec).lexically_normal().string();
  const std::string next = iso_time(st.next_ms);
  const std::string last = st.last_success_ms > 0 ? iso_time(st.last_success_ms) : "";
  std::vector<std::string> times;
  times.reserve(st.recent.size());
  for (const auto& r : st.recent) times.push_back(iso_time(r.at_ms));
  f.configured = true;
  f.dir = dir;
  f.db = db;
  f.postgres = postgres;
  f.every_s = st.every_ms / 1000;
  f.keep = st.keep;
  f.running = st.running;
  f.next = next;
  f.last_success = last;
  f.failures = st.failures;
  for (std::size_t i = 0; i < st.recent.size(); ++i) {
    const auto& r = st.recent[i];
    f.backups.push_back({r.file, times[i], r.bytes, r.ok, r.error, r.by});
  }
  return protocol::messages::admin_backups(f);
}

// The body of an administrator's change: a JSON object (empty: {}) with members among allowed
// only (PROTOCOL.md "Administration"), or its 400 answer.
std::variant<nlohmann::json, api_answer> change_body(const route_call& call,
                                                     std::initializer_list<std::string_view> allowed) {
  auto parsed = object_body(call, true);
  if (auto* body = std::get_if<nlohmann::json>(&parsed))
    if (const auto unknown = protocol::first_unknown_key(*body, allowed))
      return api_answer{400, http_error("bad_request", "unknown member \"" + *unknown + "\" in the body")};
  return parsed;
}

// Who does an administrator's change, for the audit log.
accounts::actor actor_of(const route_call& call) {
  return {call.auth.s.who.id, call.auth.s.who.username, call.address};
}

// Whether call's body is a change's body with no member (an empty body too); else answers its 400.
bool plain_change(const route_call& call, const answer_fn& answer) {
  auto parsed = change_body(call, {});
  if (auto* no = std::get_if<api_answer>(&parsed)) {
    answer(std::move(*no));
    return false;
  }
  return true;
}

}  // namespace

void admin_list_users(const route_call& call, answer_fn answer) {
  call.state.admin.list_users(
      query_value(call.query, "q"), [answer](std::optional<std::vector<accounts::user_row>> rows) {
        if (!rows) return answer(unavailable("users"));
        std::vector<std::string> times;
        times.reserve(rows->size());
        std::vector<protocol::messages::admin_user_fields> users;
        for (const auto& u : *rows) {
          times.push_back(iso_time(u.created_ms));
          users.push_back({u.id, u.username, u.display_name, u.language, u.admin, u.disabled, times.back()});
        }
        answer(fresh(protocol::messages::admin_users(users)));
      });
}

void admin_disable_user(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.set_disabled(actor_of(call), call.number(0), true,
                                [&state = call.state, user = call.number(0),
                                 answer](std::optional<accounts::refusal> no) {
                                  if (no) return answer(admin_refused(*no));
                                  state.connections.close_account(user, 4003, "account disabled");
                                  answer(fresh(protocol::messages::admin_done()));
                                });
}

void admin_enable_user(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.set_disabled(actor_of(call), call.number(0), false, changed(std::move(answer)));
}

void admin_promote_user(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.set_admin(actor_of(call), call.number(0), true, changed(std::move(answer)));
}

void admin_demote_user(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.set_admin(actor_of(call), call.number(0), false, changed(std::move(answer)));
}

void admin_reset_link(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.reset_link(actor_of(call), call.number(0),
                              link_answer(call.link_base + "/reset?code=", std::move(answer)));
}

void admin_list_invitations(const route_call& call, answer_fn answer) {
  call.state.admin.list_invitations(
      [answer, &state = call.state](std::optional<std::vector<accounts::invitation_row>> rows) {
        if (!rows) return answer(unavailable("invitations"));
        const std::int64_t now = state.svc.time->now_ms();
        std::vector<std::string> texts;
        texts.reserve(rows->size() * 3);
        std::vector<protocol::messages::invitation_fields> list;
        for (const auto& i : *rows) {
          texts.push_back(i.code_hash.substr(0, 16));
          const std::string& id = texts.back();
          texts.push_back(iso_time(i.created_ms));
          const std::string& created = texts.back();
          texts.push_back(iso_time(i.expires_ms));
          list.push_back({id, i.created_by_name, created, texts.back(), i.max_uses, i.uses, i.revoked, i.grants_admin,
                          invitation_state(i, now)});
        }
        answer(fresh(protocol::messages::admin_invitations(list)));
      });
}

void admin_invite(const route_call& call, answer_fn answer) {
  auto parsed = change_body(call, {"days", "uses"});
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  const auto days = body.find("days");
  const auto uses = body.find("uses");
  if ((days != body.end() && !days->is_number_integer()) || (uses != body.end() && !uses->is_number_integer()))
    return answer({400, http_error("bad_request", "days and uses are whole numbers")});
  const std::int64_t d = days == body.end() ? 7 : days->get<std::int64_t>();
  const std::int64_t u = uses == body.end() ? 1 : uses->get<std::int64_t>();
  if (d < 1 || d > 365 || u < 1 || u > 1000)
    return answer({400, http_error("bad_request", "an invitation is valid for 1 to 365 days and 1 to 1000 sign-ups")});
  call.state.admin.invite(actor_of(call), d * 24 * 3600 * 1000, static_cast<int>(u),
                          link_answer(call.link_base + "/signup?invite=", std::move(answer)));
}

void admin_revoke_invitation(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.revoke_invitation(actor_of(call), call.params.at(0), changed(std::move(answer)));
}

void admin_audit_log(const route_call& call, answer_fn answer) {
  const std::int64_t limit = positive_number(query_value(call.query, "limit"));
  call.state.admin.audit_log(limit > 0 ? static_cast<std::size_t>(limit) : 200,
                             [answer](std::optional<std::vector<accounts::audit_row>> rows) {
                               if (!rows) return answer(unavailable("the audit log"));
                               std::vector<std::string> times;
                               times.reserve(rows->size());
                               std::vector<protocol::messages::audit_fields> list;
                               for (const auto& a : *rows) {
                                 times.push_back(iso_time(a.at_ms));
                                 list.push_back({times.back(), a.actor_name, a.address, a.action, a.target, a.detail});
                               }
                               answer(fresh(protocol::messages::admin_audit(list)));
                             });
}

void admin_read_server(const route_call& call, answer_fn answer) {
  shared_state& state = call.state;
  state.admin.maintenance([&state, answer](std::optional<bool> on) {
    state.admin.database_bytes(is_postgres_url(state.svc.cfg->db), [&state, on, answer](std::int64_t bytes) {
      const std::int64_t now = state.svc.time->now_ms();
      const std::string started = iso_time(state.started_ms);
      protocol::messages::server_fields f;
      f.version = TABULEIRO_VERSION;
      f.started = started;
      f.uptime_s = (now - state.started_ms) / 1000;
      f.connections = state.svc.stats->ws_open.load();
      f.rooms = state.svc.stats->rooms.load();
      f.bots_thinking = state.svc.bots ? static_cast<std::int64_t>(state.svc.bots->busy()) : 0;
      f.database_bytes = bytes;
      f.maintenance = on.value_or(false);
      f.access = access_name(state.svc.cfg->access);
      f.node = state.svc.cfg->node;
      answer(fresh(protocol::messages::admin_server(f)));
    });
  });
}

void admin_list_matches(const route_call& call, answer_fn answer) {
  const std::string status = query_value(call.query, "status");
  if (status != "" && status != "waiting" && status != "live" && status != "finished")
    return answer({400, http_error("bad_request", "status must be waiting, live or finished")});
  call.state.admin.list_matches(status, query_value(call.query, "game"), query_value(call.query, "player"),
                                [answer](std::optional<std::vector<accounts::admin_match_row>> rows) {
                                  if (!rows) return answer(unavailable("matches"));
                                  answer(fresh(admin_matches_json(*rows)));
                                });
}

void admin_abort_match(const route_call& call, answer_fn answer) {
  auto parsed = change_body(call, {"reason"});
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  const auto reason = body.find("reason");
  if (reason == body.end() || !reason->is_string())
    return answer({400, http_error("bad_request", "the body is {\"reason\": \"words the players will read\"}")});
  std::string words = clean_host_reason(reason->get<std::string>());
  if (words.empty() || words.size() > protocol::max_host_note_bytes)
    return answer({400, http_error("bad_request", "say why in 1 to 200 bytes (UTF-8): the players read it")});
  abort_match(call.state, actor_of(call), call.params.at(0), std::move(words), 5, std::move(answer));
}

void admin_delete_match(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  shared_state& state = call.state;
  const std::string& code = call.params.at(0);
  state.admin.delete_match(actor_of(call), code, state.svc.cfg->node,
                           [&state, code, answer](std::optional<accounts::refusal> no) {
                             if (no) return answer(admin_refused(*no));
                             state.registry.drop(code);
                             answer(fresh(protocol::messages::admin_done()));
                           });
}

void admin_list_reports(const route_call& call, answer_fn answer) {
  call.state.admin.list_reports([answer](std::optional<std::vector<accounts::chat_report_row>> rows) {
    if (!rows) return answer(unavailable("chat reports"));
    answer(fresh(admin_reports_json(*rows)));
  });
}

void admin_handle_report(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  call.state.admin.handle_report(actor_of(call), call.number(0), changed(std::move(answer)));
}

void admin_list_webhooks(const route_call& call, answer_fn answer) {
  call.state.webhooks.list_all([answer](std::optional<std::vector<notify::owned_webhook>> rows) {
    if (!rows) return answer(unavailable("webhooks"));
    nlohmann::json list = nlohmann::json::array();
    for (const auto& w : *rows) list.push_back(admin_webhook_json(w));
    answer(fresh({{"webhooks", std::move(list)}}));
  });
}

void admin_remove_webhook(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  // Its owner and host first, for the audit log.
  shared_state& state = call.state;
  state.webhooks.list_all([&state, by = actor_of(call), id = call.number(0),
                           answer](std::optional<std::vector<notify::owned_webhook>> rows) {
    if (!rows) return answer(unavailable("webhooks"));
    const auto it = std::find_if(rows->begin(), rows->end(), [id](const auto& w) { return w.hook.id == id; });
    if (it == rows->end()) return answer({404, http_error("not_found", "no such webhook")});
    const std::string target = "user " + std::to_string(it->hook.user_id);
    const auto url = notify::parse_https_url(it->hook.url);
    const std::string detail = "webhook " + std::to_string(id) + " to " + (url ? url->host : "?");
    state.webhooks.remove_any(id, [&state, by, target, detail, answer](std::optional<notify::webhook_refusal> no) {
      if (no)
        return answer({no->code == "unknown_webhook" ? 404 : 503,
                       http_error(no->code == "unknown_webhook" ? "not_found" : no->code, no->message)});
      state.admin.record(by, "remove_webhook", target, detail,
                         [answer](bool) { answer(fresh(protocol::messages::admin_done())); });
    });
  });
}

void admin_download_backup(const route_call& call, answer_fn answer) {
  shared_state& state = call.state;
  const bool postgres = is_postgres_url(state.svc.cfg->db);
  state.admin.backup(
      actor_of(call), state.svc.cfg->db, [&state, postgres, answer](std::variant<std::string, accounts::refusal> r) {
        if (const auto* no = std::get_if<accounts::refusal>(&r))
          return answer({503, http_error(no->code, no->message)});
        const std::string stamp = iso_time(state.svc.time->now_ms());  // 2026-12-04T19:36:30Z
        std::string name = "tabuleiro-" + stamp.substr(0, 10) + "-" + stamp.substr(11, 2) + stamp.substr(14, 2) +
                           stamp.substr(17, 2) + (postgres ? ".dump" : ".db");
        api_answer a{200,
                     nullptr,
                     {{"Content-Type", postgres ? "application/octet-stream" : "application/vnd.sqlite3"},
                      {"Content-Disposition", "attachment; filename=\"" + name + "\""}}};
        a.file_path = std::get<std::string>(r);
        answer(std::move(a));
      });
}

void admin_list_backups(const route_call& call, answer_fn answer) { answer(fresh(backups_json(call.state))); }

void admin_back_up_now(const route_call& call, answer_fn answer) {
  if (!plain_change(call, answer)) return;
  shared_state& state = call.state;
  if (!state.backups)
    return answer(
        {409, http_error("no_backup_dir", "this server has no scheduled backups: start it with --backup-dir")});
  const accounts::actor by = actor_of(call);
  state.backups->back_up_now(by.name, [&state, by, answer](std::optional<backup_record> r) {
    if (!r) return answer({409, http_error("backup_running", "a backup is being written now; wait for it")});
    if (!r->ok) return answer({503, http_error("backup_failed", "the backup failed: " + r->error)});
    state.admin.record(by, "backup", "server", r->file, [&state, answer](bool) {
      api_answer a = fresh(backups_json(state));
      a.status = 201;
      answer(std::move(a));
    });
  });
}

void admin_set_maintenance(const route_call& call, answer_fn answer) {
  auto parsed = change_body(call, {"on"});
  if (auto* no = std::get_if<api_answer>(&parsed)) return answer(std::move(*no));
  const auto& body = std::get<nlohmann::json>(parsed);
  const auto on = body.find("on");
  if (on == body.end() || !on->is_boolean())
    return answer({400, http_error("bad_request", "the body is {\"on\": true|false}")});
  call.state.admin.set_maintenance(actor_of(call), on->get<bool>(), changed(std::move(answer)));
}

}  // namespace tabuleiro::server

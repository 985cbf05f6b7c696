// The route table (see route_table.h) and the server's own small routes: health, readiness,
// metrics and the tests' clock.
#include "server/net/route_table.h"

#include "protocol/core/messages.h"
#include "server/net/route_handlers.h"
#include "server/net/shared_state.h"
#include "server/util/wire.h"

namespace tabuleiro::server {
namespace {

namespace http = boost::beast::http;
using protocol::messages::http_error;

// A text answer of type (no cache keeps it).
api_answer text_answer(int status, std::string body, std::string type) {
  return {
      status, nullptr, {{"Content-Type", std::move(type)}}, {}, std::make_shared<const std::string>(std::move(body))};
}

// GET /healthz: the process answers.
void health(const route_call&, answer_fn answer) { answer(text_answer(200, "ok\n", "text/plain")); }

// GET /readyz: readiness, apart from liveness: the database takes writes, the leases hold.
void readiness(const route_call& call, answer_fn answer) {
  call.state.registry.readiness([answer = std::move(answer)](std::vector<std::string> reasons) {
    answer(reasons.empty() ? api_answer{200, {{"ready", true}}}
                           : api_answer{503, {{"ready", false}, {"reasons", reasons}}});
  });
}

// GET /metrics: the Prometheus text.
void metrics_text(const route_call& call, answer_fn answer) {
  answer(text_answer(200, call.state.svc.stats->render(), "text/plain; version=0.0.4; charset=utf-8"));
}

// GET /ws without the WebSocket upgrade.
void upgrade_required(const route_call&, answer_fn answer) {
  answer({426, http_error("upgrade_required", "/ws expects a WebSocket upgrade")});
}

// POST /api/test/clock {"advance_ms": N} (only with --clock manual): moves the server's clock
// forward, firing due timers, and answers {"now_ms": …}.
void advance_clock(const route_call& call, answer_fn answer) {
  std::string why;
  auto body = parse_client_json(call.body, why);
  if (!body || !body->is_object() || !(*body)["advance_ms"].is_number_integer() ||
      (*body)["advance_ms"].get<std::int64_t>() < 0)
    return answer({400, http_error("bad_request", "the body is {\"advance_ms\": a non-negative integer}")});
  answer({200, protocol::messages::clock_advanced(
                   call.state.manual_clock->advance((*body)["advance_ms"].get<std::int64_t>()))});
}

constexpr auto get = http::verb::get;
constexpr auto post = http::verb::post;
constexpr auto del = http::verb::delete_;
constexpr auto none = media::none;
constexpr auto json_body = media::json;
constexpr auto reads = effect::reads;
constexpr auto changes = effect::changes;
constexpr auto small = small_body_bytes;
constexpr auto large = large_body_bytes;

}  // namespace

std::vector<route> route_table(const route_features& has) {
  // clang-format off: one line per route, as the table reads.
  // method, pattern, body limit, media type, who may call, effect, handler.
  std::vector<route> t = {
      {get, "/healthz", small, none, caller::anyone, reads, health},
      {get, "/readyz", small, none, caller::anyone, reads, readiness},
      {get, "/metrics", small, none, caller::anyone, reads, metrics_text},
      {get, "/ws", small, none, caller::anyone, reads, upgrade_required},
      {get, "/api/matches", small, none, caller::anyone, reads, list_matches},
      {post, "/api/matches", small, json_body, caller::visitor, changes, create_match},
      {post, "/api/matches/publish", large, json_body, caller::visitor, changes, publish_match},
      {get, "/api/matches/{code}", small, none, caller::visitor, reads, read_match},
      {get, "/api/matches/{code}/log", small, none, caller::visitor, reads, read_match_log},
      {get, "/api/matches/{code}/preview.png", small, none, caller::visitor, reads, read_preview},
      {get, "/m/{code*}", small, none, caller::anyone, reads, serve_match_page},
  };
  for (const char* page :
       {"/signin", "/signup", "/games", "/account", "/reset", "/admin", "/leaderboard", "/lobby", "/players/{name*}"})
    t.push_back({get, page, small, none, caller::anyone, reads, serve_client_page});
  if (has.manual_clock)
    t.push_back({post, "/api/test/clock", small, json_body, caller::anyone, changes, advance_clock});
  if (has.accounts) {
    t.insert(t.end(),
             {
                 {get, "/api/account", small, none, caller::visitor, reads, read_account},
                 {get, "/api/account/matches", small, none, caller::member, reads, read_account_matches},
                 {post, "/api/account/signup", small, json_body, caller::anyone, changes, sign_up_or_in},
                 {post, "/api/account/signin", small, json_body, caller::anyone, changes, sign_up_or_in},
                 {post, "/api/account/reset", small, json_body, caller::anyone, changes, reset_password},
                 {post, "/api/account/profile", small, json_body, caller::member, changes, update_profile},
                 {post, "/api/account/password", small, json_body, caller::member, changes, change_password},
                 {post, "/api/account/signout", small, json_body, caller::visitor, changes, sign_out},
                 {post, "/api/account/signout-everywhere", small, json_body, caller::member, changes, sign_out},
             });
  }
  if (has.admin) {
    t.insert(
        t.end(),
        {
            {get, "/api/admin/users", small, none, caller::admin, reads, admin_list_users},
            {post, "/api/admin/users/{id:int}/disable", small, json_body, caller::admin, changes, admin_disable_user},
            {post, "/api/admin/users/{id:int}/enable", small, json_body, caller::admin, changes, admin_enable_user},
            {post, "/api/admin/users/{id:int}/promote", small, json_body, caller::admin, changes, admin_promote_user},
            {post, "/api/admin/users/{id:int}/demote", small, json_body, caller::admin, changes, admin_demote_user},
            {post, "/api/admin/users/{id:int}/reset-link", small, json_body, caller::admin, changes, admin_reset_link},
            {get, "/api/admin/invitations", small, none, caller::admin, reads, admin_list_invitations},
            {post, "/api/admin/invitations", small, json_body, caller::admin, changes, admin_invite},
            {post, "/api/admin/invitations/{id}/revoke", small, json_body, caller::admin, changes,
             admin_revoke_invitation},
            {get, "/api/admin/audit", small, none, caller::admin, reads, admin_audit_log},
            {get, "/api/admin/server", small, none, caller::admin, reads, admin_read_server},
            {get, "/api/admin/matches", small, none, caller::admin, reads, admin_list_matches},
            {post, "/api/admin/matches/{code:code}/abort", small, json_body, caller::admin, changes, admin_abort_match},
            {post, "/api/admin/matches/{code:code}/delete", small, json_body, caller::admin, changes,
             admin_delete_match},
            {get, "/api/admin/reports", small, none, caller::admin, reads, admin_list_reports},
            {post, "/api/admin/reports/{id:int}/handled", small, json_body, caller::admin, changes,
             admin_handle_report},
            {get, "/api/admin/backup", small, none, caller::admin, reads, admin_download_backup},
            {get, "/api/admin/backups", small, none, caller::admin, reads, admin_list_backups},
            {post, "/api/admin/backups", small, json_body, caller::admin, changes, admin_back_up_now},
            {post, "/api/admin/maintenance", small, json_body, caller::admin, changes, admin_set_maintenance},
        });
    if (has.webhooks)
      t.insert(t.end(), {
                            {get, "/api/admin/webhooks", small, none, caller::admin, reads, admin_list_webhooks},
                            {post, "/api/admin/webhooks/{id:int}/remove", small, json_body, caller::admin, changes,
                             admin_remove_webhook},
                        });
  }
  if (has.ratings)
    t.insert(t.end(), {
                          {get, "/api/players/{name*}", small, none, caller::anyone, reads, read_player_profile},
                          {get, "/api/leaderboard", small, none, caller::anyone, reads, read_leaderboard},
                      });
  if (has.push_key) t.push_back({get, "/api/push/key", small, none, caller::anyone, reads, read_push_key});
  if (has.push)
    t.insert(t.end(),
             {
                 {get, "/api/push", small, none, caller::member, reads, read_push_settings},
                 {post, "/api/push/subscriptions", small, json_body, caller::member, changes, add_push_subscription},
                 {post, "/api/push/unsubscribe", small, json_body, caller::member, changes, remove_push_subscription},
                 {post, "/api/push/notify", small, json_body, caller::member, changes, choose_notifications},
             });
  if (has.webhooks)
    t.insert(
        t.end(),
        {
            {get, "/api/webhooks", small, none, caller::member, reads, list_webhooks},
            {post, "/api/webhooks", small, json_body, caller::member, changes, add_webhook},
            {del, "/api/webhooks/{id:int}", small, none, caller::member, changes, remove_webhook},
            {post, "/api/webhooks/{id:int}/test", small, json_body, caller::member, changes, test_webhook},
            {post, "/api/webhooks/{id:int}/events", small, json_body, caller::member, changes, change_webhook_events},
            {post, "/api/webhooks/{id:int}/secret", small, json_body, caller::member, changes, renew_webhook_secret},
        });
  return t;
  // clang-format on
}

}  // namespace tabuleiro::server

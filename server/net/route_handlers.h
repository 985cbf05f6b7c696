// Every route's handler, by the file that defines it; server/net/route_table.cpp gives each its
// line. Each answers one route_call through answer, called once, on any thread.
#pragma once

#include "server/net/router.h"

namespace tabuleiro::server {

// server/net/match_routes.cpp: the match routes. A creation or publication by a guest where
// only members play is 401 sign_in_required; a match whose creator kept guests out is read only
// by a signed-in browser (401 sign_in_required).
void create_match(const route_call& call, answer_fn answer);
void publish_match(const route_call& call, answer_fn answer);
void list_matches(const route_call& call, answer_fn answer);
void read_match(const route_call& call, answer_fn answer);
void read_match_log(const route_call& call, answer_fn answer);

// server/net/preview_routes.cpp: link previews and the web client's pages. read_preview
// answers the preview PNG of the match {code} for the client (a signed-in browser's, which a match only members watch
// needs): 200 image/png, 401 sign_in_required, 404 unknown_match or no_preview, 421
// match_elsewhere, 429 rate_limited (Retry-After) or 503. serve_match_page answers /m/{code}:
// index.html with the match's preview tags after its <title> when guests may watch it (links
// under the request's site), else as it is. serve_client_page answers a page of the web client
// (index.html; a short page naming the WebSocket when the client is not installed).
void read_preview(const route_call& call, answer_fn answer);
void serve_match_page(const route_call& call, answer_fn answer);
void serve_client_page(const route_call& call, answer_fn answer);

// server/net/account_api.cpp: the account routes: the browser's state (GET
// /api/account; 503 when accounts cannot be reached), a member's matches (GET
// /api/account/matches), sign-up and sign-in (POST /api/account/signup|signin: a new session,
// the old one ended), a reset link's new password (POST /api/account/reset), the member's profile
// and password (POST /api/account/profile|password) and signing out here or everywhere (POST
// /api/account/signout|signout-everywhere).
void read_account(const route_call& call, answer_fn answer);
void read_account_matches(const route_call& call, answer_fn answer);
void sign_up_or_in(const route_call& call, answer_fn answer);
void reset_password(const route_call& call, answer_fn answer);
void update_profile(const route_call& call, answer_fn answer);
void change_password(const route_call& call, answer_fn answer);
void sign_out(const route_call& call, answer_fn answer);

// server/net/push_api.cpp: the notification routes: GET /api/push/key, the member's GET
// /api/push, POST /api/push/subscriptions (a browser's subscription added), POST
// /api/push/unsubscribe and POST /api/push/notify (the names given change).
void read_push_key(const route_call& call, answer_fn answer);
void read_push_settings(const route_call& call, answer_fn answer);
void add_push_subscription(const route_call& call, answer_fn answer);
void remove_push_subscription(const route_call& call, answer_fn answer);
void choose_notifications(const route_call& call, answer_fn answer);

// server/net/webhook_api.cpp: the webhook routes, each for the signed-in member: GET
// /api/webhooks, POST /api/webhooks {"url", "events"?} (201, the secret shown once), DELETE
// /api/webhooks/{id}, POST /api/webhooks/{id}/test (202), POST /api/webhooks/{id}/events
// {"events"} and POST /api/webhooks/{id}/secret (a new secret, shown once).
void list_webhooks(const route_call& call, answer_fn answer);
void add_webhook(const route_call& call, answer_fn answer);
void remove_webhook(const route_call& call, answer_fn answer);
void test_webhook(const route_call& call, answer_fn answer);
void change_webhook_events(const route_call& call, answer_fn answer);
void renew_webhook_secret(const route_call& call, answer_fn answer);

// server/net/rating_api.cpp: the ratings' reads; the leaderboard counts as active whoever
// played a rated game in the last 30 days of the server's clock.
void read_player_profile(const route_call& call, answer_fn answer);
void read_leaderboard(const route_call& call, answer_fn answer);

// server/net/admin_api.cpp: the administration (the router lets only a signed-in
// administrator through, and a change only with the session's CSRF token). A change's body is a
// JSON object (or empty) with the members PROTOCOL.md lists for it, else 400 bad_request.
//
void admin_list_users(const route_call& call, answer_fn answer);
void admin_disable_user(const route_call& call, answer_fn answer);
void admin_enable_user(const route_call& call, answer_fn answer);
void admin_promote_user(const route_call& call, answer_fn answer);
void admin_demote_user(const route_call& call, answer_fn answer);
void admin_reset_link(const route_call& call, answer_fn answer);
void admin_list_invitations(const route_call& call, answer_fn answer);
void admin_invite(const route_call& call, answer_fn answer);
void admin_revoke_invitation(const route_call& call, answer_fn answer);
void admin_audit_log(const route_call& call, answer_fn answer);
void admin_read_server(const route_call& call, answer_fn answer);
void admin_list_matches(const route_call& call, answer_fn answer);
void admin_abort_match(const route_call& call, answer_fn answer);
void admin_delete_match(const route_call& call, answer_fn answer);
void admin_list_reports(const route_call& call, answer_fn answer);
void admin_handle_report(const route_call& call, answer_fn answer);
void admin_list_webhooks(const route_call& call, answer_fn answer);
void admin_remove_webhook(const route_call& call, answer_fn answer);
void admin_download_backup(const route_call& call, answer_fn answer);
void admin_list_backups(const route_call& call, answer_fn answer);
void admin_back_up_now(const route_call& call, answer_fn answer);
void admin_set_maintenance(const route_call& call, answer_fn answer);

}  // namespace tabuleiro::server

// HTTP API of the match server (protocol/PROTOCOL.md, "HTTP").

// An HTTP failure with the server's error code and message (code 'network' when unreachable).
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// The CSRF token of this browser's session (account.js sets it), sent with every POST.
let csrf = null;
export function setCsrf(token) {
  csrf = token;
}

// One request; a 421 (the match is served by another node that the proxy routes to anew, a
// lease moving after a node died) is sent again after its Retry-After, up to 15 times.
async function call(method, path, body, attempt = 0) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    throw new ApiError('network', String(e), 0);
  }
  if (res.status === 421 && attempt < 15) {
    const wait = Math.min(5, Number(res.headers.get('retry-after')) || 1) * 1000;
    await new Promise((r) => setTimeout(r, wait));
    return call(method, path, body, attempt + 1);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const err = data?.error || {};
    throw new ApiError(err.code || `http_${res.status}`, err.message || res.statusText, res.status);
  }
  return data;
}

// Creates a match: {game, options?, position?, seat?, visibility?} → {code, link, seat, token}.
export const createMatch = (req) => call('POST', '/api/matches', req);

// Puts a game played in this browser on the server: {game, options, seed, actions: [{seat,
// action}], bot: level|null, bot_seat: 1|2|null, end: null|{type: 'resign', seat}} → {code,
// link}; a refusal (ApiError) says which step of the game the server could not replay.
export const publishMatch = (req) => call('POST', '/api/matches/publish', req);

// The summary of one match (code is case-insensitive).
// Codes go upper case, so that a proxy routing by code sends every request of a match to one node.
export const getMatch = (code) => call('GET', `/api/matches/${encodeURIComponent(code.toUpperCase())}`);

// Public matches with the given status ('live', 'waiting', …).
export const listMatches = (status, game) =>
  call('GET', `/api/matches?status=${encodeURIComponent(status)}${game ? `&game=${encodeURIComponent(game)}` : ''}`);

// One page of a match's log (GET /api/matches/{code}/log?from=N).
export const getLogPage = (code, from = 0) =>
  call('GET', `/api/matches/${encodeURIComponent(code.toUpperCase())}/log?from=${from}`);

// The whole log: every page from 0 merged into one object (the first page's fields, `players`
// — who played each seat — among them, all changes, next: null).
export async function getLog(code) {
  const first = await getLogPage(code, 0);
  const changes = [...(first.changes || [])];
  let next = first.next;
  while (next != null) {
    const page = await getLogPage(code, next);
    changes.push(...(page.changes || []));
    next = page.next;
  }
  return { ...first, changes, next: null };
}

// The signed-in account: {user|null, csrf?, access}.
export const getAccount = () => call('GET', '/api/account');

// The seats the signed-in account holds: {matches: [{code, game, status, seat, opponent, outcome, created, updated}]}.
export const getHeldSeats = () => call('GET', '/api/account/matches');

// A member's ratings, record and history (GET /api/players/{name}).
export const getPlayer = (name) => call('GET', `/api/players/${encodeURIComponent(name)}`);

// A game's leaderboard for a speed ('live' or 'correspondence').
export const getLeaderboard = (game, speed) =>
  call('GET', `/api/leaderboard?game=${encodeURIComponent(game)}&speed=${encodeURIComponent(speed)}`);

// An account route (signup, signin, signout, signout-everywhere, profile, password, reset) with body.
export const postAccount = (route, body) => call('POST', `/api/account/${route}`, body);

// An administrator's read (protocol/PROTOCOL.md, "Administration"): route is the path after
// /api/admin/ with its query, e.g. `users?q=ana`, `server`, `audit?limit=200`.
export const getAdmin = (route) => call('GET', `/api/admin/${route}`);

// An administrator's change (e.g. `users/3/disable`, `maintenance`); every one takes a JSON body.
export const postAdmin = (route, body = {}) => call('POST', `/api/admin/${route}`, body);

// Web Push (protocol/PROTOCOL.md, "Notifications"): the server's VAPID public key, the signed-in
// member's settings, and their changes (each answers the settings as they are after it).
export const getPushKey = () => call('GET', '/api/push/key');
export const getPushSettings = () => call('GET', '/api/push');
export const addPushSubscription = (subscription, label) =>
  call('POST', '/api/push/subscriptions', { ...subscription, label });
export const removePushSubscription = (id) => call('POST', '/api/push/unsubscribe', { id });
export const choosePushNotices = (choice) => call('POST', '/api/push/notify', choice);

// The member's webhooks (PROTOCOL.md "Webhooks"): listed, added ({webhook, secret}: the secret
// only here and when renewed), removed, sent a test, their events changed.
export const getWebhooks = () => call('GET', '/api/webhooks');
export const addWebhook = (url, events) => call('POST', '/api/webhooks', { url, events });
export const removeWebhook = (id) => call('DELETE', `/api/webhooks/${encodeURIComponent(id)}`);
export const testWebhook = (id) => call('POST', `/api/webhooks/${encodeURIComponent(id)}/test`, {});
export const changeWebhookEvents = (id, events) =>
  call('POST', `/api/webhooks/${encodeURIComponent(id)}/events`, { events });
export const renewWebhookSecret = (id) => call('POST', `/api/webhooks/${encodeURIComponent(id)}/secret`, {});

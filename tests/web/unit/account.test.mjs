// The browser's account (web/js/account.js, api.js): the CSRF token read from GET /api/account
// goes with every state-changing request and never with a read; signing out forgets it; a
// failed read leaves the browser signed out.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const sent = [];
let answers = {};
globalThis.fetch = async (path, init = {}) => {
  sent.push({ path, method: init.method, headers: init.headers || {} });
  const a = answers[`${init.method} ${path}`];
  if (!a) throw new TypeError('network down');
  return { ok: a.status < 400, status: a.status, statusText: '', headers: new Map(), json: async () => a.body };
};

const { loadAccount, account, signOut, onAccountChange, membersOnly } = await import('../../../web/js/account.js');
const { createMatch, getMatch } = await import('../../../web/js/api.js');

const ana = { id: 1, username: 'ana', display_name: 'Ana', language: 'en', admin: false };

test('a signed-in browser sends its CSRF token with every POST, never with a GET', async () => {
  answers = {
    'GET /api/account': { status: 200, body: { user: ana, csrf: 'token-1', access: 'members' } },
    'POST /api/matches': { status: 201, body: { code: 'ABC234', seat: 1, token: 't' } },
    'GET /api/matches/ABC234': { status: 200, body: { code: 'ABC234' } },
  };
  let told = null;
  const off = onAccountChange((a) => {
    told = a;
  });
  await loadAccount();
  off();
  assert.equal(account().user.username, 'ana');
  assert.equal(told.user.display_name, 'Ana');
  assert.ok(membersOnly());
  sent.length = 0;
  await createMatch({ game: 'taixu' });
  await getMatch('abc234');
  assert.equal(sent[0].headers['x-csrf-token'], 'token-1');
  assert.equal(sent[1].headers['x-csrf-token'], undefined);
});

test('signing out forgets the token', async () => {
  answers['POST /api/account/signout'] = { status: 200, body: { user: null, access: 'members' } };
  await signOut();
  assert.equal(account().user, null);
  sent.length = 0;
  await createMatch({ game: 'taixu' });
  assert.equal(sent[0].headers['x-csrf-token'], undefined);
});

test('a server that cannot be reached leaves the browser signed out, on an open server', async () => {
  answers = {};
  await loadAccount();
  assert.equal(account().user, null);
  answers['GET /api/account'] = { status: 200, body: { user: null, access: 'open' } };
  await loadAccount();
  assert.equal(membersOnly(), false);
});

// The home page's live list feed (web/js/live-list.js): the list from `match_list`, changes
// from `match_list_changed` merged by code (a finished match moves to the recent list), and
// polling GET /api/matches only once the feed's socket is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const sockets = [];
class FakeSocket {
  constructor(url) { this.url = url; this.sent = []; sockets.push(this); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.onclose?.(); }
  receive(msg) { this.onmessage({ data: JSON.stringify(msg) }); }
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'http:', host: 'example.test' };
globalThis.document ??= { hidden: false };

const { watchMatches } = await import('../../../web/js/live-list.js');

const m = (code, activity, version = 0) => ({ code, activity, version, status: activity === 'finished' ? 'finished' : 'live' });
const codes = (list) => list.map((x) => `${x.code}:${x.activity}:${x.version}`);

test('the feed: the list, then changes merged by code; a finished match moves to the recent list', async () => {
  const drawn = [];
  const fetched = [];
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return { ok: true, json: async () => ({ matches: url.includes('finished') ? [m('Z', 'finished')] : url.includes('live') ? [m('P', 'live', 3)] : [] }) };
  };
  const stop = watchMatches((matches, recent) => drawn.push({ matches: codes(matches), recent: codes(recent) }));
  const ws = sockets.at(-1);
  assert.equal(ws.url, 'ws://example.test/ws');
  ws.onopen();
  assert.deepEqual(ws.sent, [{ type: 'watch_list', preview: true }]);

  ws.receive({ type: 'match_list', matches: [m('A', 'open'), m('B', 'live', 4)], recent: [m('C', 'finished', 9)] });
  assert.deepEqual(drawn.at(-1), { matches: ['A:open:0', 'B:live:4'], recent: ['C:finished:9'] });
  ws.receive({ type: 'match_list_changed', matches: [m('B', 'away', 5)] });
  assert.deepEqual(drawn.at(-1).matches, ['A:open:0', 'B:away:5']);   // replaced in place
  ws.receive({ type: 'match_list_changed', matches: [m('D', 'open')] });
  assert.deepEqual(drawn.at(-1).matches, ['D:open:0', 'A:open:0', 'B:away:5']);  // a new match goes first
  ws.receive({ type: 'match_list_changed', matches: [m('A', 'finished', 7)] });
  assert.deepEqual(drawn.at(-1), { matches: ['D:open:0', 'B:away:5'], recent: ['A:finished:7', 'C:finished:9'] });
  assert.equal(fetched.length, 0, 'no polling while the feed works');

  // The socket goes away: the list is polled (with previews) until the feed comes back.
  ws.close();
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  assert.ok(fetched.length === 3 && fetched.every((u) => u.startsWith('/api/matches?preview=1&')), fetched.join(' '));
  assert.deepEqual(drawn.at(-1), { matches: ['P:live:3'], recent: ['Z:finished:0'] });
  stop();
});

test('a feed closed with 4003 (the account was disabled) tells the page once; a plain close does not', async () => {
  globalThis.fetch = async () => ({ ok: true, json: async () => ({ matches: [] }) });
  let told = 0;
  const stop = watchMatches(() => {}, { onDisabled: () => { told++; } });
  const ws = sockets.at(-1);
  ws.onopen();
  ws.onclose({ code: 1006 });
  assert.equal(told, 0);
  stop();
  const stop2 = watchMatches(() => {}, { onDisabled: () => { told++; } });
  sockets.at(-1).onclose({ code: 4003 });
  assert.equal(told, 1);
  stop2();
});

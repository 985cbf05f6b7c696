// The match connection's close codes (web/js/connection.js): 4000 (a newer tab took the seat)
// and 4003 (an administrator disabled the account) end it for good with their status; 4004 (the
// session it signed in with ended) comes back at once; any other close reconnects. And the one
// reading of a frame every socket of the client uses (parseFrame).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const sockets = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    sockets.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'http:', host: 'example.test' };
globalThis.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };

const { MatchConnection, DISABLED_CLOSE, SESSION_ENDED_CLOSE, parseFrame } =
  await import('../../../web/js/connection.js');

// A started connection whose statuses are recorded; its socket opened.
function started() {
  const statuses = [];
  const conn = new MatchConnection('abc234', { spectate: true, onStatus: (s) => statuses.push(s) });
  conn.start();
  const ws = sockets.at(-1);
  ws.readyState = FakeSocket.OPEN;
  ws.onopen();
  return { conn, ws, statuses };
}

test('a close with 4003 says "disabled" and does not come back', async () => {
  assert.equal(DISABLED_CLOSE, 4003);
  const { conn, ws, statuses } = started();
  const count = sockets.length;
  ws.onclose({ code: 4003 });
  assert.deepEqual(statuses, ['connecting', 'disabled']);
  assert.equal(conn.stopped, true);
  conn.start(); // a later start does nothing either
  assert.equal(sockets.length, count);
});

test('a close with 4000 says "replaced"; a lost connection reconnects', () => {
  const a = started();
  a.ws.onclose({ code: 4000 });
  assert.deepEqual(a.statuses, ['connecting', 'replaced']);
  const b = started();
  b.ws.onclose({ code: 1006 });
  assert.deepEqual(b.statuses, ['connecting', 'reconnecting']);
  assert.equal(b.conn.stopped, false);
  b.conn.stop();
});

test('a close with 4004 (the session ended) comes back at once, with what the cookie now holds', async () => {
  assert.equal(SESSION_ENDED_CLOSE, 4004);
  const { conn, ws, statuses } = started();
  const count = sockets.length;
  ws.onclose({ code: 4004 });
  assert.deepEqual(statuses, ['connecting', 'reconnecting']);
  assert.equal(conn.stopped, false);
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(sockets.length, count + 1); // a new socket, without the backoff's wait
  conn.stop();
});

test('a frame is read as its JSON object; text that is not one is ignored (null)', () => {
  assert.deepEqual(parseFrame('{"type":"pong","t":5}'), { type: 'pong', t: 5 });
  assert.deepEqual(parseFrame('[1,2]'), [1, 2]);
  for (const text of ['not json', '', 'null', '42', '"text"', '{"type":']) assert.equal(parseFrame(text), null, text);
});

// The home page's live list feed (web/js/live-list.js): the list from `match_list`, changes
// from `match_list_changed` merged by code (a finished match moves to the recent list), and
// polling GET /api/matches only once the feed's socket is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

const sockets = [];
class FakeSocket {
  constructor(url) {
    this.url = url;
    this.sent = [];
    sockets.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.onclose?.();
  }
  receive(msg) {
    this.onmessage({ data: JSON.stringify(msg) });
  }
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'http:', host: 'example.test' };
installFakeDom().hidden = false;

const { watchMatches, liveItem, recentItem, clockText } = await import('../../../web/js/live-list.js');
const { setLang } = await import('../../../web/js/i18n.js');

const m = (code, activity, version = 0) => ({
  code,
  activity,
  version,
  status: activity === 'finished' ? 'finished' : 'live',
});
const codes = (list) => list.map((x) => `${x.code}:${x.activity}:${x.version}`);

test('the feed: the list, then changes merged by code; a finished match moves to the recent list', async () => {
  const drawn = [];
  const fetched = [];
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return {
      ok: true,
      json: async () => ({
        matches: url.includes('finished') ? [m('Z', 'finished')] : url.includes('live') ? [m('P', 'live', 3)] : [],
      }),
    };
  };
  const stop = watchMatches((matches, recent) => drawn.push({ matches: codes(matches), recent: codes(recent) }));
  const ws = sockets.at(-1);
  assert.equal(ws.url, 'ws://example.test/ws');
  ws.onopen();
  assert.deepEqual(ws.sent, [{ type: 'watch_list', preview: true }]);

  ws.receive({ type: 'match_list', matches: [m('A', 'open'), m('B', 'live', 4)], recent: [m('C', 'finished', 9)] });
  assert.deepEqual(drawn.at(-1), { matches: ['A:open:0', 'B:live:4'], recent: ['C:finished:9'] });
  ws.receive({ type: 'match_list_changed', matches: [m('B', 'away', 5)] });
  assert.deepEqual(drawn.at(-1).matches, ['A:open:0', 'B:away:5']); // replaced in place
  ws.receive({ type: 'match_list_changed', matches: [m('D', 'open')] });
  assert.deepEqual(drawn.at(-1).matches, ['D:open:0', 'A:open:0', 'B:away:5']); // a new match goes first
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
  const stop = watchMatches(() => {}, {
    onDisabled: () => {
      told++;
    },
  });
  const ws = sockets.at(-1);
  ws.onopen();
  ws.onclose({ code: 1006 });
  assert.equal(told, 0);
  stop();
  const stop2 = watchMatches(() => {}, {
    onDisabled: () => {
      told++;
    },
  });
  sockets.at(-1).onclose({ code: 4003 });
  assert.equal(told, 1);
  stop2();
});

// The texts of an item's elements of class cls.
const texts = (el, cls) =>
  el
    .descendants()
    .filter((e) => (e.getAttribute('class') || '').split(' ').includes(cls))
    .map((e) => e.text);

// A clocked TAIXU match: Ana (seat 1) to move with her clock running since `at`, Bruno's stopped.
const AT = 1_800_000_000_000;
const clocked = (over = {}) => ({
  code: 'K7M2QX',
  game: 'taixu',
  activity: 'live',
  version: 5,
  to_act: [1],
  progress: { round: 3 },
  seats: [
    { seat: 1, taken: true, connected: true, name: 'Ana' },
    { seat: 2, taken: true, connected: true, name: 'Bruno' },
  ],
  clock_now: { kind: 'fischer', remaining_ms: [300_000, 184_000], running: 1, at: AT },
  ...over,
});

test('a live entry names both players, whose turn by name, and both times; the running one counts down', () => {
  setLang('en');
  const li = liveItem(clocked(), AT + 1_000);
  assert.deepEqual(texts(li, 'li-name'), ['Ana', 'Bruno']);
  assert.deepEqual(texts(li, 'li-time'), ['4:59', '3:04']);
  assert.equal(texts(li, 'li-facts')[0], 'Round 3 · Ana to move');
  const [p1, p2] = li.descendants().filter((e) => (e.getAttribute('class') || '').startsWith('li-player'));
  assert.equal(p1.getAttribute('class'), 'li-player p1 to-act');
  assert.equal(p2.getAttribute('class'), 'li-player p2');
  // 65 s later only Ana's time has moved; the ticker's redraw reads the same.
  assert.equal(clockText(clocked(), 1, AT + 66_000), '3:54');
  assert.equal(clockText(clocked(), 2, AT + 66_000), '3:04');
  assert.equal(clockText(clocked(), 1, AT + 400_000), '0.0');
  const running = li.descendants().find((e) => e.getAttribute('class') === 'li-time running');
  assert.equal(typeof running.clock, 'function');
  setLang('pt-BR');
  assert.equal(texts(liveItem(clocked(), AT), 'li-facts')[0], 'Rodada 3 · vez de Ana');
  setLang('en');
});

test("a reading whose `at` is far from this browser's clock counts from its arrival instead", () => {
  const m = clocked({
    clock_now: { kind: 'fischer', remaining_ms: [60_000, 60_000], running: 2, at: AT - 3_600_000, received: AT },
  });
  assert.equal(clockText(m, 2, AT + 10_000), '0:50');
  const near = clocked({
    clock_now: { kind: 'fischer', remaining_ms: [60_000, 60_000], running: 2, at: AT - 1_000, received: AT },
  });
  assert.equal(clockText(near, 2, AT + 10_000), '0:49');
});

test('a computer seat, a free seat and a seat without a name; no clock, no times', () => {
  setLang('en');
  const bot = liveItem({
    code: 'B0TB0T',
    game: 'taixu',
    activity: 'live',
    version: 2,
    to_act: [2],
    clock_now: null,
    seats: [
      { seat: 1, taken: true, connected: true },
      { seat: 2, taken: true, connected: true, bot: 'hard' },
    ],
  });
  assert.deepEqual(texts(bot, 'li-name'), ['Player 1', 'Computer (hard)']);
  assert.deepEqual(texts(bot, 'li-time'), []);
  assert.equal(texts(bot, 'li-facts')[0], 'Computer (hard) to move');
  const open = liveItem({
    code: 'OPEN01',
    game: 'taixu',
    activity: 'open',
    version: 0,
    to_act: [1],
    seats: [
      { seat: 1, taken: true, connected: true, name: 'Ana' },
      { seat: 2, taken: false, connected: false },
    ],
  });
  assert.deepEqual(texts(open, 'li-name'), ['Ana', 'waiting for a player']);
  setLang('pt-BR');
  assert.deepEqual(
    texts(
      liveItem(
        {
          ...clocked(),
          seats: [
            { seat: 1, taken: true, name: 'Ana' },
            { seat: 2, taken: false },
          ],
        },
        AT
      ),
      'li-name'
    ),
    ['Ana', 'aguardando um jogador']
  );
  assert.deepEqual(texts(bot, 'li-name'), ['Player 1', 'Computer (hard)'], 'an item drawn before keeps its language');
  assert.equal(
    texts(
      liveItem(
        {
          ...clocked(),
          seats: [
            { seat: 1, taken: true },
            { seat: 2, taken: true, bot: 'easy' },
          ],
          to_act: [2],
        },
        AT
      ),
      'li-facts'
    )[0],
    'Rodada 3 · vez de Computador (fácil)'
  );
  setLang('en');
});

test('a finished entry names the players and the winner by name, without times', () => {
  setLang('en');
  const li = recentItem(
    clocked({ activity: 'finished', outcome: { winner: 2, reason: 'timeout' }, to_act: [], finished: null })
  );
  assert.deepEqual(texts(li, 'li-name'), ['Ana', 'Bruno']);
  assert.deepEqual(texts(li, 'li-time'), []);
  assert.equal(texts(li, 'li-status')[0], 'Bruno wins');
});

test('names are text: markup in a name stays as it was typed', () => {
  const li = liveItem(
    clocked({
      seats: [
        { seat: 1, taken: true, name: '<b>Ana</b>' },
        { seat: 2, taken: true, name: 'Bruno' },
      ],
    }),
    AT
  );
  assert.deepEqual(texts(li, 'li-name'), ['<b>Ana</b>', 'Bruno']);
});

test('the feed notes when each clock reading arrived (for a server clock far from this one)', () => {
  let got = [];
  const stop = watchMatches((matches) => {
    got = matches;
  });
  const ws = sockets.at(-1);
  ws.onopen();
  const before = Date.now();
  ws.receive({ type: 'match_list', matches: [clocked()], recent: [] });
  assert.ok(got[0].clock_now.received >= before && got[0].clock_now.received <= Date.now());
  ws.receive({ type: 'match_list_changed', matches: [clocked({ version: 6 })] });
  assert.ok(got[0].version === 6 && got[0].clock_now.received >= before);
  stop();
});

// A match played in this browser (web/js/offline/local-match.js) against a small engine double
// that answers the engine module's requests (new, state, apply, conclude, bot, free) for a race
// to 3 steps: the messages its connections send must be the server's (joined, presence, patch
// with ack, game_over, history, snapshot), and the match page's own logic (messages.js, sync.js,
// history.js) must follow them; a stored record reopens where it was, a resignation included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
globalThis.localStorage ??= { getItem: () => null, setItem() {}, removeItem() {} };
const { LocalMatch } = await import('../../../web/js/offline/local-match.js');
const { createState } = await import('../../../web/js/match/state.js');
const M = await import('../../../web/js/match/messages.js');
const { MatchHistory } = await import('../../../web/js/history.js');

// The engine double: each seat in turn steps once; the first to 3 wins. Seat s's view also
// shows its own steps' secret (hidden from the other seat and spectators), so the views differ.
function raceEngine() {
  const matches = new Map();
  let next = 1;
  const view = (g, viewer) => ({
    game: 'race',
    n: [...g.n],
    to_move: g.outcome ? null : g.to_move,
    outcome: g.outcome,
    ...(viewer ? { secret: g.n[viewer - 1] * 10 } : {}),
  });
  const answers = {
    new: (r) => {
      matches.set(next, { n: [0, 0], to_move: 1, outcome: null, seed: r.seed });
      return { match: next++ };
    },
    state: (r, g) => ({
      view: view(g, r.viewer),
      to_act: g.outcome ? [] : [g.to_move],
      outcome: g.outcome,
      legal: !g.outcome && r.viewer === g.to_move ? [{ type: 'step' }] : [],
      complete: true,
      expects: null,
    }),
    apply: (r, g) => {
      if (g.outcome || r.seat !== g.to_move) return { error: { code: 'not_your_turn', message: 'not your turn' } };
      if (r.action?.type !== 'step') return { error: { code: 'bad_action', message: 'unknown action' } };
      g.n[r.seat - 1]++;
      const ev = { type: 'stepped', player: r.seat };
      if (g.n[r.seat - 1] === 3) g.outcome = { winner: r.seat, reason: 'race' };
      else g.to_move = 3 - r.seat;
      return {
        action: { type: 'step' },
        events: [[ev], [ev, { type: 'note', seat: 1 }], [ev]],
        to_act: g.outcome ? [] : [g.to_move],
        outcome: g.outcome,
      };
    },
    conclude: (r, g) => {
      g.outcome = { winner: r.winner, reason: r.reason };
      return { outcome: g.outcome };
    },
    bot: (r, g) =>
      r.seat === g.to_move && ['easy', 'medium', 'hard'].includes(r.level) && /^\d+$/.test(r.seed)
        ? { action: { type: 'step' } }
        : { error: { code: 'bad_bot', message: 'not to move' } },
    free: (r) => {
      matches.delete(r.match);
      return {};
    },
  };
  return {
    calls: [],
    async call(r) {
      this.calls.push(r);
      const g = matches.get(r.match);
      if (r.op !== 'new' && !g) return { ok: false, error: { code: 'unknown_match', message: 'no such match' } };
      const a = answers[r.op](r, g);
      return a.error ? { ok: false, error: a.error } : { ok: true, ...a };
    },
  };
}

const record = (mode, extra = {}) => ({
  id: 'ABCDEFGHJK',
  game: 'race',
  options: {},
  seed: '12345',
  mode,
  level: mode === 'bot' ? 'easy' : null,
  human: mode === 'bot' ? 1 : null,
  actions: [],
  end: null,
  ...extra,
});
// A page's side of one connection: the messages it received, fed to the match page's logic.
function page(match, seat = null) {
  const state = createState({ code: match.record.id, offline: true, oneDevice: seat != null });
  const got = [];
  const conn = match.connect(
    {
      onMessage: (m) => {
        got.push(m);
        M.receive(state, m);
      },
      onStatus: (s) => M.connectionStatus(state, s),
    },
    seat
  );
  return { state, got, conn };
}
const until = async (cond) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond(), 'in time');
};

test("against the computer: joined, presence, the person's patch with its ack, then the computer's move", async () => {
  const saved = [];
  const m = await LocalMatch.open(raceEngine(), record('bot'), async (r) => {
    saved.push(structuredClone(r));
  });
  const p = page(m);
  p.conn.start();
  assert.deepEqual(
    p.got.map((x) => x.type),
    ['joined', 'presence']
  );
  assert.equal(p.state.seat, 1);
  assert.equal(p.state.conn, 'open');
  assert.deepEqual(p.state.sync.legal, [{ type: 'step' }]);
  assert.deepEqual(
    p.got[1].seats.map((s) => s.bot ?? null),
    [null, 'easy'],
    'the computer holds seat 2'
  );
  const ack = await p.conn.request({ type: 'act', action: { type: 'step' } });
  assert.equal(ack.version, 1);
  const patch = p.got.find((x) => x.type === 'patch');
  assert.equal(patch.ack, ack.id, 'the patch carries the ack of the request');
  assert.deepEqual(
    patch.events,
    [
      { type: 'stepped', player: 1 },
      { type: 'note', seat: 1 },
    ],
    "seat 1's own events"
  );
  await until(() => p.state.sync.version === 2);
  assert.deepEqual(
    p.state.sync.view,
    { game: 'race', n: [1, 1], to_move: 1, outcome: null, secret: 10 },
    'the patches rebuild the view'
  );
  assert.equal(p.got.filter((x) => x.type === 'patch').at(-1).ack, undefined, "the computer's move carries no ack");
  assert.deepEqual(saved.at(-1).actions, [
    { seat: 1, action: { type: 'step' } },
    { seat: 2, action: { type: 'step' } },
  ]);
  assert.deepEqual(saved.at(-1).to_act, [1]);
  await assert.rejects(p.conn.request({ type: 'draw', op: 'offer' }), (e) => e.code === 'unknown_message');
  m.stop();
});

test('a stored game reopens where it was; its history rebuilds every view; a resignation ends it and is kept', async () => {
  let kept = null;
  const store = async (r) => {
    kept = structuredClone(r);
  };
  const first = await LocalMatch.open(raceEngine(), record('bot'), store);
  const a = page(first);
  a.conn.start();
  await a.conn.request({ type: 'act', action: { type: 'step' } });
  await until(() => a.state.sync.version === 2);
  first.stop();

  const again = await LocalMatch.open(raceEngine(), kept, store);
  const b = page(again);
  b.conn.start();
  assert.equal(b.state.sync.version, 2);
  assert.deepEqual(b.state.sync.view, a.state.sync.view, 'the same position after reopening');
  const hist = await b.conn.request({ type: 'history', from: 0 });
  const record2 = new MatchHistory();
  assert.equal(record2.addPage(hist), null, 'one page holds it all');
  assert.deepEqual(
    record2.changes.map((c) => [c.version, c.seat]),
    [
      [1, 1],
      [2, 2],
    ]
  );
  assert.deepEqual(record2.viewAt(0).n, [0, 0]);
  assert.deepEqual(record2.viewAt(2), b.state.sync.view);

  await b.conn.request({ type: 'resign' });
  const last = b.got.slice(-2);
  assert.deepEqual(
    last.map((x) => x.type),
    ['patch', 'game_over']
  );
  assert.deepEqual(last[0].events, [{ type: 'resigned', seat: 1 }]);
  assert.deepEqual(last[1].outcome, { winner: 2, reason: 'resign' });
  assert.deepEqual(b.state.outcome, { winner: 2, reason: 'resign' });
  assert.deepEqual(kept.end, { type: 'resign', seat: 1 });
  assert.deepEqual(kept.outcome, { winner: 2, reason: 'resign' });
  await assert.rejects(b.conn.request({ type: 'resign' }), (e) => e.code === 'game_over');
  again.stop();

  const over = await LocalMatch.open(raceEngine(), kept, store);
  const c = page(over);
  c.conn.start();
  assert.deepEqual(
    c.got.map((x) => x.type),
    ['joined', 'presence', 'game_over'],
    'a finished game says so when it opens'
  );
  assert.equal(c.state.sync.version, 3);
  assert.equal(over.thinking, false, 'the computer does not move in a finished game');
});

test('two players on this device: a connection per seat, each with its own view; a refusal changes nothing', async () => {
  const engine = raceEngine();
  const m = await LocalMatch.open(engine, record('hotseat'), async () => {});
  assert.deepEqual(m.tokens, { 1: 'local', 2: 'local' });
  const one = page(m, 1);
  const two = page(m, 2);
  one.conn.start();
  two.conn.start();
  assert.equal(two.state.seat, 2);
  await assert.rejects(two.conn.request({ type: 'act', action: { type: 'step' } }), (e) => e.code === 'not_your_turn');
  assert.equal(m.version, 0);
  for (let i = 0; i < 5; i++) await (i % 2 ? two : one).conn.request({ type: 'act', action: { type: 'step' } });
  assert.deepEqual(one.state.outcome, { winner: 1, reason: 'race' });
  assert.equal(one.state.sync.view.secret, 30, 'seat 1 sees its own secret');
  assert.equal(two.state.sync.view.secret, 20, 'seat 2 sees its own');
  assert.deepEqual(one.got.at(-1), { type: 'game_over', version: 5, outcome: { winner: 1, reason: 'race' } });
  assert.ok(!engine.calls.some((r) => r.op === 'bot'), 'nobody asks the computer');
  two.conn.sendRaw({ type: 'resync' });
  assert.equal(two.got.at(-1).type, 'snapshot');
  assert.equal(two.got.at(-1).version, 5);
  m.stop();
  assert.equal(engine.calls.at(-1).op, 'free', 'the engine forgets the match');
});

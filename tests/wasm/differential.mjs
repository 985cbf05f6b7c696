// The two hosts agree: the WebAssembly engine (web/engine/, in Node) against the native server
// (the tabuleiro binary on a free loopback port, real WebSocket clients). For GAMES random games
// of every game (default 200), at every step and for every seat:
//   - the legal list (and `expects`) the module computes from that seat's view alone equals the
//     `legal` the server sent that seat;
//   - for a sample of actions near the legal ones (most illegal), the module's verdict from the
//     seat's view equals the server's: the same rule error code, or both accept;
// and once the game is over, its log (seed and actions) replayed in the module gives, step by
// step, the same events (the same JSON text) and the same views (the same JSON, keys sorted) that
// the server sent each seat and a spectator live.
//   node --experimental-websocket tests/wasm/differential.mjs build/tabuleiro [--games N]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsonpatch from 'fast-json-patch';
import { loadEngine } from './engine_module.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const BINARY = resolve(args[0] || 'build/tabuleiro');
const GAMES = args.includes('--games') ? Number(args[args.indexOf('--games') + 1]) : 200;
const MAX_STEPS = 80; // then a seat resigns, so every game ends and its log opens
const STEP_TIMEOUT_MS = 10_000;
const TOTAL_TIMEOUT_MS = Number(process.env.DIFF_TIMEOUT_MS) || 900_000;

const watchdog = setTimeout(() => {
  console.error('differential: timed out');
  process.exit(1);
}, TOTAL_TIMEOUT_MS);

// A failure with what was compared.
function fail(message) {
  throw new Error(message);
}

// A free loopback port.
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

// JSON text with every object's keys sorted (views travel as patches, which add keys in any order).
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

// One WebSocket connection with a message queue and the view it holds (joined + patches).
class conn {
  constructor(url, name) {
    this.name = name;
    this.queue = [];
    this.wake = null;
    this.ws = new WebSocket(url);
    this.ws.onmessage = (e) => {
      this.queue.push(JSON.parse(e.data));
      if (this.wake) this.wake();
    };
    this.ws.onclose = () => {
      this.queue.push({ type: '<closed>' });
      if (this.wake) this.wake();
    };
    this.view = null;
    this.legal = [];
    this.expects = undefined;
    this.version = 0;
    this.history = []; // per change: {version, events text, view canonical}
  }
  open() {
    return new Promise((res, rej) => {
      this.ws.onopen = res;
      this.ws.onerror = () => rej(new Error(`${this.name}: open failed`));
    });
  }
  send(m) {
    this.ws.send(JSON.stringify(m));
  }
  // The next message for which pred holds; patches on the way are applied to the held view.
  async next(pred, what) {
    const end = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      while (this.queue.length) {
        const m = this.queue.shift();
        this.absorb(m);
        if (pred(m)) return m;
        if (m.type === '<closed>' || m.type === 'error')
          fail(`${this.name}: waiting for ${what}, got ${JSON.stringify(m)}`);
      }
      if (Date.now() > end) fail(`${this.name}: timed out waiting for ${what}`);
      await new Promise((r) => {
        this.wake = r;
        setTimeout(r, 200);
      });
      this.wake = null;
    }
  }
  absorb(m) {
    if (m.type === 'joined' || m.type === 'snapshot') {
      if (m.view) this.view = m.view;
      this.version = m.version;
      this.legal = m.legal;
      this.expects = m.expects;
      this.to_act = m.to_act;
    } else if (m.type === 'patch') {
      if (m.base !== this.version) fail(`${this.name}: patch base ${m.base} after version ${this.version}`);
      this.view = jsonpatch.applyPatch(this.view, m.ops, false, false).newDocument;
      this.version = m.version;
      this.legal = m.legal;
      this.expects = m.expects;
      this.to_act = m.to_act;
      this.history.push({ version: m.version, events: JSON.stringify(m.events), view: canonical(this.view) });
    }
  }
  // Waits until this connection holds version v.
  async at(v) {
    if (this.version < v) await this.next(() => this.version >= v, `version ${v}`);
  }
  close() {
    try {
      this.ws.close(1000);
    } catch {
      /* already closed */
    }
  }
}

// An HTTP JSON request to the server.
async function http(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  return { status: res.status, body: await res.json() };
}

// Every string in v (squares and cells), for making near actions.
function stringsIn(v, out) {
  if (typeof v === 'string') out.push(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}

// An action near the legal ones: a legal entry with a square or a path cell replaced by another
// one of the position, or a made-up one when the list is empty.
function nearAction(legal, rand) {
  if (!legal.length) return rand() < 0.5 ? { type: 'end_turn' } : { type: 'move', from: 'a1', to: 'a2' };
  const pool = stringsIn(legal, []);
  const a = structuredClone(legal[Math.floor(rand() * legal.length)]);
  for (const k of Object.keys(a)) {
    if (k === 'type' || rand() < 0.5) continue;
    if (typeof a[k] === 'string') a[k] = pool[Math.floor(rand() * pool.length)];
    else if (Array.isArray(a[k]) && a[k].length && typeof a[k][0] === 'string')
      a[k][Math.floor(rand() * a[k].length)] = pool[Math.floor(rand() * pool.length)];
  }
  return a;
}

// A small seeded PRNG (mulberry32), so a failing game can be played again.
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stats = { steps: 0, legal_compared: 0, verdicts: 0, refusals: 0, replayed: 0 };

// Checks that the module, from seat p's view alone, lists what the server sent p.
function compareLegal(engine, game, p) {
  const mine = engine.call({ op: 'view_legal', game, seat: p.seat, view: p.view });
  if (!mine.ok)
    fail(`${game} v${p.version} seat ${p.seat}: the module refused the view: ${JSON.stringify(mine.error)}`);
  if (JSON.stringify(mine.legal) !== JSON.stringify(p.legal))
    fail(
      `${game} v${p.version} seat ${p.seat}: legal differs\n module ${JSON.stringify(mine.legal)}\n server ${JSON.stringify(p.legal)}`
    );
  if (JSON.stringify(mine.expects) !== JSON.stringify(p.expects))
    fail(`${game} v${p.version} seat ${p.seat}: expects differs`);
  stats.legal_compared++;
}

// Sends action for p and returns the server's verdict: null (accepted) or the rule error code.
async function serverVerdict(p, players, action, id) {
  p.send({ type: 'act', id, action });
  const m = await p.next(
    (x) => (x.type === 'reject' && x.id === id) || (x.type === 'patch' && x.ack === id),
    `answer to ${id}`
  );
  if (m.type === 'reject') return m.error.code;
  for (const q of players) await q.at(m.version);
  return null;
}

// Plays one random game of game on the server, comparing at every step; returns its code and the
// live record of every viewer.
async function playOne(engine, base, game, n) {
  const rand = prng(n * 7919 + game.length);
  const made = await http('POST', `${base}/api/matches`, { game, seat: 1 });
  if (made.status !== 201) fail(`create ${game}: ${made.status} ${JSON.stringify(made.body)}`);
  const ws = base.replace('http', 'ws') + '/ws';
  const one = new conn(ws, 'seat 1'),
    two = new conn(ws, 'seat 2'),
    watcher = new conn(ws, 'spectator');
  await Promise.all([one.open(), two.open(), watcher.open()]);
  one.send({ type: 'join', code: made.body.code, token: made.body.token, acks: 'in_patch' });
  await one.next((m) => m.type === 'joined', 'joined');
  two.send({ type: 'join', code: made.body.code, as: 'player', acks: 'in_patch' });
  await two.next((m) => m.type === 'joined', 'joined');
  watcher.send({ type: 'join', code: made.body.code, as: 'spectator' });
  await watcher.next((m) => m.type === 'joined', 'joined');
  one.seat = 1;
  two.seat = 2;
  const players = [one, two];
  for (const p of players) await p.at(watcher.version);
  let id = 0;
  for (let step = 0; step < MAX_STEPS && one.to_act.length; step++) {
    stats.steps++;
    for (const p of players) compareLegal(engine, game, p);
    // A sampled action near the legal ones, by a seat to act or not: the module's verdict from
    // that seat's view against the server's.
    const p = players[Math.floor(rand() * 2)];
    const near = nearAction(p.legal.length ? p.legal : players[0].legal.concat(players[1].legal), rand);
    const mine = engine.call({ op: 'view_check', game, seat: p.seat, view: p.view, action: near });
    const theirs = await serverVerdict(p, players, near, `n${++id}`);
    stats.verdicts++;
    if ((mine.ok ? null : mine.error.code) !== theirs)
      fail(`${game} seat ${p.seat}: ${JSON.stringify(near)}: module ${JSON.stringify(mine)}, server ${theirs}`);
    if (theirs) {
      stats.refusals++;
    } else continue; // accepted: that was this step's action
    const mover = players.find((q) => q.to_act.includes(q.seat) && (q.legal.length || q.expects));
    if (!mover) break;
    const action = mover.legal.length
      ? mover.legal[Math.floor(rand() * mover.legal.length)]
      : { type: 'setup', preset: 'standard' };
    const verdict = await serverVerdict(mover, players, action, `a${++id}`);
    if (verdict) fail(`${game}: the server refused its own legal entry ${JSON.stringify(action)}: ${verdict}`);
  }
  if (one.to_act.length) {
    // still running: seat 1 resigns, so the log opens
    one.send({ type: 'resign', id: 'resign' });
    await one.next((m) => m.type === 'patch' && m.ack === 'resign', 'resignation');
    for (const p of [two, watcher]) await p.at(one.version);
  }
  await watcher.at(one.version);
  for (const c of [one, two, watcher]) c.close();
  return { code: made.body.code, record: [watcher.history, one.history, two.history] };
}

// Replays a finished match's log in the module and compares it with what each viewer saw live.
async function replay(engine, base, game, code, record) {
  const log = (await http('GET', `${base}/api/matches/${code}/log`)).body;
  if (!log.seed) fail(`${code}: the finished match's log has no seed`);
  const m = engine.call({ op: 'new', game, options: log.options, seed: log.seed });
  if (!m.ok) fail(`${code}: new: ${JSON.stringify(m.error)}`);
  for (const change of log.changes) {
    if (!change.action) continue; // a room-level change (the resignation)
    const done = engine.call({ op: 'apply', match: m.match, seat: change.seat, action: change.action });
    if (!done.ok)
      fail(`${code} v${change.version}: the module refused the logged action: ${JSON.stringify(done.error)}`);
    for (let viewer = 0; viewer <= 2; viewer++) {
      const live = record[viewer].find((h) => h.version === change.version);
      if (!live) fail(`${code} v${change.version}: viewer ${viewer} saw no patch`);
      if (JSON.stringify(done.events[viewer]) !== live.events)
        fail(
          `${code} v${change.version} viewer ${viewer}: events differ\n module ${JSON.stringify(done.events[viewer])}\n server ${live.events}`
        );
      const view = engine.call({ op: 'state', match: m.match, viewer }).view;
      if (canonical(view) !== live.view) fail(`${code} v${change.version} viewer ${viewer}: views differ`);
    }
    stats.replayed++;
  }
  engine.call({ op: 'free', match: m.match });
}

async function main() {
  const engine = await loadEngine(join(ROOT, 'web', 'engine'));
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tabuleiro-diff-'));
  const server = spawn(
    BINARY,
    [
      'serve',
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--db',
      join(dir, 'd.db'),
      '--log-level',
      'warn',
      '--create-limit',
      '100000',
      '--msg-rate',
      '100000',
      '--msg-burst',
      '100000',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] }
  );
  process.on('exit', () => server.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 150) fail('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const started = Date.now();
  try {
    for (const game of ['taixu', 'cyvasse', 'quadri']) {
      const t0 = Date.now();
      for (let n = 1; n <= GAMES; n++) {
        const { code, record } = await playOne(engine, base, game, n);
        await replay(engine, base, game, code, record);
      }
      console.log(`${game}: ${GAMES} games agree (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`differential: ${JSON.stringify(stats)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (stats.refusals < 100) fail('too few refusals compared');
  clearTimeout(watchdog);
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});

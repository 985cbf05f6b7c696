// Writes the release-0.1.0 fixture: drives a released `tabuleiro serve` (loopback only) to
// make five matches (resigned after several moves, drawn by agreement, abandoned, still
// running, still waiting), records each match's GET /api/matches/{code} and a spectator's
// `joined` view, stops the server and dumps its database with the sqlite3 shell.
//
//   node tests/server/store/data/make-release-db.mjs /work/base-bin/tabuleiro tests/server/store/data
//
// Needs the `ws` package: set WS_MODULE to its directory (default: bench/relay/node_modules/ws
// of this tree) and `sqlite3` on PATH. Writes release-0.1.0.sql and release-0.1.0.expected.json.
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const WebSocket = require(process.env.WS_MODULE || path.resolve(here, '../../../../bench/relay/node_modules/ws'));

const [bin, outDir] = process.argv.slice(2);
if (!bin || !outDir) {
  console.error('usage: node make-release-db.mjs TABULEIRO_BIN OUT_DIR');
  process.exit(2);
}
const release = execFileSync(bin, ['--version']).toString().trim().split(' ')[1];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tabuleiro-fixture-'));
const db = path.join(work, 'release.db');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts the server; resolves with its port once it prints its "serving on" line.
function startServer() {
  const child = spawn(
    bin,
    [
      'serve',
      '--bind',
      '127.0.0.1',
      '--port',
      '0',
      '--db',
      db,
      '--web',
      work,
      '--abandon-after',
      '1',
      '--threads',
      '1',
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

// A WebSocket client with a queue of received messages.
class Client {
  constructor(port) {
    this.inbox = [];
    this.waiters = [];
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    this.ws.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()));
      this.waiters.splice(0).forEach((w) => w());
    });
    this.opened = new Promise((r, j) => {
      this.ws.on('open', r);
      this.ws.on('error', j);
    });
  }
  send(msg) {
    this.ws.send(JSON.stringify(msg));
  }
  // The next message of type (skipping others), within 5 s.
  async until(type) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const i = this.inbox.findIndex((m) => m.type === type);
      if (i >= 0) return this.inbox.splice(0, i + 1).pop();
      if (Date.now() > deadline) throw new Error(`no ${type} message`);
      await new Promise((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  close() {
    this.ws.close();
  }
}

async function http(port, method, target, body) {
  const res = await fetch(`http://127.0.0.1:${port}${target}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

// Creates a TAIXU match and seats both players; returns the clients and legal lists.
async function table(port, seats) {
  const created = await http(port, 'POST', '/api/matches', { game: 'taixu' });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created)}`);
  const code = created.body.code;
  const t = { code, at: {}, legal: {}, version: 0 };
  if (seats >= 1) {
    t.at[1] = new Client(port);
    await t.at[1].opened;
    t.at[1].send({ type: 'join', code, token: created.body.token });
    t.legal[1] = (await t.at[1].until('joined')).legal;
  }
  if (seats >= 2) {
    t.at[2] = new Client(port);
    await t.at[2].opened;
    t.at[2].send({ type: 'join', code });
    t.legal[2] = (await t.at[2].until('joined')).legal;
    await t.at[1].until('presence');
  }
  return t;
}

// Plays n moves, each a deterministic pick from the legal list of the seat to act.
async function play(t, n) {
  for (let k = 0; k < n; ++k) {
    const seat = t.legal[1].length ? 1 : 2;
    const legal = t.legal[seat];
    const action = legal[(k * 7 + 3) % legal.length];
    t.at[seat].send({ type: 'act', id: `m${k}`, action });
    for (const s of [1, 2]) {
      const p = await t.at[s].until('patch');
      t.legal[s] = p.legal;
      t.version = p.version;
    }
    await t.at[seat].until('ack');
  }
}

// What a spectator joining now receives (its view and version) and the match summary.
async function record(port, name, code) {
  const summary = (await http(port, 'GET', `/api/matches/${code}`)).body;
  const c = new Client(port);
  await c.opened;
  c.send({ type: 'join', code, as: 'spectator' });
  const joined = await c.until('joined');
  c.close();
  return { name, code, summary, spectator: { version: joined.version, view: joined.view } };
}

async function waitFinished(port, code) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    const s = (await http(port, 'GET', `/api/matches/${code}`)).body;
    if (s.status === 'finished') return;
    await sleep(200);
  }
  throw new Error(`${code} was not abandoned`);
}

const { child, port } = await startServer();
const matches = [];
try {
  const resigned = await table(port, 2);
  await play(resigned, 12);
  resigned.at[2].send({ type: 'resign', id: 'r' });
  await resigned.at[2].until('game_over');
  await resigned.at[1].until('game_over');

  const drawn = await table(port, 2);
  await play(drawn, 3);
  drawn.at[1].send({ type: 'draw', id: 'o', op: 'offer' });
  await drawn.at[2].until('draw_offered');
  drawn.at[2].send({ type: 'draw', id: 'a', op: 'accept' });
  await drawn.at[1].until('game_over');

  const abandoned = await table(port, 2);
  await play(abandoned, 2);
  abandoned.at[1].close();
  abandoned.at[2].close();
  await waitFinished(port, abandoned.code);

  const running = await table(port, 2); // both stay connected, so it is not abandoned
  await play(running, 9);
  const waiting = await table(port, 1); // its creator stays connected

  for (const t of [resigned, drawn, abandoned]) for (const c of Object.values(t.at)) c.close();
  matches.push(await record(port, 'resigned', resigned.code));
  matches.push(await record(port, 'drawn', drawn.code));
  matches.push(await record(port, 'abandoned', abandoned.code));
  matches.push(await record(port, 'running', running.code));
  matches.push(await record(port, 'waiting', waiting.code));
  for (const t of [running, waiting]) for (const c of Object.values(t.at)) c.close();
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}

fs.mkdirSync(outDir, { recursive: true });
const dump = execFileSync('sqlite3', [db, '.dump']).toString();
fs.writeFileSync(path.join(outDir, `release-${release}.sql`), dump);
fs.writeFileSync(
  path.join(outDir, `release-${release}.expected.json`),
  JSON.stringify({ release, matches }, null, 1) + '\n'
);
fs.rmSync(work, { recursive: true, force: true });
console.log(`wrote release-${release}.sql and release-${release}.expected.json (${matches.length} matches)`);

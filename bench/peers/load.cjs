#!/usr/bin/env node
// The load generator for the peers (bench/run.sh), with each peer's own client library:
// M matches of 2 players + S spectators, one action in flight per match (the seat to move sends
// a random legal number; the next action waits until every connection of the match has seen
// it), DURATION seconds measured after every match is ready. Prints one JSON report, shaped like
// tabuleiro-load's where they measure the same thing: actions/s, act→ack (the actor sees its
// action applied) and act→last (the last connection sees it), the server's CPU per action and
// memory (from /proc of --server-pid).
//
// Usage: node load.cjs --target colyseus|boardgame.io --port P [--matches 100] [--spectators 2]
//          [--duration 5] [--server-pid PID] [--label L] [--seed 1] [--setup-timeout 120]
'use strict';

const fs = require('fs');
const { arg } = require('./games.cjs');

const target = arg('--target', 'colyseus');
const port = Number(arg('--port', 18500));
const matches = Number(arg('--matches', 100));
const spectators = Number(arg('--spectators', 2));
const duration = Number(arg('--duration', 5));
const serverPid = Number(arg('--server-pid', 0));
const label = arg('--label', '');
const setupTimeout = Number(arg('--setup-timeout', 120));
let seed = Number(arg('--seed', 1)) >>> 0 || 1;
const host = '127.0.0.1';

// A small seeded PRNG (xorshift32) for the numbers played.
function random100() {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed % 100;
}

// Nearest-rank quantile of sorted numbers (0 when empty).
function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    count: s.length,
    p50: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    p99: quantile(s, 0.99),
    max: s.length ? s[s.length - 1] : 0,
  };
};

// The context switches of every thread of pid (each task's status), voluntary and involuntary.
function switches(pid) {
  const out = { voluntary: 0, involuntary: 0 };
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let text = '';
    try {
      text = fs.readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    } catch {
      continue;
    } // the thread ended
    out.voluntary += Number((/^voluntary_ctxt_switches:\s+(\d+)/m.exec(text) || [0, 0])[1]);
    out.involuntary += Number((/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(text) || [0, 0])[1]);
  }
  return out;
}

// The CPU seconds (user + system), resident KiB and context switches of pid, from /proc.
function sample(pid) {
  const none = { cpu_s: 0, rss_kb: 0, switches: { voluntary: 0, involuntary: 0 } };
  if (!pid) return none;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return {
      cpu_s: (Number(fields[11]) + Number(fields[12])) / 100,
      rss_kb: rss ? Number(rss[1]) : 0,
      switches: switches(pid),
    };
  } catch {
    return none;
  }
}

// --- each peer's client side: a match's connections, and how its seats act -----------------

// Colyseus: seat 1 creates the room, seat 2 and the spectators join it by id; every connection
// reports the state's move count as it changes.
async function colyseusMatch(observe) {
  const Colyseus = require('colyseus.js');
  const client = new Colyseus.Client(`ws://${host}:${port}`);
  const first = await client.create('duel', {});
  const rooms = [first, await client.joinById(first.roomId, {})];
  for (let i = 0; i < spectators; ++i) rooms.push(await client.joinById(first.roomId, { spectator: true }));
  rooms.forEach((r, i) => r.onStateChange((state) => observe(i, state.moves)));
  return {
    act: (seat, n) => rooms[seat - 1].send('act', n),
    close: () => rooms.forEach((r) => r.leave().catch(() => {})),
  };
}

// boardgame.io: the match is created and both seats joined through its Lobby API; every
// connection is a boardgame.io client on its socket.io transport.
async function bgioMatch(observe) {
  const { Client } = require('boardgame.io/client');
  const { SocketIO } = require('boardgame.io/multiplayer');
  const { duel } = require('./bgio_game.cjs');
  const api = async (path, body) => {
    const res = await fetch(`http://${host}:${port}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.json();
  };
  const { matchID } = await api('/games/duel/create', { numPlayers: 2 });
  // WebSocket from the start, as a browser ends up using (no long-polling phase).
  const multiplayer = () => SocketIO({ server: `http://${host}:${port}`, socketOpts: { transports: ['websocket'] } });
  const clients = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await api(`/games/duel/${matchID}/join`, { playerID, playerName: `p${playerID}` });
    clients.push(
      Client({
        game: duel,
        multiplayer: multiplayer(),
        matchID,
        playerID,
        credentials: playerCredentials,
        debug: false,
      })
    );
  }
  for (let i = 0; i < spectators; ++i)
    clients.push(Client({ game: duel, multiplayer: multiplayer(), matchID, debug: false }));
  clients.forEach((c, i) => {
    c.subscribe((s) => {
      if (s && s.G) observe(i, s.G.moves);
    });
    c.start();
  });
  return { act: (seat, n) => clients[seat - 1].moves.play(n), close: () => clients.forEach((c) => c.stop()) };
}

const makeMatch = target === 'colyseus' ? colyseusMatch : target === 'boardgame.io' ? bgioMatch : null;
if (!makeMatch) {
  console.error(`load.cjs: unknown --target ${target}`);
  process.exit(2);
}

// --- the run ---------------------------------------------------------------------------------

const ack = [],
  last = [];
let running = false,
  acked = 0,
  errors = 0;
const all = [];

// One match: its connections' seen move counts, and the action in flight.
async function newMatch() {
  const m = { seen: new Array(2 + spectators).fill(-1), expected: 0, t0: 0, ackDone: false, handle: null, turn: 1 };
  m.handle = await makeMatch((i, moves) => {
    m.seen[i] = moves;
    if (!running || !m.t0 || moves < m.expected) return;
    const now = process.hrtime.bigint();
    if (i === m.turn - 1 && !m.ackDone) {
      m.ackDone = true;
      ack.push(Number(now - m.t0) / 1000);
    }
    if (m.seen.every((x) => x >= m.expected)) {
      last.push(Number(now - m.t0) / 1000);
      ++acked;
      m.turn = 3 - m.turn;
      setImmediate(() => act(m));
    }
  });
  return m;
}

// Sends the next action of m (the seat to move, a random legal number).
function act(m) {
  if (!running) return;
  m.expected += 1;
  m.ackDone = false;
  m.t0 = process.hrtime.bigint();
  try {
    m.handle.act(m.turn, random100());
  } catch {
    ++errors;
  }
}

async function main() {
  const setupStart = Date.now();
  const guard = setTimeout(() => {
    console.error('load.cjs: set-up timed out');
    process.exit(1);
  }, setupTimeout * 1000);
  const parallel = 16;
  let next = 0;
  const workers = Array.from({ length: parallel }, async () => {
    while (next < matches) {
      next += 1;
      try {
        all.push(await newMatch());
      } catch (e) {
        ++errors;
        if (errors < 3) console.error(`load.cjs: ${e.message}`);
      }
    }
  });
  await Promise.all(workers);
  clearTimeout(guard);
  // Every connection has seen the start (move 0) before the clock starts.
  const settle = Date.now();
  while (all.some((m) => m.seen.some((x) => x < 0)) && Date.now() - settle < 10000)
    await new Promise((r) => setTimeout(r, 50));
  const setupS = (Date.now() - setupStart) / 1000;
  const before = sample(serverPid);
  const self0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  running = true;
  for (const m of all) act(m);
  await new Promise((r) => setTimeout(r, duration * 1000));
  running = false;
  const measured = Number(process.hrtime.bigint() - t0) / 1e9;
  const after = sample(serverPid);
  const self = process.cpuUsage(self0);
  const report = {
    target,
    label,
    matches,
    spectators,
    matches_ready: all.length,
    setup_s: setupS,
    measured_s: measured,
    actions_acked: acked,
    acked_per_s: acked / measured,
    errors_total: errors,
    ack_us: summary(ack),
    latency_us: summary(last),
    server: {
      pid: serverPid,
      cpu_s_run: after.cpu_s - before.cpu_s,
      rss_kb: after.rss_kb,
      cpu_us_per_action: acked ? (1e6 * (after.cpu_s - before.cpu_s)) / acked : 0,
      switches_per_action: {
        voluntary: acked ? (after.switches.voluntary - before.switches.voluntary) / acked : 0,
        involuntary: acked ? (after.switches.involuntary - before.switches.involuntary) / acked : 0,
      },
      rss_kb_per_match: all.length ? after.rss_kb / all.length : 0,
    },
    generator: { cpu_s_run: (self.user + self.system) / 1e6 },
    loadavg_1m: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
  };
  console.log(JSON.stringify(report));
  for (const m of all) m.handle.close();
  setTimeout(() => process.exit(0), 200);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

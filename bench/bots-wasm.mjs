// The computer players in the two hosts: ms per decision for each game and level, in the
// WebAssembly module (web/engine/, in Node, one thread) and natively (build/engine_api_stdio),
// with the same requests: for each game, the first STEPS decisions of a game whose moves are the
// hard level's choices, each decision asked at every level with the time limit lifted, so each
// level runs its whole budget (bots::default_iterations) and both hosts choose the same action
// from the same seed (checked). Medians, and the module/native ratio, as a Markdown table.
//   node bench/bots-wasm.mjs [build dir] [--steps N]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { loadEngine } from '../tests/wasm/engine_module.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const BUILD = resolve(args.find((a) => !a.startsWith('--')) || join(ROOT, 'build'));
const STEPS = args.includes('--steps') ? Number(args[args.indexOf('--steps') + 1]) : 6;
const LEVELS = ['easy', 'medium', 'hard'];

// The native host: a child answering one JSON line per request.
function nativeHost() {
  const child = spawn(join(BUILD, 'engine_api_stdio'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (l) => waiting.shift()(JSON.parse(l)));
  return {
    call: (req) =>
      new Promise((res) => {
        waiting.push(res);
        child.stdin.write(`${JSON.stringify(req)}\n`);
      }),
    stop: () => child.stdin.end(),
  };
}

// The machine's load average (1, 5, 15 minutes), for the record.
const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const wasm = await loadEngine(join(ROOT, 'web', 'engine'));
  const native = nativeHost();
  const hosts = { wasm: async (r) => wasm.call(r), native: native.call };
  const rows = [];
  console.log(`load average before: ${loadAverage()}`);
  for (const game of ['taixu', 'cyvasse', 'quadri']) {
    const ids = {};
    for (const [name, call] of Object.entries(hosts)) ids[name] = (await call({ op: 'new', game, seed: '2026' })).match;
    const ms = { wasm: {}, native: {} };
    for (let step = 0; step < STEPS; step++) {
      const st = await hosts.native({ op: 'state', match: ids.native, viewer: 0 });
      if (!st.to_act.length) break;
      const seat = st.to_act[0];
      let chosen = null;
      for (const level of LEVELS) {
        const picks = {};
        for (const [name, call] of Object.entries(hosts)) {
          const a = await call({ op: 'bot', match: ids[name], seat, level, seed: String(step + 1), time_ms: 60000 });
          if (!a.ok) throw new Error(`${name} ${game} ${level}: ${JSON.stringify(a.error)}`);
          (ms[name][level] ||= []).push(a.ms);
          picks[name] = JSON.stringify(a.action);
        }
        if (picks.wasm !== picks.native)
          throw new Error(
            `${game} step ${step} ${level}: the hosts chose differently: ${picks.wasm} / ${picks.native}`
          );
        chosen = JSON.parse(picks.native);
      }
      for (const [name, call] of Object.entries(hosts)) {
        const done = await call({ op: 'apply', match: ids[name], seat, action: chosen });
        if (!done.ok) throw new Error(`${name} apply: ${JSON.stringify(done.error)}`);
      }
    }
    for (const level of LEVELS) {
      const w = median(ms.wasm[level]),
        n = median(ms.native[level]);
      rows.push(
        `| ${game} | ${level} | ${ms.wasm[level].length} | ${n.toFixed(1)} | ${w.toFixed(1)} | ${(w / n).toFixed(2)} | ${Math.max(...ms.wasm[level]).toFixed(1)} |`
      );
    }
  }
  native.stop();
  console.log(`load average after: ${loadAverage()}\n`);
  console.log('| game | level | decisions | native median ms | WebAssembly median ms | ratio | WebAssembly max ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});

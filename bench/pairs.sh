#!/usr/bin/env bash
# Back-to-back comparison of server or generator configurations under the same load: each run
# starts a fresh server (or the relay) with a new database, plays one tabuleiro-load run, and
# stops it; the variants alternate, RUNS rounds, so that a machine's drift hits all of them.
# Prints one Markdown table (the runs of each variant, their medians; the payload bytes every
# socket of a match received per action, and those of the legal lists, summed over the runs) on
# stdout.
#
#   bash bench/pairs.sh 'LABEL|SERVER FLAGS|GENERATOR FLAGS' ...
#
# SERVER FLAGS are added to the `tabuleiro serve` flags of bench/run.sh, or are the word
# `relay` for the baseline relay; a first word `bin=PATH` runs the server binary at PATH instead
# of build/tabuleiro (two builds under the same load, e.g. before and after a change).
# GENERATOR FLAGS are added to `tabuleiro-load --mode play`.
# Knobs (environment): RUNS=3 DURATION=5 MATCHES=100 SPECTATORS=2 GAME=taixu PORT=18480.
# Example: bash bench/pairs.sh 'ack in patch||' 'ack message||--acks message' 'relay|relay|'
#          GAME=cyvasse bash bench/pairs.sh 'legal from the server||' 'legal by the players||--legal local'
# Everything binds to loopback; each run is bounded by DURATION plus the set-up timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3} DURATION=${DURATION:-5} MATCHES=${MATCHES:-100} SPECTATORS=${SPECTATORS:-2}
GAME=${GAME:-taixu} PORT=${PORT:-18480}
(($#)) || { sed -n '2,15p' "$0" >&2; exit 2; }
[[ -x build/tabuleiro && -x build/tabuleiro-load ]] || { echo "pairs.sh: build first (bash scripts/build.sh)" >&2; exit 2; }
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d "${TMPDIR:-/tmp}/tabuleiro-pairs.XXXXXX")
pid=""
trap '[[ -n "$pid" ]] && kill -KILL "$pid" 2>/dev/null; rm -rf "$work"' EXIT

# Runs variant $1 (its spec) once, appending the generator's JSON line to $work/runs.jsonl.
run_once() {
  local label server load bin=./build/tabuleiro
  IFS='|' read -r label server load <<<"$1"
  if [[ "$server" == bin=* ]]; then
    bin=${server%% *}
    bin=${bin#bin=}
    [[ "$server" == *" "* ]] && server=${server#* } || server=""
  fi
  rm -rf "$work/data"
  mkdir -p "$work/data"
  if [[ "$server" == relay ]]; then
    node bench/relay/relay.js --bind 127.0.0.1 --port "$PORT" >"$work/server.log" 2>&1 &
  else
    # shellcheck disable=SC2086  # the flags are words on purpose
    "$bin" serve --bind 127.0.0.1 --port "$PORT" --db "$work/data/b.db" --log-level warn \
      --create-limit 1000000 --msg-rate 1000000 --msg-burst 1000000 $server >"$work/server.log" 2>&1 &
  fi
  pid=$!
  for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done
  # shellcheck disable=SC2086
  ./build/tabuleiro-load --mode play --port "$PORT" --game "$GAME" --matches "$MATCHES" \
    --spectators "$SPECTATORS" --duration "$DURATION" --sources 4 --server-pid "$pid" \
    --label "$label" --quiet $load >>"$work/runs.jsonl"
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
}

for ((r = 0; r < RUNS; r++)); do
  for spec in "$@"; do run_once "$spec"; done
done
node - "$work/runs.jsonl" <<'EOF'
const fs = require('fs');
const runs = fs.readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const f = (x, d = 0) => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const by = new Map();
for (const r of runs) { if (!by.has(r.label)) by.set(r.label, []); by.get(r.label).push(r); }
// Payload bytes received by every socket, and those of the legal and expects fields, of a report.
const received = (r, legal) => Object.values(r.wire.received).flatMap((types) => Object.values(types))
  .reduce((n, c) => n + (legal ? ((c.fields || {}).legal || 0) + ((c.fields || {}).expects || 0) : c.bytes), 0);
const perAction = (rs, legal) => rs.reduce((n, r) => n + received(r, legal), 0) / Math.max(1, rs.reduce((n, r) => n + r.actions_acked, 0));
console.log('| variant | actions/s (runs) | median | server µs CPU/action (runs) | median | of which the store writer (tab-store) | generator µs CPU/action | server ÷ generator CPU | server switches per action, voluntary / involuntary | bytes received per action | of which legal lists | p99 ms (runs) | median | errors | load |');
console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|');
for (const [label, rs] of by) {
  const rate = rs.map((r) => r.acked_per_s);
  const srv = rs.map((r) => r.server.cpu_us_per_action);
  const gen = rs.map((r) => 1e6 * r.generator.cpu_s_run / Math.max(1, r.actions_acked));
  const ratio = rs.map((r, i) => srv[i] / gen[i]);
  const loads = rs.map((r) => `${r.loadavg_1m.start.toFixed(1)}–${r.loadavg_1m.end.toFixed(1)}`);
  const writer = f(median(rs.map((r) => (r.server.cpu_us_per_action_by_thread || {})['tab-store'] || 0)), 1);
  const sw = (kind) => f(median(rs.map((r) => (r.server.switches_per_action || {})[kind] || 0)), 2);
  console.log(`| ${label} | ${rate.map((x) => f(x)).join(', ')} | ${f(median(rate))} | ${srv.map((x) => f(x, 1)).join(', ')} | ` +
    `${f(median(srv), 1)} | ${writer} | ${f(median(gen), 1)} | ${f(median(ratio), 2)} | ${sw('voluntary')} / ${sw('involuntary')} | ${f(perAction(rs, false))} | ${f(perAction(rs, true))} | ${rs.map((r) => f(r.latency_us.p99 / 1000, 1)).join(', ')} | ${f(median(rs.map((r) => r.latency_us.p99 / 1000)), 1)} | ${rs.reduce((n, r) => n + r.errors_total, 0)} | ${loads.join(', ')} |`);
}
EOF

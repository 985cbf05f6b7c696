#!/usr/bin/env bash
# The load benchmark against the cluster of deploy/cluster/local.sh (PostgreSQL, three nodes,
# nginx in front, all on loopback) and against one node of the same kind alone (its load sent
# to the node directly, the other two idle), alternating, RUNS runs each with a fresh cluster;
# regenerates the "Cluster" section of bench/RESULTS.md.
#
#   bash bench/cluster.sh            full run (about two minutes)
#   bash bench/cluster.sh --quick    one short run of each, prints the section, writes nothing
#
# Knobs (environment): RUNS=3 DURATION=5 MATCHES=100 SPECTATORS=2 GAME=taixu PORT=18590.
# The server CPU is the sum over every process of the setup (nodes, and nginx for the
# cluster), from /proc, between the start and the end of the run.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[[ "${1:-}" == --quick ]] && quick=1
command_line="bash bench/cluster.sh${*:+ $*}"
for v in GAME SPECTATORS MATCHES DURATION RUNS; do
  [[ -n "${!v:-}" ]] && command_line="$v=\"${!v}\" $command_line"
done
((quick)) && { RUNS=${RUNS:-1}; DURATION=${DURATION:-2}; }
RUNS=${RUNS:-3}
DURATION=${DURATION:-5}
MATCHES=${MATCHES:-100}
SPECTATORS=${SPECTATORS:-2}
GAME=${GAME:-taixu}
PORT=${PORT:-18590}

log() { printf '[cluster-bench] %s\n' "$*" >&2; }

bash scripts/setup.sh bench cluster
[[ -f build/build.ninja ]] || cmake -S . -B build -G Ninja >/dev/null
log "building tabuleiro tabuleiro-load pg_test_cluster"
cmake --build build --target tabuleiro tabuleiro-load pg_test_cluster -- -j2 >/dev/null

work=$(mktemp -d /tmp/tabuleiro-cluster-bench.XXXXXX)
chmod 755 "$work"  # as root, PostgreSQL runs as the postgres user, which must reach its data
export TABULEIRO_CLUSTER_DIR=$work/cluster TABULEIRO_CLUSTER_PORT=$PORT
# No per-client limits: one generator plays every match from one address.
export TABULEIRO_CLUSTER_NODE_FLAGS="--log-level warn --create-limit 1000000 --msg-rate 1000000 --msg-burst 1000000"
export TABULEIRO_CLUSTER_CREATE_RATE=100000r/s
local_sh() { bash deploy/cluster/local.sh "$@"; }
trap 'local_sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# CPU ticks (user + system) of the given processes, summed.
cpu_ticks() {
  local total=0 p f
  for p in "$@"; do
    read -r -a f <"/proc/$p/stat" || continue
    total=$((total + f[13] + f[14]))
  done
  echo "$total"
}

: >"$work/runs.jsonl"
for run in $(seq "$RUNS"); do
  for setup in one three; do
    log "run $run/$RUNS: $setup ($MATCHES matches, $DURATION s)"
    local_sh start >/dev/null
    if [[ $setup == one ]]; then
      port=$((PORT + 1))
      mapfile -t pids < <(local_sh pids | head -1)
    else
      port=$PORT
      mapfile -t pids < <(local_sh pids)
    fi
    before=$(cpu_ticks "${pids[@]}")
    line=$(./build/tabuleiro-load --mode play --port "$port" --target tabuleiro --game "$GAME" \
      --matches "$MATCHES" --spectators "$SPECTATORS" --duration "$DURATION" --seed "$run" \
      --label "$setup/$run" --setup-timeout 120 --quiet) || log "tabuleiro-load exited with $?"
    after=$(cpu_ticks "${pids[@]}")
    printf '{"setup":"%s","run":%d,"cpu_ticks":%d,"ticks_per_s":%d,"processes":%d,"report":%s}\n' \
      "$setup" "$run" $((after - before)) "$(getconf CLK_TCK)" "${#pids[@]}" "${line:-null}" >>"$work/runs.jsonl"
    local_sh stop >/dev/null
  done
done

{
  echo "command=$command_line"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //') x $(nproc)"
  echo "postgres=$(/usr/lib/postgresql/15/bin/postgres --version | sed 's/^postgres (PostgreSQL) //')"
  echo "nginx=$(nginx -v 2>&1 | cut -d/ -f2)"
  echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
} >"$work/machine.txt"
if ((quick)); then
  node bench/load/summarize_cluster.cjs "$work"
else
  node bench/load/summarize_cluster.cjs "$work" --write bench/RESULTS.md
  log "bench/RESULTS.md: Cluster section regenerated"
fi

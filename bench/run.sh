#!/usr/bin/env bash
# Runs Tabuleiro's benchmarks and regenerates the "Server load" section of bench/RESULTS.md.
#
#   bash bench/run.sh            full run (a few minutes), rewrites the section
#   bash bench/run.sh --quick    smoke run (about a minute), prints the section, writes nothing
#
# Steps, each bounded in count and time:
#   1. the other benchmarks of bench/CMakeLists.txt (engine, store), if present, with a timeout;
#   2. throughput, latency, CPU and bytes per action: LOADS concurrent matches (2 players +
#      SPECTATORS spectators each), RUNS runs per load (RUNS_LARGE for loads above 1,000),
#      alternating `tabuleiro serve` and the baseline relay (bench/relay), a fresh process
#      and database per run, DURATION seconds measured. The first game of GAMES (TAIXU by
#      default) plays every load, the others the first load of LOADS only; the relay, which
#      has no rules and echoes a fixed frame, runs once per load and run. A load whose
#      connections (2 + SPECTATORS per match, +100) do not fit one process's open-file hard
#      limit (the server and the generator each hold one descriptor per connection) is
#      skipped, and the report says so;
#   2b. latency at half the maximum rate: every target paced (--rate) at half of each target's
#      median actions/s at the first load, RUNS runs each;
#   3. the idle-connection ladder: spectators joined and held, at increasing N until a
#      connection fails or IDLE_MAX (default 50,000) or the open-file hard limit;
#   4. a sampling profile (perf, cpu-clock, DWARF call graphs) of one Tabuleiro run of the
#      first game at the largest load that ran;
#   4b. one more run of each target at the first load, its CPU split by what it was doing
#      (sending, receiving, durable writes, waiting, other kernel work, user space);
#   5. computer players at scale: for each N of BOT_COUNTS (0: the players alone), a fresh server (its default
#      --bot-matches, 16 per bot thread; no per-address limit) asked for N matches against the
#      computer (BOT_LEVEL) beside BOT_HUMANS matches between players paced at 1 action/s,
#      BOT_DURATION seconds measured, BOT_RUNS runs each (medians): the computer's decision
#      latency, the players' act→ack,
#      the refusals past the limit and the server's memory ("Computer players at scale").
#      BOTS_ONLY=1 runs this step alone and rewrites only its section;
#   6. side by side with the peers: for each load of PEER_LOADS, PEER_RUNS runs alternating
#      Tabuleiro (durable on SQLite, tabuleiro-load) and the frameworks of PEERS (bench/peers:
#      Colyseus 0.16 and boardgame.io 0.50, in memory, the smallest fair two-player game, each
#      driven by bench/peers/load.cjs with its own client library), same matches, spectators,
#      one action in flight per match, DURATION seconds measured ("Side by side with the peers",
#      chart bench/peers.svg); Tabuleiro once per wire mode of PEER_LEGAL (server: today's
#      messages with `legal` lists; local: the project's browser client's, without them).
#      PEERS_ONLY=1 runs this step alone and rewrites only its section.
# Knobs (environment): RUNS=3 RUNS_LARGE=1 DURATION=5 LOADS="100 1000 5000" SPECTATORS=2
#   GAMES="taixu cyvasse quadri" IDLE_MAX=50000 PROFILE=1 SERVER_PORT=18480 RELAY_PORT=18490
#   SOURCES=4 TARGETS="tabuleiro relay" LEGAL=server BOT_COUNTS="0 10 50 200" BOT_HUMANS=100
#   BOT_LEVEL=hard BOT_DURATION=20 BOT_RUNS=3 BOTS_ONLY=0 PEERS="colyseus boardgame.io"
#   PEER_LOADS="100 1000" PEER_RUNS=3 PEER_LEGAL="server local" PEERS_ONLY=0 COLYSEUS_PORT=18500 BGIO_PORT=18510. --quick: RUNS=1 DURATION=2 LOADS=100
#   IDLE_MAX=2000 BOT_COUNTS=10 BOT_DURATION=3 BOT_RUNS=1.
# LEGAL says where Tabuleiro's players get their legal lists (tabuleiro-load --legal): "server"
#   (the `legal` the server sends), "local" (every connection joins with "legal": false and each
#   seat computes its list with the game's rules engine from its own view, as a client carrying
#   the engine does), or both, "server local": then every game plays the first load both ways
#   (the report compares bytes and CPU per action), and the other steps use the first.
# Everything binds to and targets loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[[ "${1:-}" == --quick ]] && quick=1
# The exact command, with the knobs the caller set.
command_line="bash bench/run.sh $*"
for v in PEERS_ONLY PEER_RUNS PEER_LOADS PEER_LEGAL PEERS BOTS_ONLY BOT_RUNS BOT_DURATION BOT_LEVEL BOT_HUMANS BOT_COUNTS LEGAL TARGETS SOURCES PROFILE IDLE_MAX SPECTATORS GAMES LOADS DURATION RUNS_LARGE RUNS; do
  [[ -n "${!v:-}" ]] && command_line="$v=\"${!v}\" $command_line"
done
if ((quick)); then
  RUNS=${RUNS:-1} DURATION=${DURATION:-2} LOADS=${LOADS:-100} IDLE_MAX=${IDLE_MAX:-2000}
  BOT_COUNTS=${BOT_COUNTS:-10} BOT_DURATION=${BOT_DURATION:-3} BOT_RUNS=${BOT_RUNS:-1}
  PEER_LOADS=${PEER_LOADS:-100} PEER_RUNS=${PEER_RUNS:-1}
fi
PEERS=${PEERS-"colyseus boardgame.io"}
PEER_LOADS=${PEER_LOADS:-"100 1000"}
PEER_RUNS=${PEER_RUNS:-3}
PEER_LEGAL=${PEER_LEGAL:-"server local"}
PEERS_ONLY=${PEERS_ONLY:-0}
COLYSEUS_PORT=${COLYSEUS_PORT:-18500}
BGIO_PORT=${BGIO_PORT:-18510}
BOT_RUNS=${BOT_RUNS:-3}
BOT_COUNTS=${BOT_COUNTS-"0 10 50 200"}
BOT_HUMANS=${BOT_HUMANS:-100}
BOT_LEVEL=${BOT_LEVEL:-hard}
BOT_DURATION=${BOT_DURATION:-20}
BOTS_ONLY=${BOTS_ONLY:-0}
RUNS=${RUNS:-3}
RUNS_LARGE=${RUNS_LARGE:-1}
DURATION=${DURATION:-5}
LOADS=${LOADS:-"100 1000 5000"}
GAMES=${GAMES:-"taixu cyvasse quadri"}
SPECTATORS=${SPECTATORS:-2}
IDLE_MAX=${IDLE_MAX:-50000}
PROFILE=${PROFILE:-1}
SERVER_PORT=${SERVER_PORT:-18480}
RELAY_PORT=${RELAY_PORT:-18490}
SOURCES=${SOURCES:-4}
TARGETS=${TARGETS:-"tabuleiro relay"}
LEGAL=${LEGAL:-server}
first_legal=${LEGAL%% *}
for legal in $LEGAL; do
  [[ "$legal" == server || "$legal" == local ]] || { echo "bench/run.sh: LEGAL takes server and/or local" >&2; exit 2; }
done
for legal in $PEER_LEGAL; do
  [[ "$legal" == server || "$legal" == local ]] || { echo "bench/run.sh: PEER_LEGAL takes server and/or local" >&2; exit 2; }
done

log() { printf '[bench] %s\n' "$*" >&2; }

# --- build what is measured -------------------------------------------------------------
bash scripts/setup.sh bench
[[ -f build/build.ninja ]] || cmake -S . -B build -G Ninja >/dev/null
mapfile -t other_benches < <(sed -n 's/^add_executable(\([A-Za-z0-9_-]*\).*/\1/p' bench/CMakeLists.txt)
log "building tabuleiro tabuleiro-load ${other_benches[*]}"
cmake --build build --target tabuleiro tabuleiro-load "${other_benches[@]}" -- -j2 >/dev/null
if [[ " $TARGETS " == *" relay "* && ! -d bench/relay/node_modules/ws ]]; then
  log "installing the relay's pinned packages (npm ci)"
  npm ci --prefix bench/relay --no-audit --no-fund >/dev/null
fi
if [[ -n "$PEERS" ]] && ! cmp -s bench/peers/package-lock.json bench/peers/node_modules/.tabuleiro-lock; then
  log "installing the peers' pinned packages (npm ci)"
  npm ci --prefix bench/peers --no-audit --no-fund --loglevel=error >/dev/null
  cp bench/peers/package-lock.json bench/peers/node_modules/.tabuleiro-lock
fi

# One descriptor per connection: take the hard open-file limit (both servers inherit it).
ulimit -n "$(ulimit -Hn)"
fd_limit=$(ulimit -n)
file_max=$(cat /proc/sys/fs/file-max 2>/dev/null || echo 0)

work=$(mktemp -d "${TMPDIR:-/tmp}/tabuleiro-bench.XXXXXX")
server_pid=""
perf_pid=""
# Stops the processes this script started (by pid) and removes its scratch directory.
cleanup() {
  [[ -n "$perf_pid" ]] && kill -INT "$perf_pid" 2>/dev/null || true
  [[ -n "$server_pid" ]] && kill -KILL "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for port in "$SERVER_PORT" "$RELAY_PORT"; do
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
    echo "bench/run.sh: port $port is in use; set SERVER_PORT / RELAY_PORT" >&2
    exit 1
  fi
done

# Waits (at most 10 s) until the server on port answers /healthz (a peer: accepts connections).
wait_ready() {
  for _ in $(seq 100); do
    if [[ "$1" == "$COLYSEUS_PORT" || "$1" == "$BGIO_PORT" ]]; then
      (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    else
      curl -sf --max-time 2 -o /dev/null "http://127.0.0.1:$1/healthz" && return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "bench/run.sh: server on port $1 did not start; log:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# Starts target (tabuleiro | relay) fresh, with a new database; sets server_pid and port. More
# arguments go to `tabuleiro serve`.
start_target() {
  rm -rf "$work/data"
  if [[ "$1" == tabuleiro ]]; then
    port=$SERVER_PORT
    ./build/tabuleiro serve --bind 127.0.0.1 --port "$port" --db "$work/data/bench.db" \
      --log-level warn --create-limit 1000000 --msg-rate 1000000 --msg-burst 1000000 "${@:2}" \
      >"$work/server.log" 2>&1 &
  elif [[ "$1" == relay ]]; then
    port=$RELAY_PORT
    node bench/relay/relay.js --bind 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
  elif [[ "$1" == colyseus ]]; then
    port=$COLYSEUS_PORT
    node bench/peers/colyseus_server.cjs --bind 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
  else
    port=$BGIO_PORT
    node bench/peers/bgio_server.cjs --bind 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
  fi
  server_pid=$!
  wait_ready "$port"
}

# The --legal of tabuleiro-load against target with legal lists from $2 (default: the first of
# LEGAL): the relay sends none and is always played with the generator's default.
legal_for() {
  if [[ "$1" == tabuleiro ]]; then echo "${2:-$first_legal}"; else echo server; fi
}

# Stops the running target: SIGTERM, then SIGKILL after 10 s.
stop_target() {
  kill -TERM "$server_pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# The key=value lines every step's summary starts from: the command, commit, date, machine and
# the load average $1 taken before the step.
step_meta() {
  echo "command=$command_line"
  echo "commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo '+dirty')"
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "cores=$(nproc)"
  echo "loadavg=$1"
}

# --- 5. computer players at scale (run last, or alone with BOTS_ONLY=1) -----------------
: >"$work/bots.jsonl"
bots_step() {
  [[ " $TARGETS " == *" tabuleiro "* && -n "$BOT_COUNTS" ]] || return 0
  local load_before n run
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  for run in $(seq "$BOT_RUNS"); do
    for n in $BOT_COUNTS; do
      log "bots: $n matches against the computer ($BOT_LEVEL) beside $BOT_HUMANS paced matches, $BOT_DURATION s, run $run/$BOT_RUNS"
      start_target tabuleiro --bot-matches-per-address 100000
      ./build/tabuleiro-load --mode play --port "$port" --target tabuleiro --game "${GAMES%% *}" \
        --matches "$BOT_HUMANS" --spectators "$SPECTATORS" --rate 1 --bots "$n" --bot-level "$BOT_LEVEL" \
        --duration "$BOT_DURATION" --sources "$SOURCES" --server-pid "$server_pid" --seed "$run" --label "bots/$n/$run" \
        --setup-timeout 120 --quiet >>"$work/bots.jsonl" || log "tabuleiro-load exited with $?"
      stop_target
    done
  done
  {
    step_meta "$load_before"
    echo "bot_threads=$(( $(nproc) / 2 > 1 ? $(nproc) / 2 : 1 ))"
    echo "bot_matches=$((16 * ( $(nproc) / 2 > 1 ? $(nproc) / 2 : 1 )))"
    echo "bot_time_ms=1000"
    echo "humans=$BOT_HUMANS"
    echo "spectators=$SPECTATORS"
    echo "rate=1"
    echo "duration=$BOT_DURATION"
    echo "level=$BOT_LEVEL"
    echo "runs=$BOT_RUNS"
  } >"$work/bots_meta.txt"
}
# --- 6. side by side with the peers (alone with PEERS_ONLY=1) -----------------------------
: >"$work/peers.jsonl"
peers_step() {
  [[ -n "$PEERS" ]] || return 0
  local load run target legal load_before
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  for load in $PEER_LOADS; do
    for run in $(seq "$PEER_RUNS"); do
      # Tabuleiro once per wire mode (tabuleiro:server, tabuleiro:local), then each peer.
      for target in $(for l in $PEER_LEGAL; do echo "tabuleiro:$l"; done) $PEERS; do
        log "peers: $target, $load matches, run $run/$PEER_RUNS"
        legal=${target#tabuleiro:}
        target=${target%%:*}
        start_target "$target"
        if [[ "$target" == tabuleiro ]]; then
          ./build/tabuleiro-load --mode play --port "$port" --target tabuleiro --game "${GAMES%% *}" --legal "$legal" \
            --matches "$load" --spectators "$SPECTATORS" --duration "$DURATION" --sources "$SOURCES" \
            --server-pid "$server_pid" --seed "$run" --label "peers/$load/$run" --setup-timeout 120 --quiet \
            >>"$work/peers.jsonl" || log "tabuleiro-load exited with $?"
        else
          timeout 600 node bench/peers/load.cjs --target "$target" --port "$port" --matches "$load" \
            --spectators "$SPECTATORS" --duration "$DURATION" --server-pid "$server_pid" --seed "$run" \
            --label "peers/$load/$run" --setup-timeout 300 >>"$work/peers.jsonl" || log "load.cjs exited with $?"
        fi
        stop_target
      done
    done
  done
  {
    step_meta "$load_before"
    echo "node=$(node --version)"
    echo "game=${GAMES%% *}"
    echo "spectators=$SPECTATORS"
    echo "duration=$DURATION"
    echo "runs=$PEER_RUNS"
    echo "versions=$(node -e 'const l=require("./bench/peers/package-lock.json").packages; console.log(["@colyseus/core","boardgame.io","colyseus.js"].map((n)=>n+" "+l["node_modules/"+n].version).join(", "))')"
  } >"$work/peers_meta.txt"
}
if ((PEERS_ONLY)); then
  peers_step
  mkdir -p build/bench-last && cp "$work/peers.jsonl" "$work/peers_meta.txt" build/bench-last/
  if ((quick)); then node bench/load/summarize_peers.cjs "$work"
  else
    node bench/load/summarize_peers.cjs "$work" --write bench/RESULTS.md --chart bench/peers.svg
    node bench/load/summarize_peers.cjs "$work"
    log "bench/RESULTS.md: Side by side with the peers section regenerated (chart: bench/peers.svg)"
  fi
  exit 0
fi
if ((BOTS_ONLY)); then
  bots_step
  mkdir -p build/bench-last && cp "$work/bots.jsonl" "$work/bots_meta.txt" build/bench-last/
  if ((quick)); then node bench/load/summarize_bots.cjs "$work"
  else
    node bench/load/summarize_bots.cjs "$work" --write bench/RESULTS.md
    node bench/load/summarize_bots.cjs "$work"
    log "bench/RESULTS.md: Computer players at scale section regenerated"
  fi
  exit 0
fi

# --- 1. other benchmarks ----------------------------------------------------------------
: >"$work/other.txt"
if ((!quick)); then
  for b in "${other_benches[@]}"; do
    log "running $b"
    { echo "\$ ./build/$b"; timeout 180 "./build/$b" 2>&1 || echo "($b exited with $?)"; echo; } \
      >>"$work/other.txt"
  done
fi

# --- 2. throughput and latency, alternating targets ------------------------------------
# The loads that fit: each side (server, generator) holds one descriptor per connection in
# its own process limit, plus headroom for its database, listener and HTTP creations.
: >"$work/play.jsonl"
: >"$work/skipped.txt"
mkdir -p "$work/metrics"
first_load=${LOADS%% *}
first_game=${GAMES%% *}
largest_load=""
plan=()
for load in $LOADS; do
  need=$((load * (2 + SPECTATORS) + 100))
  if ((need > fd_limit)); then
    echo "load=$load connections=$((need - 100)) needed=$need fd_limit=$fd_limit reason=process" >>"$work/skipped.txt"
    log "play: skipping $load matches: $need descriptors per process needed, open-file hard limit $fd_limit"
    continue
  fi
  if ((file_max > 0 && 2 * need > file_max)); then
    echo "load=$load connections=$((need - 100)) needed=$((2 * need)) fd_limit=$file_max reason=system" >>"$work/skipped.txt"
    log "play: skipping $load matches: $((2 * need)) descriptors needed, fs.file-max $file_max"
    continue
  fi
  largest_load=$load
  runs=$RUNS
  ((load > 1000)) && runs=$RUNS_LARGE
  games=$GAMES
  legals=${LEGAL// /,}
  [[ "$load" != "$first_load" ]] && games=$first_game && legals=$first_legal
  plan+=("$load:$runs:$games:$legals")
done
log "play plan (load:runs:games:legal lists): ${plan[*]}; $DURATION s measured per run"
for entry in "${plan[@]}"; do
  IFS=: read -r load runs games legals <<<"$entry"
  for run in $(seq "$runs"); do
    for game in $games; do
      for target in $TARGETS; do
        for legal in ${legals//,/ }; do
          # The relay has no rules (it echoes one fixed frame) and sends no legal list: one run
          # per load and run.
          [[ "$target" == relay && ("$game" != "$first_game" || "$legal" != "$first_legal") ]] && continue
          log "play: $target, $game, $load matches, legal lists: $legal, run $run/$runs"
          start_target "$target"
          ./build/tabuleiro-load --mode play --port "$port" --target "$target" --game "$game" \
            --matches "$load" --spectators "$SPECTATORS" --duration "$DURATION" --sources "$SOURCES" \
            --server-pid "$server_pid" --seed "$run" --label "$target/$game/$load/$run/$legal" \
            --legal "$(legal_for "$target" "$legal")" \
            --setup-timeout 120 >>"$work/play.jsonl" || log "tabuleiro-load exited with $?"
          # Tabuleiro's own counters, of the runs the tables above the legal comparison show.
          if [[ "$target" == tabuleiro && "$legal" == "$first_legal" ]]; then
            curl -s --max-time 5 "http://127.0.0.1:$port/metrics" >"$work/metrics/$game-$load-$run.prom" || true
          fi
          stop_target
        done
      done
    done
  done
done

# --- 2b. latency at half the maximum rate ------------------------------------------------
# Each target's maximum is its median actions/s at the first load (the closed loop above);
# every target then plays paced at half of each target's maximum (--rate per match), so each
# is shown at its own half rate and at the other's, RUNS runs each.
: >"$work/rate.jsonl"
half_rates=()
for basis in $TARGETS; do
  max=$(node -e '
    const [file, target, game, load, legal] = process.argv.slice(1);
    const xs = require("fs").readFileSync(file, "utf8").split("\n").filter(Boolean).map(JSON.parse)
      .filter((r) => r.target === target && r.matches === Number(load) && (target === "relay" || r.game === game) &&
        (target === "relay" || (r.legal ? r.legal.source : "server") === legal))
      .map((r) => r.acked_per_s).sort((a, b) => a - b);
    console.log(xs.length ? xs[xs.length >> 1] : 0);' "$work/play.jsonl" "$basis" "$first_game" "$first_load" "$first_legal")
  per_match=$(node -e 'console.log((Number(process.argv[1]) / 2 / Number(process.argv[2])).toFixed(3))' "$max" "$first_load")
  [[ "$per_match" == 0.000 ]] && continue
  half_rates+=("$basis:$per_match")
done
log "half-rate plan (basis:actions/s per match): ${half_rates[*]}"
for run in $(seq "$RUNS"); do
  for entry in "${half_rates[@]}"; do
    IFS=: read -r basis per_match <<<"$entry"
    for target in $TARGETS; do
      log "half rate: $target at half of $basis's maximum ($per_match actions/s per match), run $run/$RUNS"
      start_target "$target"
      ./build/tabuleiro-load --mode play --port "$port" --target "$target" --game "$first_game" \
        --matches "$first_load" --spectators "$SPECTATORS" --duration "$DURATION" --sources "$SOURCES" \
        --rate "$per_match" --server-pid "$server_pid" --seed "$run" --label "half:$basis" --legal "$(legal_for "$target")" \
        --setup-timeout 120 >>"$work/rate.jsonl" || log "tabuleiro-load exited with $?"
      stop_target
    done
  done
done

# --- 3. idle-connection ladder ---------------------------------------------------------
: >"$work/idle.jsonl"
idle_cap=$((fd_limit - 100))
((idle_cap > IDLE_MAX)) && idle_cap=$IDLE_MAX
steps=()
for n in 1000 2000 5000 10000 20000 50000; do ((n < idle_cap)) && steps+=("$n"); done
steps+=("$idle_cap")
for target in $TARGETS; do
  for n in "${steps[@]}"; do
    log "idle: $target, $n connections"
    start_target "$target"
    line=$(./build/tabuleiro-load --mode idle --port "$port" --target "$target" --connections "$n" \
      --per-match 20 --hold 2 --sources "$SOURCES" --server-pid "$server_pid" \
      --label "$target/idle/$n" --setup-timeout 90) || true
    stop_target
    [[ -n "$line" ]] && echo "$line" >>"$work/idle.jsonl"
    held=$(node -e 'try{console.log(JSON.parse(process.argv[1]).connections_held)}catch{console.log(0)}' "$line")
    ((held < n)) && { log "idle: $target held $held of $n; stopping the ladder"; break; }
  done
done

# --- 4. profile of one Tabuleiro run ---------------------------------------------------
: >"$work/profile_dso.txt"
: >"$work/profile_sym.txt"
: >"$work/profile_children.txt"
# Whether perf can sample here (steps 4 and 4b).
have_perf=0
((PROFILE)) && perf record -e cpu-clock -o "$work/perf.probe" true >/dev/null 2>&1 && have_perf=1
if ((have_perf)) && [[ " $TARGETS " == *" tabuleiro "* ]]; then
  load=${largest_load:-$first_load}
  log "profile: tabuleiro, $first_game, $load matches, perf record -e cpu-clock --call-graph dwarf"
  start_target tabuleiro
  perf record -e cpu-clock -F 199 --call-graph dwarf,16384 -p "$server_pid" -o "$work/perf.data" \
    >/dev/null 2>&1 &
  perf_pid=$!
  ./build/tabuleiro-load --mode play --port "$port" --target tabuleiro --game "$first_game" \
    --matches "$load" --spectators "$SPECTATORS" --duration "$DURATION" --sources "$SOURCES" \
    --server-pid "$server_pid" --label "profile" --legal "$first_legal" --setup-timeout 120 --quiet >/dev/null || true
  kill -INT "$perf_pid" 2>/dev/null || true
  wait "$perf_pid" 2>/dev/null || true
  perf_pid=""
  stop_target
  log "profile: perf report"
  perf report -i "$work/perf.data" --stdio --no-children --sort dso -g none 2>/dev/null |
    grep -E '^ +[0-9.]+%' | head -12 >"$work/profile_dso.txt" || true
  perf report -i "$work/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null |
    grep -E '^ +[0-9.]+%' >"$work/profile_sym.txt" || true
  perf report -i "$work/perf.data" --stdio --children --sort sym -g none 2>/dev/null |
    grep -E '^ +[0-9.]+%' >"$work/profile_children.txt" || true
fi

# --- 4b. where each target's CPU goes, side by side -------------------------------------
# One more run of each target at the first load, sampled with kernel call graphs (-g) from
# 1 s in until the run ends, and split by bench/load/cpu_split.cjs: sends, receives, durable
# writes, waiting and waking, other kernel work, user space.
: >"$work/split.jsonl"
if ((have_perf)); then
  for target in $TARGETS; do
    log "cpu split: $target, $first_game, $first_load matches, perf record -e cpu-clock -g"
    start_target "$target"
    (sleep 1 && exec perf record -e cpu-clock -F 499 -g -p "$server_pid" -o "$work/split.data" \
      -- sleep "$((DURATION > 2 ? DURATION - 1 : 1))" >/dev/null 2>&1) &
    perf_pid=$!
    report=$(./build/tabuleiro-load --mode play --port "$port" --target "$target" --game "$first_game" \
      --matches "$first_load" --spectators "$SPECTATORS" --duration "$DURATION" --sources "$SOURCES" \
      --server-pid "$server_pid" --label "split" --legal "$(legal_for "$target")" --setup-timeout 120 --quiet) || report=""
    wait "$perf_pid" 2>/dev/null || true
    perf_pid=""
    stop_target
    split=$(perf script -i "$work/split.data" -F comm,ip,sym,dso 2>/dev/null | node bench/load/cpu_split.cjs) || split=""
    [[ -n "$report" && -n "$split" ]] &&
      printf '{"target":"%s","report":%s,"split":%s}\n' "$target" "$report" "$split" >>"$work/split.jsonl"
    rm -f "$work/split.data"
  done
fi

bots_step
peers_step

# --- report -----------------------------------------------------------------------------
{
  echo "command=$command_line"
  echo "commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo '+dirty')"
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "kernel=$(uname -srm)"
  echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "cores=$(nproc)"
  echo "memory=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "node=$(node --version)"
  echo "compiler=$(c++ --version | head -1)"
  echo "fd_limit=$fd_limit"
  echo "file_max=$file_max"
  echo "runs=$RUNS"
  echo "runs_large=$RUNS_LARGE"
  echo "loads=$LOADS"
  echo "games=$GAMES"
  echo "duration=$DURATION"
  echo "spectators=$SPECTATORS"
  echo "sources=$SOURCES"
  echo "legal=$LEGAL"
} >"$work/meta.txt"
# Keep the raw results (not the perf data) for a later look: build/bench-last/.
rm -rf build/bench-last && mkdir -p build/bench-last
cp -r "$work"/*.txt "$work"/*.jsonl "$work/metrics" build/bench-last/ 2>/dev/null || true
section=$(node bench/load/summarize.cjs "$work")
bots_section=$(node bench/load/summarize_bots.cjs "$work")
peers_section=$(node bench/load/summarize_peers.cjs "$work")
if ((quick)); then
  echo "$section"
  echo
  echo "$bots_section"
  echo
  echo "$peers_section"
else
  node bench/load/summarize.cjs "$work" --write bench/RESULTS.md --chart bench/load.svg
  node bench/load/summarize_bots.cjs "$work" --write bench/RESULTS.md
  node bench/load/summarize_peers.cjs "$work" --write bench/RESULTS.md --chart bench/peers.svg
  echo "$peers_section"
  echo "$bots_section"
  log "bench/RESULTS.md: Server load and Computer players at scale sections regenerated (chart: bench/load.svg)"
fi

#!/usr/bin/env bash
# tabuleiro-load against the real server: a short bounded play run of one game on a free
# loopback port must acknowledge actions with no rejection (it plays only actions the game
# allows: legal entries, and Cyvasse set-ups built from expects), no error, record latencies
# and the bytes of the patches received, and hold its connections: every match slot is either
# ready with all three connections held or, its game having just finished, a new match still
# joining (any number of games can finish in the run's last moments).
# With legal local the players join with "legal": false and compute their legal lists from
# their views: no legal list may reach them, and as many lists computed as actions sent.
# With bots, 3 matches against the computer (easy) are asked for beside them from a server that
# admits 2: one is refused (503), and the computer's decisions are timed.
# $1 = build/tabuleiro, $2 = build/tabuleiro-load, $3 = game (default taixu), $4 = --legal
# (default server), $5 = bots (optional).
set -u
server=$1 load=$2 game=${3:-taixu} legal=${4:-server} bots=${5:-}
serve_bots=() load_bots=()
if [ "$bots" = bots ]; then serve_bots=(--bot-matches 2); load_bots=(--bots 3 --bot-level easy); fi
work=$(mktemp -d)
pid=""
# Stops the server this script started (by pid) and removes its scratch directory.
stop() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap stop EXIT
port=""
for try in 1 2 3 4 5; do
  p=$((20000 + (RANDOM % 20000)))
  "$server" serve --bind 127.0.0.1 --port "$p" --db "$work/t$try.db" --log-level warn \
    --msg-rate 100000 --msg-burst 100000 --create-limit 100000 "${serve_bots[@]}" >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 50); do
    curl -sf -o /dev/null "http://127.0.0.1:$p/healthz" && { port=$p; break; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$port" ] && break
  kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; pid=""
done
[ -n "$port" ] || { echo "server did not start"; cat "$work/server.log"; exit 1; }
out=$(timeout 60 "$load" --port "$port" --game "$game" --matches 4 --spectators 1 --duration 2 --sources 2 \
      --legal "$legal" --server-pid "$pid" "${load_bots[@]}" --quiet)
rc=$?
echo "$out"
[ "$rc" -eq 0 ] || { echo "tabuleiro-load exit code $rc"; exit 1; }
fail=0
# The server's context switches and its CPU by thread name (the store's writer is tab-store).
for want in '"target":"tabuleiro"' "\"game\":\"$game\"" '"patch":{"bytes":[1-9]' '"rejects_total":0' '"errors_total":0' \
    '"switches_per_action":{"involuntary":' '"tab-store":'; do
  printf '%s' "$out" | grep -q -- "$want" || { echo "missing $want"; fail=1; }
done
acked=$(printf '%s' "$out" | sed -n 's/.*"actions_acked":\([0-9]*\).*/\1/p')
# At least 20: past Cyvasse's 8 set-ups (4 matches × 2 seats) well into the play phase.
[ "${acked:-0}" -ge 20 ] || { echo "only ${acked:-0} actions acknowledged"; fail=1; }
field() { printf '%s' "$out" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }
held=$(field connections_held) ready=$(field matches_ready_at_end) joining=$(field matches_joining_at_end)
# Against the computer: 2 of the 3 asked run (one player's connection each), one is refused.
with_bots=0
if [ "$bots" = bots ]; then
  with_bots=2
  # Either or both may have just ended, a replacement still joining (counted in
  # matches_joining_at_end, which the match slots below check): at most 2 run, never the third.
  running=$(field running_at_end)
  [ "${running:-0}" -le 2 ] || { echo "matches against the computer running: ${running:-0}, more than 2"; fail=1; }
  printf '%s' "$out" | grep -q '"create_errors":{"http_503' || { echo "no creation refused with 503"; fail=1; }
  [ "$(field decisions)" -ge 1 ] 2>/dev/null || { echo "no decision of the computer timed"; fail=1; }
fi
[ $(( ${ready:-0} + ${joining:-0} )) -eq $(( 4 + with_bots )) ] || { echo "match slots: ${ready:-0} ready + ${joining:-0} joining, not $(( 4 + with_bots ))"; fail=1; }
[ "${ready:-0}" -ge 1 ] || { echo "no match ready at the end"; fail=1; }
[ "${held:-0}" -ge $(( 3 * (${ready:-0} - with_bots) + with_bots )) ] || { echo "only ${held:-0} connections held for ${ready:-0} ready matches"; fail=1; }
p99=$(printf '%s' "$out" | sed -n 's/.*"p99":\([0-9]*\).*/\1/p')
[ "${p99:-0}" -gt 0 ] || { echo "no latency recorded"; fail=1; }
if [ "$legal" = local ]; then
  # A received field is counted as "key":bytes in the report's wire.
  printf '%s' "$out" | grep -q '"legal":[0-9]' && { echo "a legal list was received"; fail=1; }
  printf '%s' "$out" | grep -q '"expects":[0-9]' && { echo "an expects was received"; fail=1; }
  computed=$(printf '%s' "$out" | sed -n 's/.*"computed":\([0-9]*\).*/\1/p')
  [ "${computed:-0}" -ge "${acked:-0}" ] || { echo "only ${computed:-0} legal lists computed"; fail=1; }
fi
exit "$fail"

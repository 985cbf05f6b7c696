#!/usr/bin/env bash
# What SQLite's quick_check at start costs (deploy/README.md, "The database file"): builds a
# database of MATCHES matches with ACTIONS actions each (default 10,000 × 100 = a million
# actions) from a real server's schema, then starts `tabuleiro serve` on it RUNS times and
# prints the time the server logged for its quick_check, and the file's size; with COLD=1 (as
# root) the page cache is dropped before each start, as after a reboot.
#   bash bench/quick_check.sh [build/tabuleiro]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/tabuleiro}
matches=${MATCHES:-10000} actions=${ACTIONS:-100} runs=${RUNS:-3}
work=$(mktemp -d /tmp/tabuleiro-quick-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
db=$work/big.db
# A real server makes the schema and one match to copy.
"$bin" serve --bind 127.0.0.1 --port 0 --db "$db" --quick-check-seconds 0 >"$work/out" 2>"$work/log" &
pid=$!
for _ in $(seq 100); do grep -q 'serving on' "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*:\([0-9]*\)\/.*/\1/p' "$work/out" | head -n 1)
curl -sf -X POST -H 'Content-Type: application/json' -d '{"game":"taixu"}' "http://127.0.0.1:$port/api/matches" >/dev/null
kill -TERM "$pid" && wait "$pid"
python3 - "$db" "$matches" "$actions" <<'PY'
import sqlite3, sys
db, matches, actions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
c = sqlite3.connect(db)
cols = [r[1] for r in c.execute("PRAGMA table_info(matches)")]
pick = ", ".join("?" if k == "code" else ("NULL" if k == "id" else k) for k in cols)
acols = [r[1] for r in c.execute("PRAGMA table_info(actions)")]
move = '{"type":"move","from":[3,4],"to":[4,5],"piece":"soldier"}'
for m in range(matches):
    code = "Z%05d" % m
    c.execute(f"INSERT INTO matches ({', '.join(cols)}) SELECT {pick} FROM matches LIMIT 1", (code,))
    mid = c.execute("SELECT id FROM matches WHERE code = ?", (code,)).fetchone()[0]
    rows = []
    for v in range(1, actions + 1):
        row = {"match_id": mid, "version": v, "seat": 1 + v % 2, "action": move, "change": None,
               "at_ms": 1765000000000 + v, "lag_ms": 0}
        rows.append(tuple(row.get(k) for k in acols))
    c.executemany(f"INSERT INTO actions ({', '.join(acols)}) VALUES ({', '.join('?' * len(acols))})", rows)
    c.execute("UPDATE matches SET last_version = ? WHERE id = ?", (actions, mid))
    if m % 1000 == 999: c.commit()
c.commit()
print(f"{matches * actions} actions in {matches} matches")
PY
echo "database: $(du -h "$db" | cut -f1) ($(stat -c %s "$db") bytes); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
  if [[ "${COLD:-0}" == 1 ]]; then sync; echo 3 >/proc/sys/vm/drop_caches; fi
  "$bin" serve --bind 127.0.0.1 --port 0 --db "$db" >"$work/out" 2>"$work/log" &
  pid=$!
  for _ in $(seq 600); do grep -q 'serving on' "$work/out" 2>/dev/null && break; sleep 0.1; done
  kill -TERM "$pid" && wait "$pid" || true
  echo "run $run: $(grep -o 'quick_check of .* ok in [0-9]* ms' "$work/log")"
done

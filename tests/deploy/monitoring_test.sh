#!/usr/bin/env bash
# deploy/monitoring/: the alert rules load and pass their own unit tests under promtool
# (Debian's prometheus package), the Grafana dashboard is valid JSON with a query per panel,
# and every metric either names is one a real server exports on /metrics.
#   bash tests/deploy/monitoring_test.sh build/tabuleiro
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$1
fail() { echo "monitoring test: $*" >&2; exit 1; }
command -v promtool >/dev/null || fail "promtool is missing: bash scripts/setup.sh monitoring"
promtool check rules deploy/monitoring/alerts.yml
promtool test rules deploy/monitoring/alerts_test.yml

work=$(mktemp -d /tmp/tabuleiro-monitoring.XXXXXX)
pid=""
trap '[[ -n "$pid" ]] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
"$bin" serve --bind 127.0.0.1 --port 0 --db "$work/t.db" --web web --backup-dir "$work/backups" >"$work/out" 2>"$work/log" &
pid=$!
for _ in $(seq 100); do grep -q 'serving on' "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*:\([0-9]*\)\/.*/\1/p' "$work/out" | head -n 1)
[[ -n "$port" ]] || fail "the server did not start: $(tail -n 5 "$work/log")"
curl -sf "http://127.0.0.1:$port/metrics" >"$work/metrics" || fail "GET /metrics failed"

python3 - "$work/metrics" deploy/monitoring/alerts.yml deploy/monitoring/grafana-dashboard.json <<'PY'
import json, re, sys
exported = set()
for line in open(sys.argv[1]):
    if line.startswith("#") or not line.strip():
        continue
    exported.add(re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0))
named = lambda text: set(re.findall(r"\btabuleiro_[a-z_]+", text))
rules = open(sys.argv[2]).read()
dashboard = json.load(open(sys.argv[3]))
assert dashboard["panels"], "the dashboard has no panel"
exprs = []
for p in dashboard["panels"]:
    assert p.get("targets"), f"panel {p.get('title')} has no query"
    assert p.get("datasource"), f"panel {p.get('title')} has no data source"
    exprs += [t["expr"] for t in p["targets"]]
problems = []
for where, names in (("alerts.yml", named(rules)), ("grafana-dashboard.json", named(" ".join(exprs)))):
    for n in sorted(names):
        if n not in exported:
            problems.append(f"{where} names {n}, which /metrics does not export")
# The build names its version and commit.
text = open(sys.argv[1]).read()
if not re.search(r'^tabuleiro_build_info\{version="\d+\.\d+\.\d+",commit="([0-9a-f]{12}(-dirty)?|unknown)"\} 1$', text, re.M):
    problems.append("tabuleiro_build_info does not name a version and a commit: " + " ".join(l for l in text.splitlines() if "build_info" in l))
if problems:
    sys.exit("\n".join(problems))
print(f"monitoring: {len(named(rules))} metrics in the alerts and {len(named(' '.join(exprs)))} in the dashboard, all exported")
PY

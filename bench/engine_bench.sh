#!/usr/bin/env bash
# Builds and runs the engine benchmark, then rewrites the "## Engine" section of
# bench/RESULTS.md with its output (other sections are left as they are).
#   bash bench/engine_bench.sh            5 runs x 1 CPU s per measurement (about 25 s)
#   RUNS=3 SECONDS_PER=0.5 bash bench/engine_bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
seconds=${SECONDS_PER:-1}
[[ -f build/build.ninja ]] || cmake -S . -B build -G Ninja >/dev/null
cmake --build build --target engine_bench -- -j2 >/dev/null
cmd="./build/engine_bench --runs $runs --seconds $seconds"
output=$(timeout 300 $cmd)
echo "$output"

section=$(mktemp)
trap 'rm -f "$section"' EXIT
{
  echo "## Engine"
  echo
  echo "TAIXU rules engine (\`engine/taixu\`), random playouts from seeded games with the default"
  echo "options: the player picks a uniformly random legal action other than \`end_turn\`, and"
  echo "\`end_turn\` one time in eight; games are cut at 300 actions. Rates are per CPU second of"
  echo "the benchmark thread (thread CPU clock), so other builds on the shared machine do not"
  echo "lower them; each figure is the median of the runs. \"Legal-action generations\" and"
  echo "\"actions applied\" loop over a fixed corpus of 4096 positions met in playouts (the"
  echo "latter copies the position, then applies one of its legal actions with its events). The"
  echo "JSON row is what the server pays per action through \`protocol::match\`: the legal list"
  echo "as JSON, then parse, exact rule check, apply, and the views and events per viewer group"
  echo "as JSON."
  echo
  echo "Command (\`bash bench/engine_bench.sh\` runs it and rewrites this section):"
  echo
  echo "    $cmd"
  echo
  echo "Output ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)):"
  echo
  echo '```'
  echo "$output"
  echo '```'
} >"$section"

results=bench/RESULTS.md
[[ -f "$results" ]] || printf '# Benchmark results\n' >"$results"
# Replace the old Engine section (up to the next "## " heading) or append a new one.
awk -v file="$section" '
  BEGIN { while ((getline line < file) > 0) body = body line "\n" }
  /^## / { if (skipping) skipping = 0; if ($0 == "## Engine") { printf "%s\n", body; skipping = 1; done = 1; next } }
  !skipping { print }
  END { if (!done) printf "\n%s", body }
' "$results" >"$results.tmp"
mv "$results.tmp" "$results"
echo "engine_bench.sh: wrote the Engine section of $results" >&2

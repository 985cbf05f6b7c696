#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) into build-fuzz/ and runs each for a
# bounded time over its committed seed corpus (fuzz/corpus/<target>), failing on any crash,
# leak or sanitizer report. New inputs go to a scratch corpus, not the committed one.
# The same clang build of server/ is also the thread-safety check (-DTABULEIRO_THREAD_SAFETY=ON,
# as scripts/thread-safety.sh): a locking violation fails the fuzz build.
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_BUILD_DIR a build directory already configured with the fuzz targets (the CI's
#                  build-asan/, scripts/sanitize-build.sh): its targets are built and run there
#   --corpus       regenerate the committed seed corpora from real play, then exit
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh fuzz
seconds=${FUZZ_SECONDS:-60}
targets=(client_json_fuzz action_fuzz position_fuzz publish_fuzz ws_session_fuzz http_fuzz)

fuzz_dir=${FUZZ_BUILD_DIR:-build-fuzz}
if [[ -z "${FUZZ_BUILD_DIR:-}" ]]; then
  CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DTABULEIRO_FUZZ=ON -DTABULEIRO_SANITIZE=ON \
    -DTABULEIRO_THREAD_SAFETY=ON -DTABULEIRO_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
# The build's own status (see scripts/build.sh).
status=0
cmake --build "$fuzz_dir" --target "${targets[@]}" make_corpus -- -j"$(nproc)" \
  | grep -v -E '^\[[0-9]+/[0-9]+\] ' || status=${PIPESTATUS[0]}
((status == 0)) || { echo "fuzz.sh: the fuzz build failed (a -Wthread-safety error is a locking violation)" >&2; exit "$status"; }

if [[ "${1:-}" == --corpus ]]; then
  # Regression inputs (crash-*) stay; the generated seeds are written afresh.
  find fuzz/corpus/action_fuzz fuzz/corpus/position_fuzz fuzz/corpus/publish_fuzz -type f ! -name "crash-*" -delete
  ./"$fuzz_dir"/make_corpus fuzz/corpus
  ls fuzz/corpus/* | head -3
  exit 0
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for t in "${targets[@]}"; do
  echo "== fuzz: $t for ${seconds}s"
  mkdir -p "$scratch/$t"
  # -fork is not used: one process, so a report stops the run and fails this script.
  ./"$fuzz_dir"/"$t" "$scratch/$t" "fuzz/corpus/$t" -max_total_time="$seconds" -max_len=16384 \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$scratch/$t-" \
    2>"$scratch/$t.log" || {
      tail -60 "$scratch/$t.log"
      mkdir -p test-output/fuzz && cp "$scratch/$t"-* test-output/fuzz/ 2>/dev/null || true
      echo "fuzz: $t failed (crash inputs, if any, copied to test-output/fuzz/)" >&2
      exit 1
    }
  grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$scratch/$t.log" || true
done

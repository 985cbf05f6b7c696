#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and runs the whole test suite.
# With --sanitize, builds into build-asan/ with ASan+UBSan (scripts/sanitize-build.sh) and runs
# the suite there too.
set -euo pipefail
cd "$(dirname "$0")/.."
# Prints how long the phase that just ended took (CI reads these), and starts the next one's clock.
phase_start=$SECONDS
phase_done() {
  echo "test.sh: $1 took $((SECONDS - phase_start)) s"
  phase_start=$SECONDS
}
bash scripts/setup.sh browser postgres cluster monitoring
phase_done "setup"
bash scripts/build.sh
phase_done "build (native and WebAssembly)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
phase_done "suite"
if [[ "${1:-}" == --sanitize ]]; then
  bash scripts/sanitize-build.sh
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
fi

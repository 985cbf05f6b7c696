#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and runs the whole test suite.
# With --sanitize, builds into build-asan/ with ASan+UBSan (scripts/sanitize-build.sh) and runs
# the suite there too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh browser postgres cluster monitoring
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
if [[ "${1:-}" == --sanitize ]]; then
  bash scripts/sanitize-build.sh
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
fi

#!/usr/bin/env bash
# Quick start: installs what is missing, builds, and starts the server (args go to `serve`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec ./build/tabuleiro serve "$@"

#!/usr/bin/env bash
# Compiles server/ with clang's thread-safety analysis (-Wthread-safety as errors; the
# annotations are server/util/thread_annotations.h) into build-tsa/, and fails on any violation:
# a GUARDED_BY member touched, or a REQUIRES function called, without its mutex held. A
# compile-only check: only the server library's objects are built, nothing is linked or run.
#   JOBS   parallel compiles (default: nproc)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh thread-safety

# No optimisation and no debug information: the analysis runs before either, and the objects
# are never linked (measured on server/net/http_session.cpp: 8.1 s against 24.7 s at -O2 -g1).
CXX=clang++ cmake -S . -B build-tsa -G Ninja -DTABULEIRO_THREAD_SAFETY=ON -DTABULEIRO_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 >/dev/null
# -k 0: every file's errors, not only the first failing file's. The status is the build's
# own (under pipefail, "|| true" would hide it); grep finding no line to print is fine.
status=0
cmake --build build-tsa --target thread_safety_check -- -k 0 -j"${JOBS:-$(nproc)}" \
  | grep -v -E '^\[[0-9]+/[0-9]+\] ' || status=${PIPESTATUS[0]}
if ((status)); then
  echo "thread-safety: the clang build of server/ failed (errors above)" >&2
  exit 1
fi
echo "thread-safety: server/ passes clang's -Wthread-safety"

#!/usr/bin/env bash
# Builds everything under AddressSanitizer + UndefinedBehaviorSanitizer into build-asan/ with
# clang: the test suite, and the libFuzzer targets over the same objects (server/ built with
# the fuzz targets' test streams and coverage instrumentation), with clang's -Wthread-safety
# as errors over server/ (the check of scripts/thread-safety.sh). One build serves
# scripts/test.sh --sanitize, the CI's sanitizer suite and its fuzzers (scripts/fuzz.sh with
# FUZZ_BUILD_DIR=build-asan). Clang compiles the sanitizers' checks in less than half GCC's time
# (measured on server/net/http_session.cpp at -O1: 55 s against 127 s).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh fuzz
# A build-asan/ configured otherwise (GCC's, of an older checkout) is made anew: CMake cannot
# change a build directory's compiler.
cache=build-asan/CMakeCache.txt
if [[ -f "$cache" ]] && ! { grep -q '^CMAKE_CXX_COMPILER:FILEPATH=.*clang++$' "$cache" && grep -q '^TABULEIRO_FUZZ:BOOL=ON$' "$cache"; }; then
  rm -rf build-asan
fi
# TABULEIRO_PURE_LAYER_TESTS=OFF (the CI's) leaves out the pure layers' test programs;
# TABULEIRO_TEST_DRIVERS=build (the CI's, once build/ is built) runs build/'s programs that drive
# the server from outside against this build's executables instead of compiling them again.
BUILD_DIR=build-asan CXX=clang++ TABULEIRO_WASM=0 bash scripts/build.sh \
  -DTABULEIRO_SANITIZE=ON -DTABULEIRO_FUZZ=ON -DTABULEIRO_THREAD_SAFETY=ON \
  -DTABULEIRO_PURE_LAYER_TESTS="${TABULEIRO_PURE_LAYER_TESTS:-ON}" \
  -DTABULEIRO_TEST_DRIVERS="${TABULEIRO_TEST_DRIVERS:+$(realpath "$TABULEIRO_TEST_DRIVERS")}"

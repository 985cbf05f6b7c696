#!/usr/bin/env bash
# Installs every Debian 12 package Tabuleiro needs to build, test and run. Idempotent and
# quiet when nothing is missing; run as root (or with sudo available) on Debian 12.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config ccache
  libboost1.81-dev libboost-program-options1.81-dev nlohmann-json3-dev libspdlog-dev libsqlite3-dev libssl-dev libjemalloc-dev catch2
  libpq-dev libsodium-dev libcairo2-dev libutf8proc-dev fonts-dejavu-core
  emscripten  # the browser's engine, WebAssembly (scripts/build.sh: build-wasm)
  sqlite3 curl ca-certificates
  openssl  # the test CA of the outbound HTTPS tests (tests/server/notify)
)
# Extra package groups, requested by the scripts that need them.
for group in "$@"; do
  case "$group" in
    browser) packages+=(chromium chromium-headless-shell nodejs npm) ;;  # the tests' browser is the headless shell (tests/web/steps.mjs)
    image) packages+=(buildah debootstrap nodejs npm iproute2) ;;
    bench) packages+=(nodejs npm) ;;
    postgres) packages+=(postgresql) ;;  # the server the PostgreSQL store tests start
    cluster) packages+=(postgresql nginx) ;;  # what the cluster test starts (tests/cluster)
    fuzz) packages+=(clang libclang-rt-14-dev) ;;
    monitoring) packages+=(prometheus) ;;  # promtool checks deploy/monitoring's alert rules
    thread-safety) packages+=(clang) ;;  # clang's -Wthread-safety (scripts/thread-safety.sh)
    lint) packages+=(clang-format nodejs npm) ;;  # scripts/lint.sh and format.sh (with ESLint and Prettier from npm)
    *) echo "setup.sh: unknown package group '$group'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  # nodejs may come from another source; accept any installed node/npm binaries.
  if [[ "$p" == nodejs ]] && command -v node >/dev/null; then continue; fi
  if [[ "$p" == npm ]] && command -v npm >/dev/null; then continue; fi
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ "$status" == installed ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  # Packages with a service (postgresql, nginx) are installed without starting it: the tests
  # start their own instances on loopback, and nothing should listen on the host's ports.
  # (A policy-rc.d that refuses every start, in place only during this install.)
  policy=/usr/sbin/policy-rc.d
  placed_policy=0
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee $policy >/dev/null
    $SUDO chmod +x $policy
    placed_policy=1
  fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if ((placed_policy)); then $SUDO rm -f $policy; fi
fi

# The browser and lint groups also install the pinned npm packages (package-lock.json: the
# browser tests' and ESLint and Prettier, devDependencies) when they changed.
if [[ " $* " == *" browser "* || " $* " == *" lint "* ]]; then
  root=$(cd "$(dirname "$0")/.." && pwd)
  if ! cmp -s "$root/package-lock.json" "$root/node_modules/.tabuleiro-lock"; then
    echo "setup: npm ci"
    (cd "$root" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    cp "$root/package-lock.json" "$root/node_modules/.tabuleiro-lock"
  fi
fi

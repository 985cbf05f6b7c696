#!/usr/bin/env bash
# scripts/check-layers.sh must fail on a planted upward include, on a two-folder cycle and on a
# folder without a layer, and on a server/ file naming a game; and pass on a tree whose includes
# go only down.
set -euo pipefail
script=$(cd "$(dirname "$0")/../.." && pwd)/scripts/check-layers.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A tree with one header per folder named, each including the headers given after it.
make_tree() {
  rm -rf "$tmp/tree"
  mkdir -p "$tmp/tree/scripts" "$tmp/tree/engine" "$tmp/tree/protocol" "$tmp/tree/bots" "$tmp/tree/server"
  cp "$script" "$tmp/tree/scripts/"
  for spec in "$@"; do
    local file=${spec%%:*} incs=${spec#*:}
    mkdir -p "$tmp/tree/$(dirname "$file")"
    : >"$tmp/tree/$file"
    for inc in ${incs//,/ }; do echo "#include \"$inc\"" >>"$tmp/tree/$file"; done
  done
}

# Expects status $1 from the check of the current tree.
expect() {
  local want=$1 got=0
  bash "$tmp/tree/scripts/check-layers.sh" >"$tmp/out" 2>&1 || got=$?
  if [[ $got != "$want" ]]; then
    echo "FAIL: expected status $want, got $got ($2)"
    cat "$tmp/out"
    exit 1
  fi
  echo "ok: $2"
}

make_tree server/util/a.h: server/room/b.h:server/util/a.h server/net/c.h:server/room/b.h,server/util/a.h
expect 0 "includes that go down pass"
make_tree server/util/a.h:server/room/b.h server/room/b.h:server/util/a.h
expect 1 "util including room (up) and the cycle it makes fail"
make_tree server/room/b.h:server/registry/d.h server/registry/d.h:server/room/b.h
expect 1 "a room/registry cycle fails"
make_tree protocol/taixu/x.h:protocol/cyvasse/y.h protocol/cyvasse/y.h:
expect 1 "one game's folder including another's fails"
make_tree server/misc/e.h:
expect 1 "a folder without a layer fails"
grep -q "server/misc/e.h is in a folder without a layer" "$tmp/out"
make_tree server/util/a.h: server/room/b.h:server/util/a.h
echo '  if (game == "Cyvasse") return 10;' >>"$tmp/tree/server/room/b.h"
expect 1 "server/ naming a game fails"
grep -q "server/ names a game" "$tmp/out"
grep -q "server/room/b.h:2:" "$tmp/out"

#!/usr/bin/env bash
# The source folders' include graph (docs/ARCHITECTURE.md, "Folders"): every #include of a
# project header from engine/, protocol/, bots/, wasm/ or server/ must name a folder of a lower layer
# than the including file's own folder (or that folder itself), so the graph between folders
# has no cycle; and server/ names no game. Prints each offence and exits 1; exits 0 when clean.
set -euo pipefail
cd "$(dirname "$0")/.."

# The layer of a folder, lowest first; folders of one layer may not include each other (the
# games are independent of one another). Unknown folders fail.
layer_of() {
  case "$1" in
    engine/core) echo 0 ;;
    engine/*) echo 1 ;;
    protocol/core) echo 2 ;;
    protocol/*) echo 3 ;;
    protocol) echo 4 ;;
    bots) echo 5 ;;
    bots/*) echo 6 ;;
    wasm) echo 7 ;;  # the browser's host, beside the server's: neither includes the other
    server/util) echo 7 ;;
    server/config) echo 8 ;;
    server/store) echo 9 ;;
    server/accounts) echo 10 ;;
    server/backups) echo 10 ;;
    server/notify) echo 11 ;;
    server/preview) echo 12 ;;
    server/bots) echo 13 ;;
    server/room) echo 14 ;;
    server/registry) echo 15 ;;
    server/social) echo 16 ;;
    server/net) echo 17 ;;
    server/node) echo 18 ;;
    server/cli) echo 19 ;;
    *) echo unknown ;;
  esac
}

bad=0
edges=()
while IFS= read -r file; do
  from=$(dirname "$file")
  from_layer=$(layer_of "$from")
  if [[ $from_layer == unknown ]]; then
    echo "check-layers: $file is in a folder without a layer ($from): add it to scripts/check-layers.sh and docs/ARCHITECTURE.md"
    bad=1
    continue
  fi
  while IFS= read -r inc; do
    to=$(dirname "$inc")
    [[ $to == "$from" ]] && continue
    to_layer=$(layer_of "$to")
    edges+=("$from $to")
    if [[ $to_layer == unknown || $to_layer -ge $from_layer ]]; then
      echo "check-layers: $file includes $inc: $from (layer $from_layer) may include only lower layers"
      bad=1
    fi
  done < <(sed -nE 's/^#include "((engine|protocol|bots|server|wasm)\/[^"]+)".*/\1/p' "$file")
done < <(find engine protocol bots wasm server -name '*.h' -o -name '*.cpp' | sort)

# server/ knows no game by name (docs/ARCHITECTURE.md): a game's words and pictures are its
# protocol/<game>/'s, reached through protocol::game_kind, so adding a game changes nothing in
# server/. The hosted games' names are listed by their registry (protocol/games.cpp).
games='taixu|cyvasse|quadri|qu4dri'
if named=$(grep -rn -i -E "$games" server/); then
  echo "check-layers: server/ names a game (ask protocol::find_game(name) for its title, picture or codec instead):"
  printf '%s\n' "$named"
  bad=1
fi

# The layers imply no cycle; tsort says so of the graph itself too.
if ((${#edges[@]})) && ! printf '%s\n' "${edges[@]}" | sort -u | tsort >/dev/null 2>/tmp/check-layers.$$; then
  cat /tmp/check-layers.$$
  bad=1
fi
rm -f /tmp/check-layers.$$
((bad == 0)) && echo "check-layers: ${#edges[@]} includes across folders, every one to a lower layer; no cycle; server/ names no game"
exit "$bad"

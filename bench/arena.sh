#!/usr/bin/env bash
# Runs the bot strength matches recorded in the "Bots" section of bench/RESULTS.md and prints
# each command, its output and the load average. Fixed budgets (each level's default), so the
# scores do not depend on the load; decision times do.
#   bash bench/arena.sh                      every game, 20 games per pairing
#   GAMES=40 GAMES_LIST="quadri" bash bench/arena.sh
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-20}
[[ -f build/build.ninja ]] || cmake -S . -B build -G Ninja >/dev/null
cmake --build build --target tabuleiro -- -j2 >/dev/null
for game in ${GAMES_LIST:-taixu cyvasse quadri}; do
  for pair in "hard easy" "easy random" "hard medium"; do
    set -- $pair
    cmd="./build/tabuleiro arena --game $game --a $1 --b $2 --games $games --seed 1"
    echo "\$ nice $cmd"
    nice timeout 3600 $cmd
    echo "load average: $(uptime | sed 's/.*load average: //')"
    echo
  done
done

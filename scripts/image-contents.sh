#!/usr/bin/env bash
# The image's files, laid out by its build stage (Dockerfile): the stripped server binary $1 at
# /out/usr/local/bin/tabuleiro, the web client $2 (with the browser's engine and the service
# worker's list that scripts/build.sh writes there) at /out/usr/share/tabuleiro/web, and in
# /pkgs/runtime-packages the Debian packages of the shared libraries the binary loads (ldd +
# dpkg -S), which the runtime stage installs, exactly those. One script for both of the
# Dockerfile's server sources (compiled in the image, or prebuilt and tested by the CI).
#   bash scripts/image-contents.sh BINARY WEB_DIR
set -euo pipefail
binary=$1 web=$2
"$binary" --version
[[ -f "$web/engine/engine.json" && -f "$web/precache.js" ]] ||
  { echo "image-contents: $web lacks the browser's engine or precache.js (scripts/build.sh writes them)" >&2; exit 1; }
install -D -s -m 0755 "$binary" /out/usr/local/bin/tabuleiro
mkdir -p /out/usr/share/tabuleiro /pkgs
cp -r "$web" /out/usr/share/tabuleiro/web
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
  while read -r lib; do dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")"; done |
  cut -d: -f1 | sort -u >/pkgs/runtime-packages
cat /pkgs/runtime-packages

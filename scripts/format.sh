#!/usr/bin/env bash
# Formats the tree in place: clang-format over the C++ (.clang-format), ESLint's fixes
# (eslint.config.js), then Prettier over the JavaScript and CSS (.prettierrc.json). Only the
# files git tracks. `bash scripts/lint.sh` checks the same without changing anything (CI runs it).
# Exits 1 when ESLint reports problems it cannot fix itself (they are printed; fix them by hand).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh lint
source scripts/lint-files.sh

echo "format: clang-format, ${#cpp_files[@]} C++ files"
printf '%s\0' "${cpp_files[@]}" | xargs -0 -n 50 -P "$(nproc)" "$CLANG_FORMAT" --style=file -i
echo "format: ESLint --fix, ${#js_files[@]} JavaScript files"
eslint_status=0
"$ESLINT" --fix "${js_files[@]}" || eslint_status=$?
echo "format: Prettier, ${#web_files[@]} JavaScript and CSS files"
"$PRETTIER" --write --log-level warn "${web_files[@]}"
if ((eslint_status)); then
  echo "format: ESLint's problems above are left to fix by hand (see eslint.config.js)" >&2
  exit 1
fi

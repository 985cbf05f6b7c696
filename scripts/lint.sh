#!/usr/bin/env bash
# Checks formatting and lint over the whole tree, changing nothing: clang-format over the C++
# (.clang-format), Prettier over the JavaScript and CSS (.prettierrc.json), ESLint over the
# JavaScript (eslint.config.js). Only the files git tracks. Prints what fails and exits 1 then;
# `bash scripts/format.sh` fixes the formatting. CI runs it first (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh lint
source scripts/lint-files.sh
failed=()

# clang-format: one error per file that it would change (--ferror-limit=1), its name first. One
# process (a few seconds), so that no two write their errors at once.
echo "lint: clang-format, ${#cpp_files[@]} C++ files"
cf_status=0
cf_out=$("$CLANG_FORMAT" --style=file --dry-run --Werror --ferror-limit=1 "${cpp_files[@]}" 2>&1) || cf_status=$?
mapfile -t cpp_bad < <(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' <<<"$cf_out" | sort -u)
if ((cf_status > 1 || (cf_status && ${#cpp_bad[@]} == 0))); then
  printf '%s\n' "$cf_out"  # clang-format itself failed (1 is --Werror's status)
  failed+=(clang-format)
elif ((${#cpp_bad[@]})); then
  echo "lint: clang-format would change these files (${#cpp_bad[@]}):"
  printf '  %s\n' "${cpp_bad[@]}"
  failed+=(clang-format)
fi

echo "lint: Prettier, ${#web_files[@]} JavaScript and CSS files"
# Exit status 1: files it would change (listed); 2: it failed (a syntax error, say).
pr_status=0
pr_out=$("$PRETTIER" --list-different "${web_files[@]}" 2>&1) || pr_status=$?
if ((pr_status == 1)); then
  echo "lint: Prettier would change these files ($(wc -l <<<"$pr_out")):"
  printf '  %s\n' "${pr_out//$'\n'/$'\n'  }"
  failed+=(Prettier)
elif ((pr_status)); then
  printf '%s\n' "$pr_out"
  failed+=(Prettier)
fi

echo "lint: ESLint, ${#js_files[@]} JavaScript files"
"$ESLINT" --max-warnings 0 "${js_files[@]}" || failed+=(ESLint)

if ((${#failed[@]})); then
  list=$(printf ', %s' "${failed[@]}")
  echo "lint: FAILED (${list:2}). 'bash scripts/format.sh' fixes the formatting and what ESLint can fix;" \
    "ESLint's other problems are fixed by hand." >&2
  exit 1
fi
echo "lint: OK"

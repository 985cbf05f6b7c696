# shellcheck shell=bash disable=SC2034  # the arrays are the sourcing scripts'
# Sourced by scripts/format.sh and scripts/lint.sh: the tools they run and the files each one
# formats or checks, the ones git tracks (present in the work tree). Run from the repository root.

# clang-format 14 (Debian 12's, what CI runs): another version formats some code differently.
# CLANG_FORMAT names another binary.
CLANG_FORMAT=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || echo clang-format)}
clang_format_version=$("$CLANG_FORMAT" --version)
if [[ $clang_format_version != *"version 14."* ]]; then
  echo "note: ${clang_format_version} is not clang-format 14, CI's: its formatting may differ" >&2
fi
PRETTIER=node_modules/.bin/prettier
ESLINT=node_modules/.bin/eslint
if [[ ! -x $PRETTIER || ! -x $ESLINT ]]; then
  echo "Prettier and ESLint are missing from node_modules/: run 'npm ci' (or 'bash scripts/setup.sh lint')" >&2
  exit 2
fi

# Prints the tracked files matching the pathspecs, NUL-separated, leaving out any deleted from the
# work tree.
tracked() {
  local f
  while IFS= read -r -d '' f; do
    [[ -e $f ]] && printf '%s\0' "$f"
  done < <(git ls-files -z -- "$@")
}

# The C++: every tracked source and header. All of it is the project's own (nothing vendored is
# tracked; what the build generates, such as schema/embed.cmake's output, is under build*/).
mapfile -d '' cpp_files < <(tracked '*.cpp' '*.cc' '*.h' '*.hpp')
# Prettier's: the JavaScript and the CSS, but the vendored npm packages in web/vendor/ (which
# scripts/vendor-web.mjs --check wants byte-identical to node_modules; .prettierignore too).
mapfile -d '' web_files < <(tracked '*.js' '*.mjs' '*.cjs' '*.css' ':!:web/vendor/')
# ESLint's: the JavaScript (eslint.config.js ignores web/vendor/ as well).
mapfile -d '' js_files < <(tracked '*.js' '*.mjs' '*.cjs' ':!:web/vendor/')

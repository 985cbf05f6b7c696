// ESLint (flat config): the recommended rules, plus no unused variables and no implicit
// globals, with the globals of each part of the tree. No stylistic rules: Prettier formats
// (.prettierrc.json). `bash scripts/lint.sh` runs it over the tree, `bash scripts/format.sh`
// applies its fixes.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    // Vendored copies (scripts/vendor-web.mjs checks them byte for byte against node_modules),
    // and what the build writes (web/engine/, web/precache.js).
    ignores: ['web/vendor/', 'web/engine/', 'web/precache.js', 'build*/', '**/node_modules/', 'test-output/'],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // ignoreRestSiblings: `({ cost, ...action }) => action` drops a key on purpose.
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-implicit-globals': 'error',
    },
  },
  // The web client: ES modules in the browser.
  {
    files: ['web/**/*.js'],
    ignores: ['web/sw.js', 'web/js/engine/worker.js'],
    languageOptions: { globals: globals.browser },
  },
  // Its functions stay short enough to read at once: at most 120 lines (blank lines and comments
  // aside; a function's nested functions count in it), so a view is drawn by named parts.
  {
    files: ['web/**/*.js'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // Its classic scripts: the service worker, the engine's worker and the shell's boot check.
  {
    files: ['web/sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    files: ['web/js/engine/worker.js'],
    languageOptions: { sourceType: 'script', globals: globals.worker },
  },
  {
    files: ['web/js/boot-check.js'],
    languageOptions: { sourceType: 'script' },
  },
  // Node: tests, scripts, benchmarks, deployment checks (.mjs ES modules, .cjs CommonJS).
  {
    files: ['**/*.mjs', '**/*.cjs', 'bench/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'bench/relay/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  // The browser tests drive pages: the functions they hand to page.evaluate() run in the page.
  {
    files: ['tests/web/*.mjs'],
    languageOptions: { globals: globals.browser },
  },
  // Appended to the Emscripten loader (em++ --post-js): the names the loader defines.
  {
    files: ['wasm/call.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        Module: 'readonly',
        lengthBytesUTF8: 'readonly',
        stringToUTF8: 'readonly',
        UTF8ToString: 'readonly',
        _malloc: 'readonly',
        _free: 'readonly',
        _te_call: 'readonly',
      },
    },
  },
];

// Copies the browser-side npm libraries the web client imports into web/vendor/, so the
// server (which serves only web/) needs no node_modules. `--check` verifies the committed
// copies are byte-identical to the pinned packages instead, and exits 1 when they differ.
import { copyFileSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = [
  ['fast-json-patch/index.mjs', 'fast-json-patch/index.mjs'],
  ['fast-json-patch/module/core.mjs', 'fast-json-patch/module/core.mjs'],
  ['fast-json-patch/module/duplex.mjs', 'fast-json-patch/module/duplex.mjs'],
  ['fast-json-patch/module/helpers.mjs', 'fast-json-patch/module/helpers.mjs'],
  ['fast-json-patch/LICENSE.txt', 'fast-json-patch/LICENSE.txt'],
  ['qrcode-generator/dist/qrcode.mjs', 'qrcode-generator/qrcode.mjs'],
];

const check = process.argv.includes('--check');
let stale = 0;
for (const [from, to] of files) {
  const src = join(root, 'node_modules', from);
  const dst = join(root, 'web', 'vendor', to);
  if (check) {
    if (!existsSync(dst) || !readFileSync(src).equals(readFileSync(dst))) {
      console.error(`vendor: web/vendor/${to} differs from node_modules/${from}`);
      stale++;
    }
  } else {
    mkdirSync(dirname(dst), { recursive: true });
    copyFileSync(src, dst);
  }
}
if (check && stale) {
  console.error('vendor: run `npm run vendor` after changing package versions');
  process.exit(1);
}

// Draws the installed app's PNG icons (web/icons/) from web/favicon.svg with Chromium:
//   node scripts/app-icons.mjs
// "any" icons are the picture as it is; the maskable one puts it on a full square of its
// background, inside the middle 70 % that every launcher's mask keeps.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WEB = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'web');
const ICONS = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
];

const svg = readFileSync(join(WEB, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const [name, size, maskable] of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#141833' : 'transparent'}">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body>`
  );
  await page.screenshot({ path: join(WEB, 'icons', name), omitBackground: !maskable });
}
await browser.close();

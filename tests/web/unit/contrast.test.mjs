// WCAG AA contrast (4.5:1 for text) of the board coordinates on both square colours (TAIXU,
// Cyvasse, and Cyvasse's chip on terrain), of Cyvasse's Confirm set-up button and of the home
// page's "coming soon" cards, read from the stylesheets; coordinates sit above pieces; while a
// seat is free the player cards are not dimmed. The browser tests check every page drawn with
// axe-core and every board coordinate shown (tests/web/axe.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../../web');
const app = readFileSync(join(WEB, 'css/app.css'), 'utf8');
const taixu = readFileSync(join(WEB, 'js/games/taixu/taixu.css'), 'utf8');
const cyvasse = readFileSync(join(WEB, 'js/games/cyvasse/cyvasse.css'), 'utf8');

const lum = (hex) => {
  const c = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
};
const ratio = (a, b) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
// The declarations of the first rule whose selector list is exactly sel (the list may break its
// line after a comma).
const rule = (css, sel) => {
  const list = sel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/,\s*/g, ',\\s*');
  const re = new RegExp(`(^|\\n)${list}\\s*\\{([^}]*)\\}`);
  const m = css.match(re);
  assert.ok(m, `rule ${sel}`);
  return m[2];
};
const prop = (decls, name) => decls.match(new RegExp(`(^|[;\\s])${name}\\s*:\\s*([^;]+)`))?.[2].trim();
const hexOf = (v) => {
  assert.match(v, /^#[0-9a-f]{6}$/i, `an opaque #rrggbb colour: ${v}`);
  return v;
};
// The #rrggbb colour of an rgba(r, g, b, a) tint laid over the opaque colour bg.
const over = (rgba, bg) => {
  const m = rgba.match(/rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)/);
  assert.ok(m, `an rgba() tint: ${rgba}`);
  const a = Number(m[4]);
  return `#${[1, 2, 3]
    .map((i) =>
      Math.round(Number(m[i]) * a + parseInt(bg.slice(2 * i - 1, 2 * i + 1), 16) * (1 - a))
        .toString(16)
        .padStart(2, '0')
    )
    .join('')}`;
};
const vars = Object.fromEntries([...app.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));

test('board coordinates reach 4.5:1 on dark and light squares (tinted by the last turn too) and sit above pieces', () => {
  const coord = rule(taixu, '.coord');
  const fg = hexOf(prop(coord, 'color'));
  const dark = hexOf(prop(rule(taixu, '.sq'), 'background'));
  const light = hexOf(prop(rule(taixu, '.sq.light'), 'background'));
  // The other side's last turn tints its squares; the coordinates stay readable there too.
  const last = prop(rule(taixu, '.sq.last::before'), 'background');
  for (const bg of [dark, light, over(last, dark), over(last, light)])
    assert.ok(ratio(fg, bg) >= 4.5, `${fg} on ${bg}: ${ratio(fg, bg).toFixed(2)}`);
  const pieceZ = Number(prop(rule(taixu, '.piece'), 'z-index'));
  const anomalyZ = Number(prop(taixu.match(/\n\.anomaly \{([^}]*)\}/)[1], 'z-index'));
  assert.ok(
    Number(prop(coord, 'z-index')) > Math.max(pieceZ, anomalyZ, 2),
    'coordinates above pieces, anomalies and target marks'
  );
});

test('"coming soon" cards keep their text at 4.5:1 (no opacity over the text)', () => {
  const card = rule(app, '.game-card.disabled');
  const opacity = prop(card, 'opacity');
  assert.ok(opacity == null || Number(opacity) >= 1, `the card is not faded as a whole: opacity ${opacity}`);
  const bg = vars.bg2;
  const small = vars.muted;
  assert.ok(ratio(small, bg) >= 4.5, `blurb ${small} on ${bg}`);
  const strong = hexOf(prop(rule(app, '.game-card.disabled .game-text strong'), 'color'));
  assert.ok(ratio(strong, bg) >= 4.5, `name ${strong} on ${bg}`);
  const badge = rule(app, '.badge');
  assert.ok(ratio(hexOf(prop(badge, 'color')), hexOf(prop(badge, 'background'))) >= 4.5, 'the badge');
});

test('Cyvasse coordinates reach 4.5:1 on both squares (tinted by the last turn too), unfaded, and on their chip over terrain', () => {
  const coord = rule(cyvasse, '.cy-sq .coord');
  const fg = hexOf(prop(coord, 'color'));
  assert.equal(prop(coord, 'opacity'), undefined, 'no opacity on the coordinates');
  const squares = [
    hexOf(prop(rule(cyvasse, '.cy-sq'), 'background')),
    hexOf(prop(rule(cyvasse, '.cy-sq.dark'), 'background')),
  ];
  const chip = hexOf(prop(rule(cyvasse, '.cy-sq.mountain .coord, .cy-sq.water .coord'), 'background'));
  // The other side's last turn tints its squares under the coordinates.
  const last = prop(rule(cyvasse, '.cy-sq.last .slot'), 'background');
  for (const bg of [...squares, chip, ...squares.map((sq) => over(last, sq))])
    assert.ok(ratio(fg, bg) >= 4.5, `${fg} on ${bg}: ${ratio(fg, bg).toFixed(2)}`);
  const confirm = hexOf(prop(rule(cyvasse, '#cy-confirm'), 'background'));
  assert.ok(
    ratio('#ffffff', confirm) >= 4.5,
    `Confirm set-up: white on ${confirm}: ${ratio('#ffffff', confirm).toFixed(2)}`
  );
});

test('while a seat is free the board is dimmed, not the player cards beside it', () => {
  const waiting = app.match(/\n([^{}]*\.table-host\.waiting[^{}]*)\{([^}]*)\}/);
  assert.ok(waiting && /opacity/.test(waiting[2]), 'a dimming rule for the waiting table');
  assert.ok(!/\.board-col\b/.test(waiting[1]), `the board column (player cards) is not dimmed: ${waiting[1].trim()}`);
  assert.ok(/\.board-wrap\b/.test(waiting[1]), 'the board is');
});

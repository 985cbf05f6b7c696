// The shell is generic: no module under web/js/ outside games/ (the registry games.js
// excepted) names a game or imports from a game's folder, and the registry imports each game
// only through its entry file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES } from '../../../web/js/games.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../../web');
const JS = join(WEB, 'js');
const REGISTRY = 'games.js';
// Every .js path under web/js/, relative to it, outside games/ (lang/, match/, … included).
const walk = (dir, rel = '') =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return r === 'games' ? [] : walk(dir, r);
    return e.name.endsWith('.js') ? [r] : [];
  });
const shellFiles = walk(JS).filter((f) => f !== REGISTRY);
// Game ids and display names (TAIXU, QU4DRI, …) as whole words, in any case.
const names = [...new Set(GAMES.flatMap((g) => [g.id, g.strings?.en?.name].filter(Boolean)))];
const nameRe = new RegExp(`\\b(${names.join('|')})\\b`, 'i');
const importsOf = (src) =>
  [...src.matchAll(/\bimport\b[^'"]*?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]);

test('the check knows the shell modules and the game names', () => {
  for (const f of [
    'match.js',
    'home.js',
    'sync.js',
    'connection.js',
    'i18n.js',
    'main.js',
    'lang/en.js',
    'lang/pt-BR.js',
  ])
    assert.ok(shellFiles.includes(f), f);
  assert.ok(names.includes('taixu') && names.includes('TAIXU') && names.includes('QU4DRI'), names.join());
  assert.ok(nameRe.test("import { x } from './taixu/events.js'") && nameRe.test('Paste a TAIXU position'));
  assert.deepEqual(importsOf('import a from \'./games/x/index.js\';\nimport { b } from "./y.js";'), [
    './games/x/index.js',
    './y.js',
  ]);
});

for (const f of shellFiles) {
  test(`web/js/${f} names no game and imports no game module`, () => {
    const src = readFileSync(join(JS, f), 'utf8');
    const hit = src.split('\n').findIndex((line) => nameRe.test(line));
    assert.equal(hit, -1, `line ${hit + 1}: ${src.split('\n')[hit]}`);
    const fromGames = importsOf(src).filter((p) => /(^|\/)games\//.test(p));
    assert.deepEqual(fromGames, []);
  });
}

test('the generic stylesheets and page name no game', () => {
  for (const f of ['css/app.css', 'css/account.css', 'index.html']) {
    const src = readFileSync(join(WEB, f), 'utf8');
    assert.ok(!nameRe.test(src), `${f} names a game: ${src.match(nameRe)?.[0]}`);
  }
});

test('the registry imports each playable game once, through its entry file', () => {
  const src = readFileSync(join(JS, REGISTRY), 'utf8');
  const fromGames = importsOf(src)
    .filter((p) => /(^|\/)games\//.test(p))
    .sort();
  const expected = GAMES.filter((g) => g.available)
    .map((g) => `./games/${g.id}/index.js`)
    .sort();
  assert.deepEqual(fromGames, expected);
});

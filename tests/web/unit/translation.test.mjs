// The shell's own translations: a failed request that never reached the server ("not
// connected", a timeout) and the logo's label are worded in the page's language; both
// languages have the same keys (the shell's and every game's), and every literal key the shell
// looks up exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText, setLang, LANGS } from '../../../web/js/i18n.js';
import { en as EN } from '../../../web/js/lang/en.js';
import { ptBR as PT_BR } from '../../../web/js/lang/pt-BR.js';
import { GAMES } from '../../../web/js/games.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../../web');

test('"not connected" and a timeout are translated, not the connection\'s English', () => {
  setLang('pt-BR');
  assert.match(errorText({ code: 'disconnected', message: 'not connected' }), /Sem conexão/);
  assert.match(errorText({ code: 'timeout', message: 'no answer from the server' }), /não respondeu/);
  assert.match(errorText({ code: 'busy', message: 'room busy' }), /ocupado/);
  setLang('en');
  assert.match(errorText({ code: 'disconnected', message: 'not connected' }), /Not connected/);
});

test("the logo link's label is translated", () => {
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  const brand = html.match(/<a class="brand"[^>]*>/)[0];
  const key = brand.match(/data-i18n-aria="([^"]+)"/)?.[1];
  assert.ok(key, `the brand link has a data-i18n-aria key: ${brand}`);
  assert.ok(LANGS.en[key] && LANGS['pt-BR'][key] && LANGS.en[key] !== LANGS['pt-BR'][key], key);
});

// Both languages hold the same keys: the shell's (web/js/lang/) and each game's (its strings.js).
const missing = (a, b) => Object.keys(a).filter((k) => !(k in b));
const parity = (what, en, pt) => {
  assert.ok(Object.keys(en).length > 0, `${what}: no English strings`);
  assert.deepEqual(missing(en, pt), [], `${what}: keys in en but not in pt-BR`);
  assert.deepEqual(missing(pt, en), [], `${what}: keys in pt-BR but not in en`);
};

test("the shell's strings have one file per language with the same keys", () => {
  parity('web/js/lang', EN, PT_BR);
  assert.equal(LANGS.en.skip, EN.skip);
  assert.equal(LANGS['pt-BR'].skip, PT_BR.skip);
});

test('the parity check fails on a key one language lacks', () => {
  assert.throws(() => parity('test', { a: 'A', b: 'B' }, { a: 'Á' }), /en but not in pt-BR/);
  assert.throws(() => parity('test', { a: 'A' }, { a: 'Á', c: 'C' }), /pt-BR but not in en/);
});

for (const g of GAMES.filter((x) => x.strings)) {
  test(`${g.id}'s strings have the same keys in both languages`, () =>
    parity(`${g.id} strings`, g.strings.en, g.strings['pt-BR']));
}

test("every literal t('key') of the shell has an English string", () => {
  const files = shellSources();
  const unknown = [];
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g))
      if (!(m[1] in EN)) unknown.push(`${f.slice(WEB.length + 1)}: ${m[1]}`);
  }
  assert.ok(files.length > 10, files.join());
  assert.deepEqual(unknown, []);
});

// Every .js file under web/js/ outside games/ and lang/.
function shellSources(dir = join(WEB, 'js')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'games' || e.name === 'lang' ? [] : shellSources(p);
    return e.name.endsWith('.js') ? [p] : [];
  });
}

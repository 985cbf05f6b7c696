// The game-module contract: every registered game exports the descriptor the shell relies on
// (web/js/games.js), with complete strings in both languages under its own namespace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAMES, gameById, gameTitle, seatLabel } from '../../../web/js/games.js';
import { LANGS, setLang } from '../../../web/js/i18n.js';

const LANG_CODES = ['en', 'pt-BR'];
const playable = GAMES.filter((g) => g.available);
const placeholders = (s) =>
  [...s.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join();

test('the registry lists TAIXU, Cyvasse and QU4DRI, all playable', () => {
  assert.deepEqual(
    GAMES.map((g) => [g.id, g.available]),
    [
      ['taixu', true],
      ['cyvasse', true],
      ['quadri', true],
    ]
  );
  assert.equal(new Set(GAMES.map((g) => g.id)).size, GAMES.length, 'ids are unique');
  for (const g of GAMES.filter((x) => !x.available)) {
    assert.equal(g.Table, undefined, `${g.id} has no module yet`);
    for (const code of LANG_CODES)
      assert.ok(g.strings[code].name && g.strings[code].blurb, `${g.id} ${code} card text`);
    assert.match(g.art, /^<svg/);
  }
});

for (const g of playable) {
  test(`${g.id}: the descriptor has every field of the contract`, () => {
    assert.equal(typeof g.id, 'string');
    assert.equal(typeof g.Table, 'function');
    for (const m of ['update', 'setPresence', 'relabel'])
      assert.equal(typeof g.Table.prototype[m], 'function', `Table.${m}`);
    assert.equal(typeof g.describe, 'function');
    assert.equal(typeof g.isTurnMarker, 'function');
    assert.ok(Array.isArray(g.rules.summary) && g.rules.summary.length > 0, 'rules.summary');
    assert.ok(Array.isArray(g.rules.legend), 'rules.legend');
    for (const item of g.rules.legend) {
      assert.ok(typeof item.label === 'string', `legend item ${JSON.stringify(item)}: a label`);
      assert.ok(
        typeof item.mark === 'string' || typeof item.draw === 'function',
        `legend item ${item.label}: a mark or a drawing`
      );
      assert.ok(item.name === undefined || typeof item.name === 'string', `legend item ${item.label}: name`);
    }
    assert.ok(Array.isArray(g.options), 'options');
    assert.ok(Array.isArray(g.seats) && g.seats.length > 0 && g.seats.every(Number.isInteger), 'seats');
    assert.equal(typeof g.seatName, 'function');
    assert.match(g.art, /^<svg/);
    for (const f of ['sounds', 'turnTitle'])
      assert.ok(g[f] === undefined || typeof g[f] === 'function', `optional ${f} is a function`);
    assert.match(g.stylesheet, /\.css$/);
    assert.ok(existsSync(fileURLToPath(g.stylesheet)), `stylesheet ${g.stylesheet} exists`);
    assert.ok(
      fileURLToPath(g.stylesheet).includes(`/web/js/games/${g.id}/`),
      'the stylesheet lives in the game folder'
    );
  });

  test(`${g.id}: option schema entries are well formed`, () => {
    for (const o of g.options) {
      assert.ok(['number', 'select', 'boolean'].includes(o.kind), `${o.name}: kind ${o.kind}`);
      assert.equal(typeof o.name, 'string');
      assert.equal(typeof o.label, 'string');
      if (o.kind === 'number')
        assert.ok(o.min <= o.value && o.value <= o.max, `${o.name}: ${o.min} ≤ ${o.value} ≤ ${o.max}`);
      if (o.kind === 'select')
        assert.ok(
          o.choices.some(([v]) => v === o.value),
          `${o.name}: default among the choices`
        );
      if (o.kind === 'boolean') assert.equal(typeof o.value, 'boolean', `${o.name}: boolean default`);
    }
  });

  test(`${g.id}: English and Portuguese have the same keys and placeholders`, () => {
    const en = g.strings.en;
    const pt = g.strings['pt-BR'];
    assert.deepEqual(Object.keys(pt).sort(), Object.keys(en).sort());
    for (const k of Object.keys(en)) assert.equal(placeholders(pt[k]), placeholders(en[k]), k);
    const used = [
      'name',
      'blurb',
      ...g.seats.map((n) => `seat.${n}`),
      ...g.rules.summary,
      ...g.rules.legend.flatMap((i) => [i.label, i.name].filter(Boolean)),
      ...g.options.flatMap((o) => [o.label, ...(o.choices || []).map(([, label]) => label)]),
    ];
    for (const k of used) assert.ok(k in en, `${g.id} has a string for ${k}`);
  });

  test(`${g.id}: its strings are registered under its namespace`, () => {
    for (const code of LANG_CODES) {
      for (const [k, s] of Object.entries(g.strings[code])) {
        const key = k.startsWith('err.')
          ? `err.${g.id}.${k.slice(4)}`
          : k.startsWith('reason.')
            ? `reason.${g.id}.${k.slice(7)}`
            : `${g.id}.${k}`;
        assert.equal(LANGS[code][key], s, `${code} ${key}`);
      }
    }
  });

  test(`${g.id}: seat names in both languages`, () => {
    for (const code of LANG_CODES) {
      for (const n of g.seats) {
        assert.equal(g.seatName(n, code), g.strings[code][`seat.${n}`]);
        assert.ok(g.seatName(n, code).length > 0);
      }
    }
  });
}

test('TAIXU seats are Player 1 / Player 2, QU4DRI sides Green and Red, in both languages', () => {
  const taixu = gameById('taixu');
  const quadri = gameById('quadri');
  setLang('en');
  assert.equal(seatLabel(taixu, 1), 'Player 1');
  assert.equal(seatLabel(taixu, 2, 2), 'Player 2 (you)');
  assert.equal(seatLabel(quadri, 1), 'Green');
  assert.equal(seatLabel(quadri, 2, 1), 'Red');
  assert.equal(seatLabel(undefined, 2), 'Player 2', 'a game this client does not know');
  assert.equal(gameTitle('taixu'), 'TAIXU');
  assert.equal(gameTitle('chess'), 'chess');
  setLang('pt-BR');
  assert.equal(seatLabel(taixu, 1, 1), 'Jogador 1 (você)');
  assert.equal(seatLabel(quadri, 1), 'Verde');
  assert.equal(seatLabel(quadri, 2), 'Vermelho');
  setLang('en');
});

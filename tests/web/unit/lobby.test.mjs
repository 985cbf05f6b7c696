// The lobby page's words: a challenge's terms (game, clock, rated or casual, rating range) and
// every refusal the lobby can answer, in both languages (none left to the server's English).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { setLang, errorText } = await import('../../../web/js/i18n.js');
const { challengeTerms } = await import('../../../web/js/lobby-page.js');

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

test("a challenge's terms in English and Portuguese", () => {
  const c = {
    game: 'taixu',
    clock: { initial_s: 600, increment_s: 5 },
    rated: true,
    min_rating: 1400,
    max_rating: 1700,
  };
  setLang('en');
  assert.equal(challengeTerms(c), 'TAIXU · 10 min + 5 s · rated · ratings 1400–1700');
  assert.equal(challengeTerms({ game: 'quadri', clock: null, rated: false }), 'QU4DRI · no clock · casual');
  assert.equal(
    challengeTerms({ game: 'cyvasse', clock: { days_per_turn: 3 }, rated: false, min_rating: 1600 }).endsWith(
      'ratings 1600–…'
    ),
    true
  );
  setLang('pt-BR');
  assert.equal(challengeTerms(c), 'TAIXU · 10 min + 5 s · valendo rating · ratings 1400–1700');
  assert.equal(challengeTerms({ game: 'quadri', clock: null, rated: false }), 'QU4DRI · sem relógio · amistosa');
  setLang('en');
});

test('every lobby error code PROTOCOL.md lists has its own words in both languages', () => {
  const protocol = readFileSync(join(ROOT, 'protocol/PROTOCOL.md'), 'utf8');
  const section = protocol.slice(protocol.indexOf('## Lobby'), protocol.indexOf('## Clocks'));
  const errors = section.slice(section.indexOf('- **Errors**'));
  const codes = [...errors.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((c) => !['error', 'id', 'to'].includes(c));
  assert.ok(codes.includes('challenge_gone') && codes.includes('out_of_range'), codes.join(','));
  for (const lang of ['en', 'pt-BR']) {
    setLang(lang);
    for (const code of codes) {
      const text = errorText({ code, message: 'SERVER WORDS' });
      assert.notEqual(text, 'SERVER WORDS', `${lang}: err.${code} has no text`);
    }
  }
  setLang('en');
});

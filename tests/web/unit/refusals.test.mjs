// Every refusal is worded by the client: each rule_error code of each game — read from the
// engine's sources (its error table and any literal rule_error), its engine/<game>/RULES.md
// (the error precedence) and, when present, the shared rules file's "Errors (stable codes)"
// section — has a sentence in English and in Portuguese (the game's err.<code> or the shell's),
// and so has every reason a table gives for a click that can do nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, errorKey, setLang, lang } from '../../../web/js/i18n.js';
import { reasonSentence, idleReason } from '../../../web/js/board-notice.js';
import { GAMES } from '../../../web/js/games.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SHARED_RULES = join(ROOT, '..', 'shared', 'rules');
const CODE = /^[a-z]+(_[a-z]+)*$/;

// The codes in the engine sources of game: error tables ({error::x, "code", "message"}) and
// literal rule_error{"code", …}.
function engineCodes(game) {
  const dir = join(ROOT, 'engine', game);
  const codes = new Set();
  for (const f of readdirSync(dir).filter((n) => /\.(cpp|h)$/.test(n))) {
    const src = readFileSync(join(dir, f), 'utf8');
    for (const m of src.matchAll(/\{\s*error::\w+\s*,\s*"([a-z_]+)"\s*,/g)) codes.add(m[1]);
    for (const m of src.matchAll(/rule_error\s*\{\s*"([a-z_]+)"/g)) codes.add(m[1]);
  }
  codes.delete('ok');
  return codes;
}

// The lines of text from the heading (or bullet) that matches start up to the next heading or
// top-level bullet.
function section(text, start) {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => start.test(l));
  if (i < 0) return '';
  const out = [lines[i]];
  for (const l of lines.slice(i + 1)) {
    if (/^#/.test(l) || /^- /.test(l)) break;
    out.push(l);
  }
  return out.join('\n');
}
const backticked = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

// The codes named by the rules files of game: the error precedence of engine/<game>/RULES.md
// (every snake_case name in it with an underscore: single words there are also actions or
// fields) and the shared rules' stable codes (every name in that section).
// Also returns every name the precedence mentions (single words too): an engine's code must be
// one of them or of the codes, so the check holds without the shared rules beside the project.
function rulesCodes(game) {
  const codes = new Set();
  const engineRules = readFileSync(join(ROOT, 'engine', game, 'RULES.md'), 'utf8');
  const precedence = section(engineRules, /error precedence/i);
  assert.ok(precedence, `engine/${game}/RULES.md has an error precedence`);
  const mentioned = new Set(backticked(precedence).filter((c) => CODE.test(c)));
  for (const c of mentioned) if (c.includes('_')) codes.add(c);
  const shared = join(SHARED_RULES, `${game}.md`);
  if (existsSync(shared)) {
    const stable = section(readFileSync(shared, 'utf8'), /^#+ .*Errors \(stable codes\)/);
    assert.ok(stable, `${shared} has its stable error codes`);
    for (const c of backticked(stable)) if (CODE.test(c)) codes.add(c);
  }
  return { codes, mentioned };
}

// Whether language code has its own string for key (not the English fallback).
const hasOwn = (code, key) => Object.prototype.hasOwnProperty.call(LANGS[code], key);

for (const game of GAMES) {
  test(`every ${game.id} rule_error code has the client's sentence in both languages`, () => {
    const fromEngine = engineCodes(game.id);
    const { codes: fromRules, mentioned } = rulesCodes(game.id);
    assert.ok(fromEngine.size >= 5, `found the engine's codes of ${game.id}: ${[...fromEngine]}`);
    for (const c of fromEngine)
      assert.ok(fromRules.has(c) || mentioned.has(c), `${game.id}: the engine's ${c} is not in its rules files`);
    const missing = [];
    for (const code of new Set([...fromEngine, ...fromRules])) {
      const key = errorKey(code, game.id);
      for (const l of ['en', 'pt-BR']) if (!key || !hasOwn(l, key)) missing.push(`${l}: ${code}`);
    }
    assert.deepEqual(missing, [], `${game.id}: codes without a sentence`);
  });

  test(`every reason a ${game.id} table gives for an idle click has a sentence in both languages`, () => {
    const src = readFileSync(join(ROOT, 'web', 'js', 'games', game.id, 'board.js'), 'utf8');
    // The names quoted on the lines that explain a click or choose its reason (`why`), except
    // values assigned or compared.
    const lines = src.split('\n').filter((l) => /explain\(|\bwhy = /.test(l));
    const explained = lines.flatMap((l) => [...l.matchAll(/(?<!=\s*)'([a-z_]+)'/g)].map((m) => m[1]));
    assert.ok(explained.includes('empty'), `${game.id}: an empty square is explained`);
    const reasons = new Set([...explained, 'past', 'spectator', 'game_over', 'not_your_turn']);
    const was = lang();
    for (const l of ['en', 'pt-BR']) {
      setLang(l);
      for (const r of reasons) {
        const s = reasonSentence(r, game.id, { kind: 'x' });
        assert.ok(s && s.text && !s.text.includes('.click.'), `${game.id} ${l}: no sentence for ${r}`);
      }
    }
    setLang(was);
  });
}

test('a click that cannot act: past, spectator, game over, not your turn, in that order', () => {
  assert.equal(idleReason({ past: true, seat: 1, mine: true }), 'past');
  assert.equal(idleReason({ seat: null, mine: false }), 'spectator');
  assert.equal(idleReason({ seat: 2, over: true }), 'game_over');
  assert.equal(idleReason({ seat: 2, mine: false }), 'not_your_turn');
  assert.equal(idleReason({ seat: 2, mine: true }), null);
});

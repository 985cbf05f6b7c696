// Every English string has a Brazilian Portuguese one (the shell's and every registered game's),
// and TAIXU events in the engine's JSON become readable log lines in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS, setLang, t } from '../../../web/js/i18n.js';
import '../../../web/js/games.js'; // registers every game's strings
import { describe } from '../../../web/js/games/taixu/events.js';

test('every English string has a Portuguese translation', () => {
  const missing = Object.keys(LANGS.en).filter((k) => !(k in LANGS['pt-BR']));
  assert.deepEqual(missing, []);
  const extra = Object.keys(LANGS['pt-BR']).filter((k) => !(k in LANGS.en));
  assert.deepEqual(extra, []);
});

test('placeholders are the same in both languages', () => {
  const names = (s) =>
    [...s.matchAll(/\{(\w+)\}/g)]
      .map((m) => m[1])
      .sort()
      .join();
  for (const [k, en] of Object.entries(LANGS.en)) {
    if (k in LANGS['pt-BR']) assert.equal(names(LANGS['pt-BR'][k]), names(en), k);
  }
});

test('engine events read well in English and Portuguese', () => {
  const ctx = { seat: 2, actor: 1, round: 1 };
  const wave = {
    type: 'wave',
    center: 'f6',
    player: 1,
    squares: ['e5', 'e6', 'e7', 'f5', 'f7', 'g5', 'g6', 'g7'],
    hits: [
      { at: 'e6', owner: 2, from: 1, to: 0, destroyed: false },
      { at: 'g5', owner: 2, from: 0, to: 0, destroyed: true },
    ],
  };
  setLang('en');
  assert.equal(describe({ type: 'moved', from: 'f7', to: 'f6', player: 1 }, ctx), 'Player 1 moved f7 → f6');
  assert.equal(describe(wave, ctx), 'Shock wave from f6 hits e6, g5');
  assert.equal(describe({ type: 'exploded', at: 'f6', owner: 1, charge: 5 }, ctx), 'Critical Collapse on f6!');
  assert.equal(
    describe({ type: 'charge_changed', at: 'd4', owner: 2, from: 4, to: 0, cause: 'stabilize' }, ctx),
    'Player 2 (you) stabilized d4'
  );
  assert.equal(
    describe({ type: 'charge_changed', at: 'd4', owner: 2, from: 4, to: 0, cause: 'stabilize' }, { seat: 1 }),
    'Player 2 stabilized d4'
  );
  assert.equal(
    describe({ type: 'swapped', a: 'e5', b: 'c8', player: 1 }, { seat: 2, actor: 1 }),
    'Distortion e5 ⇄ c8 by Player 1'
  );
  assert.equal(
    describe({ type: 'captured', at: 'd5', by: 1, owner: 2, charge: 1, removed: false }, ctx),
    'Player 1 captured the piece on d5'
  );
  assert.equal(
    describe({ type: 'turn_started', player: 2, round: 1, pc: 5, bonus: 0 }, ctx),
    'Round 1: Player 2 (you) to play'
  );
  assert.equal(
    describe({ type: 'teleported', from: 'a7', to: null, owner: 1 }, ctx),
    'Rift on a7: no free square, the piece stays'
  );
  assert.equal(describe({ type: 'pc_changed', player: 1, from: 5, to: 4, cause: 'move' }, ctx), null);
  setLang('pt-BR');
  assert.equal(describe(wave, ctx), 'Onda de choque de f6 atinge e6, g5');
  assert.equal(
    describe({ type: 'anomaly_triggered', at: 'b7', owner: 1, effect: 'overload' }, ctx),
    'b7: Sobrecarga: +1 de Carga ao chegar'
  );
  assert.equal(t('taixu.end_turn'), 'Finalizar Turno');
  assert.equal(
    describe({ type: 'turn_started', player: 1, round: 2 }, { seat: 1 }),
    'Rodada 2: vez do Jogador 1 (você)'
  );
  setLang('en');
});

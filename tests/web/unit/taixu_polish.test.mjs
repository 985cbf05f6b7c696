// TAIXU's table texts: a hint for every mode (swap: first piece, then second; stabilize: choose
// a piece), the PC label naming whose PC it is during the other player's turn, and the
// Portuguese wording of idle pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../../../web/js/i18n.js';
import '../../../web/js/games.js';
import { hintText, pcLabel } from '../../../web/js/games/taixu/hints.js';

const mine = { seat: 1, mine: true, over: false, selected: null };

test('every mode has its own hint', () => {
  setLang('en');
  const texts = ['idle', 'summon', 'stabilize', 'swap'].map((mode) => hintText({ ...mine, mode }));
  assert.equal(new Set(texts).size, 4, texts.join(' | '));
  assert.match(hintText({ ...mine, mode: 'stabilize' }), /Stabilize: choose one of your pieces/);
  assert.match(hintText({ ...mine, mode: 'swap' }), /first of your two pieces/);
  assert.match(hintText({ ...mine, mode: 'swap', selected: 'd5' }), /swap with d5/);
  assert.match(hintText({ ...mine, mode: 'idle', selected: 'd5' }), /Selected: d5/);
  assert.equal(hintText({ ...mine, mine: false, mode: 'idle' }), t('hint_wait'));
  assert.equal(hintText({ ...mine, seat: null, mine: false, mode: 'idle' }), t('hint_spectator'));
  assert.equal(hintText({ ...mine, over: true, mode: 'idle' }), '');
  setLang('pt-BR');
  assert.match(hintText({ ...mine, mode: 'swap', selected: 'd5' }), /troca de lugar com d5/);
  assert.match(hintText({ ...mine, mode: 'stabilize' }), /^Estabilizar/);
  setLang('en');
});

test("the PC label says whose PC it is during the other player's turn", () => {
  setLang('en');
  assert.equal(pcLabel({ mine: true, over: false, toMove: 1, seat: 1 }), 'PC');
  assert.equal(pcLabel({ mine: false, over: false, toMove: 2, seat: 1 }), "Player 2's PC");
  assert.equal(pcLabel({ mine: false, over: false, toMove: 1, seat: null }), "Player 1's PC");
  setLang('pt-BR');
  assert.equal(pcLabel({ mine: false, over: false, toMove: 2, seat: 1 }), 'PC do Jogador 2');
  setLang('en');
});

test('Portuguese says "turnos sem se mover" for idle pieces', () => {
  setLang('pt-BR');
  assert.match(t('taixu.rules.idle'), /turnos sem se mover/);
  assert.doesNotMatch(t('taixu.rules.idle'), /turnos parada/);
  setLang('en');
});

// Refusal texts fall back from the game's own string (err.<game>.<code>) to the shell's
// (err.<code>) to the server's message; outcome reasons likewise (reason.<game>.<r> → reason.<r>).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorText, errorKey, reasonText, registerGameStrings, gameKey, setLang } from '../../../web/js/i18n.js';
import '../../../web/js/games.js';

test('a game key is namespaced; errors and reasons go under their family', () => {
  assert.equal(gameKey('demo', 'ev.moved'), 'demo.ev.moved');
  assert.equal(gameKey('demo', 'name'), 'demo.name');
  assert.equal(gameKey('demo', 'err.no_piece'), 'err.demo.no_piece');
  assert.equal(gameKey('demo', 'reason.checkmate'), 'reason.demo.checkmate');
});

test('err.<game>.<code>, then err.<code>, then the server message', () => {
  setLang('en');
  const refusal = (code) => ({ code, message: 'as the server said' });
  assert.equal(errorText(refusal('weaker_attacker'), 'taixu'), 'A weaker piece cannot attack a stronger one.');
  assert.equal(errorKey('weaker_attacker', 'taixu'), 'err.taixu.weaker_attacker');
  assert.equal(errorText(refusal('not_your_turn'), 'taixu'), 'It is not your turn.');
  assert.equal(errorKey('not_your_turn', 'taixu'), 'err.not_your_turn');
  assert.equal(errorText(refusal('no_such_code'), 'taixu'), 'as the server said');
  assert.equal(errorKey('no_such_code', 'taixu'), null);
  // One game's codes are not another's, nor the shell's.
  assert.equal(errorText(refusal('weaker_attacker'), 'quadri'), 'as the server said');
  assert.equal(errorText(refusal('weaker_attacker')), 'as the server said');
  // Without a message: the code, then '?'.
  assert.equal(errorText({ code: 'no_such_code' }, 'taixu'), 'no_such_code');
  assert.equal(errorText(null), '?');
  setLang('pt-BR');
  assert.equal(errorText(refusal('weaker_attacker'), 'taixu'), 'Carga menor não pode atacar uma peça mais forte.');
  assert.equal(errorText(refusal('not_your_turn'), 'taixu'), 'Não é a sua vez.');
  setLang('en');
});

test("a game's own wording of a shared code wins over the shell's, for that game only", () => {
  registerGameStrings('demo', {
    en: { 'err.not_your_turn': 'Wait for your colour.' },
    'pt-BR': { 'err.not_your_turn': 'Espere a sua cor.' },
  });
  setLang('en');
  assert.equal(errorText({ code: 'not_your_turn' }, 'demo'), 'Wait for your colour.');
  assert.equal(errorText({ code: 'not_your_turn' }, 'taixu'), 'It is not your turn.');
  setLang('pt-BR');
  assert.equal(errorText({ code: 'not_your_turn' }, 'demo'), 'Espere a sua cor.');
  setLang('en');
});

test("outcome reasons: the game's, then the shell's, then the reason as sent", () => {
  setLang('en');
  assert.equal(reasonText('singularity', 'taixu'), 'Singularity — three charged pieces in the Core');
  assert.equal(reasonText('resign', 'taixu'), 'by resignation');
  assert.equal(reasonText('singularity', 'quadri'), 'singularity');
  assert.equal(reasonText('stalemate', 'taixu'), 'stalemate');
});

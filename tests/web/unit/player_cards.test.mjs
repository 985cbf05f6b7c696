// The player cards of a game's table: presence and each seat's display name after its label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { setLang } = await import('../../../web/js/i18n.js');
const { showPresence } = await import('../../../web/js/player-cards.js');

// One card per seat with the two parts showPresence looks up, as the tables draw them.
const card = (label) => {
  const parts = { '.pname': { textContent: label }, '.presence-dot': { className: 'presence-dot', textContent: '' } };
  return { querySelector: (sel) => parts[sel] ?? null };
};
const cards = () => ({ 1: card('Player 1 (you)'), 2: card('Player 2') });

test('a named seat reads its label and its name; a seat without a name keeps its label; presence marks the dot', () => {
  setLang('en');
  const c = cards();
  const label = (n) => (n === 1 ? 'Player 1 (you)' : 'Player 2');
  showPresence(
    c,
    {
      seats: [
        { seat: 1, taken: true, connected: true },
        { seat: 2, taken: true, connected: false, name: 'Bruno <b>' },
      ],
    },
    label
  );
  assert.equal(c[1].querySelector('.pname').textContent, 'Player 1 (you)');
  assert.equal(c[2].querySelector('.pname').textContent, 'Player 2 · Bruno <b>');
  assert.equal(c[1].querySelector('.presence-dot').className, 'presence-dot on');
  assert.equal(c[2].querySelector('.presence-dot').className, 'presence-dot off');
  assert.equal(c[2].querySelector('.presence-dot').textContent, 'away');
  showPresence(c, { seats: [{ seat: 2, taken: false, connected: false }] }, label);
  assert.equal(c[2].querySelector('.pname').textContent, 'Player 2');
  assert.equal(c[2].querySelector('.presence-dot').className, 'presence-dot empty');
});

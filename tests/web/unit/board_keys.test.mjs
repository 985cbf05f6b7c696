// Keyboard play on the game boards (web/js/board-keys.js): the cursor's steps on a grid, what each
// key asks for, M's cycle of modes; and the accessible names of Cyvasse's squares and QU4DRI's
// cells in both languages (cell-label.js of each game).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { stepCell, keyIntent, cycle } = await import('../../../web/js/board-keys.js');
const { setLang } = await import('../../../web/js/i18n.js');
await import('../../../web/js/games.js');
const cyvasse = await import('../../../web/js/games/cyvasse/cell-label.js');
const quadri = await import('../../../web/js/games/quadri/cell-label.js');

const grid = { rows: 10, cols: 10 };

test('the cursor steps one cell per arrow and stops at the edges', () => {
  assert.deepEqual(stepCell('ArrowUp', { row: 5, col: 5 }, grid), { row: 4, col: 5 });
  assert.deepEqual(stepCell('ArrowDown', { row: 5, col: 5 }, grid), { row: 6, col: 5 });
  assert.deepEqual(stepCell('ArrowLeft', { row: 5, col: 5 }, grid), { row: 5, col: 4 });
  assert.deepEqual(stepCell('ArrowRight', { row: 5, col: 5 }, grid), { row: 5, col: 6 });
  assert.deepEqual(stepCell('ArrowUp', { row: 0, col: 3 }, grid), { row: 0, col: 3 });
  assert.deepEqual(stepCell('ArrowRight', { row: 2, col: 9 }, grid), { row: 2, col: 9 });
  assert.deepEqual(stepCell('ArrowLeft', { row: 2, col: 0 }, grid), { row: 2, col: 0 });
  assert.deepEqual(stepCell('ArrowDown', { row: 9, col: 1 }, grid), { row: 9, col: 1 });
});

test("Home and End reach the row's ends, Page Up and Page Down the column's", () => {
  assert.deepEqual(stepCell('Home', { row: 3, col: 6 }, grid), { row: 3, col: 0 });
  assert.deepEqual(stepCell('End', { row: 3, col: 6 }, grid), { row: 3, col: 9 });
  assert.deepEqual(stepCell('PageUp', { row: 3, col: 6 }, grid), { row: 0, col: 6 });
  assert.deepEqual(stepCell('PageDown', { row: 3, col: 6 }, { rows: 8, cols: 8 }), { row: 7, col: 6 });
  assert.equal(stepCell('Enter', { row: 3, col: 6 }, grid), null);
});

test("each key asks for one thing; Enter and Space are left to the cell's button", () => {
  const k = (key, mods = {}) => keyIntent({ key, ...mods });
  assert.equal(k('ArrowLeft'), 'cursor');
  assert.equal(k('End'), 'cursor');
  assert.equal(k('Escape'), 'cancel');
  assert.equal(k('m'), 'mode');
  assert.equal(k('M', { shiftKey: true }), 'mode-back');
  assert.equal(k('Delete'), 'remove');
  assert.equal(k('Backspace'), 'remove');
  assert.equal(k('Enter'), null);
  assert.equal(k(' '), null);
  assert.equal(k('m', { ctrlKey: true }), null);
  assert.equal(k('ArrowLeft', { altKey: true }), null, "Alt+arrow is the browser's");
});

test('M cycles the modes round, Shift+M backwards', () => {
  const modes = ['idle', 'drop', 'flip', 'shift'];
  assert.equal(cycle(modes, 'idle'), 'drop');
  assert.equal(cycle(modes, 'shift'), 'idle');
  assert.equal(cycle(modes, 'idle', -1), 'shift');
  assert.equal(cycle(modes, 'flip', -1), 'drop');
  assert.equal(cycle(['idle', 'flip'], 'drop'), 'idle', 'a mode no longer offered starts the cycle again');
  assert.equal(cycle(['king', 'tower'], 'dragon', -1), 'tower');
  assert.equal(cycle([], 'x'), undefined);
});

test('a Cyvasse square is named with its terrain, piece, armor and marks', () => {
  setLang('en');
  const { cellLabel } = cyvasse;
  assert.equal(cellLabel({ sq: 'e1', piece: { kind: 'king', owner: 1, armor: 1 }, seat: 1 }), 'e1, your King, armor 1');
  assert.equal(
    cellLabel({
      sq: 'f8',
      piece: { kind: 'spearman', owner: 2, armor: 0, capturable: true },
      seat: 1,
      marks: ['capture'],
    }),
    'f8, Black Spearman, armor 0, can be captured, can capture here'
  );
  assert.equal(
    cellLabel({ sq: 'e2', piece: { kind: 'militia', owner: 1, armor: 1, protected: true }, seat: null }),
    'e2, White Militia, armor 1, protected by its Tower'
  );
  assert.equal(
    cellLabel({ sq: 'd5', terrain: 'water', seat: 2, marks: new Set(['target', 'spear']) }),
    'd5, Water, enemy spear zone, can move here'
  );
  assert.equal(
    cellLabel({ sq: 'a1', piece: { kind: 'tower', owner: 1, armor: null }, seat: 1, marks: ['zone', 'selected'] }),
    'a1, your Tower, your set-up zone, selected'
  );
  assert.equal(cellLabel({ sq: 'b5', terrain: 'mountain' }), 'b5, Mountain');
  setLang('pt-BR');
  assert.equal(
    cellLabel({ sq: 'e1', piece: { kind: 'king', owner: 1, armor: 1 }, seat: 1 }),
    'e1, Rei (sua peça), armadura 1'
  );
  assert.equal(
    cellLabel({ sq: 'g7', piece: { kind: 'crossbow', owner: 2, armor: -1 }, seat: 1, marks: ['last'] }),
    'g7, Besta das Pretas, armadura 0, último lance'
  );
  setLang('en');
});

test('a QU4DRI cell is named with its talisman, predictor and marks', () => {
  setLang('en');
  const { cellLabel } = quadri;
  const tile = { aura: 'green', moon: 'waxing', dir: 'N', side: 'energy', revealed: false };
  assert.equal(
    cellLabel({ cell: 'd4', tile, pred: { owner: 1 }, seat: 1 }),
    'd4, green talisman, waxing moon, N, energy side up, value hidden, your pawn'
  );
  assert.equal(
    cellLabel({
      cell: 'd6',
      tile: { ...tile, side: 'location', revealed: true, value: 3 },
      pred: { owner: 2, queen: true },
      seat: 1,
      marks: ['last'],
    }),
    'd6, green talisman, waxing moon, N, location side up, 3, Red queen, last turn'
  );
  assert.equal(cellLabel({ cell: 'j8', seat: 2, marks: ['shift_to'] }), 'j8, empty cell, shift here');
  assert.equal(cellLabel({ cell: 'a2', dark: false }), 'a2');
  assert.equal(
    cellLabel({ cell: 'e5', tile, seat: 1, marks: ['path'] }),
    'e5, green talisman, waxing moon, N, energy side up, value hidden, a landing of the move so far'
  );
  assert.equal(
    cellLabel({ cell: 'f4', tile, pred: { owner: 1 }, seat: 1, marks: ['can_capture', 'selected'] }),
    'f4, green talisman, waxing moon, N, energy side up, value hidden, your pawn, selected, can capture'
  );
  setLang('pt-BR');
  assert.equal(
    cellLabel({ cell: 'd4', tile, pred: { owner: 2 }, seat: 1, marks: ['step'] }),
    'd4, talismã verde, lua crescente, N, lado de energia para cima, valor oculto, peão Vermelho, próxima casa do movimento'
  );
  setLang('en');
});

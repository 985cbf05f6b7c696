// What the game modules share through the shell: the frame every game's table draws
// (board-frame.js: the board column between the player cards, the control column), the players'
// and seats' names and the files of a game's descriptor (game-module.js), and the confirm
// dialog of the match page and the offline list (confirm-dialog.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

const document = installFakeDom();
const { setLang } = await import('../../../web/js/i18n.js');
const { GAMES } = await import('../../../web/js/games.js');
const { BoardFrame } = await import('../../../web/js/board-frame.js');
const { playerNames, seatNames, moduleFiles } = await import('../../../web/js/game-module.js');
const { confirmDialog, askConfirm } = await import('../../../web/js/confirm-dialog.js');

const playable = GAMES.filter((g) => g.Table);
const cls = (el) => el.getAttribute('class');
const elements = (el) => el.children.filter((c) => typeof c !== 'string');

test('every game table extends the shared frame', () => {
  assert.ok(playable.length >= 3, playable.map((g) => g.id).join());
  for (const g of playable) assert.ok(g.Table.prototype instanceof BoardFrame, g.id);
});

for (const g of playable) {
  test(`${g.id}: the table draws the shared frame, its game's classes added`, () => {
    const root = document.createElement('div');
    const table = new g.Table(root, async () => {});
    const [frame] = elements(root);
    const own = (base, suffix) => (table.prefix ? `${base} ${table.prefix}-${suffix}` : base);
    assert.equal(cls(frame), own('table', 'table'));
    const [boardCol, side] = elements(frame);
    assert.equal(cls(boardCol), 'board-col');
    assert.equal(side, table.sideEl);
    assert.equal(cls(side), 'control-col');
    // The board between the cards, seat 2's above until the first update orients it.
    assert.deepEqual(elements(boardCol), [table.playerEls[2], table.boardWrap, table.playerEls[1]]);
    assert.equal(cls(table.playerEls[1]), `${own('player-card', 'player')} p1`);
    assert.equal(cls(table.boardWrap), own('board-wrap', 'wrap'));
    const wrapped = elements(table.boardWrap);
    assert.equal(wrapped[0], table.boardEl);
    assert.equal(table.boardEl.getAttribute('role'), 'grid');
    assert.equal(wrapped.at(-1), table.illegalEl);
    assert.equal(table.illegalEl.id, 'illegal-msg');
    assert.equal(table.illegalEl.getAttribute('role'), 'alert');
    assert.equal(table.notice.game, g.id);
  });
}

test("a game's keys help is named uniquely per table, counted per game", () => {
  const withKeys = playable.filter((g) => new g.Table(document.createElement('div'), async () => {}).keysEl);
  assert.ok(withKeys.length >= 2, withKeys.map((g) => g.id).join());
  for (const g of withKeys) {
    const a = new g.Table(document.createElement('div'), async () => {});
    const b = new g.Table(document.createElement('div'), async () => {});
    const n = Number(a.keysEl.id.slice(`${a.prefix}-keys-`.length));
    assert.equal(a.keysEl.id, `${a.prefix}-keys-${n}`);
    assert.equal(b.keysEl.id, `${a.prefix}-keys-${n + 1}`);
    assert.equal(a.boardEl.getAttribute('aria-describedby'), a.keysEl.id);
  }
});

test('an action is sent without the fields only the legal list carries', async () => {
  const sent = [];
  const frame = new BoardFrame(null, async (a) => sent.push(a), { id: 'g', listOnly: ['cost', 'captures'] });
  let drawn = 0;
  frame.render = () => drawn++;
  frame.keepFocus = () => () => {};
  const action = { type: 'move', from: 'a1', to: 'a2', cost: 1, captures: 0 };
  await frame.act(action);
  assert.deepEqual(sent, [{ type: 'move', from: 'a1', to: 'a2' }]);
  assert.equal(action.cost, 1, 'the legal entry itself is left as it was');
  assert.equal(frame.busy, false);
  assert.equal(drawn, 2, 'drawn while busy, then after the answer');
});

test('a refused action is explained over the board and the choice hooks run', async () => {
  const frame = new BoardFrame(
    null,
    async () => {
      throw { code: 'not_your_turn' };
    },
    { id: 'g' }
  );
  const calls = [];
  frame.render = () => calls.push('render');
  frame.keepFocus = () => () => calls.push('focus');
  frame.acted = () => calls.push('acted');
  frame.settled = () => calls.push('settled');
  frame.notice = { refuse: (e) => calls.push(`refuse ${e.code}`) };
  await frame.act({ type: 'end_turn' });
  assert.deepEqual(calls, ['render', 'refuse not_your_turn', 'settled', 'render', 'focus']);
});

test('why a click cannot act: past, spectator, over, not this seat’s turn', () => {
  const frame = new BoardFrame(null, async () => {}, { id: 'g' });
  const at = (fields) => Object.assign(frame, { past: false, seat: 1, legal: [{}], view: { to_move: 1 } }, fields);
  assert.equal(at({}).idleReason(), null);
  assert.equal(at({ past: true }).idleReason(), 'past');
  assert.equal(at({ seat: null }).idleReason(), 'spectator');
  assert.equal(at({ view: { to_move: 1, outcome: { winner: 1 } } }).idleReason(), 'game_over');
  assert.equal(at({ view: { to_move: 2 } }).idleReason(), 'not_your_turn');
  assert.equal(at({ legal: [] }).idleReason(), 'not_your_turn');
});

test("a game's player names: its seat names, the display name, (you); seat names per language", () => {
  setLang('en');
  const playerName = playerNames((key) => `[${key}]`);
  assert.equal(playerName(1, 2), '[seat.1]');
  assert.equal(playerName(2, 2), '[seat.2] (you)');
  assert.equal(playerName(2, null, { 2: 'Bruno' }), 'Bruno');
  assert.equal(playerName(3, 1), '?');
  const seatName = seatNames({ en: { 'seat.1': 'Green' }, 'pt-BR': { 'seat.1': 'Verde' } });
  assert.equal(seatName(1), 'Green');
  assert.equal(seatName(1, 'pt-BR'), 'Verde');
  assert.equal(seatName(1, 'xx'), 'Green');
  assert.equal(seatName(2), '2');
});

test("a game's files lie beside its index.js", () => {
  const files = moduleFiles('https://example.test/js/games/g/index.js', './g.css');
  assert.deepEqual(files, {
    stylesheet: 'https://example.test/js/games/g/g.css',
    lessons: 'https://example.test/js/games/g/lessons.json',
    puzzles: 'https://example.test/js/games/g/puzzles.json',
  });
  for (const g of playable) assert.match(g.lessons, new RegExp(`/games/${g.id}/lessons\\.json$`));
});

test('the confirm dialog: the question, cancel and the yes button; only "yes" acts', () => {
  setLang('en');
  const dialog = confirmDialog({
    id: 'resign-dialog',
    question: 'resign_confirm',
    yes: 'resign_yes',
    yesId: 'resign-yes',
  });
  assert.equal(dialog.tagName, 'DIALOG');
  assert.equal(dialog.id, 'resign-dialog');
  const [form] = elements(dialog);
  assert.equal(form.getAttribute('method'), 'dialog');
  const [question, buttons] = elements(form);
  assert.equal(question.getAttribute('data-i18n'), 'resign_confirm');
  const [cancel, yes] = elements(buttons);
  assert.equal(cancel.getAttribute('value'), 'cancel');
  assert.equal(yes.getAttribute('value'), 'yes');
  assert.equal(yes.id, 'resign-yes');
  assert.equal(yes.getAttribute('data-i18n'), 'resign_yes');

  // A stand-in for the browser's <dialog>: showModal, then close with a return value.
  const modal = {
    returnValue: 'stale',
    opened: 0,
    showModal() {
      this.opened++;
    },
    addEventListener(type, fn, opts) {
      assert.equal(type, 'close');
      assert.deepEqual(opts, { once: true });
      this.onclose = fn;
    },
  };
  let yeses = 0;
  askConfirm(modal, () => yeses++);
  assert.equal(modal.returnValue, '', 'an earlier answer is forgotten');
  assert.equal(modal.opened, 1);
  modal.returnValue = 'cancel';
  modal.onclose();
  assert.equal(yeses, 0);
  askConfirm(modal, () => yeses++);
  modal.returnValue = 'yes';
  modal.onclose();
  assert.equal(yeses, 1);
});

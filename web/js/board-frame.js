// The frame every game's table fills and what the tables do alike (ARCHITECTURE.md, "Web client"):
// the table with its board column (the board in its wrap with the refusal notice, between the
// two player cards, the viewer's own card below) and its control column (`sideEl`, which the
// shell extends with its panels); an update's common part, presence, the turn line, sending an
// action, and the board's keyboard cursor. A game's Table extends BoardFrame. This module names
// no game: each table passes its id, its class prefix and its player names.
import { h } from './dom.js';
import { t } from './i18n.js';
import { showPresence } from './player-cards.js';
import { BoardNotice, idleReason } from './board-notice.js';
import { keyIntent, cellAfterKey, rove, focusMayMove } from './board-keys.js';

const keysHelps = new Map(); // class prefix → keys help paragraphs built on this page (ids stay unique)

export class BoardFrame {
  // root: element to draw into; send(action) → Promise that resolves on ack, rejects on refusal;
  // game: {id, prefix (of the game's classes: `<prefix>-table`…; '' for none), playerName(n,
  // seat), listOnly (the fields a legal entry carries that an action sent leaves out)}.
  constructor(root, send, { id, prefix = '', playerName, listOnly = [] }) {
    this.root = root;
    this.send = send;
    this.game = id;
    this.prefix = prefix;
    this.playerName = playerName;
    this.listOnly = listOnly;
    this.seat = null;
    this.view = null;
    this.legal = [];
    this.busy = false;
    this.cells = new Map(); // cell name → its button
    this.cursor = null; // the cell holding the keyboard cursor (the board's tab stop)
  }

  // The class names cls and, with the game's prefix, `<prefix>-<own>` (e.g. 'board-wrap cy-wrap').
  classes(cls, own) {
    return this.prefix ? `${cls} ${this.prefix}-${own}` : cls;
  }

  // The keys help paragraph under the controls, its id unique among this game's tables on the page.
  keysHelp() {
    const n = (keysHelps.get(this.prefix) ?? 0) + 1;
    keysHelps.set(this.prefix, n);
    return h('p', { class: this.classes('keys-help', 'keys'), id: `${this.prefix}-keys-${n}` });
  }

  // The board: an ARIA grid named label (described by describedBy's element when given) whose keys
  // go to the table's onKey.
  gridEl(cls, label, describedBy = null) {
    return h('div', {
      class: cls,
      role: 'grid',
      'aria-label': label,
      'aria-describedby': describedBy?.id,
      onkeydown: (e) => this.onKey(e),
    });
  }

  // Draws the frame into root: board (boardEl) and the layers over it in the board's wrap with the
  // notice (BoardNotice's options: notice), the player cards, and the control column of side's nodes.
  buildFrame({ board, layers = [], notice = {}, side }) {
    this.boardEl = board;
    this.illegalEl = h('div', { class: 'illegal-msg', role: 'alert', id: 'illegal-msg', hidden: true });
    this.boardWrap = h('div', { class: this.classes('board-wrap', 'wrap') }, board, ...layers, this.illegalEl);
    this.notice = new BoardNotice(this.illegalEl, this.game, notice);
    const card = (p) => h('div', { class: `${this.classes('player-card', 'player')} p${p}` });
    this.playerEls = { 1: card(1), 2: card(2) };
    this.sideEl = h('div', { class: 'control-col' }, ...side);
    this.boardCol = h('div', { class: 'board-col' }, this.playerEls[2], this.boardWrap, this.playerEls[1]);
    this.root.replaceChildren(h('div', { class: this.classes('table', 'table') }, this.boardCol, this.sideEl));
  }

  // Keeps an update's view, legal actions, seat, version and past flag, and the cells to highlight:
  // touched(events) (a Set, or null for none) of lastTurn, else of this change's events, else the
  // same as before; lays the board out again (layout()) on the first update or for another seat.
  takeUpdate({ view, legal, seat, version, past = false, events = [], lastTurn = null }, touched) {
    const reoriented = seat !== this.seat || !this.cells.size;
    this.view = view;
    this.past = past;
    this.version = version;
    this.legal = legal || [];
    this.seat = seat;
    this.last = lastTurn ? touched(lastTurn) : touched(events) || this.last;
    if (reoriented) this.layout();
  }

  // Puts the board between the player cards, the viewer's own card below it (seat 1's for a spectator).
  placeCards() {
    const top = this.seat === 2 ? [1, 2] : [2, 1];
    this.boardCol.replaceChildren(this.playerEls[top[0]], this.boardWrap, this.playerEls[top[1]]);
  }

  // Fills the board with rows (of cells already in this.cells); the cursor stays on its cell, or
  // starts on the viewer's near left corner (the last row's first cell).
  fillBoard(rows) {
    this.boardEl.replaceChildren(...rows);
    if (!this.cells.has(this.cursor)) this.cursor = this.nameOf(rows[rows.length - 1].children[0]);
    rove(this.cells, this.cursor);
  }

  // The name of the board's cell element el, or undefined.
  nameOf(el) {
    for (const [name, cell] of this.cells) if (cell === el) return name;
    return undefined;
  }

  // A file or rank label (kind 'file' or 'rank') on an edge cell, hidden from screen readers.
  coordEl(kind, text) {
    return h('span', { class: `coord ${kind}`, 'aria-hidden': 'true' }, text);
  }

  // The head of seat p's card: its token, its name (with the player's display name once presence
  // says it) and its presence dot.
  cardHead(p) {
    return [
      h('span', { class: `${this.prefix ? `${this.prefix}-` : ''}token p${p}`, 'aria-hidden': 'true' }),
      h('span', { class: 'pname' }, this.playerName(p, this.seat)),
      h('span', { class: 'presence-dot', dataset: { seat: p } }),
    ];
  }

  // Marks each player card connected, away or free from the last presence message.
  setPresence(presence) {
    this.presence = presence;
    this.applyPresence();
  }

  // Marks the player cards from the presence kept (after they are redrawn).
  applyPresence() {
    showPresence(this.playerEls, this.presence, (n) => this.playerName(n, this.seat));
  }

  // Re-translates the table after a language switch.
  relabel() {
    this.render();
  }

  // Is it this seat's turn in the view (the match not over)?
  myTurn() {
    return this.seat != null && this.view?.to_move === this.seat && !this.view?.outcome;
  }

  // Why a click on the board cannot act now (board-notice.js idleReason), or null when it may.
  idleReason() {
    return idleReason({
      past: this.past,
      seat: this.seat,
      over: !!this.view?.outcome,
      mine: this.myTurn() && this.legal.length > 0,
    });
  }

  // For a click that cannot act (why, a reason code; null: it may): drops the choice being made
  // (dropChoice()), redraws and says why; true when it did.
  refuseIdle(why) {
    if (!why) return false;
    this.dropChoice();
    this.render();
    this.notice.explain(why);
    return true;
  }

  // Marks the turn card for whose turn it is in v (mine: the viewer's) and returns its line
  // saying so (empty once the match is over).
  whoseLine(v, mine) {
    const whose = v.outcome ? '' : mine ? t('your_turn') : t('their_turn', { player: this.playerName(v.to_move) });
    this.turnEl.classList.toggle('mine', mine);
    this.turnEl.dataset.toMove = String(v.to_move);
    return h('span', { class: `whose p${v.to_move}`, id: 'whose' }, whose);
  }

  // Sends action (without its listOnly fields); a refusal is explained over the board. Hooks:
  // showBusy() draws the wait, acted() follows an ack, settled() either outcome before the redraw,
  // keepFocus() → what puts the keyboard focus back afterwards.
  async act(action) {
    const restoreFocus = this.keepFocus();
    this.busy = true;
    this.showBusy();
    try {
      const sent = { ...action };
      for (const f of this.listOnly) delete sent[f];
      await this.send(sent);
      this.acted();
    } catch (err) {
      this.notice.refuse(err);
    } finally {
      this.busy = false;
      this.settled();
      this.render();
      restoreFocus();
    }
  }

  // Draws the table while an action is on its way (act()).
  showBusy() {
    this.render();
  }

  // After the server took an action (act()): nothing here.
  acted() {}

  // After an action was taken or refused, before the redraw (act()): nothing here.
  settled() {}

  // The focus to give back after an action (act()): on the board's cursor when the focus was on
  // the board or nowhere and the control that had it is gone or disabled.
  keepFocus() {
    const kept = focusMayMove(this.root);
    return () => {
      const a = document.activeElement;
      if (kept && (!a || a === document.body || !a.isConnected || a.disabled)) this.focusBoard();
    };
  }

  // Puts the keyboard focus on the board's cursor (one device: the table shown after a turn).
  focusBoard() {
    this.cells.get(this.cursor)?.focus({ preventScroll: true });
  }

  // Moves the cursor (the board's tab stop) and the focus to the cell named name.
  focusCell(name) {
    this.cursor = name;
    rove(this.cells, name);
    this.focusBoard();
  }

  // A keydown on a cell of the board (board-keys.js): a cursor key moves the cursor; any other
  // key the table may act on is returned as {cell, intent}, else null.
  cellKey(e) {
    const cell = e.target.closest?.('[role="gridcell"]');
    const intent = cell ? keyIntent(e) : null;
    if (!intent) return null;
    if (intent !== 'cursor') return { cell, intent };
    e.preventDefault();
    const to = cellAfterKey(this.boardEl, cell, e.key);
    if (to) this.focusCell(this.nameOf(to));
    return null;
  }

  // Restarts the short CSS animation cls on the cell named name, taken off again after 1.2 s.
  flashCell(name, cls) {
    const cell = this.cells.get(name);
    if (!cell) return;
    cell.classList.remove(cls);
    void cell.offsetWidth; // restarts the animation
    cell.classList.add(cls);
    setTimeout(() => cell.classList.remove(cls), 1200);
  }

  // Where the cell named name is on screen, relative to the board's wrap (for effects), or null.
  rectOf(name) {
    const cell = this.cells.get(name);
    if (!cell) return null;
    const a = cell.getBoundingClientRect();
    const b = this.boardWrap.getBoundingClientRect();
    return { x: a.left - b.left, y: a.top - b.top, w: a.width, h: a.height };
  }
}
